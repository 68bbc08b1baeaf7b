"""Counted forms of the Illuminati hot path (issue 35) equal the forms they replace.

* A gift of money is refused when it would throw the game (p.8, ``DealsMixin._throws``).  The fast listing
  counts each party's money goal from its structure's total instead of building the position after the
  gift (``ListingMixin._gift_throws``); the tests compare the two for every sum a seat could give, at
  positions of random games whose money is moved near the 150 MB of the money goal (where the answer
  changes with the sum).
* The roll an attack needs (``attack_need``, worded in every prompt of an attack) is counted without the
  words of its terms: it is the sum of the worded terms (``attack_terms``) at every attack of random
  games, and the terms' values are the same with and without words."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.illuminati.model import clone


def _context(g, d, seat):
    return g._listing_context(d, d["frames"][-1], seat)


def _compare(g, d, seat, counts) -> None:
    ctx = _context(g, d, seat)
    for other in range(d["n"]):
        if other == seat or not d["alive"][other]:
            continue
        for n in range(1, 40):
            slow = g._throws(d, [(seat, other, [], n)]) is not None
            assert g._gift_throws(d, seat, other, n, ctx) == slow, (seat, other, n)
            counts[slow] += 1


@pytest.mark.parametrize("players, options", [(3, {}), (4, {}), (4, {"illuminati": (
    "gnomes-of-zurich", "bavarian-illuminati", "network", "servants-of-cthulhu")})])
def test_counted_gift_judgement_equals_throws(players, options):
    """Along random games, with the acting seat's and each rival's money moved to just below, at and above
    the money goal, every gift of 1 to 39 MB is judged as ``_throws`` judges it; both answers occur."""
    g = load_game("illuminati", players=players, **options)
    counts = {True: 0, False: 0}
    for seed in range(2):
        state, rng = g.new_state(seed=seed), Rng(seed + 11)
        for step in range(120):
            if state.is_terminal():
                break
            if step % 6 == 0 and state.data["frames"] and state.data["frames"][-1]["t"] != "deal":
                seat = state.to_act()[0]
                if seat >= 0 and state.data["alive"][seat]:
                    for shift in (-20, -5, 0, 5):
                        d = clone(state.data)
                        for s in range(d["n"]):
                            ill = d["illum"][s]
                            if ill in d["money"]:
                                total = g.structure_total(d, s)
                                d["money"][ill] = max(0, d["money"][ill] + 150 + shift - total)
                        _compare(g, d, seat, counts)
            state.apply(random_action(state, rng))
    assert counts[True] and counts[False], counts


@pytest.mark.parametrize("players, options", [(4, {}), (4, {"hidden_illuminati": True})])
def test_attack_need_is_the_sum_of_the_worded_terms(players, options):
    g = load_game("illuminati", players=players, **options)
    attacks = 0
    for seed in range(3):
        state, rng = g.new_state(seed=seed), Rng(seed + 5)
        while not state.is_terminal() and attacks < 40 * (seed + 1):
            d = state.data
            f = d["frames"][-1] if d["frames"] else None
            if f is not None and f["t"] == "attack":
                worded = g.attack_terms(d, f)
                assert all(isinstance(label, str) and label for label, _v in worded)
                assert [v for _label, v in g.attack_terms(d, f, False)] == [v for _label, v in worded]
                assert g.attack_need(d, f) == sum(v for _label, v in worded)
                attacks += 1
            state.apply(random_action(state, rng, prefer=("attack",)))
    assert attacks > 50, attacks
