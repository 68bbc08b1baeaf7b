"""Pax Illuminaten board module: geometry, lodges, control, faction claims and scoring, plots.

Sources: ``EN L###`` = English rulebook (shared/seeds/000_...), "EN Plot Aid" = its plot list at the end;
``§x`` = shared/reference/pax/rules-reference.md; ``RULINGS`` = shared/reference/pax/RULINGS.md.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass
from itertools import combinations, product

import pytest

from illumi_widgets.games.pax import board as B
from illumi_widgets.games.pax.board import Geometry, Lodge, PlotContext, Witness


@dataclass(frozen=True)
class Card:
    rank: str = "I"
    factions: tuple = ("NOB",)
    affiliation: str | None = None
    locations: tuple = ((),)


# Seat 0 bottom, 1 left, 2 top, 3 right (RULINGS: each Areopagus on its own side, two middle edge cards).
G5 = Geometry(5, 5, [("B5", "C5"), ("A2", "A3"), ("C1", "D1"), ("E3", "E4")])
G4 = Geometry(5, 4, [("B5", "C5"), ("B1", "C1")])


def build(geom: Geometry, spec: dict):
    """spec: cell name -> (factions "NOB/ART", slots "01.", [rank], [affiliation]).

    slots: one character per location, top-most first: a seat digit or "." for open.
    Cells not in spec are face-down (no card shown, no locations).
    """
    faces: list = [None] * geom.n
    infl: list = [()] * geom.n
    for name, entry in spec.items():
        factions, slots, *rest = entry
        rank = rest[0] if rest else "I"
        aff = rest[1] if len(rest) > 1 else None
        c = geom.cell(name)
        faces[c] = Card(rank, tuple(factions.split("/")), aff, tuple(() for _ in slots))
        infl[c] = tuple(None if ch == "." else int(ch) for ch in slots)
    return faces, infl


def ctx(geom, spec, seat=0, nseats=2, held=0):
    faces, infl = build(geom, spec)
    return PlotContext(geom, faces, infl, seat, nseats, held)


def cells(geom, *names):
    return frozenset(geom.cell(n) for n in names)


def met(key, c, params=None):
    return B.plot_witnesses(key, params or {}, c)


# --------------------------------------------------------------------------------------------------
# Geometry (§1.4, §1.5 terms, §7.17-7.20)
# --------------------------------------------------------------------------------------------------


def test_geometry_5x5_edge_interior_center_rows():
    g = G5
    assert (g.rows, g.cols, g.n) == (5, 5, 25)
    assert g.names[:6] == ("A1", "B1", "C1", "D1", "E1", "A2")
    assert g.interior == cells(g, "B2", "C2", "D2", "B3", "C3", "D3", "B4", "C4", "D4")
    assert len(g.edge) == 16 and g.edge | g.interior == frozenset(range(25)) and not g.edge & g.interior
    assert g.center_row == cells(g, "A3", "B3", "C3", "D3", "E3")
    assert g.top_row == cells(g, "A1", "B1", "C1", "D1", "E1")
    assert g.bottom_row == cells(g, "A5", "B5", "C5", "D5", "E5")
    assert (g.row_of[g.cell("D2")], g.col_of[g.cell("D2")]) == (1, 3)
    assert len(g.blocks_2x2) == 4
    assert g.areopagus_cells[1] == (g.cell("A2"), g.cell("A3"))


def test_geometry_5x4_edge_interior_center_rows():
    g = G4
    assert (g.rows, g.cols, g.n) == (5, 4, 20)
    assert g.interior == cells(g, "B2", "C2", "B3", "C3", "B4", "C4")
    assert len(g.edge) == 14
    assert g.center_row == cells(g, "A3", "B3", "C3", "D3")
    assert g.names[-1] == "D5"
    assert len(g.blocks_2x2) == 2


def test_adjacency_sides_only_and_self():
    # EN L192: cards sharing a side are adjacent, and a card is adjacent to itself (§7.20).
    g = G5
    c3 = g.cell("C3")
    assert set(g.neighbors[c3]) == cells(g, "C2", "B3", "D3", "C4")
    assert c3 not in g.neighbors[c3] and c3 in g.adjacent[c3]
    assert g.adjacent[c3] == cells(g, "C3", "C2", "B3", "D3", "C4")
    assert g.cell("D4") not in g.adjacent[c3]  # diagonal
    assert len(g.neighbors[g.cell("A1")]) == 2 and len(g.neighbors[g.cell("C1")]) == 3


def test_cell_names_case_insensitive_and_unknown():
    assert G5.cell("c3") == G5.cell("C3") == 12
    with pytest.raises(ValueError, match="unknown map cell 'F1'"):
        G5.cell("F1")
    with pytest.raises(KeyError):
        G4.cell("E1")


def test_areopagus_must_touch_two_neighbouring_cards_of_one_side():
    with pytest.raises(ValueError, match="seat 0"):
        Geometry(5, 5, [("B5", "D5")])
    with pytest.raises(ValueError, match="seat 1"):
        Geometry(5, 5, [("B5", "C5"), ("B2", "C2")])
    with pytest.raises(ValueError, match="two cell names"):
        Geometry(5, 5, ["B5"])


def test_even_row_count_has_no_center_row():
    assert Geometry(4, 4).center_row == frozenset()


# --------------------------------------------------------------------------------------------------
# Control (EN L206-212)
# --------------------------------------------------------------------------------------------------


def test_card_control_is_strict_majority():
    assert B.counts((0, 1, 0, None)) == {0: 2, 1: 1}
    assert B.card_controller((0, 1, 0)) == 0
    assert B.card_controller((0, 1)) is None  # tie: nobody
    assert B.card_controller((None, None)) is None
    assert B.card_controller(()) is None
    assert B.card_controller((1,)) == 1
    assert B.card_controller((None, 2, None)) == 2


def test_lodge_control_needs_three_and_strict_majority():
    # §8.8: Blue (seat 2) with 4 Influence in the Professions Lodge, everyone else fewer, controls it.
    g = G5
    lodge = cells(g, "A1", "B1", "C1", "D1")
    infl = [()] * 25
    infl[0], infl[1], infl[2] = (2, 2), (2, 0), (2, 1)
    assert B.lodge_influence(lodge, infl) == {2: 4, 0: 1, 1: 1}
    assert B.controller_of(lodge, infl) == 2
    # Negative (§8.8): only 2 Influence is not enough, even alone.
    infl2 = [()] * 25
    infl2[0], infl2[1] = (2,), (2,)
    assert B.controller_of(lodge, infl2) is None
    # Negative (§8.8): tied for the most.
    infl3 = [()] * 25
    infl3[0], infl3[1], infl3[2] = (2, 2, 2), (1, 1), (1,)
    assert B.controller_of(lodge, infl3) is None
    infl3[2] = (1, 2)
    assert B.controller_of(lodge, infl3) == 2


# --------------------------------------------------------------------------------------------------
# Lodges (EN L241, §1.5, §7.40)
# --------------------------------------------------------------------------------------------------


def test_lodges_are_maximal_components():
    g = G5
    faces, _ = build(g, {
        "A1": ("NOB", "."), "B1": ("NOB", "."), "C1": ("NOB", "."), "D1": ("NOB", "."), "D2": ("NOB", "."),
        "A3": ("PRO", "."), "B3": ("PRO", "."),  # only 2: no lodge
        "A5": ("MAG", "."), "B4": ("MAG", "."), "C5": ("MAG", "."),  # diagonal only: no lodge
        "E4": ("ART", "."), "E5": ("ART", "."), "D5": ("ART", "."),
    })
    got = B.lodges(g, faces)
    assert got == [Lodge("NOB", cells(g, "A1", "B1", "C1", "D1", "D2")),
                   Lodge("ART", cells(g, "E4", "E5", "D5"))]


def test_face_down_card_breaks_a_lodge():
    g = G5
    spec = {n: ("SCH", ".") for n in ("A2", "B2", "C2", "D2", "E2", "E3")}
    faces, _ = build(g, spec)
    assert [len(lg) for lg in B.lodges(g, faces)] == [6]
    faces[g.cell("C2")] = None  # face-down: shows no faction
    assert sorted(len(lg) for lg in B.lodges(g, faces)) == [3]  # A2-B2 too short, D2-E2-E3 remains


def test_two_faction_card_in_two_lodges():
    g = G5
    faces, _ = build(g, {
        "B2": ("NOB/ART", "."), "A2": ("NOB", "."), "C2": ("NOB", "."),
        "B1": ("ART", "."), "B3": ("ART/CLE", "."),
    })
    got = B.lodges(g, faces)
    assert Lodge("NOB", cells(g, "A2", "B2", "C2")) in got
    assert Lodge("ART", cells(g, "B1", "B2", "B3")) in got
    assert len(got) == 2


# --------------------------------------------------------------------------------------------------
# Claiming Faction cards (EN L580-590, §4, §7.37, §8.8)
# --------------------------------------------------------------------------------------------------


def test_claim_faction_en_example():
    # §8.8 / EN L614-620: blue (seat 2) has 4 Influence in the Professions lodge, more than anyone else;
    # red (seat 1) controls the Magistrates lodge.
    g = G5
    spec = {
        "A1": ("PRO", "22"), "B1": ("PRO", "20"), "C1": ("PRO", "21"),
        "A3": ("MAG", "11"), "B3": ("MAG", "1"), "C3": ("MAG", "0"),
    }
    faces, infl = build(g, spec)
    assert B.faction_claimant(g, faces, infl, "PRO") == 2
    assert B.faction_claimant(g, faces, infl, "MAG") == 1
    assert B.faction_claimant(g, faces, infl, "CLE") is None  # no lodge: cannot be claimed
    # Negative: blue below 3 Influence.
    faces, infl = build(g, {**spec, "A1": ("PRO", "2."), "B1": ("PRO", "..")})
    assert B.faction_claimant(g, faces, infl, "PRO") is None
    # Negative: blue tied for the most (and under EN L606 it would lose the card at once).
    faces, infl = build(g, {**spec, "C1": ("PRO", "2000")})
    assert B.faction_claimant(g, faces, infl, "PRO") is None


def test_claim_faction_tied_largest_lodges_count_as_one():
    # EN L586-588, §7.37: tied largest lodges are treated as one lodge when counting Influence.
    g = G5
    spec = {
        "A1": ("CLE", "0"), "B1": ("CLE", "0"), "C1": ("CLE", "."),           # lodge 1 (3 cards)
        "A5": ("CLE", "1"), "B5": ("CLE", "1"), "C5": ("CLE", "10"),         # lodge 2 (3 cards)
        "E2": ("CLE", "."), "E3": ("CLE", "."), "E4": ("CLE", "."),          # lodge 3 (3 cards)
    }
    faces, infl = build(g, spec)
    # Seat 1 controls lodge 2 alone (3 v 1) but over the union seat 1 has 3, seat 0 has 3: a tie.
    assert B.controller_of(cells(g, "A5", "B5", "C5"), infl) == 1
    assert B.faction_claimant(g, faces, infl, "CLE") is None
    faces, infl = build(g, {**spec, "E4": ("CLE", "0")})
    assert B.faction_claimant(g, faces, infl, "CLE") == 0  # 4 v 3 over the union
    # A strictly larger lodge replaces the tied group: only it counts (E2-E3-E4-D3, 4 cards).
    faces, infl = build(g, {**spec, "D3": ("CLE", "222"), "E3": ("CLE", "1")})
    assert len(B.largest_lodges(B.lodges(g, faces), "CLE")) == 1
    assert B.faction_claimant(g, faces, infl, "CLE") == 2  # seats 0 and 1 have more, elsewhere
    faces, infl = build(g, {**spec, "D3": ("CLE", "222"), "E3": ("CLE", "11"), "E2": ("CLE", "1")})
    assert B.faction_claimant(g, faces, infl, "CLE") is None  # 3 v 3 in the largest lodge


# --------------------------------------------------------------------------------------------------
# Faction scoring (EN L825-847, §8.12)
# --------------------------------------------------------------------------------------------------

GREEN, RED, BLUE, BEIGE = 0, 1, 2, 3

EN_SCORING_BOARD = {
    # Nobility lodge A1-B1-C1; C1 is Nobility/Artists and also in the Artists lodge C1-C2-D2.
    "A1": ("NOB", "000", "III"), "B1": ("NOB", "1"), "C1": ("NOB/ART", "3."),
    "C2": ("ART", "."), "D2": ("ART", "0"),
    # Two tied largest Professions lodges (3 cards each): both score.
    "A3": ("PRO", "2"), "A4": ("PRO", "."), "A5": ("PRO", "3"),
    "E3": ("PRO", "."), "E4": ("PRO", "3"), "E5": ("PRO", "0"),
    # Magistrates lodge C3-C4-C5-D5.
    "C3": ("MAG", "11"), "C4": ("MAG", "20"), "C5": ("MAG", "2"), "D5": ("MAG", "0"),
    # Clergy lodge B3-B4-B5.
    "B3": ("CLE", "2"), "B4": ("CLE", "2"), "B5": ("CLE", "211", "III"),
    # Scholars: only two adjacent cards, no lodge: red's 3 Influence there score nothing.
    "E1": ("SCH", "11"), "E2": ("SCH", "1"),
}


def test_faction_scoring_en_example():
    # EN L845-847 (§8.12): green 7, red 5, blue 6, beige 4; green wins. The map picture is missing, so
    # this board is built to give that outcome with the scoring rules.
    faces, infl = build(G5, EN_SCORING_BOARD)
    scores = B.faction_scores(G5, faces, infl, 4)
    totals = [sum(d.values()) for d in scores]
    assert totals == [7, 5, 6, 4]
    assert max(range(4), key=totals.__getitem__) == GREEN
    assert scores[BEIGE] == {"NOB": 1, "PRO": 2, "MAG": 0, "ART": 1, "SCH": 0, "CLE": 0}
    assert scores[RED]["SCH"] == 0


def test_faction_scoring_double_count_on_two_faction_card():
    # EN L843: an Influence in two different Scoring Lodges is counted twice.
    g = G5
    faces, infl = build(g, {
        "B2": ("NOB/ART", "1"), "A2": ("NOB", "."), "C2": ("NOB", "."),
        "B1": ("ART", "."), "B3": ("ART", "."),
    })
    scores = B.faction_scores(g, faces, infl, 2)
    assert scores[1]["NOB"] == 1 and scores[1]["ART"] == 1 and sum(scores[1].values()) == 2
    assert sum(scores[0].values()) == 0


def test_faction_scoring_no_lodge_scores_nothing_and_only_largest_scores():
    # EN L833-835: a faction without a 3-card lodge does not score; only the largest lodge(s) score.
    g = G5
    faces, infl = build(g, {
        "A1": ("SCH", "00"), "B1": ("SCH", "00"),                   # 2 cards: no lodge
        "A3": ("MAG", "1"), "B3": ("MAG", "1"), "C3": ("MAG", "1"), "D3": ("MAG", "1"),   # largest
        "A5": ("MAG", "0"), "B5": ("MAG", "0"), "C5": ("MAG", "000"),                    # smaller
    })
    scores = B.faction_scores(g, faces, infl, 2)
    assert sum(scores[0].values()) == 0
    assert scores[1]["MAG"] == 4


# --------------------------------------------------------------------------------------------------
# Plot predicates (EN Plot Aid, §3.2, RULINGS)
# --------------------------------------------------------------------------------------------------


def test_remote_enlistment():
    # EN Plot Aid: control a lodge with >= 4 edge cards and >= 4 of your Influence; §7.38: the edge cards
    # need not be consecutive (A1, A2 and D1, E1 here are separated by interior cards).
    g = G5
    spec = {
        "A1": ("NOB", "0"), "A2": ("NOB", "0"), "B2": ("NOB", "."), "C2": ("NOB", "."), "D2": ("NOB", "."),
        "D1": ("NOB", "0"), "E1": ("NOB", "01"),
    }
    w = met("remote_enlistment", ctx(g, spec))
    assert [x.cards for x in w] == [cells(g, "A1", "A2", "B2", "C2", "D2", "D1", "E1")]
    assert w[0].lodge.faction == "NOB"
    # Only 3 edge cards.
    spec3 = {k: v for k, v in spec.items() if k != "E1"} | {"D1": ("NOB", "00")}
    assert met("remote_enlistment", ctx(g, spec3)) == []
    # Only 3 of the seat's Influence.
    assert met("remote_enlistment", ctx(g, {**spec, "A1": ("NOB", ".")})) == []
    # Not in control (tie 4-4).
    assert met("remote_enlistment", ctx(g, {**spec, "B2": ("NOB", "111")})) == []


def test_coaxing_of_crowns():
    # EN Plot Aid + RULINGS ("K-rank" = Crown): >= 4 Influence on Crowns and more than each rival.
    g = G5
    spec = {"A1": ("NOB", "00", "CROWN"), "C3": ("PRO", "00", "CROWN"), "E5": ("MAG", "11", "CROWN"),
            "E1": ("ART", "1", "CROWN"), "B2": ("SCH", "000", "III")}
    w = met("coaxing_of_crowns", ctx(g, spec, nseats=3))
    assert [x.cards for x in w] == [cells(g, "A1", "C3")]
    assert met("coaxing_of_crowns", ctx(g, {**spec, "A1": ("NOB", "0.", "CROWN")}, nseats=3)) == []  # 3
    spec_tie = {**spec, "D4": ("CLE", "2", "CROWN"), "D5": ("CLE", "222", "CROWN")}
    assert met("coaxing_of_crowns", ctx(g, spec_tie, nseats=3)) == []  # seat 2 also has 4
    assert met("coaxing_of_crowns", ctx(g, spec_tie, nseats=2)) != []  # seat 2 is not playing


def test_path_of_whispers():
    # EN Plot Aid: Influence on each card of a lodge connecting the top row to the bottom row.
    g = G5
    spec = {"B1": ("CLE", "0"), "B2": ("CLE", "01"), "B3": ("CLE", "1.0"), "B4": ("CLE", "0"),
            "B5": ("CLE", "0")}
    w = met("path_of_whispers", ctx(g, spec))
    assert len(w) == 1 and w[0].lodge.cells == cells(g, "B1", "B2", "B3", "B4", "B5")
    assert met("path_of_whispers", ctx(g, {**spec, "B4": ("CLE", "1")})) == []
    # §7.40 (maximal lodge): a branch card without the seat's Influence spoils the whole lodge.
    assert met("path_of_whispers", ctx(g, {**spec, "C3": ("CLE", ".")})) == []
    # Does not reach the bottom row.
    assert met("path_of_whispers", ctx(g, {k: v for k, v in spec.items() if k != "B5"})) == []


def test_factional_pact():
    # EN Plot Aid: control a lodge of >= 5 cards with >= 5 of your Influence.
    g = G5
    spec = {"B2": ("ART", "0"), "C2": ("ART", "00"), "D2": ("ART", "."), "C3": ("ART", "0"),
            "C4": ("ART", "01")}
    assert len(met("factional_pact", ctx(g, spec))) == 1
    assert met("factional_pact", ctx(g, {**spec, "C4": ("ART", "1")})) == []  # 4 Influence
    spec4 = {k: v for k, v in spec.items() if k != "D2"} | {"B2": ("ART", "00")}
    assert met("factional_pact", ctx(g, spec4)) == []  # 4 cards


def test_inner_circle():
    # EN Plot Aid + §7.42: Influence on exactly a 2x2 block of interior cards.
    g = G5
    spec = {n: ("NOB", "01") for n in ("B2", "C2", "B3", "C3")}
    w = met("inner_circle", ctx(g, spec))
    assert [x.cards for x in w] == [cells(g, "B2", "C2", "B3", "C3")]
    assert met("inner_circle", ctx(g, spec, seat=1))  # control is not needed
    assert met("inner_circle", ctx(g, {**spec, "C3": ("NOB", "1")})) == []
    # A 2x2 block touching the edge is not interior.
    edge = {n: ("NOB", "0") for n in ("A1", "B1", "A2", "B2")}
    assert met("inner_circle", ctx(g, edge)) == []
    # Four interior cards in an L are not a group where each is adjacent to two others.
    ell = {n: ("NOB", "0") for n in ("B2", "B3", "B4", "C4")}
    assert met("inner_circle", ctx(g, ell)) == []
    six = {n: ("NOB", "0") for n in ("B2", "C2", "D2", "B3", "C3", "D3")}
    assert len(met("inner_circle", ctx(g, six))) == 2


def test_rosicrucian_foil():
    # EN Plot Aid + §7.4 (Rosicrucian, not Clergy): control >= 3 Rosicrucian cards holding >= 5 of your
    # Influence, and more Rosicrucian cards than each rival.
    g = G5
    r = "rosicrucian"
    spec = {"A1": ("NOB", "00", "II", r), "C1": ("PRO", "0", "I", r), "E1": ("MAG", "001", "III", r),
            "A5": ("ART", "1", "I", r), "C5": ("SCH", "1", "I", r), "E5": ("CLE", "0", "I", None)}
    w = met("rosicrucian_foil", ctx(g, spec))
    assert [x.cards for x in w] == [cells(g, "A1", "C1", "E1")]
    assert met("rosicrucian_foil", ctx(g, {**spec, "A1": ("NOB", "0.", "II", r)})) == []  # 4 Influence
    spec_tie = {**spec, "E4": ("CLE", "1", "I", r)}
    assert met("rosicrucian_foil", ctx(g, spec_tie)) == []  # rival controls 3 too
    assert met("rosicrucian_foil", ctx(g, {**spec, "C1": ("PRO", "01", "II", r)})) == []  # C1 tied


def test_consort_of_peers():
    # EN Plot Aid + §7.41: a card and three cards directly adjacent to IT, all of one rank.
    g = G5
    star = {"C3": ("NOB", "0", "II"), "C2": ("PRO", "0", "II"), "B3": ("MAG", "01", "II"),
            "D3": ("ART", "0", "II")}
    w = met("consort_of_peers", ctx(g, star))
    assert [x.cards for x in w] == [cells(g, "C3", "C2", "B3", "D3")]
    plus = {**star, "C4": ("CLE", "0", "II")}
    assert len(met("consort_of_peers", ctx(g, plus))) == 4  # any 3 of the 4 neighbours
    # A line of four same-rank cards is not a card plus three cards adjacent to it.
    line = {n: ("NOB", "0", "III") for n in ("A2", "B2", "C2", "D2")}
    assert met("consort_of_peers", ctx(g, line)) == []
    assert met("consort_of_peers", ctx(g, {**star, "D3": ("ART", "0", "III")})) == []
    assert met("consort_of_peers", ctx(g, {**star, "D3": ("ART", "1", "II")})) == []


def test_faction_leader():
    # EN Plot Aid: hold 2 Faction cards (borrowed ones do not count: the caller passes held ones only).
    w = met("faction_leader", ctx(G5, {}, held=2))
    assert w == [Witness(frozenset())]
    assert met("faction_leader", ctx(G5, {}, held=1)) == []


def test_freemason_union():
    # EN Plot Aid + §7.45: controlled Freemason cards covering all six factions.
    g = G5
    f = "freemason"
    spec = {"A1": ("NOB/PRO", "0", "I", f), "C1": ("MAG/ART", "0", "I", f), "E1": ("SCH", "0", "I", f),
            "A5": ("CLE/NOB", "00", "II", f), "C5": ("CLE", "1", "I", f)}
    w = met("freemason_union", ctx(g, spec))
    assert [x.core for x in w] == [cells(g, "A1", "C1", "E1", "A5")]
    assert met("freemason_union", ctx(g, {**spec, "E1": ("SCH", "0", "I", None)})) == []
    assert met("freemason_union", ctx(g, {**spec, "A5": ("CLE/NOB", "01", "II", f)})) == []  # tied
    # With a second way to cover Clergy, there are two minimal covers; supersets are pool choices.
    spec2 = {**spec, "C3": ("CLE", "0", "I", f)}
    w2 = met("freemason_union", ctx(g, spec2))
    assert sorted(sorted(g.names[c] for c in x.core) for x in w2) == [
        ["A1", "A5", "C1", "E1"], ["A1", "C1", "C3", "E1"]]


def test_dispersed_contacts():
    # EN Plot Aid + §7.5: control any 6 cards.
    g = G5
    spec = {n: ("NOB", "0") for n in ("A1", "C1", "E1", "A5", "C5", "E5")} | {"C3": ("PRO", "01")}
    w = met("dispersed_contacts", ctx(g, spec))
    assert len(w) == 1 and len(w[0].cards) == 6 and w[0].pool == w[0].cards
    assert met("dispersed_contacts", ctx(g, {**spec, "E5": ("NOB", "1")})) == []
    spec7 = {**spec, "C3": ("PRO", "001")}
    w7 = met("dispersed_contacts", ctx(g, spec7))
    assert len(w7[0].pool) == 7 and len(list(w7[0].choices())) == 7


def test_line_of_exchange():
    # EN Plot Aid + §7.39: control a lodge containing >= 3 center-row cards (not necessarily adjacent).
    g = G5
    spec = {n: ("SCH", ".") for n in ("A3", "A4", "B4", "C4", "C3", "D4", "E4", "E3")}
    spec |= {"A4": ("SCH", "00"), "E4": ("SCH", "0")}
    assert len(met("line_of_exchange", ctx(g, spec))) == 1
    assert met("line_of_exchange", ctx(g, {**spec, "E4": ("SCH", ".")})) == []  # only 2 Influence
    two = {k: v for k, v in spec.items() if k != "C3"}
    assert met("line_of_exchange", ctx(g, two)) == []  # 2 center-row cards


def test_shadow_alliance():
    # EN Plot Aid + §7.6: Influence on >= 4 cards that also hold rival Influence.
    g = G5
    spec = {"A1": ("NOB", "01"), "B1": ("NOB", "10"), "C1": ("NOB", "201"), "D1": ("NOB", "02"),
            "E1": ("NOB", "0"), "A2": ("NOB", "11")}
    w = met("shadow_alliance", ctx(g, spec, nseats=3))
    assert [x.cards for x in w] == [cells(g, "A1", "B1", "C1", "D1")]
    assert met("shadow_alliance", ctx(g, {**spec, "D1": ("NOB", "00")}, nseats=3)) == []


def test_influential_converts():
    # RULINGS: the Plot Aid's "A-rank" is the Ace: control at least 3 Aces.
    g = G5
    spec = {"A1": ("NOB", "00", "ACE"), "C1": ("PRO", "0", "ACE"), "E1": ("MAG", "0.", "ACE"),
            "C3": ("ART", "0", "CROWN")}
    assert len(met("influential_converts", ctx(g, spec))) == 1
    assert met("influential_converts", ctx(g, {**spec, "E1": ("MAG", "01", "ACE")})) == []
    assert met("influential_converts", ctx(g, spec), {"rank": "CROWN", "cards": 1})
    with pytest.raises(ValueError, match="rank"):
        met("influential_converts", ctx(g, spec), {"rank": "KNIGHT"})


def test_clandestine_vassal_variant():
    # JA P13 (variant, RULINGS): control a lodge linking your Areopagus to a rival's.
    g = G5  # seat 0 touches B5, C5; seat 1 touches A2, A3
    spec = {"B5": ("CLE", "0"), "B4": ("CLE", "0"), "A4": ("CLE", "."), "A3": ("CLE", "0")}
    w = met("clandestine_vassal", ctx(g, spec))
    assert len(w) == 1 and w[0].lodge.faction == "CLE"
    assert met("clandestine_vassal", ctx(g, {**spec, "A3": ("CLE", "1")})) == []  # tie 2-... not 3
    no_link = {"B5": ("CLE", "0"), "B4": ("CLE", "0"), "C4": ("CLE", "0")}
    assert met("clandestine_vassal", ctx(g, no_link)) == []
    assert "clandestine_vassal" not in B.DEFAULT_PLOTS and len(B.DEFAULT_PLOTS) == 13


def test_unknown_plot_or_parameter():
    c = ctx(G5, {})
    with pytest.raises(ValueError, match="unknown plot"):
        met("grand_lodge", c)
    with pytest.raises(ValueError, match="unknown parameter"):
        met("dispersed_contacts", c, {"cards": 6, "players": 3})
    assert met("dispersed_contacts", c, {"cards": 0}) == [Witness(frozenset())]


# --------------------------------------------------------------------------------------------------
# Plot overlap and lodge-once rules (EN L648-658, §3.3, §8.9)
# --------------------------------------------------------------------------------------------------


def test_plot_overlap_ja_variant_b_one_lodge_serves_one_plot():
    # §8.9 JA (B): a Nobility lodge of 5 cards, 4 on the edge, with 5 red Influence meets Remote
    # Enlistment and Factional Pact, but the same lodge cannot serve both.
    g = G5
    spec = {"A1": ("NOB", "0"), "B1": ("NOB", "0"), "C1": ("NOB", "0"), "D1": ("NOB", "0"),
            "C2": ("NOB", "0")}
    c = ctx(g, spec)
    re_, fp = met("remote_enlistment", c), met("factional_pact", c)
    assert re_ and fp
    assert B.claims_compatible([re_]) and B.claims_compatible([fp])
    assert not B.claims_compatible([re_, fp])


def test_plot_overlap_ja_variant_c_two_lodges_serve_two_plots():
    # §8.9 JA (C): an Artists lodge meets Remote Enlistment, a separate Nobility lodge Factional Pact.
    g = G5
    spec = {"A1": ("ART", "0"), "B1": ("ART", "0"), "C1": ("ART", "0"), "D1": ("ART", "0"),
            "B3": ("NOB", "0"), "C3": ("NOB", "00"), "D3": ("NOB", "0"), "C4": ("NOB", "0"),
            "C5": ("NOB", ".")}
    c = ctx(g, spec)
    re_, fp = met("remote_enlistment", c), met("factional_pact", c)
    assert [w.lodge.faction for w in re_] == ["ART"] and [w.lodge.faction for w in fp] == ["NOB"]
    assert B.claims_compatible([re_, fp])


def test_plot_overlap_en_example_c_inner_circle_and_consort():
    # §8.9 EN (A-C): The Inner Circle and Consort of Peers; red's sets differ by a card each way, so both
    # may be held. With the star-shaped Consort (§7.41) and the exact 2x2 block (§7.42) the two sets can
    # never be nested, so EN example B cannot occur with these two plots.
    g = G5
    spec = {"B2": ("NOB", "0", "II"), "C2": ("PRO", "0", "II"), "B3": ("MAG", "0", "II"),
            "C3": ("ART", "0", "II"), "D3": ("SCH", "0", "III"), "C4": ("CLE", "0", "II"),
            "D2": ("NOB", "0", "II")}
    c = ctx(g, spec)
    ic, cp = met("inner_circle", c), met("consort_of_peers", c)
    assert ic and cp
    assert any(len(a.cards & b.cards) == 3 for a in ic for b in cp)
    assert all(not (a.cards <= b.cards or b.cards <= a.cards) for a in ic for b in cp)
    assert B.claims_compatible([ic, cp])


def test_plot_overlap_en_example_b_same_cards_only_one_plot():
    # §8.9 EN (B) with plots where it can happen: every set meeting Shadow Alliance is the Inner Circle
    # block itself, so only one of the two may be held; one more shared card (example C) allows both.
    g = G5
    spec = {n: ("NOB", "01") for n in ("B2", "C2", "B3", "C3")}
    c = ctx(g, spec)
    ic, sa = met("inner_circle", c), met("shadow_alliance", c)
    assert ic and sa and not B.claims_compatible([ic, sa])
    c2 = ctx(g, {**spec, "E5": ("PRO", "10")})
    assert B.claims_compatible([met("inner_circle", c2), met("shadow_alliance", c2)])


def test_faction_leader_never_conflicts():
    fl = [Witness(frozenset())]
    one = [Witness(frozenset({1, 2, 3}))]
    assert B.claims_compatible([fl, one]) and B.claims_compatible([fl, fl, one])
    assert not B.claims_compatible([fl, []])
    assert B.claims_compatible([]) and B.claims_compatible([one])


def test_claims_compatible_three_plots():
    a = [Witness(frozenset({1, 2, 3}))]
    b = [Witness(frozenset({3, 4})), Witness(frozenset({1, 2}))]
    c = [Witness(frozenset({4, 5}))]
    assert B.claims_compatible([a, b, c])  # {1,2,3}, {3,4}, {4,5}
    assert not B.claims_compatible([a, [Witness(frozenset({1, 2}))], c])
    # "Any 2 of {3, 4, 5}" next to {3, 4} and {4, 5}: {3, 5} works.
    pool = [Witness(frozenset({3, 4}), None, frozenset({3, 4, 5}), 2, 2)]
    assert B.claims_compatible([[Witness(frozenset({3, 4}))], [Witness(frozenset({4, 5}))], pool])
    assert not B.claims_compatible([[Witness(frozenset({3, 4}))], [Witness(frozenset({4, 5}))],
                                    [Witness(frozenset({3, 5}))], pool])


# --------------------------------------------------------------------------------------------------
# Brute-force references
# --------------------------------------------------------------------------------------------------


def _brute_lodges(geom, faces):
    """(faction, cells) of every maximal same-faction component of >= 3 face-up cards, by coordinates."""
    def adj(a, b):
        return abs(a // geom.cols - b // geom.cols) + abs(a % geom.cols - b % geom.cols) == 1

    out = set()
    for f in B.FACTIONS:
        have = [c for c in range(geom.n) if faces[c] is not None and f in faces[c].factions]
        comp = {c: {c} for c in have}
        changed = True
        while changed:
            changed = False
            for a in have:
                for b in have:
                    if adj(a, b) and comp[a] is not comp[b]:
                        merged = comp[a] | comp[b]
                        for x in merged:
                            comp[x] = merged
                        changed = True
        for s in {frozenset(v) for v in comp.values()}:
            if len(s) >= 3:
                out.add((f, s))
    return out


def _leader(counter, minimum):
    if not counter:
        return None
    top = max(counter.values())
    who = [s for s, v in counter.items() if v == top]
    return who[0] if len(who) == 1 and top >= minimum else None


def _brute_witnesses(key, params, g, faces, infl, seat, nseats, held):
    """Every concrete (card set, lodge) meeting the plot, straight from the EN Plot Aid wording."""
    p = {**B.PLOT_DEFAULTS[key], **params}
    rivals = [s for s in range(nseats) if s != seat]
    on = [infl[c].count(seat) for c in range(g.n)]
    ctrl = [_leader(Counter(s for s in infl[c] if s is not None), 1) for c in range(g.n)]
    mine = [c for c in range(g.n) if ctrl[c] == seat]
    edge = {c for c in range(g.n) if c // g.cols in (0, g.rows - 1) or c % g.cols in (0, g.cols - 1)}

    def lodge_ctrl(cells):
        return _leader(Counter(s for c in cells for s in infl[c] if s is not None), 3)

    def adj(a, b):
        return abs(a // g.cols - b // g.cols) + abs(a % g.cols - b % g.cols) == 1

    lodges = _brute_lodges(g, faces)
    out = set()
    if key in ("remote_enlistment", "factional_pact", "line_of_exchange", "clandestine_vassal"):
        for f, cells in lodges:
            if lodge_ctrl(cells) != seat:
                continue
            n_mine = sum(on[c] for c in cells)
            if key == "remote_enlistment":
                ok = len(cells & edge) >= p["edge_cards"] and n_mine >= p["influence"]
            elif key == "factional_pact":
                ok = len(cells) >= p["cards"] and n_mine >= p["influence"]
            elif key == "line_of_exchange":
                ok = sum(1 for c in cells if c // g.cols == g.rows // 2) >= p["center_cards"]
            else:
                areo = g.areopagus_cells
                ok = bool(cells & set(areo[seat])) and any(cells & set(areo[r]) for r in rivals)
            if ok:
                out.add((cells, (f, cells)))
    elif key == "path_of_whispers":
        for f, cells in lodges:
            rows = {c // g.cols for c in cells}
            if 0 in rows and g.rows - 1 in rows and all(on[c] for c in cells):
                out.add((cells, (f, cells)))
    elif key == "coaxing_of_crowns":
        crowns = [c for c in range(g.n) if faces[c] is not None and faces[c].rank == "CROWN"]
        tot = Counter(s for c in crowns for s in infl[c] if s is not None)
        if tot[seat] >= p["influence"] and all(tot[seat] > tot[r] for r in rivals):
            out.add((frozenset(c for c in crowns if on[c]), None))
    elif key == "inner_circle":
        interior = [c for c in range(g.n) if c not in edge and on[c]]
        for four in combinations(interior, 4):
            if all(sum(adj(a, b) for b in four) == 2 for a in four):
                out.add((frozenset(four), None))
    elif key == "rosicrucian_foil":
        def ros(s):
            return [c for c in range(g.n) if ctrl[c] == s and faces[c].affiliation == "rosicrucian"]
        r = ros(seat)
        if len(r) >= p["cards"] and sum(on[c] for c in r) >= p["influence"] and all(
                len(r) > len(ros(x)) for x in rivals):
            out.add((frozenset(r), None))
    elif key == "consort_of_peers":
        up = [c for c in range(g.n) if on[c] and faces[c] is not None]
        for four in combinations(up, 4):
            if len({faces[c].rank for c in four}) == 1 and any(
                    all(adj(x, y) for y in four if y != x) for x in four):
                out.add((frozenset(four), None))
    elif key == "faction_leader":
        if held >= p["cards"]:
            out.add((frozenset(), None))
    elif key == "freemason_union":
        fm = [c for c in mine if faces[c].affiliation == "freemason"]
        for k in range(1, len(fm) + 1):
            for sub in combinations(fm, k):
                if {f for c in sub for f in faces[c].factions} >= set(B.FACTIONS):
                    out.add((frozenset(sub), None))
    else:
        if key == "dispersed_contacts":
            pool = mine
        elif key == "shadow_alliance":
            pool = [c for c in range(g.n) if on[c] and any(s not in (None, seat) for s in infl[c])]
        else:  # influential_converts
            pool = [c for c in mine if faces[c].rank == p["rank"]]
        for sub in combinations(pool, p["cards"]):
            out.add((frozenset(sub), None))
    return out


def _concrete(witnesses):
    return {(s, None if w.lodge is None else (w.lodge.faction, w.lodge.cells))
            for w in witnesses for s in w.choices()}


def _brute_compatible(families):
    for pick in product(*families):
        ok = True
        for (a, la), (b, lb) in combinations(pick, 2):
            if la is not None and la == lb:
                ok = False
            elif a and b and (a <= b or b <= a):
                ok = False
            if not ok:
                break
        if ok:
            return True
    return False


A3 = [("B5", "C5"), ("B1", "C1"), ("A2", "A3")]
G4R = Geometry(5, 4, A3)
G3R = Geometry(3, 4, [("B3", "C3"), ("B1", "C1"), ("A1", "A2")])

SMALL_PARAMS = {
    "dispersed_contacts": {"cards": 3}, "shadow_alliance": {"cards": 2}, "influential_converts": {"cards": 2},
    "remote_enlistment": {"edge_cards": 3, "influence": 3}, "factional_pact": {"cards": 4, "influence": 4},
    "rosicrucian_foil": {"cards": 2, "influence": 3}, "coaxing_of_crowns": {"influence": 2},
    "faction_leader": {"cards": 1},
}


def _random_board(rng, g, nseats):
    style = rng.random()
    facs = B.FACTIONS if style < 0.4 else B.FACTIONS[:3]
    faces, infl = [], []
    for _ in range(g.n):
        if rng.random() < 0.12:
            faces.append(None)
            infl.append(())
            continue
        rank = rng.choice(B.RANKS if style > 0.2 else ("II", "II", "ACE", "CROWN"))
        nf = 2 if rng.random() < 0.6 else 1
        fs = tuple(rng.sample(facs, nf))
        aff = rng.choice(("freemason", "freemason", "rosicrucian", None)) if style < 0.7 else None
        nloc = rng.randint(1, 3)
        faces.append(Card(rank, fs, aff, tuple(() for _ in range(nloc))))
        fill = rng.random()
        infl.append(tuple(rng.randrange(nseats) if rng.random() < fill else None for _ in range(nloc)))
    return faces, infl


def test_plot_witnesses_match_brute_force_on_random_boards():
    rng = random.Random(20240611)
    seen_met = Counter()
    for trial in range(300):
        g = (G4R, G3R, G5)[trial % 3] if trial % 10 else G5
        nseats = rng.randint(2, 3)
        faces, infl = _random_board(rng, g, nseats)
        seat = rng.randrange(nseats)
        held = rng.randint(0, 2)
        c = PlotContext(g, faces, infl, seat, nseats, held)
        for key in B.PLOT_KEYS:
            params = SMALL_PARAMS.get(key, {}) if trial % 2 else {}
            if key in ("dispersed_contacts", "shadow_alliance", "influential_converts") and not trial % 2:
                params = {}
            got = _concrete(B.plot_witnesses(key, params, c))
            want = _brute_witnesses(key, params, g, faces, infl, seat, nseats, held)
            assert got == want, (trial, key)
            seen_met[key] += bool(want)
        # The lodge and scoring functions agree with the brute-force lodges too.
        assert {(lg.faction, lg.cells) for lg in B.lodges(g, faces)} == _brute_lodges(g, faces)
    assert all(seen_met[k] > 0 for k in B.PLOT_KEYS), seen_met  # every predicate was met at least once


def test_claims_compatible_matches_brute_force_on_random_families():
    rng = random.Random(7)
    lodges = [Lodge("NOB", frozenset({0, 1, 2})), Lodge("ART", frozenset({0, 1, 2})),
              Lodge("PRO", frozenset({5}))]
    outcomes = Counter()
    for _ in range(3000):
        universe = list(range(rng.randint(3, 7)))
        fams = []
        for _ in range(rng.choice((2, 2, 3, 3, 4))):
            fam = []
            for _ in range(rng.randint(1, 3)):
                kind = rng.random()
                if kind < 0.08:
                    fam.append(Witness(frozenset()))
                elif kind < 0.55:
                    lodge = rng.choice(lodges) if rng.random() < 0.3 else None
                    s = frozenset(rng.sample(universe, rng.randint(1, len(universe))))
                    fam.append(Witness(s, lodge))
                else:
                    rest = universe[:]
                    rng.shuffle(rest)
                    core = frozenset(rest[: rng.randint(0, 2)])
                    pool = rest[len(core): len(core) + rng.randint(1, len(rest) - len(core))]
                    lo = rng.randint(0 if core else 1, len(pool))
                    hi = rng.randint(lo, len(pool))
                    fam.append(Witness(core | frozenset(pool[:lo]), None, frozenset(pool), lo, hi))
            fams.append(fam)
        want = _brute_compatible([_concrete(f) for f in fams])
        assert B.claims_compatible(fams) == want, fams
        outcomes[want] += 1
    assert outcomes[True] > 300 and outcomes[False] > 300


def test_claims_compatible_matches_brute_force_on_random_boards():
    rng = random.Random(99)
    keys = [k for k in B.PLOT_KEYS if k != "faction_leader"]
    checked = Counter()
    for trial in range(400):
        g = (G4R, G5)[trial % 2]
        nseats = 2
        faces, infl = _random_board(rng, g, nseats)
        c = PlotContext(g, faces, infl, 0, nseats, 2)
        fams = {k: B.plot_witnesses(k, SMALL_PARAMS.get(k, {}), c) for k in keys + ["faction_leader"]}
        live = [k for k, f in fams.items() if f]
        for n in (2, 3):
            if len(live) < n:
                continue
            for _ in range(4):
                chosen = rng.sample(live, n)
                brute = [_brute_witnesses(k, SMALL_PARAMS.get(k, {}), g, faces, infl, 0, nseats, 2)
                         for k in chosen]
                size = 1
                for f in brute:
                    size *= len(f)
                if size > 20000:
                    continue
                want = _brute_compatible(brute)
                assert B.claims_compatible([fams[k] for k in chosen]) == want, (trial, chosen)
                checked[(n, want)] += 1
    assert checked[(2, True)] and checked[(2, False)] and checked[(3, True)] and checked[(3, False)], checked


# --------------------------------------------------------------------------------------------------
# Speed
# --------------------------------------------------------------------------------------------------


def busy_board():
    rng = random.Random(5)
    faces, infl = [], []
    for c in range(25):
        rank = ("I", "II", "III", "ACE", "CROWN")[c % 5]
        fs = (B.FACTIONS[c % 6], B.FACTIONS[(c // 5) % 6])
        fs = tuple(dict.fromkeys(fs if rank in ("I", "II", "III") else fs[:1]))
        aff = ("freemason", "rosicrucian", None)[c % 3]
        nloc = {"I": 1, "II": 2, "III": 3, "ACE": 2, "CROWN": 2}[rank]
        faces.append(Card(rank, fs, aff, tuple(() for _ in range(nloc))))
        infl.append(tuple(rng.choice((0, 0, 1, 2, 3, None)) for _ in range(nloc)))
    return faces, infl


def test_plot_witnesses_speed_on_busy_board():
    faces, infl = busy_board()
    reps = 300
    t0 = time.perf_counter()
    for _ in range(reps):
        c = PlotContext(G5, faces, infl, 0, 4, 2)
        for key in B.DEFAULT_PLOTS:
            B.plot_witnesses(key, None, c)
    per = (time.perf_counter() - t0) / reps * 1e6
    assert per < 5000, f"{per:.0f} us for all 13 plots"  # generous: a few hundred us expected
