"""The 15 Luminary ability kinds (rules-reference §2.2-2.3, precise readings; RULINGS §7.12, 7.15, 7.28,
7.29, 7.34, 7.44, 7.56), each with a legal and an illegal case.  2-player map A1-D5; Blue's Areopagus touches
B5 and C5, Red's B1 and C1."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from pax_powerkit import BLUE, RED, cell, holding, infl, kind, play, ranked  # noqa: E402

from illumi_widgets.games.pax.favor import FI  # noqa: E402


def scheme(state, g, k, where=None, exclude=()):
    """Put a card of kind ``k`` in Blue's hand and play it; returns its id."""
    cid = kind(g, k, where=where, exclude=exclude)
    from illumi_widgets.games.pax.setup import PaxEditor

    with PaxEditor(state) as ed:
        ed.hand("Blue", [cid])
    state.apply(f"scheme {cid}")
    return cid


# -- BI ------------------------------------------------------------------------------------------------------
def test_bi_influences_any_card_with_a_discount_per_rival_influence(new, editor):
    state, g, cards = new()
    bi = kind(g, "BI")
    target = cards.find(rank="III", exclude=(bi,), where=None) if False else ranked(
        g, exclude=(bi,), where=lambda c: c.rank == "III")
    with editor(state) as ed:
        ed.put("A1", target)                        # far from Blue: not adjacent to Blue's Influence
        ed.influence("A1", ["Red"])
        ed.favor("Blue", Nob=1, Pro=1, Mag=1, Art=1, Sch=1, Cle=1)
        ed.hand("Blue", [bi])
    assert "not adjacent" in state.explain("influence A1 x1")  # a Main Influence needs adjacency
    state.apply(f"scheme {bi}")
    assert "influence A1 x1" in state.legal_actions()        # ANY card
    state.apply("influence A1 x1")                # 1 Rival Influence: 1 Favor off the total (floor 0)
    need = len(g.lum[target].locations[1]) - 1
    if need:
        pays = [a for a in state.legal_actions() if a.kind == "pay"]
        assert min(sum(a.args[0]) for a in pays) == need
        state.apply(pays[0])
    assert infl(state, "A1")[:2] == [RED, BLUE]
    assert state.data.main_left == 2                          # a Bonus action is not one of the two


def test_bi_still_respects_crown_exclusivity(new, editor):
    state, g, cards = new()
    crown = kind(g, "CROWN")
    with editor(state) as ed:
        ed.put("A1", crown)
        ed.influence("A1", ["Red"])
        ed.put("D1", ranked(g, exclude=(crown,)))   # another face-up card, so the power has an option
        ed.favor("Blue", Nob=3, Pro=3, Mag=3, Art=3, Sch=3, Cle=3)
    scheme(state, g, "BI", exclude=(crown, state.data.cards[cell(state, "D1")]))
    assert state.decisions()[0].kind == "power"
    assert "influence A1 x1" not in state.legal_actions()
    assert "Crown" in state.explain("influence A1 x1")


# -- BS ------------------------------------------------------------------------------------------------------
def test_bs_scouts_any_face_down_card_free_and_makes_it_adjacent(new, editor):
    state, g, cards = new()
    bs = kind(g, "BS")
    with editor(state) as ed:
        ed.hand("Blue", [bs, ranked(g, exclude=(bs,), where=lambda c: c.rank == "I")])
    state.apply(f"scheme {bs}")
    assert "scout A1" in state.legal_actions()
    assert "name no acting card" in state.explain("scout B5 from areopagus")
    state.apply("scout A1")                     # no Favor needed
    placed = state.data.hands[BLUE][0]
    state.apply(f"place {placed}")
    assert state.data.up[cell(state, "A1")] and state.data.main_left == 2
    with editor(state) as ed:
        ed.favor("Blue", Nob=3, Pro=3, Mag=3, Art=3, Sch=3, Cle=3)
    assert state.explain("influence A1 x1") is None   # that position counts as adjacent this turn
    assert "not adjacent" in state.explain("influence B1 x1") or not state.data.up[cell(state, "B1")]


def test_bs_cannot_scout_a_face_up_card(new, editor):
    state, g, cards = new(reveal=True)
    scheme(state, g, "BS")
    assert "face-up" in state.explain("scout A1")


# -- BO ------------------------------------------------------------------------------------------------------
def test_bo_moves_up_to_three_influence_anywhere_for_free(new, editor):
    state, g, cards = new(reveal=True)
    with editor(state) as ed:
        ed.influence("B5", ["Blue", "Blue"])
        ed.influence("A1", [])
    bo = scheme(state, g, "BO")
    assert bo in state.data.scheme
    play(state, "organize any")
    assert state.decisions()[0].kind == "move" and state.data.favor[BLUE] == [0] * 6
    play(state, "move B5 A1", "move B5 D1")                   # ANY to ANY, no Faction, no adjacency
    assert infl(state, "A1")[0] == BLUE and infl(state, "D1")[0] == BLUE
    assert "move A1 C1" in state.legal_actions()             # a third move is allowed …
    play(state, "move A1 C1")
    assert state.decisions()[0].kind == "turn"                # … and a fourth is not: the Organize ends


def test_bo_is_illegal_without_influence_on_the_map(new, editor):
    state, g, cards = new(reveal=True)
    scheme(state, g, "BO")
    assert state.decisions()[0].kind == "turn"                # only skip was legal: skipped without asking
    assert "only for BO" in state.explain("organize any")     # and a Main Organize names its Faction


# -- BX ------------------------------------------------------------------------------------------------------
def test_bx_expels_then_moves_one_influence_onto_the_new_card(new, editor):
    state, g, cards = new()
    bx = kind(g, "BX")
    acting = ranked(g, exclude=(bx,), where=lambda c: c.rank == "II")
    target = ranked(g, exclude=(bx, acting), where=lambda c: c.rank == "I")
    new_card = ranked(g, exclude=(bx, acting, target), where=lambda c: c.rank == "III")
    far = ranked(g, exclude=(bx, acting, target, new_card), where=lambda c: c.rank == "II")
    with editor(state) as ed:
        ed.put("B3", acting)
        ed.influence("B3", ["Blue"])
        ed.put("B2", target)
        ed.put("D5", far)
        ed.influence("D5", ["Blue"])
        ed.hand("Blue", [bx, new_card])
        ed.favor("Blue", **{g.lum[acting].factions[0]: 1})
    play(state, f"scheme {bx}", "expel B2 from B3")         # payment and placing forced: one option each
    assert state.data.cards[cell(state, "B2")] == new_card
    assert state.decisions()[0].kind == "move"
    assert "move D5 B2" in state.legal_actions() and "move D5 A1" not in state.legal_actions()
    play(state, "move D5 B2")
    assert infl(state, "B2")[0] == BLUE and infl(state, "D5")[0] is None
    assert state.data.main_left == 2


def test_bx_expel_keeps_its_normal_cost(new, editor):
    state, g, cards = new()
    acting = ranked(g, where=lambda c: c.rank == "II")
    with editor(state) as ed:
        ed.put("B3", acting)
        ed.influence("B3", ["Blue"])
        ed.put("B2", ranked(g, exclude=(acting,)))
    bx = kind(g, "BX", exclude=(acting, state.data.cards[cell(state, "B2")]))
    with editor(state) as ed:
        ed.hand("Blue", [bx, ranked(g, exclude=(acting, bx, state.data.cards[cell(state, "B2")]))])
    state.apply(f"scheme {bx}")
    assert "cannot pay" in state.explain("expel B2 from B3")


# -- BU ------------------------------------------------------------------------------------------------------
def frame_base(state):
    return state.data.frames[-1]["base"]


def test_bu_sets_initial_strength_to_the_opponents_plus_one_and_a_crown_then_wins(new, editor):
    state, g, cards = new()
    bu = kind(g, "BU")
    crown = kind(g, "CROWN")
    six = next(c for c, x in g.lum.items() if x.strength == 6 and c not in (bu, crown))
    target = ranked(g, exclude=(bu, crown, six), where=lambda c: c.rank == "III")
    acting = ranked(g, exclude=(bu, crown, six, target), where=lambda c: c.rank == "II")
    with editor(state) as ed:
        ed.put("B3", target)
        ed.influence("B3", ["Red", "Red"])
        ed.put("B4", acting)
        ed.influence("B4", ["Blue"])
        ed.hand("Blue", [bu, crown, ranked(g, exclude=(bu, crown, six, target, acting))])
        ed.hand("Red", [six, ranked(g, exclude=(bu, crown, six, target, acting),
                                    where=lambda c: c.rank == "I")])
        ed.favor("Blue", **{g.lum[acting].factions[0]: 1})
    state.apply(f"scheme {bu}")
    assert "choose which (end the Oust with +1 or -1)" in state.explain("oust B3 Red x1 from B4")
    state.apply("oust B3 Red x1 from B4 +1")
    said = [e.text_for(None) for e in state.log if "Initial Strength" in (e.text_for(None) or "")]
    assert said == [(f"Blue's Initial Strength is set to {frame_base(state)[0]}, Red's plus 1 "
                     f"(the Bonus Oust of {g.lum[bu].name}).")], said  # the log names the card, never a code
    frame = state.data.frames[-1]
    assert frame["base"][0] == frame["base"][1] + 1         # the opponent's +1: Blue has the advantage
    state.apply(f"reveal {crown}")
    state.apply(f"reveal {six}")
    assert infl(state, "B3").count(RED) == 1                # the Crown won automatically
    assert state.data.main_left == 2


def test_a_main_oust_cannot_set_strength(new, editor):
    state, g, cards = new()
    target = ranked(g, where=lambda c: c.rank == "III")
    acting = ranked(g, exclude=(target,), where=lambda c: c.rank == "II")
    with editor(state) as ed:
        ed.put("B3", target)
        ed.influence("B3", ["Red"])
        ed.put("B4", acting)
        ed.influence("B4", ["Blue"])
        ed.favor("Blue", **{g.lum[acting].factions[0]: 1})
    assert "only a Bonus Oust card's ability" in state.explain("oust B3 Red x1 from B4 -1")


# -- FI ------------------------------------------------------------------------------------------------------
def test_fi_each_influence_costs_one_less_but_at_least_one_and_stacks(new, editor):
    state, g, cards = new()
    target = next(c for c, x in g.lum.items() if x.rank == "III" and len(x.locations[2]) == 3)
    fi = [c for c, x in g.lum.items() if x.ability == "FI"]
    with editor(state) as ed:
        ed.put("B5", target)
        ed.influence("B5", ["Red"])
        ed.hand("Blue", fi[:2])
        ed.favor("Blue", Nob=6, Pro=6, Mag=6, Art=6, Sch=6, Cle=6)
    cost = g.lum[target].locations
    state.apply(f"scheme {fi[0]}")
    alts = g.influence_cost_alts(state.data, BLUE, cell(state, "B5"), 2, "main")
    assert {len(a) for a in alts} == {max(1, len(cost[1]) - 1) + max(1, len(cost[2]) - 1)}
    if set(g.lum[fi[1]].factions) & set(g.lum[fi[0]].factions):
        state.apply(f"scheme {fi[1]}")
        alts = g.influence_cost_alts(state.data, BLUE, cell(state, "B5"), 2, "main")
        assert {len(a) for a in alts} == {max(1, len(cost[1]) - 2) + max(1, len(cost[2]) - 2)}
    state.apply("influence B5 x2")
    assert state.decisions()[0].kind == "pay"
    assert min(sum(a.args[0]) for a in state.legal_actions()) < len(cost[1]) + len(cost[2])


# -- FS ------------------------------------------------------------------------------------------------------
def test_fs_scouting_gains_the_placed_cards_favor_value(new, editor):
    state, g, cards = new()
    fs = kind(g, "FS")
    acting = ranked(g, exclude=(fs,), where=lambda c: c.rank == "II")
    ace = kind(g, "ACE")
    with editor(state) as ed:
        ed.put("B3", acting)
        ed.influence("B3", ["Blue"])
        ed.hand("Blue", [fs, ace])
        ed.favor("Blue", **{g.lum[acting].factions[0]: 1})
    play(state, f"scheme {fs}", "scout B2 from B3", f"place {ace}")
    assert state.data.favor[BLUE][FI[g.lum[ace].factions[0]]] == 3  # the Ace's Favor value
    # without FS a Scout gains nothing: checked by the core Scout tests (test_actions)


# -- FX ------------------------------------------------------------------------------------------------------
def test_fx_makes_expel_free(new, editor):
    state, g, cards = new()
    acting = ranked(g, where=lambda c: c.rank == "II")
    with editor(state) as ed:
        ed.put("B3", acting)
        ed.influence("B3", ["Blue"])
        ed.put("B2", ranked(g, exclude=(acting,), where=lambda c: c.rank == "II"))
        ed.influence("B2", ["Blue", None])
    fx = kind(g, "FX", exclude=(acting, state.data.cards[cell(state, "B2")]))
    assert "cannot pay" in state.explain("expel B2 from B3")   # no Favor
    with editor(state) as ed:
        ed.hand("Blue", [fx, ranked(g, exclude=(acting, fx, state.data.cards[cell(state, "B2")]))])
    state.apply(f"scheme {fx}")
    assert state.explain("expel B2 from B3") is None
    before = state.data.cards[cell(state, "B2")]
    state.apply("expel B2 from B3")                        # no payment; the only hand card is placed
    assert state.data.cards[cell(state, "B2")] != before and state.data.favor[BLUE] == [0] * 6


# -- FU ------------------------------------------------------------------------------------------------------
def test_fu_ace_counts_zero_without_advantage(new, editor):
    """rules-reference §8.6 derived case: Ace after an FU card, vs 3 → 5 vs 9, Red wins."""
    state, g, cards = new()
    fu = kind(g, "FU")
    ace = kind(g, "ACE")
    three = next(c for c, x in g.lum.items() if x.strength == 3 and c not in (fu, ace))
    target = ranked(g, exclude=(fu, ace, three), where=lambda c: c.rank == "III")
    acting = ranked(g, exclude=(fu, ace, three, target), where=lambda c: c.rank == "II")
    with editor(state) as ed:
        ed.put("B3", target)
        ed.influence("B3", ["Red", "Red", "Red"])
        ed.put("B4", acting)
        ed.influence("B4", ["Blue"])
        ed.hand("Blue", [fu, ace, ranked(g, exclude=(fu, ace, three, target, acting))])
        ed.hand("Red", [three, ranked(g, exclude=(fu, ace, three, target, acting),
                                      where=lambda c: c.rank == "I")])
        ed.favor("Blue", **{g.lum[acting].factions[0]: 1})
    play(state, f"scheme {fu}", "oust B3 Red x1 from B4")
    frame = state.data.frames[-1]
    assert frame["base"][0] < frame["base"][1] and frame["even"]
    play(state, f"reveal {ace}", f"reveal {three}")
    assert infl(state, "B3").count(RED) == 3                 # no disadvantage, so no automatic win


# -- FE ------------------------------------------------------------------------------------------------------
def test_fe_extorts_any_card_and_keeps_everything(new, editor):
    state, g, cards = new()
    fe = kind(g, "FE")
    target = ranked(g, exclude=(fe,), where=lambda c: c.rank == "II")
    with editor(state) as ed:
        ed.put("A1", target)
        ed.influence("A1", ["Red"])
        ed.hand("Blue", [fe])
    assert "no Influence" in state.explain("extort A1")
    state.apply(f"scheme {fe}")
    state.apply("extort A1")
    assert sum(state.data.favor[BLUE]) == 2 and sum(state.data.favor[RED]) == 0  # no Conspire
    with editor(state) as ed:
        ed.put("D1", ranked(g, exclude=(fe, target)))
    assert "holds no Influence" in state.explain("extort D1")


# -- SW ------------------------------------------------------------------------------------------------------
def test_sw_swaps_two_face_up_cards_with_their_influence(new, editor):
    state, g, cards = new(reveal=True)
    a, b = state.data.cards[cell(state, "A1")], state.data.cards[cell(state, "D4")]
    with editor(state) as ed:
        ed.influence("A1", ["Blue"])
        ed.influence("C3", ["Red"])
    scheme(state, g, "SW", exclude=(a, b))
    assert "more Influence than you" in state.explain("swap A1 C3")
    state.apply("swap A1 D4")
    assert state.data.cards[cell(state, "A1")] == b and state.data.cards[cell(state, "D4")] == a
    assert infl(state, "D4")[0] == BLUE


# -- SE ------------------------------------------------------------------------------------------------------
def test_se_takes_two_favor_from_any_edict(new, editor):
    state, g, cards = new()
    edict = next(e for e, x in g.events.items() if x.kind == "edict")
    fac = FI[g.events[edict].faction]
    scheme_card = kind(g, "SE")
    with editor(state) as ed:
        ed.edict("Red", edict, favor=3)
        ed.hand("Blue", [scheme_card])
    state.apply(f"scheme {scheme_card}")
    from illumi_widgets.games.pax.rules import slug

    state.apply(f"raid {slug(g.events[edict].name)}")
    assert state.data.favor[BLUE][fac] == 2 and state.data.edicts[RED] == [[edict, 1]]


def test_se_has_nothing_to_take_without_an_edict(new, editor):
    state, g, cards = new()
    scheme(state, g, "SE")
    assert state.decisions()[0].kind == "turn"  # only skip: skipped


# -- SP ------------------------------------------------------------------------------------------------------
def test_sp_draws_a_plot_and_one_goes_to_the_bottom_privately(new, editor):
    state, g, cards = new()
    old = state.data.private_plot[BLUE]
    top = state.data.plot_pile[-1]
    scheme(state, g, "SP")
    state.apply("draw plot")
    assert state.decisions()[0].kind == "plotkeep"
    assert top not in str(state.view(RED)["pending"]) and top in str(state.view(BLUE)["pending"])
    assert top in g.secrets(state.data, RED) and top not in g.secrets(state.data, BLUE)
    from illumi_widgets.games.pax.rules import slug

    state.apply(f"keep plot {slug(g.plots[top].name)}")
    assert state.data.private_plot[BLUE] == top and state.data.plot_pile[0] == old


# -- SD ------------------------------------------------------------------------------------------------------
def test_sd_draws_two_even_over_the_hand_limit_or_takes_a_court_card(new, editor):
    state, g, cards = new()
    scheme(state, g, "SD")
    n = len(state.data.hands[BLUE])
    state.apply("draw deck")
    assert len(state.data.hands[BLUE]) == n + 2
    state2, g2, _ = new()
    scheme(state2, g2, "SD")
    c3 = state2.data.court[2]
    state2.apply("draw court 3")
    assert c3 in state2.data.hands[BLUE] and state2.data.court[2] is None


# -- SF ------------------------------------------------------------------------------------------------------
def test_sf_borrows_a_faction_card_and_its_holder_loses_it_until_the_check_phase(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        used = holding(ed, g, "SCH", who="Red", cells=("D1", "D2", "D3"))
    assert g.hand_limit(state.data, RED) == 5
    sf = kind(g, "SF", exclude=used)
    with editor(state) as ed:
        ed.hand("Blue", [sf])
        ed.favor("Blue", Sch=1)
    play(state, f"scheme {sf}", "borrow Sch")
    assert g.hand_limit(state.data, BLUE) == 5 and g.hand_limit(state.data, RED) == 4   # RULINGS §7.59
    assert "faction Sch" in state.legal_actions()
    assert "borrowed" in state.explain("claim faction Sch")
    state.apply("end")
    assert state.data.borrowed == {} and state.data.faction_holder["SCH"] == RED


# -- illegal cases of the Specials ----------------------------------------------------------------------
def test_sd_refuses_an_empty_court_slot(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        ed.hand("Blue", [kind(g, "SD")])
    d = state.data
    d.deck.insert(0, d.court[1])  # an emptied Court slot (as after an earlier SD), the card kept in the deck
    d.court[1] = None
    state.apply(f"scheme {d.hands[BLUE][0]}")
    assert "empty" in state.explain("draw court 2")
    assert "draw court 1" in state.legal_actions()
    assert not g.problems(state.data)


def test_sf_cannot_borrow_a_card_out_of_the_game_or_its_own(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        used = holding(ed, g, "NOB", row=["NOB", "PRO", "MAG"])
        sf = kind(g, "SF", exclude=used)
        ed.hand("Blue", [sf])
    state.apply(f"scheme {sf}")
    assert "not in play" in state.explain("borrow Sch")    # dealt out of this game
    assert "already have" in state.explain("borrow Nob")
    assert state.explain("borrow Pro") is None


def test_se_refuses_an_empty_edict(new, editor):
    state, g, cards = new()
    edicts = [e for e, x in g.events.items() if x.kind == "edict"]
    with editor(state) as ed:
        ed.edict("Red", edicts[0], favor=0)
        ed.edict("Red", edicts[1], favor=2)
        ed.hand("Blue", [kind(g, "SE")])
    state.apply(f"scheme {state.data.hands[BLUE][0]}")
    from illumi_widgets.games.pax.rules import slug

    assert "no Favor left" in state.explain(f"raid {slug(g.events[edicts[0]].name)}")
    assert state.explain(f"raid {slug(g.events[edicts[1]].name)}") is None


def test_sp_refuses_when_the_plot_pile_is_empty(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        ed.hand("Blue", [kind(g, "SP")])
    state.data.plot_pile, pile = [], list(state.data.plot_pile)
    state.apply(f"scheme {state.data.hands[BLUE][0]}")
    assert state.decisions()[0].kind == "turn"            # only skip: the power passes
    state.data.plot_pile = pile


def test_random_play_uses_schemes_and_powers():
    """Random play reaches the Scheme action and the powers (the slow test checks every invariant)."""
    from collections import Counter

    from illumi_widgets import load_game
    from illumi_widgets.engine.rng import Rng
    from illumi_widgets.engine.testing import random_action

    used: Counter = Counter()
    for players in (2, 3, 4):
        g = load_game("pax", players=players)
        for seed in range(3):
            st = g.new_state(seed=seed)
            rng = Rng(seed)
            for _ in range(400):
                if st.is_terminal():
                    break
                a = random_action(st, rng)
                f = st.data.frames[-1]
                if f["t"] == "power" and a.kind != "skip":
                    used[f["kind"]] += 1
                used[a.kind] += 1
                st.apply(a)
    assert used["scheme"] > 50
    assert len({k for k in used if k in ("BI", "BS", "BO", "BX", "BU", "SW", "SE", "SP", "SD", "SF")}) >= 6


def test_cost_reductions_stack_as_ruling_34(new, editor):
    """RULINGS §7.34: FI and the Nobility passive each to a minimum of 1 per Location, then BI off the total
    (1 per Rival Influence) to a minimum of 0; the payer picks which icon a reduction removes."""
    state, g, cards = new()
    target = next(c for c, x in g.lum.items() if x.rank == "III" and len(x.locations[0]) == 2
                  and len(set(x.locations[0])) == 2)
    with editor(state) as ed:
        holding(ed, g, "NOB", exclude=(target,))
        ed.put("B5", target)
    d = state.data
    t = cell(state, "B5")
    icons = g.lum[target].locations[0]
    # the Nobility passive alone: the first Influence on the empty card loses one icon, either one
    alts = g.influence_cost_alts(d, BLUE, t, 1, "main")
    assert sorted(tuple(sorted(s)) for a in alts for s in a) == sorted((FI[i],) for i in icons)
    d.buffs = ["FI"]           # plus FI: still at least 1 for that Location
    assert {len(a) for a in g.influence_cost_alts(d, BLUE, t, 1, "main")} == {1}
    with editor(state) as ed:
        ed.influence("B5", ["Red"])  # no longer empty: no Nobility discount; 1 Rival disk for BI
    d = state.data
    d.buffs = ["FI"]
    loc2 = g.lum[target].locations[1]
    per_fi = max(1, len(loc2) - 1)
    assert {len(a) for a in g.influence_cost_alts(d, BLUE, t, 1, "main")} == {per_fi}
    assert {len(a) for a in g.influence_cost_alts(d, BLUE, t, 1, "BI")} == {per_fi - 1}   # floor 0 overall
