"""A game's board widget: a :class:`GameWidget` bound to a :class:`~illumi_widgets.match.Match`.

Each game's board (``PaxIlluminaten``, ``Illuminati``) is this class with its game name; every method
delegates to the Match with the board's perspective, so ``board.play("end")`` is checked exactly like a
click on that board.
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..describe import describe_snapshot, seat_summary
from ..engine import ActionList, EngineError
from ..engine.registry import game_class
from ..match import Match
from . import saved
from .analysis import AnalysisMixin
from .annotate import add, clear, decorate
from .base import GameWidget, validate_message
from .branching import BranchMixin

__all__ = ["BoardWidget", "perspective_of"]

#: the game-site preferences a person's seat board against bots starts with (``Match.set_auto``)
AUTO_DEFAULTS = {"no_choice": True, "decline_bots": True}
#: game name -> the preferences turned on or off on a board of it: remembered for this Python session
_SESSION_AUTO: dict[str, dict[str, bool]] = {}


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


class BoardWidget(AnalysisMixin, BranchMixin, GameWidget):
    """A board for one game, on a new or an existing Match.

    ``Board(players=…, seed=7, seat=None, match=None, record=None, position=None, mode="analysis",
    bots=None, auto=True, **game_options)``

    * ``seat``: ``None`` or ``"follow"`` (hot seat: whoever is to act, with a curtain between seats), a seat
      number, ``"spectator"`` or ``"omniscient"`` (analysis: every hidden card shown).
    * ``match``: watch an existing :class:`Match` (then the other arguments that make a game are not used);
      else a new one from ``record``, ``position`` or a new game with ``players``, ``seed``, ``bots`` and the
      game's options (those the game class names in ``option_names``; any other keyword goes to the widget).
    * ``mode``: ``"analysis"`` (free undo and history) or ``"play"`` (a seat undoes only its own
      decisions, and not after hidden information was revealed).  Default: ``"play"`` for a hot-seat
      board (``seat=None``: several people share the screen) and for one seat against bots (``seat=0,
      bots={...}``), else ``"analysis"``; ask for ``mode="analysis"`` to study such a game.
    * ``auto``: a person's seat against bots starts with the game-site preferences that answer steps with
      no real choice for them (:data:`AUTO_DEFAULTS`, changed with ``Match.set_auto``); ``auto=False``
      starts with none, so the person takes every step (a lesson's board).
    """

    game_name = ""
    default_players = 2

    #: a kernel restart's lost game this cell showed: the words of the offer to continue it ("" none); the
    #: page shows "Continue" and "New game" (``{"type": "resume", "accept": bool}``)
    resume_offer = traitlets.Unicode("").tag(sync=True)

    def __init__(self, players: int | None = None, seed: int | None = 7, seat=None,
                 match: Match | None = None,
                 record: dict | None = None, position: str | None = None, mode: str | None = None,
                 bots: dict | None = None, auto: bool = True, **kwargs: Any) -> None:
        names = game_class(self.game_name).option_names
        options = {k: kwargs.pop(k) for k in list(kwargs) if k in names}
        if mode is None:  # a hot-seat board, or one person's seat against bots, plays (own moves only, never
            # across hidden information: rewinding a bot's move would show what it was dealt)
            seen = perspective_of(seat)
            mode = "play" if seen == "follow" or (seen.startswith("seat:") and bots) else "analysis"
        fresh = match is None and record is None and position is None
        if match is None:
            if record is not None and position is not None:
                raise EngineError("give a record or a position, not both", code="bad-option")
            if record is not None:
                match = Match.from_record(record, mode=mode)
            elif position is not None:
                match = Match.from_position(position, mode=mode)
            else:
                match = Match(self.game_name, players=players or self.default_players, seed=seed, mode=mode,
                              bots=bots, **options)
        elif not isinstance(match, Match):
            raise TypeError(f"match must be a Match, not {type(match).__name__}")
        if match.game.name != self.game_name:
            raise EngineError(f"this Match plays {match.game.title}, not {type(self).__name__}",
                              code="bad-option")
        perspective = match._norm(perspective_of(seat))  # checks the seat number against the players
        self._match = match
        self._offer: dict | None = None  # the stored game offered to continue (resume_offer)
        self._review: tuple | None = None  # (index, version) of the position reviewed (review())
        self._key = saved.board_key(self.game_name, perspective)
        super().__init__(match, perspective=perspective, **kwargs)
        if auto:
            self._start_auto()
        if fresh and self._key is not None:
            self._offer_stored(saved.find_game(self.game_name, self._key))

    # ------------------------------------------------------------------ a game kept across kernel restarts
    def _offer_stored(self, game: dict | None) -> None:
        record = game.get("record") if isinstance(game, dict) else None
        moves = record.get("actions") if isinstance(record, dict) else None
        if not isinstance(moves, list) or not moves or record == self._match.record():
            return
        self._offer = game
        self.resume_offer = (f"This cell showed a game of {self._match.game.title} in progress ({len(moves)} "
                             f"step{'' if len(moves) == 1 else 's'} played) before the kernel restarted. "
                             "Continue it?")

    def _stored_game(self) -> dict | None:
        if self._offer is not None:  # not answered yet: the game offered stays the one kept
            return {k: v for k, v in self._offer.items() if k != "time"}
        bots = {str(s): getattr(b, "name", "random") for s, b in self._match.bots.items() if b is not None}
        return {"key": self._key or "", "name": self.game_name, "record": self._match.record(),
                "seat": self.perspective, "bots": bots, "mode": self._match.mode}

    def resume_answer(self, accept: bool = True) -> None:
        """Answer the offer to continue the stored game (:attr:`resume_offer`): continue it, or keep the new
        game."""
        offer, self._offer = self._offer, None
        self.resume_offer = ""
        if accept and offer is not None:
            self._match.restore(offer["record"])

    @classmethod
    def resume(cls, **kwargs: Any) -> BoardWidget:
        """A board continuing the game a board of this game showed before the kernel restarted (the newest
        one of this notebook, else of any): its seat, bots and mode unless given (``seat=``, ``bots=``,
        ``mode=``).  Raises when there is none."""
        game = saved.find_game(cls.game_name)
        if game is None:
            raise EngineError(f"no {game_class(cls.game_name).title} game was kept by a displayed board",
                              code="not-found")
        seat = game.get("seat")
        bots = {int(k): v for k, v in (game.get("bots") or {}).items() if str(k).isdigit()}
        kwargs.setdefault("seat", seat if isinstance(seat, str) and seat.startswith("seat:") else
                          (seat if seat in ("spectator", "omniscient") else None))
        kwargs.setdefault("bots", bots or None)
        kwargs.setdefault("mode", game.get("mode") if game.get("mode") in ("play", "analysis") else None)
        players = game["record"].get("players")
        kwargs.setdefault("players", players if type(players) is int else None)
        board = cls(**kwargs)
        board._offer = None
        board.resume_offer = ""
        board._match.restore(game["record"])
        return board

    # ------------------------------------------------------------------ game-site preferences
    def _person_seat(self) -> int | None:
        key = self.perspective
        seat = int(key[5:]) if key.startswith("seat:") else None
        return seat if seat is not None and self._match.bots.get(seat) is None else None

    def _start_auto(self) -> None:
        """A person's seat board against bots starts with :data:`AUTO_DEFAULTS` and what this session
        chose on boards of this game (a board without bots asks everything, as a table would)."""
        seat = self._person_seat()
        if seat is None or not any(b is not None for b in self._match.bots.values()):
            return
        offered = self._match.auto_offered()
        for pref, on in {**AUTO_DEFAULTS, **_SESSION_AUTO.get(self.game_name, {})}.items():
            if pref in offered and pref != "quiet" and pref not in self._match.auto_prefs(seat) and on:
                self._match.set_auto(seat, pref, True)

    def set_auto(self, pref: str, on: bool = True) -> None:
        """Turn a game-site preference of this board's person on or off (``Match.set_auto``; the board's
        "Preferences" menu): remembered for boards of this game made later in this session."""
        seat = self._person_seat()
        if seat is None:
            raise EngineError("preferences belong to a person's own seat board", code="not-allowed")
        self._match.set_auto(seat, pref, on)
        if pref != "quiet":
            _SESSION_AUTO.setdefault(self.game_name, {})[pref] = on

    # ------------------------------------------------------------------ reviewing a finished game
    def review(self, index: int | None) -> None:
        """Show the position after ``index`` decisions, read-only, as this board's seat saw it
        (``Match.review``); ``None`` or the history's length: back to the live board."""
        with self._lock:  # (the page's slider and a cell may both move it: base.py's one thread at a time)
            if index is None:
                self._review = None
            else:
                snap = self._match.review(index, self.perspective)  # (checks the index and the mode)
                hist = snap["status"]["history"]
                self._review = None if index >= hist["length"] else (index, self._match.version)
            self._refresh()

    def _snapshot(self) -> dict:
        if self._review is not None:
            index, version = self._review
            if version == self._match.version:
                try:
                    return self._match.review(index, self.perspective)
                except EngineError:
                    pass
            self._review = None  # the game moved on (a new deal): the live board again
        return decorate(self, super()._snapshot())  # with a teacher's marks (annotate.py)

    def annotate(self, entity: str, text: str = "") -> None:
        """Ring ``entity`` (a thing this board draws, by its entity id) with a note, on every board of this
        game that draws it -- never on a board whose seat cannot see it (:mod:`.annotate`)."""
        add(self._match, entity, text)

    def clear_annotations(self) -> None:
        """Remove the marks :meth:`annotate` made."""
        clear(self._match)

    def dispatch(self, content, buffers=None) -> dict:
        if isinstance(content, dict) and content.get("type") == "review":
            message, error = validate_message(content, buffers)
            if error is not None:
                return error
            try:
                self.review(message["index"])
            except EngineError as e:
                return {"type": "error", "code": e.code, "message": e.message}
            return {"type": "ok", "version": self.version}
        if isinstance(content, dict) and content.get("type") == "resume":
            message, error = validate_message(content, buffers)
            if error is not None:
                return error
            if self._offer is None:
                return {"type": "error", "code": "not-offered", "message": "No stored game is offered here."}
            try:
                self.resume_answer(message["accept"])
            except EngineError as e:
                return {"type": "error", "code": e.code, "message": e.message}
            return {"type": "ok", "version": self.version}
        reply = super().dispatch(content, buffers)
        if (isinstance(content, dict) and content.get("type") == "auto" and reply.get("type") == "ok"
                and content.get("pref") != "quiet"):
            _SESSION_AUTO.setdefault(self.game_name, {})[content["pref"]] = content["on"]
        return reply

    # ------------------------------------------------------------------ the session
    @property
    def match(self) -> Match:
        return self._match

    @property
    def state(self):
        return self._match.state

    def view_as(self, seat) -> BoardWidget:
        """Another board on the same Match, for ``seat`` (see the class docstring)."""
        return type(self)(match=self._match, seat=seat)

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

    def describe(self) -> str:
        """This board's position in plain words, as its seat sees it: the status line, every thing the board
        draws (by its tooltip words, in reading order) and what is to decide -- what a screen reader hears of
        the board (built from the same scene, so it holds nothing the board does not show)."""
        seat = self._seat() if self.perspective.startswith("seat:") else None
        game = self._match.game
        title = game.title + (f", as {game.seat_name(seat)} sees it" if seat is not None else "")
        snap = {"scene": self.effective_scene, "status": dict(self.status), "decisions": list(self.decisions)}
        summary = seat_summary(self._match.state, seat) if seat is not None else None  # (the game's words)
        return describe_snapshot(snap, title, summary)

    def _legend_source(self):
        """The Match's legend, after a line of rules help on the decision of the moment (each game's
        ``help.py``, through :mod:`illumi_widgets.games.rules_help`)."""
        from ..games.rules_help import help_entry

        def legend(perspective):
            seat = self._seat() if perspective != "spectator" else None
            return help_entry(self._match.state, seat) + list(self._match.legend(perspective))

        return legend

    def undo(self):
        return self._match.undo(self.perspective)

    def redo(self):
        return self._match.redo(self.perspective)

    def run_bots(self, max_steps: int = 100_000):
        """Let the Match's bots play until a person must act (see :meth:`Match.run_bots`)."""
        return self._match.run_bots(max_steps)

    def __repr__(self) -> str:
        st = self._match.state
        if st.is_terminal():
            status = "game over"
        else:
            status = "to act: " + ", ".join(map(st.game.seat_name, st.to_act()))
        return (f"{type(self).__name__}(players={st.game.players}, perspective={self.perspective!r}, "
                f"mode={self._match.mode!r}, version={st.version}, {status})")
