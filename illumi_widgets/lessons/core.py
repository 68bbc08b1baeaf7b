"""A lesson: a position, the seat the learner plays, a goal in words, what counts as done, hints and
feedback.  See :mod:`illumi_widgets.lessons` for the teacher's guide.

The judging here needs no Jupyter: :meth:`Lesson.start` makes a Match on the lesson position and
:meth:`Lesson.attempt` plays a move on it and returns a :class:`Verdict`; the notebook's coach line
(:mod:`.display`) judges the moves made on a live board with the same :meth:`Lesson.judge`.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

from ..engine import EngineError, IllegalAction, RecordError
from ..engine.registry import game_class

__all__ = ["Lesson", "Verdict"]

DEFAULT_PLAYERS = {"pax": 2, "illuminati": 3, "primordial": 3, "gray-eminence": 3}
UNDO = "Press ↶ on the board to take it back, or try again."


@dataclass(frozen=True)
class Verdict:
    """How a lesson judges the learner's moves so far: ``kind`` is ``"waiting"`` (nothing played yet),
    ``"step"`` (a move on the way, more to do), ``"done"``, ``"wrong"`` (legal, not what the lesson asks) or
    ``"illegal"`` (the rules refuse it; nothing changed); ``text`` says it in words."""

    kind: str
    text: str

    @property
    def done(self) -> bool:
        return self.kind == "done"


def _arity(fn) -> int:
    try:
        return len(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        return 1


def _norm(text: str) -> str:
    return " ".join(str(text).split()).lower()


class Lesson:
    """One lesson (see :mod:`illumi_widgets.lessons` for a worked example).

    ``Lesson(game, position=None, seat=0, goal="", done=None, hints=(), feedback=None, allow=None,
    players=None, seed=7, options=None, title="", bots="random", before="")``

    * ``game``: the game's name (``"pax"``, ``"illuminati"``, ``"primordial"``, ``"gray-eminence"``).
    * ``position``: ``None`` (a new game from ``seed``), position text (``Match.position()``), a record
      (``Match.record()``), or a callable ``setup(ed)`` that edits a new game with the game's position
      editor (``ed.move``, ``ed.resources``, ``ed.turn``...).
    * ``seat``: the seat the learner plays (a number or a seat name).
    * ``goal``: what to do, in words.
    * ``done``: the moves that finish the lesson (notation or labels, any of them; ``"scout *"``: any move
      that begins with those words), or a predicate
      ``done(state) -> bool`` on the position after the learner's move, or ``done(state, moves)`` that
      also gets the learner's moves so far in this lesson (Actions).
    * ``allow``: moves on the way that are neither done nor wrong (the first steps of a sealed bid...):
      notation or labels, or a predicate ``allow(state, action)`` / ``allow(state, action, moves)``.
    * ``hints``: what :meth:`hint` says, one more each time it is asked.
    * ``feedback``: words for particular wrong moves (notation or label -> text); the key ``"wrong"`` is
      said for any other wrong but legal move, ``"done"`` when the lesson is done.
    * ``bots``: who plays the other seats (``"random"``, a bot name, ``None`` for nobody).
    * ``before``: a caption for the picture of the position before the move.
    * ``focus``: the scene item ids the picture before the move shows (e.g. ``["F13", "F14"]``); by default
      the things the learner's choices point at (:mod:`.picture`).
    """

    def __init__(self, game: str, position: Any = None, seat: int | str = 0, goal: str = "",
                 done: Any = None, hints=(), feedback: dict | None = None, allow: Any = None,
                 players: int | None = None, seed: int | None = 7, options: dict | None = None,
                 title: str = "", bots: str | None = "random", before: str = "", focus=()) -> None:
        self.game_name = game
        cls = game_class(game)  # an unknown game: EngineError naming the games there are
        self.options = dict(options or {})
        unknown = sorted(set(self.options) - set(cls.option_names))
        if unknown:
            raise RecordError(f"{cls.title} has no option {unknown[0]!r} (its options: "
                              f"{', '.join(cls.option_names) or 'none'})", code="bad-lesson")
        self.players = players
        self.seed = seed
        self.position = position
        self.goal = str(goal)
        self.title = str(title)
        self.before = str(before)
        if not isinstance(focus, (list, tuple)) or not all(isinstance(f, str) and f for f in focus):
            raise RecordError("a lesson's 'focus' is a list of the board's item ids, e.g. ['F13']",
                              code="bad-lesson")
        self.focus = tuple(focus)
        self.hints = [str(h) for h in hints]
        self.feedback = {str(k): str(v) for k, v in (feedback or {}).items()}
        self.done = done if callable(done) or done is None else tuple(str(m) for m in done)
        self.allow = allow if callable(allow) or allow is None else tuple(str(m) for m in allow)
        if self.done is None:
            raise RecordError("a lesson needs 'done': the moves (or a test of the position) that finish it",
                              code="bad-lesson")
        self.bots = bots
        self.live = None  #: the board :meth:`show` displayed last
        self._hint = 0
        probe = self.start()  # builds the position once: a position that does not load fails here
        self.seat = self._seat(probe.game, seat)
        self._seat_name = probe.game.seat_name(self.seat)

    # ------------------------------------------------------------------ the position
    @staticmethod
    def _seat(game, seat) -> int:
        names = [game.seat_name(s).lower() for s in range(game.players)]
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < game.players:
            return seat
        if isinstance(seat, str) and seat.strip().lower() in names:
            return names.index(seat.strip().lower())
        raise RecordError(f"no seat {seat!r} in this lesson's game: use 0-{game.players - 1} or a seat name "
                          f"({', '.join(game.seat_name(s) for s in range(game.players))})", code="bad-lesson")

    def start(self, mode: str = "analysis"):
        """A new :class:`~illumi_widgets.match.Match` on the lesson position (the other seats' bots seated,
        not yet run)."""
        from ..match import Match

        pos = self.position
        if isinstance(pos, str):
            match = Match.from_position(pos, mode=mode)
        elif isinstance(pos, dict):
            match = Match.from_record(pos, mode=mode)
        else:
            players = self.players or DEFAULT_PLAYERS.get(game_class(self.game_name).name, 3)
            match = Match(self.game_name, players=players, seed=self.seed, mode=mode, **self.options)
            if callable(pos):
                with match.edit() as ed:
                    pos(ed)
            elif pos is not None:
                raise RecordError("a lesson's position is position text, a record, or a setup(ed) function, "
                                  f"not {type(pos).__name__}", code="bad-lesson")
        if match.game.name != game_class(self.game_name).name:
            raise RecordError(f"the position is of {match.game.title}, not of this lesson's game",
                              code="bad-lesson")
        seat = getattr(self, "seat", None)
        if self.bots and seat is not None:
            from ..bots import attach_bots

            attach_bots(match, {s: self.bots for s in range(match.game.players) if s != seat})
        return match

    # ------------------------------------------------------------------ judging
    def _matches(self, entries, state, act) -> bool:
        note = _norm(act.notation())
        label = _norm(state.game.label(state.data, act, act.seat))
        for e in entries:
            want = _norm(e)
            if want.endswith("*"):  # "scout *": any move that begins so (any card, any place)
                stem = want[:-1].rstrip()
                if any(t == stem or t.startswith(stem + " ") for t in (note, label)):
                    return True
            elif want in (note, label):
                return True
        return False

    def _said(self, key_note: str, key_label: str) -> str | None:
        for k, v in self.feedback.items():
            if k not in ("done", "wrong") and _norm(k) in (key_note, key_label):
                return v
        return None

    def judge(self, state, start: int, before=None) -> Verdict:
        """The verdict on the learner's moves in ``state.history[start:]`` (``state`` as it is now)."""
        mine = [a for a in state.history[start:] if a.seat == self.seat]
        if not mine:
            return Verdict("waiting", f"Your move, {self._seat_name}: {self.goal}")
        for i, act in enumerate(mine):
            last = i == len(mine) - 1
            if self._is_done(state, act, last, mine[:i + 1]):
                praise = self.feedback.get("done", "Well done: that is the lesson's move.")
                return Verdict("done", "✔ " + praise)
            if self._is_allowed(state, act, mine[:i + 1]):
                continue
            label = state.game.label(state.data, act, act.seat)
            why = (self._said(_norm(act.notation()), _norm(label)) or self.feedback.get("wrong")
                   or "this lesson asks for something else: " + self.goal)
            why = why if why.rstrip().endswith((".", "!", "?")) else why.rstrip() + "."
            return Verdict("wrong", f"That works too, but {why[0].lower() + why[1:]} {UNDO}"
                           if not why.lower().startswith("that works too") else f"{why} {UNDO}")
        return Verdict("step", "Good. Keep going: " + self.goal)

    def _is_done(self, state, act, last: bool, moves: list) -> bool:
        if callable(self.done):
            if _arity(self.done) >= 2:  # done(state, moves): judged on the learner's moves so far
                return bool(self.done(state, moves))
            return last and bool(self.done(state))
        return self._matches(self.done, state, act)

    def _is_allowed(self, state, act, moves: list) -> bool:
        if self.allow is None:
            return False
        if callable(self.allow):
            if _arity(self.allow) >= 3:
                return bool(self.allow(state, act, moves))
            return bool(self.allow(state, act))
        return self._matches(self.allow, state, act)

    def attempt(self, match, move) -> Verdict:
        """Play ``move`` (notation or an Action) for the learner on ``match`` (from :meth:`start`) and judge
        it; an illegal move changes nothing and its verdict is the rules' own reason."""
        state = match.state
        try:
            act = state.parse(move, self.seat)
            match.play(act, f"seat:{self.seat}")
        except IllegalAction as e:
            return Verdict("illegal", f"✘ That is not allowed: {e.message}")
        except EngineError as e:
            return Verdict("illegal", f"✘ That is not a move here: {e.message}")
        return self.judge(match.state, getattr(match, "_lesson_start", 0))

    @staticmethod
    def restart(match) -> None:
        """Take back every move made on ``match`` since the lesson position (Start again)."""
        start = getattr(match, "_lesson_start", 0)
        while len(match.state.history) > start:
            before = len(match.state.history)
            match.undo("omniscient")
            if len(match.state.history) >= before:  # (nothing more to take back)
                break

    def solve(self, moves, run_bots: bool = True) -> Verdict:
        """Play ``moves`` in order on a fresh start (the bots playing in between) and return the last
        verdict: how the tests play a lesson's solutions."""
        match = self.start()
        match._lesson_start = len(match.state.history)
        verdict = self.judge(match.state, match._lesson_start)
        for m in moves:
            if run_bots:
                match.run_bots()
            verdict = self.attempt(match, m)
            if verdict.kind in ("illegal", "wrong"):
                return verdict
        return verdict

    def hint(self) -> str:
        """The next hint (the last one again when all were given)."""
        if not self.hints:
            return "No hint for this one: " + self.goal
        text = self.hints[min(self._hint, len(self.hints) - 1)]
        self._hint += 1
        return text

    # ------------------------------------------------------------------ in a notebook
    def board(self, **kwargs):
        """A live board on the lesson position, for the learner's seat (the coach follows it)."""
        from .display import lesson_board

        return lesson_board(self, **kwargs)

    def picture(self, caption: str | None = None):
        """The lesson position before the move as a picture that fits the cell, readable: the part of the
        table the lesson is about (:mod:`.picture`)."""
        from .display import lesson_picture

        return lesson_picture(self, self.before if caption is None else caption)

    def show(self) -> None:
        """The whole lesson in a cell: goal, picture before, live board (then ``self.live``), coach line,
        Hint and Start again."""
        from .display import show_lesson

        show_lesson(self)

    # ------------------------------------------------------------------ files
    def save(self, path) -> None:
        """Write this lesson to ``path`` as a small JSON file (see :mod:`.files`)."""
        from .files import save

        save(self, path)

    @classmethod
    def load(cls, path) -> Lesson:
        """A lesson read from a file made by :meth:`save` (checked as untrusted input)."""
        from .files import load

        return load(path, cls)

    @classmethod
    def from_dict(cls, data) -> Lesson:
        """A lesson from the plain data of a lesson file (checked as untrusted input)."""
        from .files import from_dict

        return from_dict(data, cls)

    def to_dict(self) -> dict:
        """The plain data of this lesson's file."""
        from .files import to_dict

        return to_dict(self)

    def __repr__(self) -> str:
        return f"Lesson({self.game_name!r}, seat={self.seat}, goal={self.goal!r})"
