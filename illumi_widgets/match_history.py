"""The history of a :class:`~illumi_widgets.match.Match`: undo, redo, history steps and reviews under its
undo policy (``mode``; the rules are in :mod:`illumi_widgets.match`'s docstring).  A decision point is the
start and each decision with the chance outcomes that follow it (:meth:`HistoryMixin._points`); in play mode
a seat takes back only its own latest decision, and only while nothing hidden was revealed since
(:meth:`HistoryMixin.reveals_hidden`).  Pure Python, like the Match.
"""

from __future__ import annotations

import functools

from .engine import CHANCE, Action, EngineError, HistoryError, NotYourDecision
from .engine.errors import quote

__all__ = ["HistoryMixin", "locked"]

HOST = "host"  # the notebook: no perspective, every seat


def _error(code: str, message: str, **detail) -> EngineError:
    return EngineError(message, code=code, **detail)


def locked(method):
    """Run ``method`` holding the Match's lock (``Match.lock``; see :mod:`illumi_widgets.match`)."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        with self.lock:
            return method(self, *args, **kwargs)

    return wrapper


class HistoryMixin:
    """The Match's history methods (over its ``_state``, ``_mode``, ``_follow_ack``, ``lock``, snapshots)."""

    @locked
    def undo(self, perspective=None) -> Action:
        """Take back the last decision (subject to the undo policy of ``mode``)."""
        key = self._norm(perspective)
        err = self._undo_refusal(key)
        if err is not None:
            raise err
        undone = self._state.undo()
        self._notify()
        return undone

    @locked
    def redo(self, perspective=None) -> Action:
        """Re-apply the decision last taken back (subject to the undo policy of ``mode``)."""
        key = self._norm(perspective)
        err = self._redo_refusal(key)
        if err is not None:
            raise err
        done = self._state.redo()
        self._notify()
        return done

    @locked
    def goto(self, index: int, perspective=None) -> None:
        """Show the position after ``index`` decisions (0 .. ``history()["length"]``); analysis mode only."""
        self._norm(perspective)
        if self._mode == "play":
            raise _error("not-allowed", "history steps are for analysis mode; in play mode use undo")
        points = self._points()
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(points):
            raise HistoryError(f"history index must be from 0 to {len(points) - 1}, got {quote(index)}")
        if points[index] != len(self._state.history):
            self._state.goto(points[index])
            self._notify()

    @locked
    def review(self, index: int, perspective: str) -> dict:
        """A read-only snapshot of the position after ``index`` decisions (0 .. ``history()["length"]``) as
        ``perspective`` (a seat, ``"spectator"`` or ``"omniscient"``) saw it then: no decisions, the game not
        moved.  In play mode only once the game is over (the end screen's "Review the game")."""
        key = self._norm(perspective)
        if key in (HOST, "follow"):
            raise _error("bad-perspective", "a review is of a seat's, a spectator's or the whole view")
        if self._mode == "play" and not self._state.is_terminal():
            raise _error("not-allowed", "in play mode the game is reviewed once it is over")
        points = self._points()
        if type(index) is not int or not 0 <= index < len(points):
            raise HistoryError(f"history index must be from 0 to {len(points) - 1}, got {quote(index)}")
        memo = (self._state.version, key, index)
        if self._review_memo[0] == memo:
            return self._review_memo[1]
        live = self._state
        past = live.clone()
        past.goto(points[index])
        self._state = past
        try:
            snap = self._make_snapshot(key)
        finally:
            self._state = live
            self._cache_key = None
        n = len(points) - 1
        status = {**snap["status"], "history": {"index": index, "length": n, "review": True},
                  "can_undo": False, "can_redo": False, "to_act": [],
                  "text": f"Reviewing the game: after step {index} of {n} (the slider's end returns to now)"}
        snap = {**snap, "version": live.version, "decisions": [], "status": status}  # (intents stay current)
        self._review_memo = (memo, snap)
        return snap

    @locked
    def can_undo(self, perspective=None) -> bool:
        """Would :meth:`undo` as ``perspective`` be allowed now?"""
        return self._undo_refusal(self._norm(perspective)) is None

    @locked
    def can_redo(self, perspective=None) -> bool:
        """Would :meth:`redo` as ``perspective`` be allowed now?"""
        return self._redo_refusal(self._norm(perspective)) is None

    def _points(self) -> list[int]:
        """History lengths that are decision points: the start, then after each decision (+ its chance)."""
        st = self._state
        seq = st.history + st.redo_actions
        points = [st.history_start]
        i = st.history_start
        while i < len(seq):
            j = i + 1
            if st.auto_chance:  # chance outcomes belong to the decision they follow
                while j < len(seq) and seq[j].seat == CHANCE:
                    j += 1
            points.append(j)
            i = j
        return points

    @locked
    def history(self) -> dict:
        """``{"index", "length"}``: decisions applied since the start, and in all (with the redo list)."""
        points = self._points()
        n = len(self._state.history)
        index = max((i for i, p in enumerate(points) if p <= n), default=0)
        return {"index": index, "length": len(points) - 1}

    @locked
    def reveals_hidden(self, start: int) -> bool:
        """Did the history from entry ``start`` on reveal hidden information to anyone?

        Generic: a chance action (a draw, a shuffle), a log entry with a private or secret text (a card
        drawn or scouted, an Event kept), or a token that some seat could not see before and can see now
        (``Game.secrets`` shrank: a card turned face-up, an Oust reveal, a private Plot shown).
        """
        st = self._state
        if any(a.seat == CHANCE for a in st.history[start:]):
            return True
        before = st.clone()
        before.goto(start)
        if any(e.private or e.secret is not None for e in st.log[len(before.log):]):
            return True
        game = st.game
        return any(game.secrets(before.data, s) - game.secrets(st.data, s) for s in range(game.players))

    def _undo_refusal(self, key: str) -> EngineError | None:
        """Why ``key`` may not undo now (None: it may), for the notebook (the message names the decision in
        notation) and for a person (``detail["words"]``: plain words, the Undo button's tooltip)."""
        st = self._state
        target = st.undo_index()
        if target is None:
            return HistoryError("nothing to undo", words="There is nothing to undo yet.")
        if self._mode == "analysis":
            return None
        if key == "spectator":
            return _error("not-allowed", "a spectator cannot undo", words="A spectator cannot undo.")
        seat = None
        if key.startswith("seat:"):
            seat = int(key[5:])
        elif key == "follow":
            seat = self._follow_ack
        last = st.history[target]
        if seat is not None and last.seat != seat:
            whose = st.game.seat_name(last.seat)
            return NotYourDecision(f"the last decision ('{last.notation()}') is {whose}'s: in play mode a "
                                   "seat may undo only its own decisions",
                                   words=f"The last decision was {whose}'s: you can take back only your own.")
        if self._cached(("reveals", target), lambda: self.reveals_hidden(target)):
            return _error("hidden-revealed", f"'{last.notation()}' cannot be taken back: hidden information "
                          "was revealed since (a card drawn, turned up or shown)",
                          words="The last decision cannot be taken back: something hidden was revealed since "
                                "(a card drawn, turned up or shown).")
        return None

    def _redo_refusal(self, key: str) -> EngineError | None:
        """Why ``key`` may not redo now (None: it may), as :meth:`_undo_refusal` says it."""
        st = self._state
        if not st.redo_actions:
            return HistoryError("nothing to redo", words="There is nothing to redo.")
        if self._mode == "analysis":
            return None
        if key == "spectator":
            return _error("not-allowed", "a spectator cannot redo", words="A spectator cannot redo.")
        seat = int(key[5:]) if key.startswith("seat:") else (self._follow_ack if key == "follow" else None)
        head = st.redo_actions[0]
        if seat is not None and head.seat != seat:
            whose = st.game.seat_name(head.seat)
            return NotYourDecision(f"the next decision to redo is {whose}'s",
                                   words=f"The next decision to redo is {whose}'s.")
        return None
