"""The fast listing of legal actions (``illuminati/listing.py``, issue 35) equals the fully checked one.

``IlluminatiGame.legal`` judges the frequent candidate kinds (attacks, gifts, deal openings, assisting and
interfering) by the conditions their generation does not guarantee, and calls each other candidate's own
check directly.  ``check`` stays the authority: these tests replay random games (with the advanced rules too)
and, at every decision, compare the fast listing with the candidates that pass ``check`` (same actions,
same order) and with the decision's options.
"""

from __future__ import annotations

from collections import Counter

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action

DIRECT = ("attack", "gift", "negotiate", "assist", "interfere")


def _compare_along_random_games(g, seeds, listed: Counter, refused: Counter, prefer=()) -> int:
    steps = 0
    for seed in seeds:
        state, rng = g.new_state(seed=seed), Rng(seed + 7)
        while not state.is_terminal():
            d = state.data
            for dec in state.decisions():
                if dec.options is None or dec.seat < 0:
                    continue
                slow = [a for a in g.candidates(d, dec.seat) if g.check(d, a) is None]
                fast = g.legal(d, dec.seat)
                assert fast == slow == list(dec.options), (dec.kind, state.position())
                kinds = Counter(a.kind for a in g.candidates(d, dec.seat) if a.kind in DIRECT)
                listed.update(a.kind for a in fast if a.kind in DIRECT)
                refused.update(kinds - Counter(a.kind for a in fast if a.kind in DIRECT))
                steps += 1
            state.apply(random_action(state, rng, prefer=prefer))
    return steps


@pytest.mark.parametrize("players, options, prefer", [
    (2, {}, ()), (3, {}, ()), (4, {}, ()),
    (4, {"hidden_illuminati": True, "hidden_goals": True}, ()),
    (3, {"very_long_game": True, "goal_groups": 8}, ()),
    (4, {}, ("privilege", "attack", "gift")),  # privileged attacks: no gifts, deals or outside help
])
def test_fast_listing_equals_checked_candidates(players, options, prefer):
    """At every decision of random games the fast listing is the checked candidates, in order; each direct
    kind is both listed and refused along the way (the shortcuts are exercised, not skipped)."""
    g = load_game("illuminati", players=players, **options)
    listed, refused = Counter(), Counter()
    steps = _compare_along_random_games(g, range(3), listed, refused, prefer)
    assert steps > 200, steps
    assert listed["attack"] and refused["attack"] and listed["gift"] and refused["gift"], (listed, refused)
    if players > 2:
        assert listed["assist"] and listed["negotiate"] and refused["negotiate"], (listed, refused)


def test_reference_listing_is_the_checked_candidates():
    """``fast_legal = False`` gives the candidates that pass ``check`` (the reference the test above uses is
    the same whichever way the game lists)."""
    g = load_game("illuminati", players=3)
    state, rng = g.new_state(seed=5), Rng(5)
    for _ in range(60):
        if state.is_terminal():
            break
        seat = state.to_act()[0]
        g.fast_legal = False
        try:
            ref = g.legal(state.data, seat)
        finally:
            g.fast_legal = True
        assert ref == [a for a in g.candidates(state.data, seat) if g.check(state.data, a) is None]
        assert ref == g.legal(state.data, seat)
        state.apply(random_action(state, rng))
