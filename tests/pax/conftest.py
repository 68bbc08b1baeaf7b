"""Shared fixtures for the Pax rule tests: fresh games and cards chosen by their printed facts.

Card facts are reconstructed data (see games/pax/data/README.md), so tests never hard-code
a card id: they ask for "a rank II card with Artists and Scholars" and the data answers.
"""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.games.pax.setup import PaxEditor


class Cards:
    def __init__(self, game):
        self.g = game

    def find(self, *, rank=None, has=(), exact=None, affiliation="any", min_locs=0, strength=None,
             exclude=(), n=1):
        out = []
        for cid, c in self.g.lum.items():
            if cid in exclude:
                continue
            if rank is not None and c.rank != rank:
                continue
            if exact is not None and set(c.factions) != set(exact):
                continue
            if any(f not in c.factions for f in has):
                continue
            if affiliation != "any" and c.affiliation != affiliation:
                continue
            if len(c.locations) < min_locs:
                continue
            if strength is not None and c.strength != strength:
                continue
            out.append(cid)
        assert len(out) >= n, f"the card data has no {n} card(s) with rank={rank} has={has} exact={exact}"
        return out[0] if n == 1 else out[:n]


@pytest.fixture
def new():
    """new(players=2, seed=1) -> (state, game, cards): no Influence, no Favor, map face-down, Blue to act."""

    def make(players=2, seed=1, reveal=False):
        g = load_game("pax", players=players)
        state = g.new_state(seed=seed)
        with PaxEditor(state) as ed:
            ed.clear_influence()
            if reveal:
                ed.reveal_all()
            for s in range(players):
                ed.favor(s)
            ed.start_turn(0)
        return state, g, Cards(g)

    return make


def edit(state):
    return PaxEditor(state)


@pytest.fixture
def editor():
    return edit


def names(g, cells):
    return [g.geom.names[c] for c in cells]
