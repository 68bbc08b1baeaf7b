"""Thinking ahead while the kernel is idle: a :class:`~illumi_widgets.match.Match` works out, for each option
a board may click next, the snapshot the boards will show after it, so that a click's update is not kept
waiting for the rules and the scene.

A board shows a handful of options at a time (a Pax turn: 4 at the median, 12 at most, over random games).
Once an update is sent and the kernel is idle, the board asks :meth:`PonderMixin.ponder` for each of them, one
per turn of the event loop (a click that comes meanwhile is handled between two).  ``ponder`` applies the
option to a clone of the state, exactly as a click would (the answers the people's preferences give
included), builds the snapshot of that perspective from the clone, and keeps it with what identifies the
position it came from.  When the click comes, :meth:`_apply` plays it on the real state as always; if a
pondered result belongs to that very option from that very position, and the real state after it is the
clone's (the same actions applied, the same random generator state, the same version), the snapshots
pondered become the Match's cached snapshots of the new position, the same as if they had been made there.

Why it is exact: a State holds its own seeded random generator, so the same action on the same position
gives the same position; a snapshot is made from the Match's state, mode, bots, hot-seat acknowledgement and
preferences only, and a pondered result is used only while none of those changed (:meth:`_ponder_base`).
Nothing pondered leaves the kernel: what is sent is what the click's own snapshot would have been, from the
perspective's view (``tests/test_ponder.py`` compares them at every step of random games of every game).

Pure Python, like the Match.
"""

from __future__ import annotations

from typing import Any

from .engine import EngineError

__all__ = ["PONDER_BUDGET", "PONDER_DELAY", "PONDER_OPTIONS", "PonderMixin"]

PONDER_OPTIONS = 24
"""The options of one position a board thinks ahead about, at most (the first ones it shows)."""
PONDER_BUDGET = 0.25
"""Seconds a board spends thinking ahead about one position, at most (an option takes 2-8 ms)."""
PONDER_DELAY = 0.06
"""Seconds a board waits after an update before it thinks ahead: the update's message leaves the kernel on
another thread, and the page paints it meanwhile (on a 2-core machine, thinking at once delayed both: the
kernel's thread that ships messages waits for Python's lock while Python runs)."""


class PonderMixin:
    """The Match's thinking ahead (its ``_pondered``: perspective -> {"base", (decision, option) -> result};
    ``_primed``: the cache of the position a click just made, if it was pondered)."""

    _pondered: dict
    _primed: tuple | None

    def _ponder_base(self) -> tuple:
        """What a snapshot depends on besides the position: a pondered result is used only while it is the
        same (the state's version changes with every action, undo and edit)."""
        st = self._state
        bots = tuple((repr(s), id(b)) for s, b in sorted(self.bots.items(), key=lambda kv: repr(kv[0])))
        prefs = repr(sorted((repr(s), sorted(v)) for s, v in self._auto.items()))
        quiet = repr(sorted((repr(s), repr(v)) for s, v in self._quiet.items()))
        return (id(st), st.version, self._follow_ack, self._mode, bots, prefs, quiet)

    def ponder(self, perspective: str, decision: str, option: str) -> dict | None:
        """Work out the snapshot ``perspective`` will be sent after it takes ``option`` of ``decision`` now
        (kept for that click; nothing changes).  Returns that snapshot, or None when the option cannot be
        taken from this perspective, or the game refuses it."""
        with self.lock:
            try:
                key = self._norm(perspective)
                if key == "host":
                    return None
                act, _decision = self._option_of(self._actor(key), decision, option)
            except EngineError:  # (not this board's to take: nothing to think about)
                return None
            base = self._ponder_base()
            book = self._pondered.get(key)
            if book is None or book["base"] != base:
                book = self._pondered[key] = {"base": base}
            if (decision, option) in book:
                done = book[(decision, option)]
                return done[3][("snapshot", key)] if done is not None else None
            st = self._state
            saved = (self._state, self._cache_key, self._cache, self._auto, self._quiet, self._primed)
            clone = st.clone()
            done = None
            try:
                self._state = clone
                self._auto = {s: set(v) for s, v in saved[3].items()}
                self._quiet = dict(saved[4])
                self._cache_key, self._cache, self._primed = None, {}, None
                n = len(clone.history)
                clone.apply(act, version=clone.version)
                self._auto_answers()
                self._cached(("snapshot", key), lambda: self._make_snapshot(key))
                applied = tuple(a.notation() for a in clone.history[n:])
                done = (applied, clone.rng.state, self._cache_key, self._cache, self._quiet)
            except Exception:  # noqa: BLE001 - thinking ahead never fails a board: the click does it itself
                done = None
            finally:
                self._state, self._cache_key, self._cache, self._auto, self._quiet, self._primed = saved
            book[(decision, option)] = done
            return done[3][("snapshot", key)] if done is not None else None

    def _pondered_after(self, decision, act, before: int, base: tuple) -> None:
        """After the real state took ``act`` of ``decision`` (and the preferences' answers): keep the pondered
        caches of this very position for the next reads.  ``before``: the history's length before the act;
        ``base``: :meth:`_ponder_base` before it."""
        pondered, self._pondered = self._pondered, {}
        st = self._state
        merged: dict[Any, Any] = {}
        stamp = quiet = None
        for book in pondered.values():
            done = book.get((decision.id, act.notation())) if book["base"] == base else None
            if done is None:
                continue
            applied, rng_state, post, cache, post_quiet = done
            if (post is None or post[0] != st.version or rng_state != st.rng.state
                    or applied != tuple(a.notation() for a in st.history[before:])
                    or (stamp is not None and post != stamp)):
                continue
            stamp, quiet = post, post_quiet
            merged.update(cache)
        if stamp is not None and stamp == (st.version, self._follow_ack, self._mode):
            self._primed = (stamp, merged)
            self._quiet = dict(quiet)
