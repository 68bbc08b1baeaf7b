"""The game-site preferences of a :class:`~illumi_widgets.match.Match`: a person's seat may
ask not to be asked where it has no useful choice -- a step with one possible answer (``"no_choice"``), or
what the game's rules call a sensible default (``Game.auto_answer(data, decision, prefs, bots)``, with the
preferences it offers in ``Game.auto_prefs`` and ``Game.turn_marker(data)`` for "don't ask me again this
turn").  The answers are played as that seat's decisions, right after the change that made them due, before
the boards repaint.  Pure Python, like the Match.
"""

from __future__ import annotations

from typing import Any

from .engine import CHANCE, Action, EngineError
from .engine.errors import quote

__all__ = ["AUTO_LIMIT", "AUTO_PREFS", "PrefsMixin"]

AUTO_LIMIT = 2000
"""The answers taken for people after one change, at most (a game's steps are finite: a guard)."""
#: the game-site preferences every game offers (a game adds its own: ``Game.auto_prefs``, id -> words)
AUTO_PREFS = {"no_choice": "Answer for me when a step has only one possible answer"}


def _error(code: str, message: str) -> EngineError:
    return EngineError(message, code=code)


class PrefsMixin:
    """The Match's preference methods (its ``_auto``: seat -> preferences on, ``_quiet``: seat -> the turn
    it asked not to be asked in)."""

    _auto: dict[int, set[str]]
    _quiet: dict[int, Any]

    def auto_offered(self) -> dict[str, str]:
        """The preferences a board of this game offers (id -> the words of its switch)."""
        return {**AUTO_PREFS, **(getattr(self._state.game, "auto_prefs", None) or {})}

    def set_auto(self, seat: int, pref: str, on: bool = True) -> None:
        """Turn a game-site preference of the person at ``seat`` on or off, e.g. ``"no_choice"`` (a step
        with only one possible answer -- or, as the game's ``auto_answer`` rules say, one sensible answer --
        is taken for them), a game's own ones (``auto_offered()``: Illuminati's ``"decline_bots"`` and
        ``"quiet"``, "don't ask me again this turn", which lasts until the turn changes).  Answers due now
        are taken at once.  A bot's seat is never asked anyway; a refused preference changes nothing."""
        with self.lock:
            self._set_auto(seat, pref, on)

    def _set_auto(self, seat, pref, on) -> None:
        if type(seat) is not int or not 0 <= seat < self._players():
            raise _error("bad-perspective", f"no such seat: {quote(seat)}")
        offered = self.auto_offered()
        if pref not in offered:
            raise _error("bad-option", f"no such preference: {quote(pref, 40)} (this game offers "
                         f"{', '.join(map(repr, offered))})")
        if not isinstance(on, bool):
            raise _error("bad-option", "a preference is turned on with True and off with False")
        prefs = self._auto.setdefault(seat, set())
        if pref == "quiet":
            marker = getattr(self._state.game, "turn_marker", None)
            self._quiet.pop(seat, None)
            if on and marker is not None:
                self._quiet[seat] = marker(self._state.data)
        elif on:
            prefs.add(pref)
        else:
            prefs.discard(pref)
        self._auto_answers()
        self._notify()  # (the boards show the switch as it is now)

    def auto_prefs(self, seat: int) -> list[str]:
        """The preferences ``seat`` has on now (``"quiet"`` only while its turn lasts)."""
        with self.lock:
            self._quiet_check(seat)
            return sorted(self._auto.get(seat, set()) | ({"quiet"} if seat in self._quiet else set()))

    def _quiet_check(self, seat) -> None:
        marker = getattr(self._state.game, "turn_marker", None)
        if seat in self._quiet and (marker is None or marker(self._state.data) != self._quiet[seat]):
            del self._quiet[seat]

    def _auto_answer(self) -> Action | None:
        """The first answer a person's preferences give a pending decision now, or None."""
        st = self._state
        if st.is_terminal():
            return None
        game = st.game
        bots = frozenset(s for s, b in self.bots.items() if b is not None)
        rule = getattr(game, "auto_answer", None)
        for dec in st.decisions():
            seat = dec.seat
            if seat == CHANCE or seat in bots:
                continue
            self._quiet_check(seat)
            prefs = frozenset(self._auto.get(seat, set()) | ({"quiet"} if seat in self._quiet else set()))
            if not prefs:
                continue
            legal = st.legal_actions(seat)
            if "no_choice" in prefs and len(legal) == 1:
                return legal[0]
            if rule is not None:
                said = rule(st.data, dec, prefs, bots)
                if said is not None and said in legal:
                    return said
        return None

    def _auto_answers(self) -> None:
        st = self._state
        for _ in range(AUTO_LIMIT):
            act = self._auto_answer()
            if act is None:
                return
            st.apply(act)

    def _auto_status(self, seat) -> list[dict] | None:
        """The preferences a person's seat board offers, ``[{"id", "text", "on"}]`` (None: not a person's
        seat)."""
        if seat is None or self.bots.get(seat) is not None:
            return None
        on = set(self.auto_prefs(seat))
        return [{"id": k, "text": v, "on": k in on} for k, v in self.auto_offered().items()]
