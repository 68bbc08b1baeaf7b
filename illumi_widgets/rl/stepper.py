"""One engine game driven one token at a time: what the PettingZoo and OpenSpiel adapters share.

A :class:`Stepper` owns an engine :class:`~illumi_widgets.engine.State` and the prefix of tokens the
acting seat has chosen so far (see :mod:`illumi_widgets.rl.codec`).  It answers who acts (a seat, chance or
nobody), the action mask, and applies one token; when the prefix names exactly one legal action, that action
is applied to the engine (forced tokens are taken automatically).

Seats to act: the engine's first pending decision.  Sealed simultaneous decisions (several pending, each
``sealed``) are therefore taken one seat at a time, in the engine's order; the engine keeps a sealed commit
out of every other seat's view until the group is revealed, so the later seat decides without knowing the
earlier answer (``tests/rl/test_no_leak.py`` checks it).
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
        self._key = None
        self._options: list = []  # (path, action) of the acting seat

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

    def _choices(self) -> list:
        st = self.state
        key = st.version
        if self._key != key:
            seat = self.actor()
            opts: list = []
            if seat is not None and seat != CHANCE:
                legal = list(st.decisions()[0].options)
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

    def _matching(self) -> list:
        n = len(self.prefix)
        pre = tuple(self.prefix)
        return [(p, a) for p, a in self._choices() if p[:n] == pre]

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
