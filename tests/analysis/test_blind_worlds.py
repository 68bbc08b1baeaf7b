"""Determinization from the seat's view alone (issue 18).

For two real positions a seat cannot tell apart (``twins.twin``: its unseen cards re-dealt in the real
position), ``SeatState.sample_world`` with the same seed gives the SAME world — not just worlds with the same
distribution — and the search bot with the same seed chooses the same action.  So the bot, and the analysis
built on it, are reproducible and provably blind to the hidden deal.
"""

from __future__ import annotations

import pytest

from illumi_widgets.bots import SearchBot, SeatState
from illumi_widgets.engine import Rng

from .twins import GAMES, deciding_twins, omniscient, positions, twin


def _world_key(world) -> str:
    return omniscient(world) + repr(world.rng.state)


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_same_seed_same_world_for_twin_deals(name, players, options):
    rng = Rng(7)
    checked = 0
    for state in positions(name, players, options, seed=3, steps=150, every=9):
        for seat in range(players):
            other = twin(state, seat, rng)
            if other is None:
                continue
            a, b = SeatState(state, seat), SeatState(other, seat)
            for k in (1, 2):
                assert _world_key(a.sample_world(Rng(k))) == _world_key(b.sample_world(Rng(k))), \
                    f"{name}: seat {seat}'s sampled world depends on the hidden deal at {state!r}"
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_search_bot_chooses_the_same_for_twin_deals(name, players, options):
    rng = Rng(11)
    checked = 0
    for state, seat, other in deciding_twins(name, players, options, rng, seed=5, steps=90, every=15):
        bots = [SearchBot(seat, iterations=40, seed=9) for _ in range(2)]
        acts = [bot.choose(SeatState(s, seat)) for bot, s in zip(bots, (state, other), strict=True)]
        assert acts[0] == acts[1]
        assert bots[0].last_stats["visits"] == bots[1].last_stats["visits"]
        checked += 1
    assert checked >= 2


def test_the_check_would_see_a_sampler_that_reads_the_deal():
    """Sampling without the canonical order (the pool in the real deal's order) tells twins apart."""
    from illumi_widgets.engine import State, load_game

    g = load_game("pax", players=3)
    state = next(iter(positions("pax", 3, {}, seed=3, steps=40, every=20)))
    other = twin(state, 0, Rng(1))
    assert other is not None

    def leaky(s):  # a world = the real data, with the RNG drawn from the same seed: reads the deal
        return State(g, g.copy(s.data), Rng(5))

    assert _world_key(leaky(state)) != _world_key(leaky(other))
    assert _world_key(SeatState(state, 0).sample_world(Rng(5))) == \
        _world_key(SeatState(other, 0).sample_world(Rng(5)))
