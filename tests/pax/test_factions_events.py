"""The six Faction cards (once-per-turn abilities and passives; rules-reference §4, RULINGS §7.10, 7.24,
7.59) and the nine Special Events (§5.3, RULINGS §7.35, 7.36), each with legal and illegal cases."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from pax_powerkit import BLUE, RED, cell, holding, infl, play, ranked  # noqa: E402

from illumi_widgets.games.pax.favor import FI  # noqa: E402


# -- Faction cards: once per turn ----------------------------------------------------------------------------
def test_nobility_ability_influence_any_card_for_a_nobility_fee(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        used = holding(ed, g, "NOB")
        far = ranked(g, exclude=used, where=lambda c: c.rank == "I" and "NOB" not in c.factions)
        ed.put("D1", far)
    icon = g.lum[far].locations[0][0]
    assert "costs 1 Nobility" in state.explain("faction Nob")
    with editor(state) as ed:
        ed.favor("Blue", Nob=1, **{icon: 1} if icon != "NOB" else {"Nob": 2})
    play(state, "faction Nob")
    assert state.decisions()[0].kind == "power"
    play(state, "influence D1 x1")                     # ANY card: D1 touches nothing of Blue's
    assert infl(state, "D1") == [BLUE] and state.data.favor[BLUE] == [0] * 6  # fee + Location cost
    assert state.data.main_left == 2 and state.data.sideways == ["NOB"]
    assert "once per turn" in state.explain("faction Nob")


def test_nobility_passive_first_influence_on_an_empty_card_costs_one_less(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        used = holding(ed, g, "NOB")
        target = next(c for c, x in g.lum.items() if c not in used and len(x.locations[0]) >= 2)
        ed.put("B5", target)
    alts = g.influence_cost_alts(state.data, BLUE, cell(state, "B5"), 1, "main")
    assert {len(a) for a in alts} == {len(g.lum[target].locations[0]) - 1}
    alts = g.influence_cost_alts(state.data, RED, cell(state, "B5"), 1, "main")
    assert {len(a) for a in alts} == {len(g.lum[target].locations[0])}  # only its holder


def test_professions_ability_extort_without_whisper_or_conspire(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        used = holding(ed, g, "PRO")
        t = ranked(g, exclude=used, where=lambda c: c.rank == "II")
        ed.put("B4", t)
        ed.influence("B4", ["Blue", "Red"])
    play(state, "faction Pro", "extort B4")
    assert sum(state.data.favor[BLUE]) == 2 and sum(state.data.favor[RED]) == 0
    assert state.data.main_left == 2
    assert "already Extorted" in state.explain("extort B4")  # the Extortion limit still applies


def test_professions_passive_exchange_two_for_one(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        holding(ed, g, "PRO")
    assert g.exchange_rate(state.data, BLUE) == 2 and g.exchange_rate(state.data, RED) == 3


def test_magistrates_ability_extra_expel_with_fee_and_normal_cost(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        used = holding(ed, g, "MAG")
        t = ranked(g, exclude=used, where=lambda c: c.rank == "I")
        ed.put("B4", t)
        new_card = ranked(g, exclude=used + [t])
        ed.hand("Blue", [new_card])
        ed.favor("Blue", Mag=1)
    # 1 Magistrates Favor pays the fee but not the Expel's own cost as well (RULINGS §7.24)
    assert "nothing it could do" in state.explain("faction Mag")
    with editor(state) as ed:
        ed.favor("Blue", Mag=2)
    play(state, "faction Mag", "expel B4 from A4")
    assert state.data.cards[cell(state, "B4")] == new_card and state.data.main_left == 2


def test_artists_ability_moves_from_one_card_only(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        used = holding(ed, g, "ART")
        for c in ("D1", "D2", "A1", "B1"):
            cid = ranked(g, exclude=used, where=lambda x: "ART" not in x.factions and x.rank == "III")
            used.append(cid)
            ed.put(c, cid)
        ed.influence("D1", ["Blue", "Blue"])
        ed.influence("D2", ["Blue"])
        ed.favor("Blue", Art=1)
    play(state, "faction Art", "organize any", "move D1 A1")
    assert "one card only" in state.explain("move D2 B1")
    play(state, "move D1 B1")
    assert infl(state, "D1").count(BLUE) == 0 and state.data.favor[BLUE][FI["ART"]] == 0
    del used


def test_artists_passive_artists_favor_is_wild(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        holding(ed, g, "ART")
        ed.favor("Blue", Art=1)
        ed.favor("Red", Art=1)
    from illumi_widgets.games.pax.favor import can_pay

    cle = [[frozenset((FI["CLE"],))]]
    assert g.can_pay_alts(state.data, BLUE, cle)  # Blue holds the Artists card
    assert not g.can_pay_alts(state.data, RED, cle)  # the same Favor without the card: no
    assert not can_pay([0, 0, 0, 1, 0, 0], [frozenset((FI["CLE"],))])  # without the passive: no
    # and in a Location cost (one icon per Location), each Artists Favor pays any one icon
    nob, cle, sch, art = (frozenset((FI[x],)) for x in ("NOB", "CLE", "SCH", "ART"))
    assert can_pay([0, 0, 0, 2, 0, 0], [nob, cle], 3, FI["ART"])
    assert not can_pay([0, 0, 0, 2, 0, 0], [nob, cle, sch], 3, FI["ART"])
    assert can_pay([0, 0, 0, 2, 0, 0], [nob, art], 3, FI["ART"])


def test_scholars_ability_scout_any_card_and_passive_hand_limit(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        holding(ed, g, "SCH")
        ed.favor("Blue", Sch=1)
    assert g.hand_limit(state.data, BLUE) == 5 and g.hand_limit(state.data, RED) == 4
    play(state, "faction Sch")
    assert "scout D1" in state.legal_actions()
    play(state, "scout D1")
    assert state.decisions()[0].kind == "place" and state.data.favor[BLUE] == [0] * 6


def test_clergy_ability_oust_paid_with_clergy_favor(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        used = holding(ed, g, "CLE")
        t = ranked(g, exclude=used, where=lambda c: c.rank == "III")
        ed.put("B4", t)
        ed.influence("B4", ["Red"])
        ed.hand("Red", [ranked(g, exclude=used + [t], where=lambda c: c.rank == "I")] * 1)
    acting = g.lum[state.data.cards[cell(state, "A4")]].factions
    if "CLE" not in acting:
        assert "cannot pay" in state.explain("oust B4 Red x1 from A4")  # no matching Favor
    with editor(state) as ed:
        ed.favor("Blue", Cle=1)
    play(state, "faction Cle")
    assert state.explain("oust B4 Red x1 from A4") is None
    play(state, "oust B4 Red x1 from A4")
    assert state.data.favor[BLUE][FI["CLE"]] == 0 and state.data.main_left == 2


def test_clergy_passive_the_opponent_reveals_first(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        used = holding(ed, g, "CLE", who="Red", cells=("D1", "D2", "D3"))
        t = ranked(g, exclude=used, where=lambda c: c.rank == "III")
        acting = ranked(g, exclude=used + [t], where=lambda c: c.rank == "II")
        ed.put("C2", t)
        ed.influence("C2", ["Red"])
        ed.put("C3", acting)
        ed.influence("C3", ["Blue"])
        hand_b = [ranked(g, exclude=used + [t, acting], where=lambda c, r=r: c.rank == r)
                  for r in ("I", "II")]
        hand_r = [ranked(g, exclude=used + [t, acting] + hand_b, where=lambda c, r=r: c.rank == r)
                  for r in ("I", "II")]
        ed.hand("Blue", hand_b)
        ed.hand("Red", hand_r)
        ed.favor("Blue", **{g.lum[acting].factions[0]: 1})
    play(state, "oust C2 Red x1 from C3")
    assert state.to_act() == [BLUE]                     # Red holds Clergy: Blue (the opponent) goes first
    assert state.explain(state.parse(f"reveal {hand_r[0]}", RED)) is not None
    state.apply(f"reveal {hand_b[0]}")
    assert state.view(RED)["pending"]["commits"] == {str(BLUE): hand_b[0]}  # Red sees it before choosing
    assert hand_b[0] not in g.secrets(state.data, RED)
    state.apply(state.parse(f"reveal {hand_r[0]}", RED))
    assert state.data.frames[-1]["t"] != "reveal"


def test_a_faction_card_ability_needs_the_card(new, editor):
    state, g, cards = new()
    assert "do not hold" in state.explain("faction Sch")
    with editor(state) as ed:
        holding(ed, g, "SCH")
        ed.favor("Blue", Sch=2)
    play(state, "faction Sch", "skip")
    assert "sideways" in json.dumps(state.view(RED)["turn"]) and state.data.sideways == ["SCH"]
    state.apply("end")
    while state.data.active == BLUE:
        state.apply(state.legal_actions()[0])
    assert state.data.sideways == []                     # upright again at the end of the turn


# -- Special Events ----------------------------------------------------------------------------------------
def test_congress_of_wilhelmsbad_five_favor_for_a_main_action_once_per_turn(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        ed.special("Red", "Congress of Wilhelmsbad")    # Red's active Event: usable by Blue too
        ed.favor("Blue", Nob=2, Pro=2)
    assert "costs any 5" in state.explain("event congress-of-wilhelmsbad")
    with editor(state) as ed:
        ed.favor("Blue", Nob=3, Pro=3)
    play(state, "event congress-of-wilhelmsbad")
    while state.decisions()[0].kind == "pay":
        state.apply(state.legal_actions()[0])
    assert state.data.main_left == 3 and sum(state.data.favor[BLUE]) == 1
    assert "already used" in state.explain("event congress-of-wilhelmsbad")


def test_recruitment_press_three_of_one_faction(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        ed.special("Blue", "Recruitment Press")
        ed.favor("Blue", Nob=2, Pro=2)
    assert "costs 3 Professions" in state.explain("event recruitment-press Pro")
    with editor(state) as ed:
        ed.favor("Blue", Nob=3, Pro=2)
    play(state, "event recruitment-press Nob")
    assert state.data.main_left == 3 and state.data.favor[BLUE][FI["NOB"]] == 0


def test_courtly_celebrations_influence_any_edge_card(new, editor):
    state, g, cards = new(reveal=True)
    with editor(state) as ed:
        ed.favor("Blue", Nob=6, Pro=6, Mag=6, Art=6, Sch=6, Cle=6)
    assert "not adjacent" in state.explain("influence A1 x1")
    with editor(state) as ed:
        ed.special("Red", "Courtly Celebrations")
    assert state.explain("influence A1 x1") is None        # A1 is an edge card
    assert "not adjacent" in state.explain("influence B2 x1")  # B2 is interior


def test_ecclesiastical_investigators_shows_a_hand_to_the_looker_only(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        ed.special("Blue", "Ecclesiastical Investigators")
    red_hand = list(state.data.hands[RED])
    since = len(state.log)
    play(state, "investigate Red hand")
    assert state.view(BLUE)["peek"]["cards"] == red_hand
    assert state.view(RED)["peek"] is None and state.view(None)["peek"] is None
    assert not set(red_hand) & g.secrets(state.data, BLUE)
    texts_red = " ".join(e.text_for(RED) or "" for e in state.log[since:])
    assert not any(c in texts_red for c in red_hand if c not in state.data.known[RED])
    assert "already used" in state.explain("investigate Red plot")
    state.apply("end")
    assert state.data.peek is None


def test_ecclesiastical_investigators_cannot_look_at_a_revealed_plot(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        ed.special("Blue", "Ecclesiastical Investigators")
    assert "investigate Red plot" in state.legal_actions()
    with state.edit() as data:
        data.private_revealed[RED] = True
    assert "not face-down" in state.explain("investigate Red plot")
    legal = state.legal_actions()
    assert "investigate Red plot" not in legal and "investigate Red hand" in legal


def test_electors_decree_expels_rival_influence_onto_the_new_card_first(new, editor):
    state, g, cards = new()
    t = ranked(g, where=lambda c: c.rank == "II")
    acting = ranked(g, exclude=(t,), where=lambda c: c.rank == "II")
    small = ranked(g, exclude=(t, acting), where=lambda c: c.rank == "I")
    big = ranked(g, exclude=(t, acting, small), where=lambda c: c.rank == "III")
    big2 = ranked(g, exclude=(t, acting, small, big), where=lambda c: c.rank == "III")
    with editor(state) as ed:
        ed.put("B3", t)
        ed.influence("B3", ["Red", "Red"])
        ed.put("B4", acting)
        ed.influence("B4", ["Blue"])
        ed.hand("Blue", [small, big, big2])
        ed.favor("Blue", **{g.lum[acting].factions[0]: 2})
    assert "rival Influence" in state.explain("expel B3 from B4")
    with editor(state) as ed:
        ed.special("Red", "Elector's Decree")
    play(state, "expel B3 from B4")
    assert "too few Locations" in state.explain(f"place {small}")
    play(state, f"place {big}")
    assert infl(state, "B3")[:2] == [RED, RED]


def test_fair_weather_organize_moves_anywhere(new, editor):
    state, g, cards = new(reveal=True)
    src = state.data.cards[cell(state, "B5")]
    fac = g.lum[src].factions[0]
    with editor(state) as ed:
        ed.influence("B5", ["Blue"])
        ed.influence("A1", [])
        ed.favor("Blue", **{fac: 1})
    play(state, f"organize {fac.title()[:3]}")
    assert "not adjacent" in state.explain("move B5 A1")
    state.undo()
    with editor(state) as ed:
        ed.special("Blue", "Fair Weather")
    play(state, f"organize {fac.title()[:3]}", "move B5 A1")
    assert infl(state, "A1")[0] == BLUE


def test_quiet_tidings_extort_keeps_everything(new, editor):
    state, g, cards = new()
    t = ranked(g, where=lambda c: c.rank == "III")
    with editor(state) as ed:
        ed.put("B4", t)
        ed.influence("B4", ["Blue", "Red"])
        ed.special("Red", "Quiet Tidings")
    play(state, "extort B4")
    while state.decisions()[0].kind in ("collect", "give"):
        state.apply(state.legal_actions()[0])
    assert sum(state.data.favor[BLUE]) == 3 and sum(state.data.favor[RED]) == 0


def test_rosicrucian_advance_influence_on_a_rosicrucian_card_uses_no_main_action(new, editor):
    state, g, cards = new()
    ros = ranked(g, where=lambda c: c.affiliation == "rosicrucian" and c.rank == "I")
    other = ranked(g, exclude=(ros,), where=lambda c: c.affiliation != "rosicrucian" and c.rank == "I")
    with editor(state) as ed:
        ed.put("B5", ros)
        ed.put("C5", other)
        ed.favor("Blue", Nob=6, Pro=6, Mag=6, Art=6, Sch=6, Cle=6)
        ed.special("Blue", "Rosicrucian Advance")
        ed.main_actions(0)
    assert state.explain("influence B5 x1") is None           # RULINGS §7.36: costs apply, no action used
    assert "no main actions left" in state.explain("influence C5 x1")
    play(state, "influence B5 x1")
    while state.decisions()[0].kind == "pay":
        state.apply(state.legal_actions()[0])
    assert infl(state, "B5") == [BLUE] and state.data.main_left == 0


def test_rosicrucian_advance_with_no_main_action_left_lists_only_its_free_actions(new, editor):
    """With no Main action left, Rosicrucian Advance still allows a Scout from a Rosicrucian card and
    Influence onto one (RULINGS §7.36), and nothing else: not a Scout from the Areopagus, not Influence on a
    card of another affiliation. The fast listing equals the candidates ``check`` allows."""
    state, g, cards = new()
    t = min(g.areo_cells[BLUE])  # face-down, touching Blue's Areopagus ...
    c = next(x for x in g.adj[t] if x != t)  # ... and a card next to it, Rosicrucian, with Blue's Influence
    ros = ranked(g, where=lambda x: x.affiliation == "rosicrucian" and len(x.locations) >= 2)
    other = ranked(g, exclude=(ros,), where=lambda x: x.affiliation != "rosicrucian" and x.rank == "I")
    o = next(x for x in g.adj[c] if x not in (t, c))
    last = ranked(g, exclude=(ros, other), where=lambda x: x.affiliation == "rosicrucian")
    assert g.n - 1 not in (t, c, o)  # (the Areopagus is cell -1 in actions: no card may stand in for it)
    with editor(state) as ed:
        ed.put(g.cell_name(g.n - 1), last)
        ed.put(g.cell_name(c), ros)
        ed.influence(g.cell_name(c), ["Blue"])
        ed.put(g.cell_name(o), other)
        ed.favor("Blue", Nob=6, Pro=6, Mag=6, Art=6, Sch=6, Cle=6)
        ed.special("Blue", "Rosicrucian Advance")
        ed.main_actions(0)
    d = state.data
    assert not d.up[t] and t in g.areo_cells[BLUE]
    fast = g._turn_main_legal(d, BLUE)
    assert fast == [a for a in g._turn_main_candidates(d, BLUE) if g.check(d, a) is None]
    shown = {a.notation() for a in fast}
    assert f"scout {g.cell_name(t)} from {g.cell_name(c)}" in shown
    assert not any(a.kind == "scout" and a.args[1] == -1 for a in fast)  # the Areopagus is no card
    assert f"influence {g.cell_name(c)} x1" in shown
    assert not any(a.kind == "influence" and a.args[0] == o for a in fast)
    assert {a.kind for a in fast} == {"scout", "influence"}


def test_a_special_event_is_discarded_at_its_holders_next_event_phase(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        ed.special("Blue", "Quiet Tidings")
        ed.start_turn("Blue", round=2, event_phase=True)
    ev = next(e for e, x in g.events.items() if x.key == "quiet_tidings")
    assert ev in state.data.event_discard and state.data.special_active[BLUE] is None


def test_scholars_ability_scouts_face_down_cards_only(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        used = holding(ed, g, "SCH")
        ed.put("D1", ranked(g, exclude=used))
        ed.favor("Blue", Sch=1)
    play(state, "faction Sch")
    assert "face-up" in state.explain("scout D1")
    assert "name no acting card" in state.explain("scout D2 from A4")


def test_a_lent_faction_card_gives_its_holder_nothing_this_turn(new, editor):
    """RULINGS §7.59: the holder of a borrowed card loses its ability and passive until it returns."""
    state, g, cards = new()
    with editor(state) as ed:
        used = holding(ed, g, "PRO")
    state.data.borrowed = {"PRO": RED}
    assert g.exchange_rate(state.data, BLUE) == 3 and g.exchange_rate(state.data, RED) == 2
    assert "lent to another player" in state.explain("faction Pro")
    del used
