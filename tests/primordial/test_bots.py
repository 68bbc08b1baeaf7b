"""Random and search bots play any seat; the search re-deals hidden cards from the seat's view only."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.bots.base import run_bots
from illumi_widgets.bots.registry import available, make_bot
from illumi_widgets.engine.rng import Rng

from ..world_checks import seat_view_worlds


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_random_and_search_bots_play_any_seat(seat):
    assert set(available("primordial")) >= {"random", "search"}
    g = load_game("primordial", players=3)
    state = g.new_state(seed=4 + seat)
    bots = {s: make_bot("random", s, seed=s) for s in range(3)}
    bots[seat] = make_bot("search", seat, iterations=12, seed=1)
    done = run_bots(state, bots, max_steps=40)
    assert len(done) == 40 or state.is_terminal()
    assert not g.problems(state.data)


def test_determinize_keeps_the_seat_view_and_never_reads_sealed_plots():
    g = load_game("primordial", players=3)
    state = g.new_state(seed=9)
    state.apply(state.parse(state.legal_actions(1)[5].notation(), seat=1))  # Blue's sealed plot
    sealed = state.data["frames"][-1]["commits"]["1"]
    changed = 0
    for world in seat_view_worlds(state, 0, 8):
        changed += world.data["frames"][-1]["commits"]["1"] != sealed
        changed += world.data["hand"][2] != state.data["hand"][2]
    assert changed  # the rivals' hands and Blue's plot are re-dealt, not copied


def test_determinize_mid_visit():
    g = load_game("primordial", players=4)
    state = g.new_state(seed=2)
    rng = Rng(1)
    while state.data["turn"] is None and not state.is_terminal():
        s = state.to_act()[0]
        legal = state.legal_actions(s)
        state.apply(legal[rng.below(len(legal))])
    for seat in range(4):
        world = g.determinize(state.data, seat, Rng(seat))
        assert not g.problems(world)
        assert g.view(world, seat)["seats"] == g.view(state.data, seat)["seats"]


def test_tournament_with_evaluate():
    """A tournament like the other games': ``evaluate`` rotates the entrants over the seats."""
    from illumi_widgets.bots import evaluate

    ev = evaluate([("search", {"iterations": 6}), "random"], games=2, game="primordial", seed=1)
    assert ev["games"] == 2 and not ev["unfinished"]
    assert abs(sum(ev["wins"].values()) - 2) < 1e-9
