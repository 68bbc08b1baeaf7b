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


def test_a_lodge_a_claimed_lodge_plot_uses_does_not_count_for_another():
    """The lodge-once rule (EN L652: a Lodge serves one lodge-based Plot of a player): once a seat has claimed
    a lodge Plot met by one Lodge only, that Lodge no longer makes a second lodge Plot look met (the search
    once took such a Plot for met and waited for it for rounds).  Blue has 1 Influence on each card of a
    Lodge of five Nobility cards that spans the centre row: Factional Pact and Line of Exchange both met."""
    from illumi_widgets.games.pax.setup import PaxEditor

    g = load_game("pax", players=2)
    st = g.new_state(seed=1)
    while not st.data.cards:
        st.resolve_chance()
    nob = [cid for cid, card in g.lum.items() if "NOB" in card.factions and card.rank in ("I", "II", "III")]
    others = [cid for cid, card in g.lum.items() if "NOB" not in card.factions]
    with PaxEditor(st) as ed:
        ed.clear_influence()
        rest = [n for n in g.geom.names if n not in ("A3", "B3", "C3", "D3", "B2")]
        for cell, cid in zip(rest, others, strict=False):
            ed.put(cell, cid)
        for cell, cid in zip(("A3", "B3", "C3", "D3", "B2"), nob, strict=False):
            ed.put(cell, cid)
            ed.influence(cell, [0])
        ed.reveal_all()
        ed.plots(public=["Factional Pact", "Line of Exchange", "Dispersed Contacts"],
                 private=["Faction Leader", "Shadow Alliance"])
    d = st.data
    pact, line = (next(p for p, plot in g.plots.items() if plot.key == k)
                  for k in ("factional_pact", "line_of_exchange"))
    held = sum(1 for h in d.faction_holder.values() if h == 0)
    ctx = B.PlotContext(g.geom, g.faces(d), d.infl, 0, d.seats, held)
    for p in (pact, line):  # both met, by the one Lodge
        assert len({w.lodge for w in B.plot_witnesses(g.plots[p].key, g.plots[p].params, ctx)}) == 1
    assert E.plots_progress(g, d, 0)[:2] == [1.0, 1.0]
    d.claims[0] = {pact: True}
    assert E.plots_progress(g, d, 0)[0] < 1.0  # Line of Exchange: not through the Factional Pact's Lodge
    assert E.race_progress(g, d, 0) < 1.8
