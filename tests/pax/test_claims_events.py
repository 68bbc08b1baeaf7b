"""Claims, the Check Phase, Events and Faction Scoring (rules-reference §3.3, §4, §5, §8.8-8.12)."""

from __future__ import annotations

import pytest

from illumi_widgets.engine import OMNISCIENT
from illumi_widgets.games.pax.favor import FI

BLUE, RED = 0, 1


def column(g, col, rows=range(1, 6)):
    return [f"{col}{r}" for r in rows]


# -- Claim Faction (EN Claim Faction; §8.8) ------------------------------------------------------------------
def _pro_lodge(new, editor, blue=(2, 2), red=1):
    state, g, cards = new()
    b2, b3 = cards.find(rank="II", has=("PRO",), n=2)
    b4 = cards.find(rank="III", has=("PRO",), exclude=(b2, b3))
    away = next(c for c, card in g.lum.items() if card.rank == "II" and "PRO" not in card.factions)
    with editor(state) as ed:
        ed.factions(["PRO", "MAG", "NOB"])
        ed.put("B2", b2)
        ed.influence("B2", ["Blue"] * blue[0])
        ed.put("B3", b3)
        ed.influence("B3", ["Blue"] * blue[1])
        ed.put("B4", b4)
        ed.influence("B4", ["Red"] * red)
        ed.put("A2", away)
        ed.favor("Blue", Pro=1)
    return state, g, cards


def test_claim_faction_example(new, editor):
    state, g, _ = _pro_lodge(new, editor)
    state.apply("claim faction Pro")
    assert state.data.faction_holder == {"PRO": BLUE} and "PRO" not in state.data.faction_row
    assert "already claimed a Faction card this turn" in state.explain("claim faction Mag")


@pytest.mark.parametrize("blue,red,why", [((1, 1), 0, "at least 3"), ((2, 0), 2, "more than anyone")])
def test_claim_faction_needs_three_and_a_strict_majority(new, editor, blue, red, why):
    state, g, _ = _pro_lodge(new, editor, blue=blue, red=red)
    assert why in state.explain("claim faction Pro")


def test_a_faction_card_is_lost_at_once_when_control_goes(new, editor):
    """RULINGS (EN Losing Faction cards): lost as soon as the holder no longer controls the largest Lodge."""
    state, g, _ = _pro_lodge(new, editor)
    state.apply("claim faction Pro")
    state.apply("organize Pro")
    state.apply("move B2 A2")
    assert state.data.faction_holder == {"PRO": BLUE}      # 3 of 4 left: still in control
    state.apply("move B2 A2" if BLUE in state.data.infl[g.geom.cell("B2")] else "move B3 A2")
    assert "PRO" in state.data.faction_row and not state.data.faction_holder
    assert any("returns to the row" in line for line in state.view(RED)["log"])


# -- Claim Plot (EN Claim Plot; §3.3) ------------------------------------------------------------------------
def _dispersed(new, editor, players=2):
    state, g, cards = new(players=players)
    six = cards.find(rank="II", n=6)
    with editor(state) as ed:
        for cell, cid in zip(["A3", "B3", "C3", "D3", "A4", "B4"], six, strict=True):
            ed.put(cell, cid)
            ed.influence(cell, ["Blue"])
        ed.plots(public=["PLOT10", "PLOT05"], private=["PLOT13", "PLOT11", "PLOT12", "PLOT08"][:players])
    return state, g, cards


def test_claim_public_plot_once_per_turn(new, editor):
    state, g, _ = _dispersed(new, editor)
    assert "inner-circle" not in " ".join(state.legal_actions().notations())
    state.apply("claim plot dispersed-contacts")
    assert state.data.claims[BLUE] == {"PLOT10": True}
    assert g.supply(state.data, BLUE) == 20 - 6 - 1
    assert "already claimed a Plot this turn" in state.explain("claim plot inner-circle")


def test_private_plot_claim_reveals_it_and_two_plots_win_at_once(new, editor):
    """EN Claim Plot: a private Plot is revealed when claimed; EN Plot Victory (RULINGS §7.43): immediate."""
    state, g, cards = _dispersed(new, editor)
    with editor(state) as ed:
        ed.claim("Blue", "PLOT10")
        for cell, ace in zip(["A1", "B1", "C1"], cards.find(rank="ACE", n=3), strict=True):   # control 3 Aces
            ed.put(cell, ace)
            ed.influence(cell, ["Blue"])
    assert state.view(RED)["plots"]["private"][BLUE] is None             # secret until claimed
    assert "your own private Plot" in state.explain(state.parse("claim plot line-of-exchange"))
    state.apply("claim plot influential-converts")
    assert state.view(RED)["plots"]["private"][BLUE] == "PLOT13"
    assert state.is_terminal()
    out = state.outcome()
    assert out["winners"] == [BLUE] and out["reason"] == "plot victory"


def test_plot_overlap_ja_variant_b_one_lodge_serves_one_plot(new, editor):
    """§8.9 JA variant B: one Nobility Lodge meets Remote Enlistment and Factional Pact — only one."""
    state, g, cards = new()
    nob = [c for c in cards.find(has=("NOB",), n=15) if g.lum[c].rank in ("II", "III")][:5]
    with editor(state) as ed:
        for cell, cid in zip(column(g, "A"), nob, strict=True):
            ed.put(cell, cid)
            ed.influence(cell, ["Blue"])
        ed.plots(public=["PLOT01", "PLOT04"])
    state.apply("claim plot remote-enlistment")
    with editor(state) as ed:
        ed.start_turn("Blue", round=2)
    assert state.explain("claim plot factional-pact").startswith("the cards used for Factional Pact")


# -- Redraw and the Court (EN Redraw; §8.10) -----------------------------------------------------------------
def _end_with_hand(new, editor, hand_size, favor=None):
    state, g, cards = new()
    with editor(state) as ed:
        ed.hand("Blue", state.data.hands[BLUE][:hand_size])
        if favor:
            ed.favor("Blue", **favor)
    court = list(state.data.court)
    state.apply("end")
    return state, g, court


def test_court_refresh_example(new, editor):
    state, g, court = _end_with_hand(new, editor, 2)
    assert state.decisions()[0].kind == "redraw"
    assert "must be the card under the Chamberlain" in state.explain("redraw court 2 3")
    state.apply("redraw court 2")                    # free: a single Court card, then 1 from the deck
    d = state.data
    assert court[1] in d.hands[BLUE] and len(d.hands[BLUE]) == 4 and sum(d.favor[BLUE]) == 0
    assert court[0] in d.discard                     # the card under the Chamberlain is discarded
    assert d.chamberlain == 1                        # the Chamberlain moves one step right
    assert all(c is not None for c in d.court) and d.court[2:] == court[2:]   # refilled; cards never slide
    assert court[1] in state.view(RED)["hands"][BLUE]["cards"]                # a Court card is seen by all


def test_two_court_cards_cost_one_favor_and_must_include_the_chamberlains(new, editor):
    state, g, court = _end_with_hand(new, editor, 2, favor={"Sch": 1})
    state.apply("redraw court 1 2")
    assert sum(state.data.favor[BLUE]) == 0 and {court[0], court[1]} <= set(state.data.hands[BLUE])


def test_two_court_cards_need_two_spaces_below_the_limit(new, editor):
    state, g, court = _end_with_hand(new, editor, 3, favor={"Sch": 1})
    assert "within the hand limit" in state.explain("redraw court 1 2")
    state.apply("redraw deck")
    assert len(state.data.hands[BLUE]) == 4 and state.data.court[1:] == court[1:]


# -- Event check, edicts, specials, end of game (EN Event Check / Event Phase; §8.11) ------------------------
def _deck_top(state, top):
    """Put the given Event ids on top of the Event deck (top = the last element)."""
    d = state.data
    for e in top:
        if e in d.event_deck:
            d.event_deck.remove(e)
        else:  # a boxed Special: swap it with a Special from the deck
            d.boxed_events.remove(e)
            swap = next(x for x in d.event_deck if state.game.events[x].kind == "special" and x not in top)
            d.event_deck.remove(swap)
            d.boxed_events.append(swap)
    d.event_deck.extend(reversed(top))


def test_no_event_draw_without_an_ace_or_crown(new):
    state, g, _ = new()
    deck = list(state.data.event_deck)
    state.apply("end")
    assert state.data.event_deck == deck and state.data.active == RED


def test_an_ace_revealed_draws_two_keep_one_the_other_back_on_top(new, editor):
    state, g, cards = new()
    with editor(state):
        _deck_top(state, ["EV05", "EV08"])
        state.data.revealed = True
    state.apply("end")
    dec = state.decisions()[0]
    assert dec.kind == "keep" and sorted(dec.options.notations()) == ["keep courtly-celebrations",
                                                                      "keep edict-of-the-scholars"]
    assert "Courtly" not in " ".join(state.view(RED)["log"])  # the drawn Events are Blue's to see
    state.apply("keep courtly-celebrations")
    assert state.data.event_deck[-1] == "EV05" and state.data.special_hand[BLUE] == ["EV08"]


def test_an_edict_takes_effect_at_once(new, editor):
    state, g, cards = new()
    sch = FI["SCH"]
    with editor(state) as ed:
        _deck_top(state, ["EV05", "EV08"])
        ed.favor("Blue", Sch=2)
        ed.favor("Red", Sch=3)
        state.data.revealed = True
    state.apply("end")
    state.apply("keep edict-of-the-scholars")
    d = state.data
    assert d.favor[BLUE][sch] == 0 and d.favor[RED][sch] == 0     # everyone returns all of that Faction
    assert d.edicts[BLUE] == [["EV05", 6]] and d.pool[sch] == g.pool_size - 6   # 6 out of play on it


def test_event_phase_example_ja(new, editor):
    """JA L719-726: an Edict with 2 Favor pays out and empties; the old Special goes; a new one activates."""
    state, g, cards = new()
    d = state.data
    with editor(state) as ed:
        _deck_top(state, ["EV02", "EV08", "EV09"])
        d.event_deck.remove("EV02")
        d.event_deck.remove("EV08")
        d.event_deck.remove("EV09")
        d.edicts[BLUE] = [["EV02", 2]]
        d.pool[FI["PRO"]] -= 2
        d.special_active[BLUE] = "EV08"
        d.special_hand[BLUE] = ["EV09"]
        ed.start_turn("Blue", round=2, event_phase=True)
    assert d.favor[BLUE][FI["PRO"]] == 1 and d.edicts[BLUE] == []      # 1 to the pool, 1 to Blue
    assert "EV02" in d.event_discard and "EV08" in d.event_discard
    assert state.decisions()[0].kind == "activate"
    state.apply("activate ecclesiastical-investigators")
    assert d.special_active[BLUE] == "EV09"


def _final_round(new, editor, lodges=False):
    state, g, cards = new()
    d = state.data
    with editor(state) as ed:
        for e in ("EV01", "EV03", "EV04", "EV06", "EV05"):
            d.event_deck.remove(e)
        d.event_discard = ["EV01", "EV03", "EV04", "EV06"]
        d.edicts[BLUE] = [["EV05", 2]]
        d.pool[FI["SCH"]] -= 2
        d.first = BLUE
        if lodges:  # Blue controls a 3-card Nobility Lodge, Red a 3-card Clergy Lodge: 3 points each
            ed.factions(["NOB", "PRO", "MAG"])
            def pair(f, x):
                return next(c for c, k in g.lum.items() if set(k.factions) == {f, x})

            nob = [pair("NOB", x) for x in ("PRO", "MAG", "ART")]
            cle = [pair("CLE", x) for x in ("SCH", "PRO", "MAG")]
            for i, (a, b) in enumerate(zip(nob, cle, strict=True)):
                ed.put(f"A{i + 1}", a)
                ed.influence(f"A{i + 1}", ["Blue"])
                ed.put(f"D{i + 1}", b)
                ed.influence(f"D{i + 1}", ["Red"])
        ed.start_turn("Blue", round=3, event_phase=True)
    return state, g


def test_fifth_edict_discarded_finishes_the_round_then_faction_scoring(new, editor):
    state, g = _final_round(new, editor)
    assert state.data.final_round
    state.apply("end")
    assert not state.is_terminal() and state.data.active == RED        # the round is finished first
    state.apply("end")
    out = state.outcome()
    assert out is not None and out["reason"] == "faction scoring"
    assert out["winners"] == [BLUE, RED]                               # 0 all: shared victory


def test_faction_scoring_tie_goes_to_more_faction_cards(new, editor):
    """EN Declare Winner: a tie on points goes to the player holding more Faction cards."""
    state, g = _final_round(new, editor, lodges=True)
    state.apply("claim faction Nob")
    state.apply("end")
    state.apply("end")
    out = state.outcome()
    assert out["scores"] == {BLUE: 3, RED: 3} and out["winners"] == [BLUE]


def test_omniscient_view_shows_what_seats_cannot(new):
    state, g, _ = new()
    om = state.view(OMNISCIENT)
    assert om["omniscient"]["deck"] and om["hands"][RED]["cards"]
    assert state.view(BLUE)["omniscient"] is None and state.view(BLUE)["hands"][RED]["cards"] == []
