"""Pax determinization (games/pax/determinize.py): a re-deal of everything a seat cannot see.

For random positions of 2, 3 and 4 players (random play, every frame kind: mid-payment, mid-Oust with a sealed
commit, an Event being chosen, ...) and every perspective: the seat's view is unchanged, the position stays
consistent, the seat's legal actions are unchanged, the original is untouched — and hidden cards really move.
"""

from __future__ import annotations

from collections import Counter

import pytest

from illumi_widgets.engine import OMNISCIENT, Rng, load_game
from illumi_widgets.engine.testing import random_action


def positions(players: int, games: int, seed: int):
    """Every position of ``games`` random games (the state is yielded before each action)."""
    g = load_game("pax", players=players)
    rng = Rng(seed)
    for i in range(games):
        state = g.new_state(seed=seed * 100 + i)
        while not state.is_terminal():
            yield state
            state.apply(random_action(state, rng, prefer=("claimplot",)))


def _view(g, d, seat):
    return g.view(d, seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_redeal_keeps_every_view_and_is_consistent(players):
    g = load_game("pax", players=players)
    rng = Rng(players)
    frames = Counter()
    n = 0
    for state in positions(players, games=2, seed=players):
        d = state.data
        frames[d.frames[-1]["t"]] += 1
        before = g.encode(d)
        acting = {dec.seat for dec in state.decisions()}
        for seat in [*range(players), None]:
            new = g.determinize(d, seat, rng)
            assert new is not d
            assert g.problems(new) == [], (seat, d.frames[-1])
            assert _view(g, new, seat) == _view(g, d, seat), (seat, d.frames[-1])
            if seat in acting:
                assert [a.notation() for a in g.legal(new, seat)] == state.legal_actions(seat).notations()
            n += 1
        assert g.encode(d) == before, "determinize changed the original position"
    assert n > 500
    assert {"turn", "pay", "place"} <= set(frames)


def test_omniscient_and_before_the_deal_copy_unchanged():
    g = load_game("pax", players=2)
    state = g.new_state(seed=3)
    same = g.determinize(state.data, OMNISCIENT, Rng(1))
    assert same is not state.data and g.encode(same) == g.encode(state.data)
    fresh = g.new_state(seed=3, auto_chance=False)  # the deal is still pending
    assert g.encode(g.determinize(fresh.data, 0, Rng(1))) == g.encode(fresh.data)


def test_hidden_cards_really_move():
    g = load_game("pax", players=3)
    state = g.new_state(seed=11)
    d = state.data
    rival_card = d.hands[1][0]
    places, plots, tops = Counter(), Counter(), Counter()
    for k in range(60):
        new = g.determinize(d, 0, Rng(k))
        assert new.hands[0] == d.hands[0]                      # own hand stays
        assert new.private_plot[0] == d.private_plot[0]        # own Plot stays
        if rival_card in new.deck:
            places["deck"] += 1
        elif any(rival_card in new.hands[s] for s in (1, 2)):
            places["hand"] += 1
        else:
            places["map"] += 1
        plots[new.private_plot[1]] += 1
        tops[new.event_deck[-1]] += 1
    assert len(places) == 3, places
    assert len(plots) > 3 and len(tops) > 3


def test_known_cards_stay_and_spectator_sees_nothing_private():
    g = load_game("pax", players=2)
    for state in positions(2, games=3, seed=5):
        d = state.data
        if any(d.known[s] for s in range(2)):
            break
    else:
        pytest.skip("no card was taken from the Court in these games")
    s = next(s for s in range(2) if d.known[s])
    for k in range(10):
        new = g.determinize(d, None, Rng(k))
        assert all(c in new.hands[s] for c in d.known[s] if c in d.hands[s])
        assert [len(h) for h in new.hands] == [len(h) for h in d.hands]


def test_a_rivals_sealed_oust_commit_is_redealt_with_the_hand():
    """Mid-Oust: the rival has committed a card, the observer has not.  The commit stays sealed, in the
    rival's re-dealt hand, and is not always the same card."""
    g = load_game("pax", players=2)
    found = None
    for state in positions(2, games=12, seed=7):
        f = state.data.frames[-1]
        if f["t"] == "reveal" and len(f["commits"]) == 1:
            found = state
            break
    if found is None:
        pytest.skip("no half-committed Oust reveal in these random games")
    d = found.data
    f = d.frames[-1]
    (committed,) = f["commits"]
    rival = int(committed)
    observer = f["att"] if rival == f["def"] else f["def"]
    seen = set()
    for k in range(40):
        new = g.determinize(d, observer, Rng(k))
        c = new.frames[-1]["commits"][committed]
        assert c is None or c in new.hands[rival]
        assert g.view(new, observer) == g.view(d, observer)
        seen.add(c)
    if len([c for c in d.hands[rival] if c not in d.known[rival]]) > 1:
        assert len(seen) > 1
    # the rival's own perspective keeps its own commit
    assert g.determinize(d, rival, Rng(1)).frames[-1]["commits"][committed] == f["commits"][committed]
