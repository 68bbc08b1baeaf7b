"""The fast path of legal-action generation (issue 2, speed) agrees with the rules' single ``check``.

``PaxGame._turn_main_legal`` lists a turn's legal Main actions directly instead of checking every
candidate.  ``check`` stays the authority: these tests replay random games and, at every turn decision,
compare the fast list with the candidates that pass ``check`` (same actions, same order), and probe a wide
set of Main actions (every card, acting card and count) to show that nothing ``check`` allows is missing.
"""

from __future__ import annotations

from collections import Counter

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.pax.rules import AREO


def _wide_main_actions(g, d, s):
    """Every Main action of the six kinds on every card, with every acting card and count."""
    A = g.act
    out = []
    acting = list(range(g.n)) + [AREO]
    for t in range(g.n):
        out += [A(s, "scout", t, a) for a in acting]
        out += [A(s, "expel", t, a, False) for a in acting]
        out += [A(s, "influence", t, k, False) for k in (1, 2, 3)]
        out += [A(s, "oust", t, r, k, a) for r in range(d.seats) if r != s for k in (1, 2, 3) for a in acting]
        out.append(A(s, "extort", t))
    out.append(A(s, "extort", AREO))
    out += [A(s, "organize", f, None) for f in range(6)]
    return out


def _walk(players, seeds, prefer=()):
    g = load_game("pax", players=players)
    for seed in seeds:
        state, rng = g.new_state(seed=seed), Rng(seed + 100 * players)
        while not state.is_terminal():
            yield g, state
            state.apply(random_action(state, rng, prefer=prefer))


_FAST_CONDITIONS = ("electors_decree", "courtly_celebrations", "rosicrucian_advance", "rosicrucian_free",
                    "bs_adj", "FE", "FX")


def _conditions(g, d):
    """The Special Events and Buffs in effect that the fast path restates (see ``_turn_main_legal``)."""
    on = {k for k in ("electors_decree", "courtly_celebrations", "rosicrucian_advance") if g.event_on(d, k)}
    if "rosicrucian_advance" in on and d.main_left <= 0:
        on.add("rosicrucian_free")  # (no Main action left: only its free actions)
    on |= {b for b in ("FE", "FX") if b in d.buffs}
    if d.bs_adj:
        on.add("bs_adj")
    return on


def _assert_fast_equals_checked(g, state, dec):
    """The seat's listing with the fast paths equals the one where every candidate goes through ``check``,
    and both are the decision's options."""
    d, s = state.data, dec.seat
    g.fast_legal = False
    try:
        slow = g.legal(d, s)
    finally:
        g.fast_legal = True
    g._last_listing = None
    assert g.legal(d, s) == slow == list(dec.options), state.position()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_turn_listing_equals_checked_candidates(players):
    """At every turn decision of random games, the listing with the fast path equals the listing where
    every candidate goes through ``check`` — including turns under each Special Event and Buff the fast path
    restates (every one occurs, Rosicrucian Advance with no Main action left too); so do the pay, collect
    and redraw steps and the power steps (Swap, Scout and Influence on ANY card among them), which are
    listed without checking each candidate."""
    turns = events = 0
    seen = dict.fromkeys(_FAST_CONDITIONS, 0)
    powers = Counter()  # (power steps, by kind: those listed directly among them)
    listed = 0
    for g, state in _walk(players, range(6), prefer=("scheme", "faction", "event")):
        for dec in state.decisions():
            if dec.kind in ("pay", "collect", "redraw", "power"):  # listed without checking each candidate
                _assert_fast_equals_checked(g, state, dec)
                listed += 1
                powers[state.data.frames[-1]["kind"] if dec.kind == "power" else ""] += 1
            if dec.kind != "turn":
                continue
            d, s = state.data, dec.seat
            checked = [a for a in g._turn_main_candidates(d, s) if g.check(d, a) is None]
            turns += 1
            for k in _conditions(g, d):
                seen[k] += 1
            assert g._turn_main_legal(d, s) == checked, state.position()
            _assert_fast_equals_checked(g, state, dec)
            # Special Event actions are listed only when legal: every one that check allows is listed
            probe = [g.act(s, "event", e, x)
                     for e in d.special_active if e is not None for x in (None, *range(6))]
            probe += [g.act(s, "investigate", r, w) for r in range(d.seats) for w in ("hand", "plot")]
            allowed = {a for a in probe if g.check(d, a) is None}
            assert allowed == {a for a in dec.options if a.kind in ("event", "investigate")}, state.position()
            events += len(allowed)
    assert turns > 100 and listed > 50 and events > 20, (turns, listed, events)
    assert all(seen.values()), seen
    assert powers["SW"] and powers["BS"] and powers["BI"], powers


def test_fast_turn_listing_misses_nothing_check_allows():
    """Wide probe: every Main action on every card with every acting card and count that ``check`` allows
    is in the fast listing, and nothing else is (2 and 4 players)."""
    probes = 0
    for players in (2, 4):
        for g, state in _walk(players, range(2)):
            for dec in state.decisions():
                d, s = state.data, dec.seat
                if dec.kind != "turn" or state.version % 3:
                    continue
                fast = set(g._turn_main_legal(d, s))
                allowed = {a for a in _wide_main_actions(g, d, s) if g.check(d, a) is None}
                probes += 1
                assert fast == allowed, sorted(a.notation() for a in fast ^ allowed)
    assert probes > 50


@pytest.mark.parametrize("players", [2, 3, 4])
def test_plot_floor_never_hides_a_claimable_plot(new, editor, players):
    """``plot_min_influence``, ``plot_min_faction_cards``, ``plot_may_be_met`` and the Lodge look
    (``_lodge_plot_met``) are necessary conditions.  Random play almost never meets a Plot, so this builds
    60 dense random boards (every card face-up, 4-16 of each seat's Influence on random Locations, most
    Faction cards held by the seats controlling their Lodges): whenever a seat meets a Plot (every Plot of
    the game), those conditions hold; and every Claim Plot that ``check`` allows the seat to act is
    listed."""
    import random

    from illumi_widgets.games.pax import board as B

    rng = random.Random(players)
    met = claims = leaders = lodge_met = 0
    cheap = dict.fromkeys(("freemason_union", "influential_converts", "path_of_whispers", "shadow_alliance"),
                          0)  # (plots met, by the plots that have a cheap condition)
    for trial in range(60):
        state, g, _ = new(players=players, seed=trial, reveal=True)
        plot_ids = list(g.plots)
        rng.shuffle(plot_ids)
        with editor(state) as ed:
            slots = [[None] * g.nloc[cid] for cid in state.data.cards]
            for s in range(players):
                for _ in range(rng.randint(4, 16)):
                    c = rng.randrange(g.n)
                    if None in slots[c]:
                        slots[c][slots[c].index(None)] = s
            for c, row in enumerate(slots):
                ed.influence(g.geom.names[c], row)
            ed.plots(public=plot_ids[:2], private=plot_ids[2:2 + players])
        # Faction cards go to the seats controlling their largest Lodges (a card is lost at once otherwise)
        from illumi_widgets.games.pax.favor import FACTIONS

        owners = {f: g.claimant(state.data, f) for f in FACTIONS}
        with editor(state) as ed:
            for f, s in owners.items():
                if s is not None and rng.random() < 0.8:
                    ed.hold_faction(s, f)
        d = state.data
        for s in range(players):
            on_map = sum(t.count(s) for t in d.infl)
            held = sum(1 for h in d.faction_holder.values() if h == s)
            for p in g.plots.values():
                if g.plot_families(d, s, [p.id])[0]:
                    met += 1
                    assert on_map >= B.plot_min_influence(p.key, p.params), (p.key, on_map)
                    assert held >= B.plot_min_faction_cards(p.key, p.params), (p.key, held)
                    mine = [(c, g.lum[d.cards[c]] if d.up[c] else None, t)
                            for c, t in enumerate(d.infl) if s in t]
                    assert B.plot_may_be_met(p.key, p.params, g.geom, mine, s), p.key
                    assert g._lodge_plot_met(d, s, p.id), p.key
                    lodge_met += p.key in B.LODGE_PLOTS
                    if p.key in cheap:
                        cheap[p.key] += 1
                    leaders += p.key == "faction_leader"
        legal = state.legal_actions(0)
        for p in g.plots:
            a = g.act(0, "claimplot", p)
            if g.check(d, a) is None:
                claims += 1
                assert a in legal, a.notation()
    assert met > 60 and claims > 5 and leaders > 5 and lodge_met > 5, (met, claims, leaders, lodge_met)
    assert cheap["shadow_alliance"] and cheap["freemason_union"], cheap


def test_cheap_plot_conditions_hold_whenever_the_plot_is_met(new, editor):
    """``board.plot_may_be_met`` never rules out a Plot the seat meets: on 80 saturated random boards (Blue
    has Influence on 18 cards, the others on some) each of the Plots with a cheap condition is met
    at least once, and the condition holds every time; on the same boards it also rules Plots out for the
    other seats (it is not trivially true)."""
    import random

    from illumi_widgets.games.pax import board as B

    rng = random.Random(7)
    met = dict.fromkeys(("freemason_union", "influential_converts", "path_of_whispers", "shadow_alliance",
                         "coaxing_of_crowns", "rosicrucian_foil", "inner_circle", "consort_of_peers"), 0)
    ruled_out = 0
    for trial in range(80):
        players = 2 + trial % 3
        state, g, _ = new(players=players, seed=100 + trial, reveal=True)
        blue = set(rng.sample(range(g.n), min(g.n, 18)))  # (20 Influence each, at most)
        left = {r: 12 for r in range(1, players)}
        with editor(state) as ed:
            for c, cid in enumerate(state.data.cards):
                row = [0] if c in blue else []
                while len(row) < g.nloc[cid]:
                    r = rng.choice([None, *range(1, players)])
                    if r is not None and left[r]:
                        left[r] -= 1
                    else:
                        r = None
                    row.append(r)
                ed.influence(g.geom.names[c], row)
        d = state.data
        for s in range(players):
            mine = [(c, g.lum[d.cards[c]] if d.up[c] else None, t) for c, t in enumerate(d.infl) if s in t]
            for p in g.plots.values():
                if p.key not in met:
                    continue
                cheap = B.plot_may_be_met(p.key, p.params, g.geom, mine, s)
                ruled_out += not cheap
                if g.plot_families(d, s, [p.id])[0]:
                    met[p.key] += 1
                    assert cheap, (p.key, s, state.position())
    assert all(met.values()) and ruled_out > 20, (met, ruled_out)
