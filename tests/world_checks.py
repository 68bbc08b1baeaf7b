"""The search bot's sampled worlds (its determinization) checked alike in every game's bot tests."""

from __future__ import annotations

from illumi_widgets.bots.base import SeatState
from illumi_widgets.engine.rng import Rng


def seat_view_worlds(state, seat: int, worlds: int) -> list:
    """``worlds`` worlds sampled for ``seat`` (seeds 0, 1, ...), each checked to be a sound position (no
    problems) showing the seat the same seats as the real one; returns them for the caller's own checks."""
    want = state.view(seat, log_tail=0)["seats"]
    ss = SeatState(state, seat)
    out = []
    for k in range(worlds):
        world = ss.sample_world(Rng(k))
        assert not state.game.problems(world.data)
        assert world.view(seat, log_tail=0)["seats"] == want
        out.append(world)
    return out
