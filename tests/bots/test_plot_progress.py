"""Pax evaluation: progress towards each Plot (issue 18).  The search's evaluation rewards a seat for Plots
half built, not only for Plots claimed; the measure must agree with the rules where they speak: a Plot whose
condition is met now (the rules' own predicate, ``board.plot_witnesses``) has progress 1, and every progress
is in ``[0, 1]``."""

from __future__ import annotations

import pytest

from illumi_widgets.engine import Rng, load_game
from illumi_widgets.games.pax import board as B
from illumi_widgets.games.pax import evaluation as E


def _positions(players: int, seed: int, count: int = 150):
    """Dealt tables with every map card face up and each Location holding a random seat's Influence (or
    none): crowded maps, where most Plots are met for some seat."""
    g = load_game("pax", players=players)
    rng = Rng(seed)
    st = g.new_state(seed=seed)
    while not st.data.cards:
        st.resolve_chance()
    for _ in range(count):
        d = g.copy(st.data)
        d.up = [True] * g.n
        fill = 2 + rng.below(8)  # out of 10: how crowded
        d.infl = [tuple(rng.below(players) if rng.below(10) < fill else None for _ in slots)
                  for slots in d.infl]
        yield g, d


@pytest.mark.parametrize("players", [2, 3])
def test_a_met_plot_has_progress_one_and_every_progress_is_in_range(players):
    met_seen = 0
    for g, d in _positions(players, seed=players):
        for s in range(d.seats):
            held = sum(1 for h in d.faction_holder.values() if h == s)
            ctx = B.PlotContext(g.geom, g.faces(d), d.infl, s, d.seats, held)
            for pid, plot in g.plots.items():
                v = E.plot_progress(g, d, s, pid, ctx)
                assert 0.0 <= v <= 1.0, (plot.key, v)
                if B.plot_witnesses(plot.key, plot.params, ctx):
                    met_seen += 1
                    assert v == pytest.approx(1.0), (plot.key, v)
    assert met_seen >= 50  # crowded maps meet many plots: the check above ran


def test_more_influence_towards_a_plot_scores_higher():
    # Inner Circle (EN Plot Aid: Influence on a 2x2 block of interior cards): Influence on 3 of a block's
    # cards is nearer than on 1
    g = load_game("pax", players=2)
    d = g.new_state(seed=1).data
    pid = next(p for p, plot in g.plots.items() if plot.key == "inner_circle")
    block = g.geom.blocks_2x2[0]
    d.up = [True] * g.n

    def put(c):
        d.infl[c] = (0,) + tuple(d.infl[c][1:])

    before = E.plot_progress(g, d, 0, pid)
    put(block[0])
    one = E.plot_progress(g, d, 0, pid)
    for c in block[1:3]:
        put(c)
    three = E.plot_progress(g, d, 0, pid)
    assert before == 0.0 and one == 0.25 and three == 0.75
