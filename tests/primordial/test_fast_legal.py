"""The listing of legal actions without a check per candidate (``PrimordialGame.legal``, issue 35) equals
the fully checked one.

``legal`` lists the candidates as they are built (plots, Intent resets, recruits, choices, the order of
effects); ``check`` stays the authority: at every decision of random games, the listing equals the
candidates that pass ``check`` (same actions, same order) and the decision's options.
"""

from __future__ import annotations

from collections import Counter

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action


@pytest.mark.parametrize("players", [2, 3, 4])
def test_listing_equals_checked_candidates(players):
    """Each listing is the checked candidates; the decision kinds occur (plot, reset, recruit, the order of
    effects, the choices)."""
    g = load_game("primordial", players=players)
    kinds = Counter()
    for seed in range(3):
        state, rng = g.new_state(seed=seed), Rng(seed + 11)
        while not state.is_terminal():
            d = state.data
            for dec in state.decisions():
                if dec.seat < 0:
                    continue
                g.fast_legal = False
                try:
                    checked = g.legal(d, dec.seat)
                finally:
                    g.fast_legal = True
                assert checked == [a for a in g.candidates(d, dec.seat) if g.check(d, a) is None]
                assert g.legal(d, dec.seat) == checked == list(dec.options), (dec.kind, state.position())
                kinds[dec.kind] += 1
            state.apply(random_action(state, rng))
    assert {"plot", "recruit", "choose"} <= set(kinds), kinds
    if players < 4:  # (the order of simultaneous effects: rare, not met in these 4-player games)
        assert kinds["order"], kinds
    if players == 2:
        assert kinds["reset"] and (kinds["sacrifice"] or kinds["steal"] or kinds["choose"]), kinds
