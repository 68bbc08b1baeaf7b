"""Shortcuts of Primordial Secrets' hot path (issue 35) give what the plain forms give.

* ``can_recruit`` (does the recruit step ask at all?) answers as ``bool(recruit_options(d))`` at every
  step of random games;
* ``Rng.shuffle`` (the draws written out, for every deck's shuffle) orders a list exactly as the shuffle
  built on ``below`` does, and leaves the generator in the same state;
* the engine's shortcut for a sealed decision's own listed action (``State._resolve``) accepts what the
  full resolution accepts and nothing else: an action of a seat that has already plotted is refused.
"""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.errors import IllegalAction
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action


@pytest.mark.parametrize("players", [2, 4])
def test_can_recruit_is_whether_recruit_options_lists_any(players):
    g = load_game("primordial", players=players)
    answers = set()
    for seed in range(2):
        state, rng = g.new_state(seed=seed), Rng(seed + 3)
        while not state.is_terminal():
            d = state.data
            if d["turn"] is not None:
                answers.add(g.can_recruit(d))
                assert g.can_recruit(d) == bool(g.recruit_options(d)), state.position()
            state.apply(random_action(state, rng))
    assert answers == {True, False}


class _PlainRng(Rng):
    """The shuffle built on ``below`` (a subclass: ``Rng.shuffle`` calls its ``below`` for each draw)."""

    __slots__ = ()


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**63 + 5])
def test_written_out_shuffle_is_the_shuffle_built_on_below(seed):
    for n in (0, 1, 2, 3, 7, 30, 61):
        fast, plain = Rng(seed + n), _PlainRng(seed + n)
        assert fast.shuffle(list(range(n))) == plain.shuffle(list(range(n)))
        assert fast.state == plain.state
        assert fast.below(1000) == plain.below(1000)


def test_sealed_shortcut_accepts_the_listed_action_only_while_it_is_pending():
    g = load_game("primordial", players=3)
    state = g.new_state(seed=4)
    while state.data["frames"][-1]["t"] != "plot":
        state.apply(random_action(state, Rng(1)))
    seats = state.to_act()
    assert len(seats) == 3
    first = state.legal_actions(seats[0])[0]
    second = state.legal_actions(seats[1])[0]
    assert state.canonical(first) is first
    state.apply(first)
    assert state.canonical(second) is second  # (another seat's listed plot: still pending)
    with pytest.raises(IllegalAction):
        state.apply(first)  # (the same seat again: it has plotted)
