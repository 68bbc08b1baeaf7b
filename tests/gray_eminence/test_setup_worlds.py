"""A search bot's worlds while the seats choose their Secret Objectives (round 0) hide the rivals' deal.

Rulebook "Game Setup", step 6: every seat is dealt three Secret Objectives at once and keeps two, and a seat
sees only its own three (its view's ``dealt``).  A world sampled for a seat (``SeatState.sample_world`` ->
``determinize``) must deal the rivals' three again, from the cards the seat has not seen (the Secret
Objective deck and the rivals' dealt cards): found by a colleague, the worlds of round 0 before anyone had
kept two only shuffled the decks and left every rival with its TRUE dealt objectives, so a bot choosing
which two to keep planned with cards it cannot know.

Twins (``tests/analysis/twins.py``): the real position with a rival's dealt objective swapped with one in
the deck, which the seat cannot tell apart (same view); the same seed must give the same world.
"""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.bots import SeatState
from illumi_widgets.engine import Rng

from ..analysis.twins import omniscient, seen
from ..world_checks import seat_view_worlds

WORLDS = 40


def _setup_keep(players=3, seed=4):
    """The position just after the deal of step 6: every seat holds a ``keep`` frame, nobody has kept."""
    g = load_game("gray-eminence", players=players)
    state = g.new_state(seed=seed)
    while state.data["frames"][-1]["t"] != "keep":
        seat = state.to_act()[0]
        state.apply(state.legal_actions(seat)[0])
    d = state.data
    assert d["round"] == 0 and not any(d["secret"])
    assert sorted(f["seat"] for f in d["frames"] if f["t"] == "keep") == list(range(players))
    return state


def _dealt(d) -> dict:
    return {f["seat"]: list(f["cards"]) for f in d["frames"] if f["t"] == "keep"}


def _twin(state, seat):
    """The real position with one rival's first dealt objective swapped with the top of the deck."""
    other = state.clone()
    d = other.data
    rival = next(f for f in d["frames"] if f["t"] == "keep" and f["seat"] != seat)
    deck = d["decks"]["secret"]
    rival["cards"][0], deck[-1] = deck[-1], rival["cards"][0]
    other.version += 1
    assert seen(other, seat) == seen(state, seat)  # the seat cannot tell the two apart
    assert omniscient(other) != omniscient(state)  # the rival's deal really differs
    return other


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_round_0_worlds_deal_the_rivals_objectives_again(seat):
    state = _setup_keep()
    real = _dealt(state.data)
    mine = real[seat]
    unseen = set(state.data["decks"]["secret"]) | {x for s, c in real.items() if s != seat for x in c}
    rival_deals = set()
    for world in seat_view_worlds(state, seat, WORLDS):
        got = _dealt(world.data)
        assert got[seat] == mine  # its own three stay
        assert sorted(len(c) for c in got.values()) == sorted(len(c) for c in real.values())
        for s, cards in got.items():
            if s != seat:
                assert set(cards) <= unseen and not set(cards) & set(mine)
                rival_deals.add((s, tuple(cards)))
    for s in real:
        if s != seat:
            deals = {c for r, c in rival_deals if r == s}
            assert len(deals) > WORLDS // 2, f"seat {s}'s dealt objectives are not dealt again: {deals}"
            assert tuple(real[s]) not in deals or len(deals) > 1


@pytest.mark.parametrize("seat", [0, 2])
def test_round_0_world_is_the_same_for_twin_deals(seat):
    state = _setup_keep()
    other = _twin(state, seat)
    a, b = SeatState(state, seat), SeatState(other, seat)
    for k in range(6):
        wa, wb = a.sample_world(Rng(k)), b.sample_world(Rng(k))
        assert omniscient(wa) == omniscient(wb), f"seat {seat}'s world {k} depends on the rivals' true deal"
        assert wa.rng.state == wb.rng.state


def test_round_0_search_bot_chooses_the_same_for_twin_deals():
    from illumi_widgets.bots import SearchBot

    state = _setup_keep()
    seat = state.to_act()[0]
    other = _twin(state, seat)
    bots = [SearchBot(seat, iterations=30, seed=3) for _ in range(2)]
    acts = [bot.choose(SeatState(s, seat)) for bot, s in zip(bots, (state, other), strict=True)]
    assert acts[0] == acts[1]
    assert bots[0].last_stats["visits"] == bots[1].last_stats["visits"]
