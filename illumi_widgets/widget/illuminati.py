"""The Illuminati board widget: a :class:`GameWidget` bound to a :class:`~illumi_widgets.match.Match`.

    >>> from illumi_widgets import Illuminati
    >>> board = Illuminati(players=4, seed=7, seat=0)        # Red's board
    >>> blue = board.view_as(1)                              # Blue's board on the same game

Every method delegates to the Match with this widget's perspective, exactly like a click on that board.
"""

from __future__ import annotations

from typing import Any

from ..engine import ActionList, EngineError
from ..games import illuminati as _registers_presenter  # noqa: F401 - the scene for Match("illuminati")
from ..match import Match
from .base import GameWidget

__all__ = ["Illuminati"]


def _perspective_of(seat) -> str:
    if seat is None:
        return "follow"
    if isinstance(seat, bool):
        raise EngineError(f"seat must be a seat number or a perspective name, not {seat!r}",
                          code="bad-perspective")
    if isinstance(seat, int):
        return f"seat:{seat}"
    if isinstance(seat, str) and (seat in ("spectator", "omniscient", "follow") or seat.startswith("seat:")):
        return seat
    raise EngineError(f"seat must be None, a seat number, 'spectator', 'omniscient' or 'follow', "
                      f"not {seat!r}", code="bad-perspective")


class Illuminati(GameWidget):
    """An Illuminati board in a notebook cell.

    ``Illuminati(players=4, seed=7, seat=None, match=None, record=None, position=None, mode="analysis")``;
    ``seat`` as for :class:`~illumi_widgets.PaxIlluminaten` (``None``: hot seat, a seat number (0 is Red),
    ``"spectator"`` or ``"omniscient"``).  Options such as ``goal_groups=15`` go to the game.
    """

    def __init__(self, players: int = 4, seed: int | None = 7, seat=None, match: Match | None = None,
                 record: dict | None = None, position: str | None = None, mode: str = "analysis",
                 goal_groups: int | None = None, **kwargs: Any) -> None:
        if match is None:
            if record is not None and position is not None:
                raise EngineError("give a record or a position, not both", code="bad-option")
            if record is not None:
                match = Match.from_record(record, mode=mode)
            elif position is not None:
                match = Match.from_position(position, mode=mode)
            else:
                opts = {} if goal_groups is None else {"goal_groups": goal_groups}
                match = Match("illuminati", players=players, seed=seed, mode=mode, **opts)
        elif not isinstance(match, Match):
            raise TypeError(f"match must be a Match, not {type(match).__name__}")
        if match.game.name != "illuminati":
            raise EngineError(f"this Match plays {match.game.title}, not Illuminati", code="bad-option")
        perspective = match._norm(_perspective_of(seat))
        self._match = match
        super().__init__(match, perspective=perspective, **kwargs)

    @property
    def match(self) -> Match:
        return self._match

    @property
    def state(self):
        return self._match.state

    def view_as(self, seat) -> Illuminati:
        """Another board on the same Match, for ``seat``."""
        return Illuminati(match=self._match, seat=seat)

    def _seat(self):
        key = self.perspective
        if key.startswith("seat:"):
            return int(key[5:])
        if key == "follow":
            return self._match._follow_target()
        return None

    def legal_actions(self) -> ActionList:
        """The legal actions this board may choose now (omniscient: every seat's; spectator: none)."""
        key = self.perspective
        if key == "spectator" or (key == "follow" and self._match.curtain() is not None):
            return ActionList()
        seat = self._seat()
        if key == "follow" and seat is None:
            return ActionList()
        return self._match.legal_actions(seat)

    def play(self, action):
        """Apply ``action`` (notation or an Action) as this board's seat; raises if it may not."""
        return self._match.play(action, self.perspective)

    def explain(self, action) -> str | None:
        return self._match.explain(action)

    def undo(self):
        return self._match.undo(self.perspective)

    def redo(self):
        return self._match.redo(self.perspective)

    def __repr__(self) -> str:
        st = self._match.state
        status = ("game over" if st.is_terminal()
                  else "to act: " + ", ".join(map(st.game.seat_name, st.to_act())))
        return (f"Illuminati(players={st.game.players}, perspective={self.perspective!r}, "
                f"mode={self._match.mode!r}, version={st.version}, {status})")
