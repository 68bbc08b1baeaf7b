"""The Pax Illuminaten board widget: a :class:`GameWidget` bound to a :class:`~illumi_widgets.match.Match`.

    >>> from illumi_widgets import PaxIlluminaten
    >>> board = PaxIlluminaten(players=3, seed=7, seat=0)        # Blue's board
    >>> red = board.view_as(1)                                   # Red's board on the same game

Every method delegates to the Match, with this widget's perspective: ``board.play("end")`` is checked
exactly like a click on that board.
"""

from __future__ import annotations

from typing import Any

from ..engine import ActionList, EngineError
from ..match import Match
from .base import GameWidget

__all__ = ["PaxIlluminaten", "perspective_of"]


def perspective_of(seat) -> str:
    """``None``/"follow" -> "follow"; ``N`` or "seat:N" -> "seat:N"; "spectator"; "omniscient"."""
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


class PaxIlluminaten(GameWidget):
    """A Pax Illuminaten board in a notebook cell.

    ``PaxIlluminaten(players=3, seed=7, seat=None, match=None, record=None, position=None, mode="analysis")``

    * ``seat``: ``None`` or ``"follow"`` (hot seat: whoever is to act, with a curtain between seats), a seat
      number (``0`` is Blue), ``"spectator"`` or ``"omniscient"`` (analysis: every hidden card shown).
    * ``match``: watch an existing :class:`Match` (then ``players``, ``seed``, ``record``, ``position`` and
      ``mode`` are not used); else a new one from ``record``, ``position`` or a new game.
    * ``mode``: ``"analysis"`` (free undo and history) or ``"play"`` (a seat undoes only its own
      decisions, and not after hidden information was revealed).
    """

    def __init__(self, players: int = 3, seed: int | None = 7, seat=None, match: Match | None = None,
                 record: dict | None = None, position: str | None = None, mode: str = "analysis",
                 **kwargs: Any) -> None:
        if match is None:
            if record is not None and position is not None:
                raise EngineError("give a record or a position, not both", code="bad-option")
            if record is not None:
                match = Match.from_record(record, mode=mode)
            elif position is not None:
                match = Match.from_position(position, mode=mode)
            else:
                match = Match("pax", players=players, seed=seed, mode=mode)
        elif not isinstance(match, Match):
            raise TypeError(f"match must be a Match, not {type(match).__name__}")
        if match.game.name != "pax":
            raise EngineError(f"this Match plays {match.game.title}, not Pax Illuminaten", code="bad-option")
        perspective = match._norm(perspective_of(seat))  # checks the seat number against the players
        self._match = match
        super().__init__(match, perspective=perspective, **kwargs)

    # ------------------------------------------------------------------ the session
    @property
    def match(self) -> Match:
        return self._match

    @property
    def state(self):
        return self._match.state

    def view_as(self, seat) -> PaxIlluminaten:
        """Another board on the same Match, for ``seat`` (see the class docstring)."""
        return PaxIlluminaten(match=self._match, seat=seat)

    # ------------------------------------------------------------------ the engine, from this perspective
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
        """``None`` if ``action`` is legal now, else why not."""
        return self._match.explain(action)

    def undo(self):
        return self._match.undo(self.perspective)

    def redo(self):
        return self._match.redo(self.perspective)

    def __repr__(self) -> str:
        st = self._match.state
        if st.is_terminal():
            status = "game over"
        else:
            status = "to act: " + ", ".join(map(st.game.seat_name, st.to_act()))
        return (f"PaxIlluminaten(players={st.game.players}, perspective={self.perspective!r}, "
                f"mode={self._match.mode!r}, version={st.version}, {status})")
