"""Tests of the Pax Illuminaten data files and their loader (illumi_widgets.games.pax.data).

The shipped files must satisfy every reconstruction rule of shared/reference/pax/RULINGS.md (one test
per rule); the loader must accept replacements from a path or a dict and reject malformed data with a
DataError naming the file, the item and the field.
"""

from __future__ import annotations

import copy
import itertools
import json
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from illumi_widgets.engine.errors import DataError
from illumi_widgets.games.pax import data as pax_data
from illumi_widgets.games.pax.data import FACTIONS, load_pax_data

KIND_ORDER = ("BI", "BS", "BO", "BX", "BU", "FI", "FS", "FX", "FU", "FE", "SW", "SE", "SP", "SD", "SF")
#: rules-reference 2.3: which cards share each ability kind (from the JA appendix)
KIND_CARDS = {
    "BI": (1, 3, 16), "BS": (9, 14, 29), "BO": (11, 12, 26), "BX": (6, 7, 22), "BU": (4, 15, 30),
    "FI": (18, 31, 33), "FS": (24, 39, 44), "FX": (21, 36, 37), "FU": (19, 34, 45), "FE": (28, 32, 43),
    "SW": (2, 13, 17), "SE": (5, 8, 10), "SP": (20, 23, 25), "SD": (27, 41, 42), "SF": (35, 38, 40),
    "ACE": (46, 47, 48, 49, 50, 51), "CROWN": (52, 53, 54, 55, 56, 57),
}
EN_PLOTS = (
    ("Remote Enlistment", "remote_enlistment"),
    ("Coaxing of Crowns", "coaxing_of_crowns"),
    ("Path of Whispers", "path_of_whispers"),
    ("Factional Pact", "factional_pact"),
    ("The Inner Circle", "inner_circle"),
    ("Rosicrucian Foil", "rosicrucian_foil"),
    ("Consort of Peers", "consort_of_peers"),
    ("Faction Leader", "faction_leader"),
    ("Freemason Union", "freemason_union"),
    ("Dispersed Contacts", "dispersed_contacts"),
    ("Line of Exchange", "line_of_exchange"),
    ("Shadow Alliance", "shadow_alliance"),
    ("Influential Converts", "influential_converts"),
)
SPECIAL_EVENTS = (
    "Congress of Wilhelmsbad", "Courtly Celebrations", "Ecclesiastical Investigators", "Elector's Decree",
    "Fair Weather", "Freemason Compact", "Quiet Tidings", "Recruitment Press", "Rosicrucian Advance",
)
FILES = ("luminaries.json", "contacts.json", "plots.json", "factions.json", "events.json", "maps.json")


def raw(filename: str) -> dict:
    text = (resources.files("illumi_widgets.games.pax") / "data" / filename).read_text(encoding="utf-8")
    return json.loads(text)


@pytest.fixture(scope="module")
def cards():
    return list(load_pax_data(4).luminaries.values())


@pytest.fixture(scope="module")
def ranked(cards):
    return [c for c in cards if c.rank in ("I", "II", "III")]


@pytest.fixture
def card_file():
    return copy.deepcopy(raw("luminaries.json"))


def card_entry(doc: dict, cid: str) -> dict:
    return next(c for c in doc["cards"] if c["id"] == cid)


# ------------------------------------------------------------------------------------------------
# File headers
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("filename", FILES)
def test_every_file_has_a_header_and_a_note(filename):
    doc = raw(filename)
    assert doc["format"].startswith("pax-")
    assert doc["version"] == 1
    assert isinstance(doc["reconstructed"], bool)
    assert isinstance(doc["note"], str) and doc["note"]


@pytest.mark.parametrize("filename,arg", [("luminaries.json", "cards"), ("maps.json", "map"),
                                          ("contacts.json", "contacts")])
def test_reconstructed_files_say_so_and_how_to_replace_them(filename, arg):
    doc = raw(filename)
    assert doc["reconstructed"] is True
    assert "RECONSTRUCTED" in doc["note"]
    assert f"load_game('pax', {arg}=path)" in doc["note"]


def test_loaded_data_lists_the_reconstructed_files():
    d = load_pax_data(3)
    assert set(d.reconstructed) == {"cards", "contacts", "map"}
    assert all(src == "packaged" for src in d.sources.values())


def test_readme_documents_the_reconstruction():
    text = (resources.files("illumi_widgets.games.pax") / "data" / "README.md").read_text(encoding="utf-8")
    for word in ("RULES-NOTES.md", "Ranks of PIL001", "Strength", "Affiliation", "Locations", "Contact",
                 "maps.json", "Influence example", "load_game"):
        assert word in text


# ------------------------------------------------------------------------------------------------
# RULINGS.md reconstruction rules, on the shipped luminaries.json
# ------------------------------------------------------------------------------------------------


def test_rule_57_cards_in_id_order(cards):
    assert [c.id for c in cards] == [f"PIL{n:03d}" for n in range(1, 58)]


def test_rule_aces_are_pil046_to_051_one_per_faction(cards):
    aces = [c for c in cards if c.is_ace]
    assert [c.id for c in aces] == [f"PIL{n:03d}" for n in range(46, 52)]
    assert [c.factions for c in aces] == [(f,) for f in FACTIONS]


def test_rule_crowns_are_pil052_to_057_one_per_faction(cards):
    crowns = [c for c in cards if c.is_crown]
    assert [c.id for c in crowns] == [f"PIL{n:03d}" for n in range(52, 58)]
    assert [c.factions for c in crowns] == [(f,) for f in FACTIONS]


def test_rule_pil001_to_045_are_rank_one_two_or_three_with_two_factions(ranked):
    assert [c.id for c in ranked] == [f"PIL{n:03d}" for n in range(1, 46)]
    for c in ranked:
        assert c.rank in ("I", "II", "III")
        assert len(c.factions) == 2 and c.factions[0] != c.factions[1]


def test_rule_each_faction_pair_once_at_each_rank(ranked):
    pairs = set(itertools.combinations(FACTIONS, 2))
    for rank in ("I", "II", "III"):
        got = [tuple(sorted(c.factions, key=FACTIONS.index)) for c in ranked if c.rank == rank]
        assert len(got) == 15 and set(got) == pairs, rank


def test_rule_cards_sharing_an_ability_kind_have_ranks_one_two_three(cards):
    by_kind: dict[str, list] = {}
    for c in cards:
        by_kind.setdefault(c.ability, []).append(c)
    for kind in KIND_ORDER:
        assert sorted(c.rank for c in by_kind[kind]) == ["I", "II", "III"], kind


def test_rule_strength_nine_of_each_value_on_ranked_cards(ranked):
    assert Counter(c.strength for c in ranked) == {2: 9, 3: 9, 4: 9, 5: 9, 6: 9}


def test_rule_aces_and_crowns_carry_symbols_not_numbers(cards):
    for c in cards:
        if c.is_ace:
            assert (c.strength, c.symbol) == (None, "dagger")
        elif c.is_crown:
            assert (c.strength, c.symbol) == (None, "hammer")
        else:
            assert c.symbol is None and isinstance(c.strength, int)


def test_rule_affiliation_mixed_roughly_in_thirds(cards):
    counts = Counter(c.affiliation for c in cards)
    assert set(counts) == {"freemason", "rosicrucian", None}
    for value in counts.values():
        assert 15 <= value <= 23


def test_rule_every_faction_on_a_freemason_card(cards):
    per_faction = Counter(f for c in cards if c.affiliation == "freemason" for f in c.factions)
    for f in FACTIONS:
        assert per_faction[f] >= 2, f


def test_rule_freemason_union_reachable_with_few_cards(cards):
    freemason = [c for c in cards if c.affiliation == "freemason"]
    assert any(set().union(*(c.factions for c in combo)) == set(FACTIONS)
               for combo in itertools.combinations(freemason, 3))


def test_rule_rosicrucian_foil_reachable(cards):
    assert sum(c.affiliation == "rosicrucian" for c in cards) >= 3


def test_rule_location_counts_by_rank(cards):
    want = {"I": 1, "II": 2, "III": 3, "ACE": 2, "CROWN": 2}
    for c in cards:
        assert len(c.locations) == want[c.rank], c.id


def test_rule_location_costs_are_own_faction_icons_growing_downwards(cards):
    for c in cards:
        sizes = [len(loc) for loc in c.locations]
        assert sizes == sorted(sizes), c.id
        assert all(icon in c.factions for loc in c.locations for icon in loc), c.id


def test_rule_location_costs_are_playable(cards):
    for c in cards:
        assert all(1 <= len(loc) <= 3 for loc in c.locations), c.id


def test_rule_influence_example_two_open_locations_cost_six(cards):
    # Influence fills the top-most open Location first, so open Locations are always the bottom ones.
    examples = [c.id for c in cards if len(c.locations) >= 2 and sum(map(len, c.locations[-2:])) == 6]
    assert "PIL011" in examples


def test_reconstruction_extras_documented_in_the_readme(ranked, cards):
    def pair(c):
        return frozenset(c.factions)

    by_kind: dict[str, list] = {}
    by_pair: dict[frozenset, list] = {}
    for c in ranked:
        by_kind.setdefault(c.ability, []).append(c)
        by_pair.setdefault(pair(c), []).append(c)
    for group in by_kind.values():
        assert set().union(*(c.factions for c in group)) == set(FACTIONS)  # a kind shows all six
        assert len({c.strength for c in group}) == 3
        assert len({c.affiliation for c in group}) >= 2
    for group in by_pair.values():
        assert len({c.strength for c in group}) == 3
        assert {c.affiliation for c in group} == {"freemason", "rosicrucian", None}
    for f in FACTIONS:
        mine = Counter(c.strength for c in ranked if f in c.factions)
        assert mine == {2: 3, 3: 3, 4: 3, 5: 3, 6: 3}, f
        assert 7 <= sum(c.primary == f for c in ranked) <= 8
    for c in cards:
        if c.is_ace or c.is_crown:
            twin = next(o for o in cards if o.factions == c.factions and o.rank != c.rank and not o.strength)
            assert twin.affiliation != c.affiliation


def test_names_use_the_probable_spelling_fixes(cards):
    names = {c.id: c.name for c in cards}
    assert names["PIL001"] == "Count Karl Pálffy de Erdőd"
    assert names["PIL027"] == "Aloys Blumauer"
    assert names["PIL053"] == "Johann Georg Schlosser"
    assert names["PIL055"] == "Wolfgang Amadeus Mozart"
    assert all(n.strip() == n and "- " not in n for n in names.values())


def test_ability_kinds_follow_the_ja_appendix(cards):
    by_id = {c.id: c for c in cards}
    for kind, numbers in KIND_CARDS.items():
        for n in numbers:
            assert by_id[f"PIL{n:03d}"].ability == kind


def test_ability_type_and_class_follow_the_kind(cards):
    for c in cards:
        assert (c.ability_type, c.ability_class) == pax_data.ABILITY_KINDS[c.ability], c.id
    assert {c.ability_type for c in cards if c.ability in ("ACE", "CROWN")} == {"special"}


def test_texts_are_present_and_short(cards):
    for c in cards:
        assert 20 <= len(c.text) <= 250


def test_luminary_properties(cards):
    by_id = {c.id: c for c in cards}
    assert by_id["PIL046"].is_ace and not by_id["PIL046"].is_crown
    assert by_id["PIL052"].is_crown and by_id["PIL052"].rank_value == 5
    c = by_id["PIL011"]
    assert c.rank_value == 3 and c.primary == c.factions[0] and c.secondary == c.factions[1]
    assert by_id["PIL046"].secondary is None
    assert isinstance(c.factions, tuple) and all(isinstance(loc, tuple) for loc in c.locations)


# ------------------------------------------------------------------------------------------------
# Contacts, plots, faction cards, events
# ------------------------------------------------------------------------------------------------


def test_contacts_are_the_20_combinations_numbered_4_to_23():
    contacts = load_pax_data(2).contacts
    assert [c.number for c in contacts] == list(range(4, 24))
    assert [c.factions for c in contacts] == list(itertools.combinations(FACTIONS, 3))
    assert contacts[0].roman == "IV" and contacts[-1].roman == "XXIII"
    assert len({frozenset(c.factions) for c in contacts}) == 20


def test_plots_are_the_english_13_in_plot_aid_order():
    d = load_pax_data(4)
    assert [(p.name, p.key) for p in d.plots] == list(EN_PLOTS)
    assert [p.id for p in d.plots] == [f"PLOT{n:02d}" for n in range(1, 14)]


def test_clandestine_vassal_is_a_variant_only():
    d = load_pax_data(4)
    assert [p.key for p in d.variant_plots] == ["clandestine_vassal"]
    assert d.variant_plots[0].variant and d.variant_plots[0].lodge_based


def test_plot_numbers_follow_the_rulings():
    plots = {p.key: p for p in load_pax_data(4).plots}
    assert plots["influential_converts"].params == {"cards": 3, "rank": "ACE"}
    assert plots["coaxing_of_crowns"].params == {"influence": 4}
    assert plots["dispersed_contacts"].params_for(2) == {"cards": 6}
    assert plots["dispersed_contacts"].params_for(2, ja_variant=True) == {"cards": 8}
    assert plots["shadow_alliance"].ja_variant_params == {"2": 3, "3": 4, "4": 5}
    assert plots["influential_converts"].params_for(3, ja_variant=True) == {"cards": 2, "rank": "ACE"}
    lodge = {k for k, p in plots.items() if p.lodge_based}
    assert lodge == {"remote_enlistment", "path_of_whispers", "factional_pact", "line_of_exchange"}


def test_faction_cards_one_per_faction():
    fc = load_pax_data(4).faction_cards
    assert list(fc) == list(FACTIONS)
    assert [c.name for c in fc.values()] == list(pax_data.FACTION_NAMES.values())
    assert len({c.ability for c in fc.values()}) == 6 and len({c.passive for c in fc.values()}) == 6


def test_events_six_edicts_and_nine_specials():
    events = load_pax_data(4).events
    edicts = [e for e in events if e.kind == "edict"]
    specials = [e for e in events if e.kind == "special"]
    assert [e.faction for e in edicts] == list(FACTIONS)
    assert [e.name for e in specials] == list(SPECIAL_EVENTS)
    assert [e.id for e in events] == [f"EV{n:02d}" for n in range(1, 16)]
    assert len({e.key for e in events}) == 15


# ------------------------------------------------------------------------------------------------
# Maps
# ------------------------------------------------------------------------------------------------


def on_side(spec, cell, side):
    col, row = spec.coords(cell)
    last_row, last_col = spec.rows - 1, spec.cols - 1
    return {"bottom": row == last_row, "top": row == 0, "left": col == 0, "right": col == last_col}[side]


@pytest.mark.parametrize("players,rows,cols", [(2, 5, 4), (3, 5, 5), (4, 5, 5)])
def test_map_sizes(players, rows, cols):
    spec = load_pax_data(players).map
    assert (spec.players, spec.rows, spec.cols) == (players, rows, cols)
    assert len(spec.cells) == rows * cols and spec.cells[:2] == ("A1", "B1")
    assert spec.cells[-1] == f"{chr(ord('A') + cols - 1)}{rows}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_map_areopagi_touch_two_adjacent_edge_cells_of_their_own_side(players):
    spec = load_pax_data(players).map
    assert len(spec.areopagi) == players
    for side, (a, b) in spec.areopagi:
        assert b in spec.neighbors(a)
        assert on_side(spec, a, side) and on_side(spec, b, side)
        assert spec.is_edge(a) and spec.is_edge(b)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_map_areopagi_touch_the_middle_cards_of_their_side(players):
    spec = load_pax_data(players).map
    for side, cells in spec.areopagi:
        line = [c for c in spec.cells if on_side(spec, c, side)]
        n = len(line)  # row-major, so counted from the left or from the top
        # 4 cards: the middle two; 5 cards: cards 2 and 3 (the documented choice)
        assert list(cells) == line[n // 2 - 1: n // 2 + 1], (side, line)


@pytest.mark.parametrize("players,sides", [(2, ["bottom", "top"]), (3, ["bottom", "left", "top"]),
                                           (4, ["bottom", "left", "top", "right"])])
def test_map_sides_distinct_clockwise_from_bottom(players, sides):
    spec = load_pax_data(players).map
    assert [side for side, _ in spec.areopagi] == sides
    assert len(set(sides)) == players


def test_map_two_players_sit_opposite():
    (s1, _), (s2, _) = load_pax_data(2).map.areopagi
    assert {s1, s2} in ({"top", "bottom"}, {"left", "right"})


def test_map_spec_helpers():
    spec = load_pax_data(3).map
    assert spec.coords("C2") == (2, 1) and spec.cell_at(2, 1) == "C2" and spec.cell_at(5, 0) is None
    assert set(spec.neighbors("A1")) == {"B1", "A2"}
    assert spec.is_edge("E3") and not spec.is_edge("C3")


# ------------------------------------------------------------------------------------------------
# Loading overrides
# ------------------------------------------------------------------------------------------------


def test_default_load_is_cached_and_independent():
    a = load_pax_data(3)
    b = load_pax_data(3)
    assert a.luminaries["PIL001"] is b.luminaries["PIL001"]
    a.luminaries.pop("PIL001")
    assert "PIL001" in load_pax_data(3).luminaries


def test_cards_override_from_path(tmp_path, card_file):
    card_entry(card_file, "PIL001")["strength"] = 6
    card_file["reconstructed"] = False
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(card_file), encoding="utf-8")
    for source in (path, str(path)):
        d = load_pax_data(2, cards=source)
        assert d.luminaries["PIL001"].strength == 6
        assert d.sources["cards"] == str(path)
        assert "cards" not in d.reconstructed


def test_cards_override_from_dict_and_bare_list(card_file):
    card_entry(card_file, "PIL002")["name"] = "Johann Philipp von Cobenzl"
    card_entry(card_file, "PIL002")["extra_field"] = "ignored"
    assert load_pax_data(2, cards=card_file).luminaries["PIL002"].name == "Johann Philipp von Cobenzl"
    shuffled = list(reversed(card_file["cards"]))
    d = load_pax_data(2, cards=shuffled)
    assert list(d.luminaries)[:2] == ["PIL001", "PIL002"]


def test_map_override_from_dict_and_path(tmp_path):
    doc = {"format": "pax-maps", "version": 1, "reconstructed": False, "players": {
        "2": {"rows": 3, "cols": 5, "areopagi": [{"side": "left", "cells": ["A1", "A2"]},
                                                  {"side": "right", "cells": ["E2", "E3"]}]}}}
    spec = load_pax_data(2, map=doc).map
    assert (spec.rows, spec.cols, spec.areopagi) == (3, 5, (("left", ("A1", "A2")), ("right", ("E2", "E3"))))
    path = tmp_path / "map.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert load_pax_data(2, map=path).map == spec
    with pytest.raises(DataError, match="no layout for 3 players"):
        load_pax_data(3, map=doc)


def test_plots_and_contacts_override():
    plots = copy.deepcopy(raw("plots.json"))
    plots["plots"][9]["params"]["cards"] = 7
    d = load_pax_data(4, plots=plots)
    assert {p.key: p for p in d.plots}["dispersed_contacts"].params == {"cards": 7}
    contacts = copy.deepcopy(raw("contacts.json"))
    contacts["contacts"][0]["factions"] = ["CLE", "ART", "NOB"]
    assert load_pax_data(4, contacts=contacts).contacts[0].factions == ("CLE", "ART", "NOB")


def test_replacement_need_not_follow_the_reconstruction_balance(card_file):
    # A real card list may differ from the reconstruction: only the printed-rule facts are checked.
    for c in card_file["cards"]:
        if c["rank"] in ("I", "II", "III"):
            c["strength"] = 4
            c["affiliation"] = None
    card_entry(card_file, "PIL001")["factions"] = ["CLE", "ART"]
    card_entry(card_file, "PIL001")["locations"] = [["ART", "ART", "ART", "CLE"]]
    load_pax_data(3, cards=card_file)


# ------------------------------------------------------------------------------------------------
# Malformed input
# ------------------------------------------------------------------------------------------------


def _set(cid, field, value):
    def mutate(doc):
        card_entry(doc, cid)[field] = value
    return mutate


def _delete(cid, field):
    def mutate(doc):
        del card_entry(doc, cid)[field]
    return mutate


def _drop(cid):
    def mutate(doc):
        doc["cards"] = [c for c in doc["cards"] if c["id"] != cid]
    return mutate


def _duplicate(cid, as_id):
    def mutate(doc):
        doc["cards"] = [c for c in doc["cards"] if c["id"] != as_id]
        twin = dict(card_entry(doc, cid))
        doc["cards"].append(twin)
    return mutate


BAD_CARDS = [
    ("strength too high", _set("PIL017", "strength", 9),
     ("cards: PIL017: field 'strength' must be an integer from 2 to 6 for a rank", "got 9")),
    ("strength not a number", _set("PIL017", "strength", "5"), ("PIL017", "'strength'")),
    ("strength boolean", _set("PIL017", "strength", True), ("PIL017", "'strength'")),
    ("strength on an Ace", _set("PIL046", "strength", 4), ("PIL046", "'strength'")),
    ("unknown faction", _set("PIL003", "factions", ["NOBB", "PRO"]),
     ("cards: PIL003: unknown faction 'NOBB' in field 'factions'",)),
    ("one faction on a ranked card", _set("PIL003", "factions", ["NOB"]), ("PIL003", "'factions'")),
    ("same faction twice", _set("PIL003", "factions", ["NOB", "NOB"]), ("PIL003", "'factions'")),
    ("two factions on a Crown", _set("PIL052", "factions", ["NOB", "PRO"]), ("PIL052", "'factions'")),
    ("factions not a list", _set("PIL003", "factions", "NOB"), ("PIL003", "'factions'")),
    ("missing field", _delete("PIL005", "text"), ("PIL005", "'text'", "missing")),
    ("missing affiliation", _delete("PIL005", "affiliation"), ("PIL005", "'affiliation'")),
    ("bad rank", _set("PIL010", "rank", "IV"), ("PIL010", "'rank'")),
    ("bad affiliation", _set("PIL010", "affiliation", "illuminati"), ("PIL010", "'affiliation'")),
    ("empty name", _set("PIL010", "name", " "), ("PIL010", "'name'")),
    ("symbol on a ranked card", _set("PIL020", "symbol", "dagger"), ("PIL020", "'symbol'")),
    ("unknown symbol", _set("PIL047", "symbol", "sword"), ("PIL047", "'symbol'")),
    ("missing symbol on a Crown", _set("PIL053", "symbol", None), ("PIL053", "'symbol'")),
    ("foreign cost icon", _set("PIL001", "locations", [["CLE"]]), ("PIL001", "'locations'", "CLE")),
    ("unknown cost icon", _set("PIL001", "locations", [["XXX"]]), ("PIL001", "'locations'", "XXX")),
    ("empty location", _set("PIL001", "locations", [[]]), ("PIL001", "'locations'")),
    ("no locations", _set("PIL001", "locations", []), ("PIL001", "'locations'")),
    ("location count unlike its rank", _set("PIL044", "locations", [["PRO"], ["MAG"]]),
     ("PIL044", "'locations'", "rank III")),
    ("unknown ability", _set("PIL030", "ability", "ZZ"), ("PIL030", "'ability'")),
    ("Ace ability on a ranked card", _set("PIL030", "ability", "ACE"), ("PIL030", "'ability'")),
    ("ranked ability on a Crown", _set("PIL055", "ability", "BI"), ("PIL055", "'ability'")),
    ("type unlike the kind", _set("PIL004", "ability_type", "buff"), ("PIL004", "'ability_type'")),
    ("class unlike the kind", _set("PIL004", "ability_class", "scout"), ("PIL004", "'ability_class'")),
    ("class on a special", _set("PIL002", "ability_class", "influence"), ("PIL002", "'ability_class'")),
    ("bad id", _set("PIL057", "id", "PIL058"), ("PIL058", "'id'")),
    ("missing card", _drop("PIL044"), ("cards: expected 57 cards, found 56 (missing PIL044)",)),
    ("duplicate id", _duplicate("PIL012", "PIL013"), ("PIL012", "duplicate", "'id'")),
]


@pytest.mark.parametrize("mutate,expected", [b[1:] for b in BAD_CARDS], ids=[b[0] for b in BAD_CARDS])
def test_malformed_card_raises_a_data_error_naming_card_and_field(card_file, mutate, expected):
    mutate(card_file)
    with pytest.raises(DataError) as err:
        load_pax_data(4, cards=card_file)
    for part in expected:
        assert part in str(err.value)
    assert err.value.code == "bad-data"


@pytest.mark.parametrize("header,expected", [
    ({"format": "pax-maps"}, "wrong format"),
    ({"format": None}, "wrong format"),
    ({"version": 2}, "unsupported version 2"),
    ({"version": "1"}, "unsupported version"),
    ({"reconstructed": "yes"}, "'reconstructed'"),
    ({"cards": {"PIL001": {}}}, "'cards' must be a list"),
])
def test_bad_header_raises(card_file, header, expected):
    card_file.update(header)
    with pytest.raises(DataError, match="^cards: ") as err:
        load_pax_data(4, cards=card_file)
    assert expected in str(err.value)


def test_missing_format_raises(card_file):
    del card_file["format"]
    with pytest.raises(DataError, match="field 'format' is missing"):
        load_pax_data(4, cards=card_file)


def test_card_item_that_is_not_an_object(card_file):
    card_file["cards"][3] = "PIL004"
    with pytest.raises(DataError, match="cards: item 4: must be an object"):
        load_pax_data(4, cards=card_file)


def test_unreadable_and_invalid_files(tmp_path):
    with pytest.raises(DataError, match="cards: cannot read file"):
        load_pax_data(4, cards=tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "pax-luminaries",', encoding="utf-8")
    with pytest.raises(DataError, match="cards: file .* is not valid JSON: line 1"):
        load_pax_data(4, cards=bad)
    with pytest.raises(DataError, match="cards: expected a file path, a dict or a list"):
        load_pax_data(4, cards=42)


def _map_doc(**layout_changes):
    doc = copy.deepcopy(raw("maps.json"))
    doc["players"]["3"].update(layout_changes)
    return doc


def _seat(side, cells):
    return {"side": side, "cells": cells}


def _seats(bottom=("B5", "C5"), left=("A2", "A3"), top=("B1", "C1"), left_side="left", bottom_side="bottom"):
    return [_seat(bottom_side, list(bottom)), _seat(left_side, list(left)), _seat("top", list(top))]


BAD_MAPS = [
    ("cell off the map",
     _map_doc(areopagi=_seats(left=("F9", "A3"))),
     "map: 3 players: areopagus of seat 1: cell 'F9' is not on a 5x5 map"),
    ("bad cell name",
     _map_doc(areopagi=_seats(left=("a2", "A3"))),
     "cell 'a2' is not on a 5x5 map"),
    ("cells not adjacent",
     _map_doc(areopagi=_seats(left=("A1", "A3"))),
     "map: 3 players: seat 1: areopagus cells must be two adjacent edge cards on side 'left'"),
    ("cells not on the side",
     _map_doc(areopagi=_seats(left=("B2", "B3"))),
     "must be two adjacent edge cards on side 'left'"),
    ("same cell twice",
     _map_doc(areopagi=_seats(bottom=("B5", "B5"))),
     "must be two adjacent edge cards on side 'bottom'"),
    ("overlapping seats",
     _map_doc(areopagi=_seats(left=("C5", "D5"), left_side="bottom")),
     "areopagi of seats 0 and 1 overlap"),
    ("unknown side",
     _map_doc(areopagi=_seats(left_side="west")),
     "areopagus of seat 1: field 'side'"),
    ("wrong seat count", _map_doc(areopagi=[_seat("bottom", ["B5", "C5"])]), "3 players: field 'areopagi'"),
    ("rows not an integer", _map_doc(rows="5"), "map: 3 players: field 'rows' must be an integer"),
    ("too many columns", _map_doc(cols=30), "map: 3 players: field 'cols'"),
    ("map too big for the deck",
     _map_doc(rows=9, areopagi=_seats(bottom=("B9", "C9"))),
     "a 9x5 map needs 45 cards, but only 40 are left"),
]


@pytest.mark.parametrize("doc,expected", [b[1:] for b in BAD_MAPS], ids=[b[0] for b in BAD_MAPS])
def test_malformed_map_raises(doc, expected):
    with pytest.raises(DataError) as err:
        load_pax_data(3, map=doc)
    assert expected in str(err.value)


def _plots_doc(index, field, value):
    doc = copy.deepcopy(raw("plots.json"))
    if value is KeyError:
        del doc["plots"][index][field]
    else:
        doc["plots"][index][field] = value
    return doc


BAD_PLOTS = [
    ("unknown key", _plots_doc(0, "key", "world_domination"), ("PLOT01", "'key'")),
    ("duplicate key", _plots_doc(1, "key", "remote_enlistment"), ("PLOT02", "'key'")),
    ("duplicate id", _plots_doc(1, "id", "PLOT01"), ("PLOT01", "'id'", "duplicate")),
    ("params not an object", _plots_doc(3, "params", [5, 5]), ("PLOT04", "'params'")),
    ("param not a number", _plots_doc(3, "params", {"cards": 5.5}), ("PLOT04", "'params'")),
    # a negative count would make the Plot met by nothing at all (such files used to be accepted)
    ("negative param", _plots_doc(3, "params", {"cards": -5, "influence": 5}), ("PLOT04", "'params'", "-5")),
    ("zero param", _plots_doc(0, "params", {"edge_cards": 0, "influence": 4}), ("PLOT01", "'params'")),
    ("huge param", _plots_doc(3, "params", {"cards": 10 ** 9, "influence": 5}), ("PLOT04", "'params'")),
    ("negative ja param", _plots_doc(9, "ja_variant_params", {"2": -8}), ("PLOT10", "'ja_variant_params'")),
    ("bad ja player count", _plots_doc(9, "ja_variant_params", {"7": 8}), ("PLOT10", "'ja_variant_params'")),
    ("lodge_based missing", _plots_doc(2, "lodge_based", KeyError), ("PLOT03", "'lodge_based'", "missing")),
    ("variant not a boolean", _plots_doc(2, "variant", "no"), ("PLOT03", "'variant'")),
]


@pytest.mark.parametrize("doc,expected", [b[1:] for b in BAD_PLOTS], ids=[b[0] for b in BAD_PLOTS])
def test_malformed_plots_raise(doc, expected):
    with pytest.raises(DataError) as err:
        load_pax_data(4, plots=doc)
    assert str(err.value).startswith("plots: ")
    for part in expected:
        assert part in str(err.value)


def test_too_few_plots_for_the_players():
    doc = copy.deepcopy(raw("plots.json"))
    doc["plots"] = doc["plots"][:5]
    load_pax_data(3, plots=doc)
    with pytest.raises(DataError, match="plots: 4 players need at least 6 plots"):
        load_pax_data(4, plots=doc)


@pytest.mark.parametrize("change,expected", [
    (lambda d: d["contacts"][0].update(roman="V"), "contacts: 4: field 'roman'"),
    (lambda d: d["contacts"][0].update(factions=["NOB", "NOB", "PRO"]), "contacts: 4: field 'factions'"),
    (lambda d: d["contacts"].pop(), "missing [23]"),
])
def test_malformed_contacts_raise(change, expected):
    doc = copy.deepcopy(raw("contacts.json"))
    change(doc)
    with pytest.raises(DataError) as err:
        load_pax_data(2, contacts=doc)
    assert expected in str(err.value)


def test_players_must_be_a_positive_integer():
    with pytest.raises(ValueError):
        load_pax_data(0)
    with pytest.raises(DataError, match="no layout for 5 players"):
        load_pax_data(5)


def test_shipped_files_are_utf8_json_without_bom():
    folder = Path(pax_data.__file__).parent / "data"
    for filename in FILES:
        blob = (folder / filename).read_bytes()
        assert not blob.startswith(b"\xef\xbb\xbf")
        json.loads(blob.decode("utf-8"))
