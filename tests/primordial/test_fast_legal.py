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


def test_the_sealed_listing_reads_as_the_list_built_at_once():
    """The plots' listing builds an action only when it is read (listing.py): whatever is asked of it
    (length, an item, a lookup, ``in`` by notation, iteration, a copy), it answers as the plain list of the
    same actions, and the same object every time."""
    import copy
    import pickle

    from illumi_widgets.engine.action import Action, ActionList
    from illumi_widgets.games.primordial.listing import SealedListing

    g = load_game("primordial", players=3)
    state = g.new_state(seed=4)
    dec = state.decisions()[0]
    lazy = dec.options
    assert dec.kind == "plot" and isinstance(lazy, SealedListing)
    eager = [a for a in g.candidates(state.data, dec.seat) if g.check(state.data, a) is None]
    assert len(lazy) == len(eager) > 20 and bool(lazy)
    picked = lazy[7]
    assert picked == eager[7] and lazy[7] is picked and lazy[7 - len(lazy)] is picked
    with pytest.raises(IndexError):
        lazy[len(lazy)]
    twin = Action(picked.seat, picked.kind, picked.args)  # equal, not the listing's object
    assert lazy.get(twin) is picked and twin in lazy and picked.notation() in lazy
    assert lazy.lists(picked) and lazy.lists(lazy[8]) and not lazy.lists(twin)
    other_seat = Action((picked.seat + 1) % 3, picked.kind, picked.args)
    assert lazy.get(other_seat) is None and lazy.get(Action(picked.seat, "plot", ([], "x"))) is None
    assert lazy.get("plot") is None and lazy.find(picked.notation()) is picked
    assert list(lazy) == eager and list(lazy)[7] is picked and lazy[2:4] == tuple(eager[2:4])
    for twin_list in (copy.copy(lazy), pickle.loads(pickle.dumps(lazy))):
        assert type(twin_list) is ActionList and list(twin_list) == eager
    state.apply(picked)
    assert picked in state.history
