"""The random bot: a uniformly random legal action (seeded, so games replay)."""

from __future__ import annotations

from ..engine import Action, Rng
from .base import Bot, SeatState


class RandomBot(Bot):
    """Picks uniformly among the legal actions; ``prefer`` (action kinds) are taken whenever one is legal."""

    name = "random"

    def __init__(self, seat: int | None = None, *, seed: int = 0, prefer=()):
        super().__init__(seat)
        self.rng = Rng(seed)
        self.prefer = tuple(prefer)

    def choose(self, seat_state: SeatState) -> Action:
        legal = seat_state.legal_actions()
        quit_kinds = seat_state.game.withdraw_kinds  # a bot never leaves the game unless it must
        if quit_kinds:
            legal = [a for a in legal if a.kind not in quit_kinds] or list(legal)
        if self.prefer:
            wanted = [a for a in legal if a.kind in self.prefer]
            if wanted:
                return wanted[self.rng.below(len(wanted))]
        return legal[self.rng.below(len(legal))]
