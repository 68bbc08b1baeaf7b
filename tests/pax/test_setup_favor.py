"""Setup (EN Setup steps 1-15) and the Favor rules (EN Key Concepts: Exchanging and Subverting Favor)."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.games.pax.favor import ABBR, FI, payments
from illumi_widgets.games.pax.model import AREO


@pytest.mark.parametrize("players,cells,pool,row", [(2, 20, 6, 3), (3, 25, 8, 4), (4, 25, 10, 5)])
def test_setup_steps_1_to_15(players, cells, pool, row):
    g = load_game("pax", players=players)
    d = g.new_state(seed=11).data
    assert len(d.cards) == cells and not any(d.up)                       # 2. map face-down
    assert all(c is not None for c in d.court) and d.chamberlain == 0    # 3-4. Court, Chamberlain leftmost
    assert all(len(h) == 4 for h in d.hands)                             # 7. four cards each
    assert len(d.deck) == 57 - cells - 5 - 4 * players                   # 1. the rest is the deck
    for s in range(players):                                             # 8-9. contact Favor: 1 of each
        held = sorted(x for x in range(6) for _ in range(d.favor[s][x]))
        assert held == sorted(g.contact_fac[d.contacts[s]])
    for x in range(6):                                                   # 5. pool 6/8/10 (minus contacts)
        assert d.pool[x] + sum(d.favor[s][x] for s in range(players)) == pool
    assert d.first == min(range(players), key=lambda s: d.contacts[s])  # 10. lowest contact starts
    assert len(d.faction_row) == row and len(d.boxed_factions) == 6 - row  # 12. 3/4/5 Faction cards
    assert len(d.public_plots) == 2 and all(d.private_plot)              # 13-14. plots
    assert len(d.plot_pile) == 13 - 2 - players
    assert len(d.event_deck) == 12 and len(d.boxed_events) == 3          # 15. event deck
    top6, bottom6 = d.event_deck[6:], d.event_deck[:6]
    for half in (top6, bottom6):
        assert sum(g.events[e].kind == "edict" for e in half) == 3
    assert all(g.events[e].kind == "special" for e in d.boxed_events)
    assert d.active == d.first and d.round == 1


def test_first_player_is_lowest_contact_over_many_deals():
    g = load_game("pax", players=4)
    for seed in range(20):
        d = g.new_state(seed=seed).data
        assert d.contacts[d.first] == min(d.contacts)


def test_first_round_skips_the_event_phase(new, editor):
    """EN Sequence of Play: 'Ignore this phase during the first round.'"""
    state, g, cards = new()
    d = state.data
    with editor(state) as ed:
        d.special_hand[0] = [g.special_ids[0]]
        d.event_deck.remove(g.special_ids[0]) if g.special_ids[0] in d.event_deck else d.boxed_events.remove(
            g.special_ids[0])
        ed.start_turn(0, round=1)
    assert state.decisions()[0].kind == "turn"  # no activation offered in round 1


def test_exchange_three_of_one_type_for_one_of_another():
    """EN 'Important! Exchanging Favor': 3 of a single type count as 1 of another type."""
    sch = FI["SCH"]
    nob = FI["NOB"]
    holding = [3, 0, 0, 0, 0, 0]
    assert payments(holding, [{sch}]) == [(3, 0, 0, 0, 0, 0)]
    assert payments([2, 0, 0, 0, 0, 0], [{sch}]) == []          # 2 are not enough
    # never 3 of the accepted type for itself: paying Nob with Nob costs 1
    assert payments([3, 0, 0, 0, 0, 0], [{nob}]) == [(1, 0, 0, 0, 0, 0)]
    # two icons, one paid directly and one by exchange
    assert (3, 0, 0, 0, 1, 0) in payments([3, 0, 0, 0, 1, 0], [{sch}, {sch}])


def test_payments_equal_a_brute_force_enumeration():
    """``payments`` (a search with memo) lists exactly the token vectors found by trying every way to pay
    each slot — one accepted token, ``rate`` tokens of one other type (EN Exchanging Favor), or a wild
    (Artists) token — on 3,000 random holdings and costs; ``can_pay`` agrees."""
    import random
    from itertools import product

    from illumi_widgets.games.pax.favor import can_pay

    def brute(holdings, slots, rate, wild):
        out = set()
        ways = []
        for slot in slots:
            # (never an exchange of a type that pays the slot as it is: the accepted ones, and the wild one)
            opts = [(f, 1) for f in slot] + [(g, rate) for g in range(6) if g not in slot and g != wild]
            if wild is not None and wild not in slot:
                opts.append((wild, 1))
            ways.append(opts)
        for combo in product(*ways):
            spent = [0] * 6
            for f, k in combo:
                spent[f] += k
            if all(spent[f] <= holdings[f] for f in range(6)):
                out.add(tuple(spent))
        return out

    rng = random.Random(11)
    payable = 0
    for _ in range(3000):
        holdings = [rng.randint(0, 5) for _ in range(6)]
        slots = [frozenset(rng.sample(range(6), rng.choice([1, 1, 1, 2, 3, 6])))
                 for _ in range(rng.randint(0, 4))]
        if slots and rng.random() < 0.4:  # n Favor matching one card: n copies of one slot
            slots = [slots[0]] * len(slots)
        rate, wild = rng.choice([2, 3]), rng.choice([None, FI["ART"]])
        got = payments(holdings, slots, rate, wild=wild)
        if len(got) == 400:  # the cap on how many are listed (real costs never come near it)
            assert len(brute(holdings, slots, rate, wild)) >= 400
            continue
        assert set(got) == brute(holdings, slots, rate, wild) and len(got) == len(set(got))
        assert can_pay(holdings, slots, rate, wild) == bool(got)
        payable += bool(got)
    assert 500 < payable < 3000
    # wild (Artists) tokens pay slots one for one and are never exchanged, so 3 of them pay 3 slots, not 4
    nob, art = FI["NOB"], FI["ART"]
    assert can_pay([0, 0, 0, 3, 0, 0], [frozenset((nob,))] * 3, 3, art)
    assert not can_pay([0, 0, 0, 3, 0, 0], [frozenset((nob,))] * 4, 3, art)
    assert not payments([0, 0, 0, 3, 0, 0], [frozenset((nob,))] * 4, 3, wild=art)


def test_exchange_in_play_offers_every_distinct_payment(new, editor):
    """Scouting from the Areopagus costs 1 matching Favor; 3 of a non-matching type also pay (exchange)."""
    state, g, cards = new()
    t = g.geom.areopagus_cells[0][0]
    fac = g.contact_fac[state.data.contacts[0]]
    x, y = fac[0], next(f for f in range(6) if f not in fac)
    with editor(state) as ed:
        ed.favor(0, **{ABBR[x]: 1, ABBR[y]: 3})
        ed.put(g.geom.names[t], cards.find(rank="I"), up=False)
    state.apply(f"scout {g.geom.names[t]} from areopagus")
    exchange = f"pay {ABBR[y]} {ABBR[y]} {ABBR[y]}"
    assert sorted(state.legal_actions().notations()) == sorted([f"pay {ABBR[x]}", exchange])
    state.apply(f"pay {ABBR[y]} {ABBR[y]} {ABBR[y]}")
    assert state.data.favor[0][y] == 0 and state.data.favor[0][x] == 1


def test_subverting_favor_takes_from_a_player_of_your_choice(new, editor):
    """EN 'Important! Subverting Favor': an empty pool → take from the player(s) of your choice."""
    state, g, cards = new(players=3)
    d = state.data
    with editor(state) as ed:
        ed.favor(0)
        ed.favor(1, Sch=4)
        ed.favor(2, Sch=4)
        d.pool[FI["SCH"]] = 0
        d.favor[1][FI["SCH"]] = 4
        d.favor[2][FI["SCH"]] = 4
        # keep Favor conserved: the remaining Scholars lie with the rivals
        total = g.pool_size
        d.favor[1][FI["SCH"]] = total - 4
    areo = g.contact_fac[d.contacts[0]]
    if FI["SCH"] not in areo:
        pytest.skip("Blue's contact card has no Scholars in this deal")
    state.apply("extort areopagus")
    dec = state.decisions()[0]
    assert dec.kind == "subvert"
    assert set(dec.options.notations()) == {"subvert Red", "subvert Green"}
    state.apply("subvert Green")
    assert d.favor[2][FI["SCH"]] == 3 and d.favor[0][FI["SCH"]] == 1


def test_subverting_when_nobody_has_it_the_favor_is_lost(new, editor):
    state, g, cards = new()
    d = state.data
    fac = g.contact_fac[d.contacts[0]]
    x = fac[0]
    with editor(state):
        d.pool[x] = 0
        d.favor[1][x] = 0
        d.favor[0][x] = 0
        d.edicts[1].append([next(e for e in g.edict_ids if FI[g.events[e].faction] == x), g.pool_size])
        (d.event_deck if d.edicts[1][0][0] in d.event_deck else d.boxed_events).remove(d.edicts[1][0][0])
    before = list(d.favor[0])
    state.apply("extort areopagus")
    gained = [d.favor[0][i] - before[i] for i in range(6)]
    assert gained[x] == 0 and sum(gained) == 2   # the Favor on an Edict is out of play and cannot be taken
    assert d.edicts[1][0][1] == g.pool_size


def test_extort_areopagus_is_the_contact_cards_value(new):
    """EN Extort example A: the Areopagus gives 1 Favor of each of its contact card's 3 Factions."""
    state, g, cards = new()
    fac = g.contact_fac[state.data.contacts[0]]
    state.apply("extort areopagus")
    assert sorted(x for x in range(6) for _ in range(state.data.favor[0][x])) == sorted(fac)
    assert state.explain("extort areopagus").startswith("the Areopagus was already Extorted")
    assert AREO in state.data.extorted


def test_gain_choices_are_every_distinct_way_to_take_the_slots():
    """Gaining Favor (EN Extort, Quick Favor): each slot gives one Favor of one of its Factions; the choices
    are the distinct resulting vectors, most of the first Faction first — checked against every combination,
    on 3,000 random slot lists (slots of one Faction, the no-choice case, included)."""
    import random
    from itertools import product

    from illumi_widgets.games.pax.favor import gain_choices

    rng = random.Random(5)
    single = 0
    for _ in range(3000):
        slots = [set(rng.sample(range(6), rng.choice([1, 1, 1, 2, 3, 6]))) for _ in range(rng.randint(0, 4))]
        every = set()
        for combo in product(*slots):
            every.add(tuple(sum(1 for f in combo if f == x) for x in range(6)))
        got = gain_choices(slots)
        assert set(got) == every and len(got) == len(every)
        assert got == sorted(got, key=lambda v: tuple(-x for x in v))
        single += all(len(s) == 1 for s in slots)
    assert single > 300
    nob, sch = FI["NOB"], FI["SCH"]
    assert gain_choices([{nob}, {nob}, {sch}]) == [(2, 0, 0, 0, 1, 0)]
    assert gain_choices([{nob, sch}]) == [(1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 1, 0)]


def test_can_pay_fast_paths_agree_with_the_exhaustive_search():
    """can_pay's counting shortcut (single-icon Location costs) gives the same answer as enumerating
    every payment, with the 3-for-1 and the Professions 2-for-1 exchange."""
    import random

    from illumi_widgets.games.pax.favor import can_pay

    rng = random.Random(7)
    for _ in range(3000):
        holding = [rng.randint(0, 5) for _ in range(6)]
        slots = [{rng.randrange(6)} for _ in range(rng.randint(1, 7))]
        rate = rng.choice((2, 3))
        assert can_pay(holding, slots, rate) == bool(payments(holding, slots, rate)), (holding, slots, rate)


def test_candidate_prefilters_drop_no_legal_action():
    """Candidate generation skips Organize without Influence on that Faction and Court pairs without the
    Chamberlain's card; check() stays the authority, so every such action that passes check must be listed."""
    from illumi_widgets import load_game
    from illumi_widgets.engine.rng import Rng
    from illumi_widgets.engine.testing import random_action

    seen = {"turn": 0, "redraw": 0}
    for players in (2, 3, 4):
        g = load_game("pax", players=players)
        for seed in range(4):
            s, rng = g.new_state(seed=seed), Rng(seed)
            while not s.is_terminal():
                for dec in s.decisions():
                    d, seat = s.data, dec.seat
                    wide = []
                    if dec.kind == "turn":
                        wide = [g.act(seat, "organize", f, None) for f in range(6)]
                    elif dec.kind == "redraw":
                        pairs = [(i, j) for i in range(5) for j in range(i + 1, 5)]
                        wide = [g.act(seat, "redraw", "court", p) for p in pairs]
                    for a in wide:
                        seen[dec.kind] += 1
                        assert (g.check(d, a) is None) == (a in dec.options), a.notation()
                s.apply(random_action(s, rng))
    assert seen["turn"] and seen["redraw"]
