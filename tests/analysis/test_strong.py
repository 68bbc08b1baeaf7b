"""``search-strong`` (issue 18): progressive widening bounds the children of a node by its visits; tree
reuse carries the playouts of the subtree reached by the public history into the next decision; the bot
stays blind (twin deals, same seed: same decision)."""

from __future__ import annotations

import math

from illumi_widgets.bots import SeatState, available, make_bot
from illumi_widgets.bots.base import decide
from illumi_widgets.bots.search import SearchBot
from illumi_widgets.engine import Rng, load_game
from illumi_widgets.engine.testing import random_action

from .twins import twin


def test_progressive_widening_bounds_the_children():
    g = load_game("illuminati", players=3)
    st = g.new_state(seed=6)
    rng = Rng(4)
    while True:  # a position with many options
        seat = next(s for s in st.to_act() if s >= 0)
        if len(st.legal_actions(seat)) >= 25:
            break
        st.apply(random_action(st, rng))
    ss = SeatState(st, seat)
    wide = SearchBot(seat, iterations=100, per_action=None, seed=1).search(ss, iterations=100)
    narrow = SearchBot(seat, iterations=100, per_action=None, widen=1.0, seed=1).search(ss, iterations=100)
    assert len(wide.children) >= 25
    assert len(narrow.children) <= math.ceil(math.sqrt(100)) + 1
    assert narrow.n == wide.n == 100


def test_tree_reuse_carries_playouts_over():
    g = load_game("pax", players=2, bots={1: "weishaupt"})
    st = g.new_state(seed=2)
    bot = make_bot("search-strong", 0, iterations=120)
    carried = []
    while not st.is_terminal() and len(carried) < 15:
        seat = st.to_act()[0]
        if seat != 0:
            st.apply(st.legal_actions(seat)[0])  # the rulebook bot's single scripted step
            continue
        st.apply(decide(bot, st, 0))
        carried.append(bot.last_stats.get("reused", 0))
    assert sum(1 for c in carried if c > 0) >= len(carried) // 2  # most decisions start from a kept subtree


def test_strong_search_is_registered_and_blind():
    assert "search-strong" in available("pax") and "search-strong" in available("gray-eminence")
    g = load_game("pax", players=3)
    st = g.new_state(seed=9)
    rng = Rng(2)
    for _ in range(15):
        st.apply(random_action(st, rng))
    seat = st.to_act()[0]
    other = twin(st, seat, Rng(5))
    assert other is not None
    acts = [make_bot("search-strong", seat, iterations=80, seed=3).choose(SeatState(s, seat))
            for s in (st, other)]
    assert acts[0] == acts[1]


def test_lookahead_two_plays_through_the_rulebook_bots_turn_after_next():
    # lookahead=k: a playout winds down until k rulebook-bot turns were played in the iteration, so with
    # k=2 the same world ends one round later than with k=1 (the person ends its turns soonest between)
    from illumi_widgets.bots.search import _QuietLog

    g = load_game("pax", players=2, bots={1: "st-germain"})
    st = g.new_state(seed=4)
    while st.to_act() != [0] or len(st.legal_actions(0)) < 2:
        seat = st.to_act()[0]
        st.apply(st.legal_actions(seat)[0] if seat == 1 else random_action(st, Rng(len(st.history))))
    ss = SeatState(st, 0)
    rounds = {}
    for k in (1, 2):
        bot = SearchBot(0, depth=0, lookahead=k, seed=1)
        bot._setup(g)
        world = ss.sample_world(Rng(7))
        start = world.data.round
        bot._playout(g, world.data, world.rng, 0, _QuietLog([], 0))
        rounds[k] = world.data.round - start
        assert world.data.result is None or k == 2
    assert rounds[2] == rounds[1] + 1
