"""One engine game driven one token at a time: what the PettingZoo and OpenSpiel adapters share.

A :class:`Stepper` owns an engine :class:`~illumi_widgets.engine.State` and the prefix of tokens the
acting seat has chosen so far (see :mod:`illumi_widgets.rl.codec`).  It answers who acts (a seat, chance or
nobody), the action mask, and applies one token; when the prefix names exactly one legal action, that action
is applied to the engine (forced tokens are taken automatically).

Seats to act: the engine's first pending decision.  Sealed simultaneous decisions (several pending, each
``sealed``) are therefore taken one seat at a time, in the engine's order; the engine keeps a sealed commit
out of every other seat's view until the group is revealed, so the later seat decides without knowing the
earlier answer (``tests/rl/test_no_leak.py`` checks it).

Scripted seats (Pax's rulebook bots, game option ``bots``) are part of the rules, not players: their steps
(each their single legal action, named by ``bots.search.forced_steps``) are played inside, like the engine's
own automatic steps, so such a seat never has to act.
"""

from __future__ import annotations

from ..engine import CHANCE
from .codec import ActionCodec, CodecError

NOBODY = None


class Stepper:
    def __init__(self, state, codec: ActionCodec, *, withdraw: bool = False):
        self.state = state
        self.codec = codec
        self.withdraw = withdraw
        self.prefix: list[int] = []
        self.sealed_prefixes: dict[int, list[int]] = {}  # (OpenSpiel's simultaneous nodes: per sealed seat)
        self._key = None
        self._group_key, self._group = None, []
        self._options: list = []  # (path, action) of the acting seat
        from ..bots.search import forced_steps

        self._forced = forced_steps(state.game)
        self.settle()

    def settle(self) -> None:
        """Play the scripted seats' steps until a seat (or chance) must decide, or the game ends (in a sealed
        group, a scripted seat's commit is played whichever seat of the group is listed first)."""
        if self._forced is None:
            return
        st = self.state
        while not self.prefix and not any(self.sealed_prefixes.values()):
            seat = self.actor()
            if seat is None or seat == CHANCE:
                return
            seats = self.sealed_group() or [seat]
            for s in seats:
                step = self._forced(st.data, s)
                if step is not None:
                    st.apply(step)
                    break
            else:
                return

    # -- who acts ------------------------------------------------------------------------------------------
    def actor(self):
        """The seat to act, ``CHANCE``, or ``None`` when the game is over."""
        st = self.state
        if st.is_terminal():
            return NOBODY
        pending = st.decisions()
        if not pending:
            return NOBODY
        return pending[0].seat

    def sealed_group(self) -> list[int]:
        """The seats of the pending sealed simultaneous decisions, ascending (empty when the pending decision
        is not sealed): what OpenSpiel's simultaneous node asks at once."""
        st = self.state
        if self._group_key != st.version:
            pending = [] if st.is_terminal() else st.decisions()
            group = []
            if pending and all(d.sealed and d.seat != CHANCE for d in pending):
                group = sorted({d.seat for d in pending})
            self._group, self._group_key = group, st.version
        return self._group

    def _choices(self, seat=None) -> list:
        """``(path, action)`` of the legal actions of ``seat`` (default: the acting seat)."""
        st = self.state
        key = (st.version, seat)
        if self._key != key:
            if seat is None:
                seat = self.actor()
            opts: list = []
            if seat is not None and seat != CHANCE:
                decision = next((d for d in st.decisions() if d.seat == seat), None)
                legal = list(decision.options) if decision is not None else []
                kinds = st.game.withdraw_kinds
                if kinds and not self.withdraw:
                    legal = [a for a in legal if a.kind not in kinds] or legal
                by_path: dict = {}
                for a in legal:  # (an engine may list an action twice: it is one choice)
                    p = self.codec.path(a.notation())
                    other = by_path.setdefault(p, a)
                    if other != a:
                        raise CodecError(f"two different legal actions read '{a.notation()}' at {st!r}")
                opts = list(by_path.items())
            self._options, self._key = opts, key
        return self._options

    def _matching(self, seat=None, prefix=None) -> list:
        prefix = self.prefix if prefix is None else prefix
        n = len(prefix)
        pre = tuple(prefix)
        return [(p, a) for p, a in self._choices(seat) if p[:n] == pre]

    def tokens_for(self, seat: int, prefix) -> list[int]:
        """The tokens ``seat`` may choose after ``prefix`` (a sealed seat's own prefix), ascending."""
        n = len(prefix)
        return sorted({p[n] for p, _ in self._matching(seat, prefix)})

    def advance(self, seat: int, prefix, token: int):
        """``(prefix, action)``: ``prefix`` + ``token`` + the forced tokens after it, and the engine action
        they complete (``None`` while incomplete).  Nothing is applied (a simultaneous node applies every
        seat's completed action together)."""
        if token not in self.tokens_for(seat, prefix):
            name = self.codec.token_name(token) if 0 <= token < self.codec.size else "?"
            raise CodecError(f"token {token} ({name}) is not legal now for seat {seat}", code="illegal")
        prefix = list(prefix) + [token]
        while True:
            left = self._matching(seat, prefix)
            if len(left) == 1:
                return [], left[0][1]
            nxt = {p[len(prefix)] for p, _ in left}
            if len(nxt) != 1:
                return prefix, None
            prefix.append(nxt.pop())

    def legal_tokens(self) -> list[int]:
        """The tokens the acting seat may choose now, ascending (empty at chance or the end)."""
        n = len(self.prefix)
        return sorted({p[n] for p, _ in self._matching()})

    def mask(self) -> list[int]:
        out = [0] * self.codec.size
        for t in self.legal_tokens():
            out[t] = 1
        return out

    def prefix_text(self) -> str:
        return self.codec.text(self.prefix)

    # -- acting ------------------------------------------------------------------------------------------
    def step(self, token: int):
        """Choose ``token``; returns the engine action applied (``None`` while the action is incomplete)."""
        if token not in self.legal_tokens():
            name = self.codec.token_name(token) if 0 <= token < self.codec.size else "?"
            raise CodecError(f"token {token} ({name}) is not legal now", code="illegal")
        self.prefix.append(token)
        while True:
            left = self._matching()
            if len(left) == 1:
                action = left[0][1]
                self.prefix = []
                self.state.apply(action)
                self.settle()
                return action
            nxt = {p[len(self.prefix)] for p, _ in left}
            if len(nxt) != 1:
                return None
            self.prefix.append(nxt.pop())

    def token_for(self, action) -> int:
        """The next token of ``action`` (an engine action of the acting seat) after the current prefix."""
        path = self.codec.path(action.notation())
        n = len(self.prefix)
        if path[:n] != tuple(self.prefix):
            raise CodecError(f"'{action.notation()}' does not continue the chosen prefix "
                             f"'{self.prefix_text()}'")
        return path[n]

    def play(self, action) -> None:
        """Apply a whole engine action token by token (for bots that choose engine actions)."""
        while True:
            if self.step(self.token_for(action)) is not None:
                return
