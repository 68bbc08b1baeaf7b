"""The shared bots play Illuminati through the generic interface."""

from __future__ import annotations

from illumi_widgets import load_game
from illumi_widgets.bots.base import run_bots
from illumi_widgets.bots.registry import available, make_bot

from ..world_checks import seat_view_worlds


def test_random_and_search_bots_play():
    assert set(available("illuminati")) >= {"random", "search"}
    g = load_game("illuminati", players=3)
    state = g.new_state(seed=4)
    bots = {0: make_bot("search", 0, iterations=20, seed=1), 1: make_bot("random", 1, seed=2),
            2: make_bot("random", 2, seed=3)}
    done = run_bots(state, bots, max_steps=60)
    assert len(done) == 60 or state.is_terminal()
    assert not g.problems(state.data)


def test_determinize_keeps_the_seat_view():
    g = load_game("illuminati", players=4)
    state = g.new_state(seed=9)
    for _ in range(80):
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[0])
    seat_view_worlds(state, 0, 5)


def test_bots_play_with_hidden_illuminati_deals_and_window_specials():
    g = load_game("illuminati", players=3, hidden_illuminati=True)
    state = g.new_state(seed=6)
    bots = {0: make_bot("search", 0, iterations=12, seed=1), 1: make_bot("random", 1, seed=2),
            2: make_bot("random", 2, seed=3)}
    done = run_bots(state, bots, max_steps=80)
    assert len(done) == 80 or state.is_terminal()
    assert not g.problems(state.data)
    kinds = {a.kind for a in state.history}
    assert kinds & {"negotiate", "accuse", "offer", "request"}  # the new actions are in the bots' mix
