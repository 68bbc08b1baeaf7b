"""The main actions, each against the rulebook example it is named after (rules-reference §8.1-8.5).

Positions are set up on the 2-player map (A1-D5); card facts come from the (reconstructed) data,
chosen by property, so the tests state the rule, not a card list.
"""

from __future__ import annotations

import pytest

from illumi_widgets.engine import IllegalAction
from illumi_widgets.games.pax.favor import ABBR, FI, can_pay

BLUE, RED = 0, 1


def favor_of(state, seat):
    return {ABBR[x]: n for x, n in enumerate(state.data.favor[seat]) if n}


def infl(state, cell):
    g = state.game
    return list(state.data.infl[g.geom.cell(cell)])


# -- Scout (EN Scout; rules-reference §8.2) ------------------------------------------------------------------
def test_scout_example_a_payment_options_follow_the_acting_cards(new, editor):
    state, g, cards = new()
    sp = cards.find(exact=("SCH", "PRO"))
    mp = cards.find(exact=("MAG", "PRO"))
    with editor(state) as ed:
        ed.put("B2", sp)
        ed.influence("B2", ["Blue"])
        ed.put("C3", mp)
        ed.influence("C3", ["Blue"])
        ed.put("B3", cards.find(rank="I", exclude=(sp, mp)), up=False)  # T1: next to both
        ed.put("A2", cards.find(rank="II", exclude=(sp, mp)), up=False)  # T2: next to B2 only
        ed.favor("Blue", Sch=1, Pro=1, Mag=1)
    legal = state.legal_actions()
    assert "scout B3 from B2" in legal and "scout B3 from C3" in legal
    assert "scout A2 from B2" in legal and "scout A2 from C3" not in legal
    assert "not adjacent" in state.explain("scout A2 from C3")
    state.apply("scout A2 from B2")
    assert set(state.legal_actions().notations()) == {"pay Sch", "pay Pro"}  # matching the acting card


def test_scout_example_b_take_then_place_face_up(new, editor):
    state, g, cards = new()
    acting = cards.find(has=("MAG",), rank="II")
    target = cards.find(rank="I", exclude=(acting,))
    with editor(state) as ed:
        ed.put("B2", acting)
        ed.influence("B2", ["Blue"])
        ed.put("B3", target, up=False)
        ed.favor("Blue", Mag=1)
    hand_before = list(state.data.hands[BLUE])
    state.apply("scout B3 from B2")            # the only payment (1 Mag) is taken without asking
    assert favor_of(state, BLUE) == {}
    assert target in state.data.hands[BLUE]  # 2. the target goes to the hand
    assert state.decisions()[0].kind == "place"
    state.apply(f"place {target}")             # 3. any card from hand, the target itself included
    b3 = g.geom.cell("B3")
    assert state.data.cards[b3] == target and state.data.up[b3]
    assert sorted(state.data.hands[BLUE]) == sorted(hand_before)  # hand size unchanged
    assert state.data.main_left == 1         # one of the two main actions used


def test_scout_placing_an_ace_triggers_the_event_check(new, editor):
    state, g, cards = new()
    ace = cards.find(rank="ACE")
    with editor(state) as ed:
        ed.put("B2", cards.find(rank="II"))
        ed.influence("B2", ["Blue"])
        ed.put("B3", cards.find(rank="I"), up=False)
        ed.hand("Blue", [ace])
        ed.favor("Blue", **{ABBR[FI[g.lum[state.data.cards[g.geom.cell('B2')]].factions[0]]]: 1})
    state.apply("scout B3 from B2")
    state.apply(f"place {ace}")
    assert state.data.revealed  # EN Event Check: an Ace or Crown played face-up to the map


def test_scout_face_up_card_is_illegal(new, editor):
    """RULINGS: Scout targets face-down cards only."""
    state, g, cards = new()
    with editor(state) as ed:
        ed.put("B2", cards.find(rank="II", has=("NOB",)))
        ed.influence("B2", ["Blue"])
        ed.put("B3", cards.find(rank="I"), up=True)
        ed.favor("Blue", Nob=1)
    assert "face-down cards only" in state.explain("scout B3 from B2")
    before, version = state.position(), state.version
    with pytest.raises(IllegalAction) as err:
        state.apply("scout B3 from B2")
    assert err.value.code == "face-up"
    assert state.position() == before and state.version == version


# -- Influence (EN Influence; rules-reference §8.3, JA labelling) --------------------------------------------
def _six_favor_card(g):
    """A card whose last two Locations cost 6 icons in all (the example's option d)."""
    for cid, c in g.lum.items():
        locs = c.locations
        if len(locs) >= 2 and len(locs[-1]) + len(locs[-2]) == 6:
            return cid, len(locs) - 2
    raise AssertionError("the card data must allow the EN Influence example (two Locations costing 6)")


def test_influence_example_a_to_d(new, editor):
    state, g, cards = new()
    crown = cards.find(rank="CROWN")
    full = cards.find(rank="I", exclude=(crown,))
    d_card, filled = _six_favor_card(g)
    cost = [f for loc in g.lum[d_card].locations[filled:] for f in loc]
    holding = [0] * 6
    for f in cost:
        holding[FI[f]] += 1
    # c) a card whose top-most open Location Blue cannot pay even with the 3-for-1 exchange
    dear, dear_filled = next((cid, i) for cid, c in g.lum.items() if cid not in (crown, full, d_card)
                             for i in range(len(c.locations))
                             if not can_pay(holding, [{FI[f]} for f in c.locations[i]]))
    with editor(state) as ed:
        ed.put("B3", cards.find(rank="II", exclude=(crown, full, d_card, dear)))
        ed.influence("B3", ["Blue"])
        ed.put("B2", crown)                                  # a) a Crown with rival Influence
        ed.influence("B2", ["Red"])
        ed.put("A3", full)                                   # b) no open Location
        ed.influence("A3", ["Red"])
        ed.put("C3", dear)                                   # c) more than Blue can pay
        ed.influence("C3", ["Red"] * dear_filled)
        ed.put("B4", d_card)                                 # d) two open Locations, 6 Favor in all
        ed.influence("B4", ["Red"] * filled)
        ed.favor("Blue", **{ABBR[x]: n for x, n in enumerate(holding) if n})
    assert "Crown with rival Influence" in state.explain("influence B2")
    assert "open Location" in state.explain("influence A3")
    assert "cannot pay" in state.explain("influence C3")
    assert state.explain("influence B4 x2") is None
    state.apply("influence B4 x2")
    assert infl(state, "B4")[filled:] == [BLUE, BLUE]      # top-most open Locations first
    assert sum(state.data.favor[BLUE]) == 0                  # paid the 6 Favor


def test_influence_places_top_most_first_and_needs_adjacency(new, editor):
    state, g, cards = new()
    three = cards.find(rank="III")
    with editor(state) as ed:
        ed.put("B3", three)
        ed.influence("B3", [None, "Red"])
        ed.put("B2", cards.find(rank="II", exclude=(three,)))
        ed.influence("B2", ["Blue"])
        ed.put("D5", cards.find(rank="I", exclude=(three,)))
        ed.favor("Blue", Nob=3, Pro=3, Mag=3, Art=3, Sch=3, Cle=3)
    assert "not adjacent to your Influence" in (state.explain("influence D5") or "")
    assert "only 2 open" in state.explain("influence B3 x3")
    state.apply("influence B3 x1")
    if state.decisions()[0].kind == "pay":
        state.apply(state.legal_actions()[0])
    assert infl(state, "B3") == [BLUE, RED, None]


# -- Extort (EN Extort; rules-reference §8.1) ----------------------------------------------------------------
def test_extort_example_b_rank_two_card(new, editor):
    state, g, cards = new()
    b = cards.find(rank="II", exact=("ART", "SCH"))
    with editor(state) as ed:
        ed.put("B3", b)
        ed.influence("B3", ["Blue"])
    state.apply("extort B3")
    assert favor_of(state, BLUE) == {"Art": 1, "Sch": 1}


def test_extort_example_c_whisper_collects_adjacent_same_rank(new, editor):
    state, g, cards = new()
    c = cards.find(rank="II", exact=("CLE", "NOB"))
    w1, w2, other = cards.find(rank="II", exclude=(c,), n=3)
    with editor(state) as ed:
        ed.put("B3", c)
        ed.influence("B3", ["Blue"])
        ed.put("B2", w1)
        ed.influence("B2", ["Blue"])
        ed.put("C3", w2)
        ed.influence("C3", ["Blue"])
        ed.put("A3", other)                  # same rank but no Blue Influence: no Whisper
    state.apply("extort B3")
    assert sum(state.data.favor[BLUE]) == 6
    assert state.data.favor[BLUE][FI["CLE"]] >= 1 and state.data.favor[BLUE][FI["NOB"]] >= 1
    assert {g.geom.names[x] for x in state.data.extorted} == {"B3", "B2", "C3"}
    assert "already Extorted" in state.explain("extort C3")


def test_extort_example_c_negative_an_already_extorted_card_is_not_whispered(new, editor):
    state, g, cards = new()
    c = cards.find(rank="II", exact=("CLE", "NOB"))
    w1, w2 = cards.find(rank="II", exclude=(c,), n=2)
    with editor(state) as ed:
        ed.put("B3", c)
        ed.influence("B3", ["Blue"])
        ed.put("B2", w1)
        ed.influence("B2", ["Blue"])
        ed.put("C3", w2)
        ed.influence("C3", ["Blue"])
        state.data.extorted = [g.geom.cell("C3")]
    state.apply("extort B3")
    assert sum(state.data.favor[BLUE]) == 4


def test_extort_example_d_conspire_gives_one_per_rival_influence(new, editor):
    state, g, cards = new()
    d_card = cards.find(rank="III")
    x, y = (FI[f] for f in g.lum[d_card].factions)
    with editor(state) as ed:
        ed.put("B3", d_card)
        ed.influence("B3", ["Blue", "Red"])
    state.apply("extort B3")
    assert state.decisions()[0].kind == "collect"          # the third Favor: either Faction
    state.apply(f"collect {ABBR[x]} {ABBR[x]} {ABBR[y]}")
    assert state.decisions()[0].kind == "give"             # Blue chooses which one Red gets
    state.apply(f"give Red {ABBR[y]}")
    assert sum(state.data.favor[BLUE]) == 2 and state.data.favor[BLUE][x] == 2
    assert state.data.favor[RED][y] == 1 and sum(state.data.favor[RED]) == 1


def test_extort_needs_your_influence_and_crown_pays_per_influence(new, editor):
    """RULINGS §7.12: an Extorted Crown gives 2 Favor per Influence on it."""
    state, g, cards = new()
    crown = cards.find(rank="CROWN")
    f = FI[g.lum[crown].factions[0]]
    with editor(state) as ed:
        ed.put("B3", crown)
        ed.influence("B3", ["Blue", "Blue"])
        ed.put("B2", cards.find(rank="I"))
    assert "no Influence on B2" in state.explain("extort B2")
    state.apply("extort B3")
    assert state.data.favor[BLUE][f] == 4


# -- Organize (EN Organize; rules-reference §8.4) ------------------------------------------------------------
def _organize_board(state, g, cards, editor, s3_full=False):
    s1 = cards.find(exact=("SCH", "NOB"))
    x = cards.find(min_locs=1, exclude=(s1,), rank="II", has=("CLE",))
    while "SCH" in g.lum[x].factions:
        x = cards.find(min_locs=1, rank="II", has=("ART",), exclude=(s1, x))
    s4 = cards.find(rank="III", exact=("MAG", "SCH"))
    s2 = cards.find(exact=("MAG", "SCH"), exclude=(s4,))
    s3 = cards.find(exact=("SCH", "PRO"), min_locs=2)
    with editor(state) as ed:
        ed.put("B3", s1)
        ed.influence("B3", ["Blue"])
        ed.put("B2", x)
        ed.put("C4", s2)
        ed.influence("C4", ["Blue"])
        ed.put("C3", s3)
        ed.influence("C3", ["Red"] * len(g.lum[s3].locations) if s3_full else ["Red"])
        ed.put("D3", s4)
        ed.favor("Blue", Sch=1)


def test_organize_example(new, editor):
    state, g, cards = new()
    _organize_board(state, g, cards, editor)
    state.apply("organize Sch")
    assert sum(state.data.favor[BLUE]) == 0
    state.apply("move B3 B2")
    assert "not a Scholars card" in state.explain("move B2 A2")    # X is not of the chosen Faction
    state.apply("move C4 C3")
    state.apply("move C3 D3")
    assert state.decisions()[0].kind == "turn"                     # 3 moves: the Organize is over
    assert BLUE not in infl(state, "B3") and BLUE in infl(state, "B2")
    assert BLUE not in infl(state, "C4") and BLUE not in infl(state, "C3") and BLUE in infl(state, "D3")


def test_organize_negatives(new, editor):
    state, g, cards = new()
    _organize_board(state, g, cards, editor, s3_full=True)
    assert "no Influence on a Artists card" in state.explain("organize Art")
    state.apply("organize Sch")
    assert "no open Location" in state.explain("move C4 C3")       # every step lands on an open Location


# -- Expel (EN Expel; rules-reference §8.5) ------------------------------------------------------------------
def test_expel_example(new, editor):
    state, g, cards = new()
    a = cards.find(has=("PRO",), rank="II")
    t = cards.find(rank="II", exclude=(a,))
    n_card, spare = cards.find(rank="III", exclude=(a, t), n=2)
    with editor(state) as ed:
        ed.put("B3", a)
        ed.influence("B3", ["Blue"])
        ed.put("B2", t)
        ed.influence("B2", ["Blue"])
        ed.hand("Blue", [n_card, spare])
        ed.favor("Blue", Pro=1)
    state.apply("expel B2 from B3")
    assert sum(state.data.favor[BLUE]) == 0 and t in state.data.discard
    state.apply(f"place {n_card}")
    assert state.data.cards[g.geom.cell("B2")] == n_card
    assert infl(state, "B2") == [BLUE, None, None]          # Blue's Influence moves onto the new card


def test_expel_costs_and_illegal_targets(new, editor):
    state, g, cards = new()
    a = cards.find(has=("PRO",), rank="II")
    t = cards.find(rank="II", exclude=(a,))
    with editor(state) as ed:
        ed.put("B3", a)
        ed.influence("B3", ["Blue"])
        ed.put("B2", t)
        ed.influence("B2", ["Blue", "Blue"])
        ed.put("C3", cards.find(rank="III", exclude=(a, t)))
        ed.influence("C3", ["Red"])
        ed.put("A3", cards.find(rank="I", exclude=(a, t)), up=False)
        ed.favor("Blue", Pro=1)
    assert "2 Favor matching" in state.explain("expel B2 from B3")        # 1 per Influence on the target
    assert "rival Influence" in state.explain("expel C3 from B3")
    assert "face-down" in state.explain("expel A3 from B3")
    with editor(state) as ed:
        ed.influence("B2", [])
    assert state.explain("expel B2 from B3") is None                       # no Influence: minimum 1
