"""Pax Illuminaten game data: loading and validation of the JSON files in ``pax/data/``.

The files are ``luminaries.json`` (the 57 Luminary cards), ``contacts.json``, ``plots.json``,
``factions.json``, ``events.json`` and ``maps.json``.  Much of the card and map data is printed on
the physical components only, so it is shipped as a *reconstruction* (see ``data/README.md``, the one
place that lists every reconstructed fact and the rule that produced it, and ``RULES-NOTES.md``, "Product
rulings").  A user who owns the game can replace the cards, the map or the
plots (and the Contact cards) without touching code: ``load_pax_data(players, cards=path, map=path,
plots=path, contacts=path)``, reached through ``load_game("pax", cards=path)``.  A malformed file
raises :class:`DataError` whose message names the file, the item and the field.

The loader checks what any real card list must satisfy (types, required fields, complete and unique
ids, one Faction on Aces and Crowns and two on the others, the same number of Locations on every
card of a rank, costs in the card's own Factions, strengths, symbols, ability kinds).  The balance
properties of the reconstruction (each Faction pair once per rank, nine cards of each strength, ...)
are deliberately *not* required of a replacement file; the tests check them on the shipped file.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any

from illumi_widgets.engine.datafile import check_depth, is_path, read_json
from illumi_widgets.engine.errors import DataError

FACTIONS: tuple[str, ...] = ("NOB", "PRO", "MAG", "ART", "SCH", "CLE")
FACTION_NAMES: dict[str, str] = {
    "NOB": "Nobility",
    "PRO": "Professions",
    "MAG": "Magistrates",
    "ART": "Artists",
    "SCH": "Scholars",
    "CLE": "Clergy",
}
RANKS: tuple[str, ...] = ("I", "II", "III", "ACE", "CROWN")
RANK_VALUES: dict[str, int] = {"I": 1, "II": 2, "III": 3, "ACE": 4, "CROWN": 5}
AFFILIATIONS: tuple[str | None, ...] = ("freemason", "rosicrucian", None)
SYMBOLS: tuple[str, ...] = ("dagger", "hammer")
ABILITY_TYPES: tuple[str, ...] = ("bonus", "buff", "special")
ABILITY_CLASSES: tuple[str | None, ...] = ("influence", "scout", "organize", "expel", "oust", "extort", None)
#: ability kind -> (ability_type, ability_class); the card effects (RULES-NOTES.md).
ABILITY_KINDS: dict[str, tuple[str, str | None]] = {
    "BI": ("bonus", "influence"),
    "BS": ("bonus", "scout"),
    "BO": ("bonus", "organize"),
    "BX": ("bonus", "expel"),
    "BU": ("bonus", "oust"),
    "FI": ("buff", "influence"),
    "FS": ("buff", "scout"),
    "FX": ("buff", "expel"),
    "FU": ("buff", "oust"),
    "FE": ("buff", "extort"),
    "SW": ("special", None),
    "SE": ("special", None),
    "SP": ("special", None),
    "SD": ("special", None),
    "SF": ("special", None),
    "ACE": ("special", None),
    "CROWN": ("special", None),
}
CARD_COUNT = 57
CARD_IDS: tuple[str, ...] = tuple(f"PIL{n:03d}" for n in range(1, CARD_COUNT + 1))
#: the largest number a Plot's parameters may hold (the map has at most a few dozen cards)
MAX_PLOT_PARAM = 99
PLOT_KEYS: tuple[str, ...] = (
    "remote_enlistment",
    "coaxing_of_crowns",
    "path_of_whispers",
    "factional_pact",
    "inner_circle",
    "rosicrucian_foil",
    "consort_of_peers",
    "faction_leader",
    "freemason_union",
    "dispersed_contacts",
    "line_of_exchange",
    "shadow_alliance",
    "influential_converts",
    "clandestine_vassal",
)
SIDES: tuple[str, ...] = ("bottom", "left", "top", "right")
EVENT_KINDS: tuple[str, ...] = ("edict", "special")
COURT_SIZE = 5
HAND_LIMIT = 4

#: file label -> (packaged file name, expected "format", key of the item list)
FILES: dict[str, tuple[str, str, str]] = {
    "cards": ("luminaries.json", "pax-luminaries", "cards"),
    "contacts": ("contacts.json", "pax-contacts", "contacts"),
    "plots": ("plots.json", "pax-plots", "plots"),
    "factions": ("factions.json", "pax-factions", "factions"),
    "events": ("events.json", "pax-events", "events"),
    "map": ("maps.json", "pax-maps", "players"),
    "bots": ("bots.json", "pax-bots", "bots"),
}
SUPPORTED_VERSION = 1
_ROMAN = (
    "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII",
    "XIX", "XX", "XXI", "XXII", "XXIII",
)
ROMAN_NUMERALS: dict[int, str] = {n: r for n, r in zip(range(4, 24), _ROMAN, strict=True)}
_CARD_ID = re.compile(r"^PIL\d{3}$")
_CELL = re.compile(r"^([A-Z])([1-9][0-9]?)$")


# ----------------------------------------------------------------------------------------------
# Data classes
# ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Luminary:
    """One Luminary card.  ``locations`` lists each Location's cost (Faction icons), top-most first."""

    id: str
    name: str
    rank: str
    factions: tuple[str, ...]
    affiliation: str | None
    strength: int | None
    symbol: str | None
    locations: tuple[tuple[str, ...], ...]
    ability: str
    ability_type: str
    ability_class: str | None
    text: str

    @property
    def is_ace(self) -> bool:
        return self.rank == "ACE"

    @property
    def is_crown(self) -> bool:
        return self.rank == "CROWN"

    @property
    def rank_value(self) -> int:
        """Ordering index of the rank: I 1, II 2, III 3, Ace 4, Crown 5 (not a game value)."""
        return RANK_VALUES[self.rank]

    @property
    def primary(self) -> str:
        """The top-most Faction icon (the bots' Primary Faction)."""
        return self.factions[0]

    @property
    def secondary(self) -> str | None:
        """The bottom Faction icon, or None on a one-Faction card."""
        return self.factions[1] if len(self.factions) > 1 else None


@dataclass(frozen=True, slots=True)
class Contact:
    number: int
    roman: str
    factions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Plot:
    """A Plot card.  ``params`` holds the numbers its predicate (``key``) uses; read-only by convention."""

    id: str
    name: str
    key: str
    text: str
    params: dict
    ja_variant_params: dict
    lodge_based: bool
    variant: bool = False
    ja_name: str | None = None

    def params_for(self, players: int, ja_variant: bool = False) -> dict:
        """The predicate parameters; with ``ja_variant`` the Japanese per-player-count number
        (if any) replaces ``params["cards"]``."""
        out = dict(self.params)
        if ja_variant and str(players) in self.ja_variant_params:
            out["cards"] = self.ja_variant_params[str(players)]
        return out


@dataclass(frozen=True, slots=True)
class FactionCard:
    faction: str
    name: str
    ability: str
    ability_class: str | None
    ability_text: str
    passive: str
    passive_text: str


@dataclass(frozen=True, slots=True)
class EventCard:
    id: str
    kind: str
    key: str
    name: str
    text: str
    faction: str | None
    params: dict


@dataclass(frozen=True, slots=True)
class MapSpec:
    """A map layout.  Cells are column letter + row number, ``A1`` top-left, rows top to bottom;
    ``cells`` is row-major (A1, B1, ...).  ``areopagi`` gives per seat, in clockwise table order,
    ``(side, (cell, cell))``: the side of the map and the two map cards the Areopagus touches."""

    players: int
    rows: int
    cols: int
    cells: tuple[str, ...]
    areopagi: tuple[tuple[str, tuple[str, str]], ...]

    def coords(self, cell: str) -> tuple[int, int]:
        """(column, row), both 0-based, of a cell name."""
        return _parse_cell(cell)

    def cell_at(self, col: int, row: int) -> str | None:
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return f"{chr(ord('A') + col)}{row + 1}"
        return None

    def neighbors(self, cell: str) -> tuple[str, ...]:
        """Side-adjacent cells (the card itself, adjacent by the rules, is not included)."""
        c, r = _parse_cell(cell)
        out = (self.cell_at(c, r - 1), self.cell_at(c + 1, r), self.cell_at(c, r + 1), self.cell_at(c - 1, r))
        return tuple(x for x in out if x is not None)

    def is_edge(self, cell: str) -> bool:
        return len(self.neighbors(cell)) < 4


@dataclass(frozen=True, slots=True)
class PaxData:
    """Everything a game needs, for one player count.  Containers are read-only by convention."""

    players: int
    luminaries: dict  # id -> Luminary, in id order
    contacts: tuple  # Contact, by number
    plots: tuple  # the default Plot set
    variant_plots: tuple  # Plots marked "variant": true (e.g. Clandestine Vassal)
    faction_cards: dict  # faction code -> FactionCard, canonical order
    events: tuple  # EventCard
    map: MapSpec
    reconstructed: dict  # file label -> note, for every file marked "reconstructed": true
    sources: dict  # file label -> "packaged" | path | "<dict>"


# ----------------------------------------------------------------------------------------------
# Reading
# ----------------------------------------------------------------------------------------------


def _packaged_text(filename: str) -> str:
    return (resources.files("illumi_widgets.games.pax") / "data" / filename).read_text(encoding="utf-8")


def _read_source(label: str, source: Any) -> tuple[Any, str]:
    """Parsed JSON data and a description of where it came from.  A path is read by the engine's one safe
    reader (:func:`illumi_widgets.engine.datafile.read_json`: regular files only, size cap, clear errors);
    data given in memory is checked for nesting too deep for the checks below."""
    if is_path(source):
        return read_json(source, label), str(source)
    if isinstance(source, (dict, list, tuple)):
        check_depth(source, label)
        return source, "<dict>"
    raise DataError(f"{label}: expected a file path, a dict or a list, got {type(source).__name__}")


def _unwrap(label: str, data: Any) -> tuple[Any, bool, str]:
    """Check the header of a file; return (items, reconstructed, note).  A bare list has no header."""
    _filename, expected, items_key = FILES[label]
    if isinstance(data, (list, tuple)) and label != "map":
        return data, False, ""
    if not isinstance(data, dict):
        kind = "an object" if label == "map" else "an object or a list"
        raise DataError(f"{label}: the file must hold {kind}, got {_tname(data)}")
    if "format" not in data:
        raise DataError(f"{label}: field 'format' is missing (expected '{expected}')")
    if data["format"] != expected:
        raise DataError(f"{label}: wrong format {data['format']!r}, expected '{expected}'")
    version = data.get("version")
    if version != SUPPORTED_VERSION or isinstance(version, bool):
        raise DataError(
            f"{label}: unsupported version {version!r} in field 'version' (this package reads version "
            f"{SUPPORTED_VERSION})"
        )
    reconstructed = data.get("reconstructed", False)
    if not isinstance(reconstructed, bool):
        raise DataError(f"{label}: field 'reconstructed' must be true or false, got {reconstructed!r}")
    note = data.get("note", "")
    if not isinstance(note, str):
        raise DataError(f"{label}: field 'note' must be a string, got {_tname(note)}")
    if items_key not in data:
        raise DataError(f"{label}: field '{items_key}' is missing")
    return data[items_key], reconstructed, note


def _tname(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "an integer", float: "a number", str: "a string", list: "a list",
            tuple: "a list", dict: "an object"}.get(type(value), type(value).__name__)


# ----------------------------------------------------------------------------------------------
# Field helpers
# ----------------------------------------------------------------------------------------------


class _Item:
    """Field access with error messages naming the file, the item and the field."""

    def __init__(self, label: str, name: str, raw: Any):
        self.label = label
        self.name = name
        if not isinstance(raw, dict):
            raise DataError(f"{label}: {name}: must be an object, got {_tname(raw)}")
        self.raw = raw

    def fail(self, field: str | None, problem: str) -> DataError:
        where = f"field '{field}' " if field else ""
        return DataError(f"{self.label}: {self.name}: {where}{problem}")

    def get(self, field: str) -> Any:
        if field not in self.raw:
            raise self.fail(field, "is missing")
        return self.raw[field]

    def string(self, field: str, optional: bool = False, nonempty: bool = True) -> str | None:
        if optional and self.raw.get(field) is None:
            return None
        value = self.get(field)
        if not isinstance(value, str) or (nonempty and not value.strip()):
            raise self.fail(field, f"must be a non-empty string, got {value!r}")
        return value

    def integer(self, field: str) -> int:
        value = self.get(field)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(field, f"must be an integer, got {value!r}")
        return value

    def boolean(self, field: str, default: bool | None = None) -> bool:
        if default is not None and field not in self.raw:
            return default
        value = self.get(field)
        if not isinstance(value, bool):
            raise self.fail(field, f"must be true or false, got {value!r}")
        return value

    def choice(self, field: str, allowed: tuple) -> Any:
        value = self.get(field)
        if value not in allowed or isinstance(value, bool):
            shown = ", ".join("null" if a is None else repr(a) for a in allowed)
            raise self.fail(field, f"must be one of {shown}, got {value!r}")
        return value

    def factions(self, field: str) -> tuple[str, ...]:
        value = self.get(field)
        if not isinstance(value, (list, tuple)):
            raise self.fail(field, f"must be a list of faction codes, got {value!r}")
        for f in value:
            if f not in FACTIONS or not isinstance(f, str):
                raise DataError(f"{self.label}: {self.name}: unknown faction {f!r} in field '{field}'")
        return tuple(value)

    def mapping(self, field: str, default: dict | None = None) -> dict:
        if default is not None and field not in self.raw:
            return dict(default)
        value = self.get(field)
        if not isinstance(value, dict):
            raise self.fail(field, f"must be an object, got {_tname(value)}")
        return value


def _item_list(label: str, items: Any, what: str) -> list:
    if not isinstance(items, (list, tuple)):
        raise DataError(f"{label}: field '{what}' must be a list, got {_tname(items)}")
    return list(items)


def _item_name(raw: Any, key: str, index: int) -> str:
    if isinstance(raw, dict) and isinstance(raw.get(key), (str, int)) and not isinstance(raw.get(key), bool):
        return str(raw[key])
    return f"item {index + 1}"


# ----------------------------------------------------------------------------------------------
# Validators
# ----------------------------------------------------------------------------------------------


def parse_cards(data: Any) -> tuple[tuple[Luminary, ...], bool, str]:
    """Validate a Luminary card file; return (cards in id order, reconstructed, note)."""
    items, reconstructed, note = _unwrap("cards", data)
    items = _item_list("cards", items, "cards")
    cards: dict[str, Luminary] = {}
    for index, raw in enumerate(items):
        card = _parse_card(_Item("cards", _item_name(raw, "id", index), raw))
        if card.id in cards:
            raise DataError(f"cards: {card.id}: duplicate id in field 'id'")
        cards[card.id] = card
    missing = [cid for cid in CARD_IDS if cid not in cards]
    if missing:
        shown = ", ".join(missing[:5]) + (", ..." if len(missing) > 5 else "")
        raise DataError(f"cards: expected {CARD_COUNT} cards, found {len(cards)} (missing {shown})")
    locations_by_rank: dict[str, Luminary] = {}
    for cid in CARD_IDS:
        card = cards[cid]
        first = locations_by_rank.setdefault(card.rank, card)
        if len(card.locations) != len(first.locations):
            raise DataError(
                f"cards: {cid}: field 'locations' must have {len(first.locations)} locations like the other "
                f"rank {card.rank} cards (e.g. {first.id}), got {len(card.locations)}"
            )
    return tuple(cards[cid] for cid in CARD_IDS), reconstructed, note


def _parse_card(item: _Item) -> Luminary:
    cid = item.get("id")
    if not isinstance(cid, str) or not _CARD_ID.match(cid) or cid not in CARD_IDS:
        raise item.fail("id", f"must be one of PIL001..PIL{CARD_COUNT:03d}, got {cid!r}")
    name = item.string("name")
    rank = item.choice("rank", RANKS)
    rank_words = {"ACE": "an Ace", "CROWN": "a Crown"}.get(rank, f"a rank {rank}")
    factions = item.factions("factions")
    want = 1 if rank in ("ACE", "CROWN") else 2
    if len(factions) != want or len(set(factions)) != want:
        what = "1 faction" if want == 1 else "2 different factions"
        raise item.fail("factions", f"must list {what} for {rank_words} card, got {list(factions)}")
    affiliation = item.choice("affiliation", AFFILIATIONS)
    strength = item.get("strength")
    symbol = item.get("symbol")
    if want == 2:
        if not isinstance(strength, int) or isinstance(strength, bool) or not 2 <= strength <= 6:
            raise item.fail("strength",
                            f"must be an integer from 2 to 6 for {rank_words} card, got {strength!r}")
        if symbol is not None:
            raise item.fail("symbol", f"must be null for {rank_words} card (it has a number), got {symbol!r}")
    else:
        if strength is not None:
            raise item.fail("strength", f"must be null for {rank_words} card (its strength is its symbol), "
                                        f"got {strength!r}")
        if symbol not in SYMBOLS:
            raise item.fail("symbol", f"must be 'dagger' or 'hammer' for {rank_words} card, got {symbol!r}")
    raw_locations = item.get("locations")
    if not isinstance(raw_locations, (list, tuple)) or not raw_locations:
        raise item.fail("locations", f"must be a non-empty list of locations, got {raw_locations!r}")
    locations = []
    for n, loc in enumerate(raw_locations, start=1):
        if not isinstance(loc, (list, tuple)) or not loc:
            raise item.fail("locations", f"location {n} must be a non-empty list of favor icons, got {loc!r}")
        for icon in loc:
            if icon not in FACTIONS or not isinstance(icon, str):
                raise DataError(f"cards: {cid}: unknown faction {icon!r} in field 'locations' (location {n})")
            if icon not in factions:
                raise item.fail("locations", f"location {n} costs {icon} favor, which is not one of the "
                                             f"card's factions {list(factions)}")
        locations.append(tuple(loc))
    ability = item.choice("ability", tuple(ABILITY_KINDS))
    if rank in ("ACE", "CROWN") and ability != rank:
        raise item.fail("ability", f"must be {rank!r} for {rank_words} card, got {ability!r}")
    if ability in ("ACE", "CROWN") and ability != rank:
        raise item.fail("ability", f"{ability!r} is only for {ability.title()} cards, but the rank is {rank}")
    ability_type = item.choice("ability_type", ABILITY_TYPES)
    ability_class = item.choice("ability_class", ABILITY_CLASSES)
    want_type, want_class = ABILITY_KINDS[ability]
    if ability_type != want_type:
        raise item.fail("ability_type",
                        f"must be {want_type!r} for ability {ability!r}, got {ability_type!r}")
    if ability_class != want_class:
        shown = "null" if want_class is None else repr(want_class)
        raise item.fail("ability_class", f"must be {shown} for ability {ability!r}, got {ability_class!r}")
    text = item.string("text")
    return Luminary(cid, name, rank, factions, affiliation, strength, symbol, tuple(locations), ability,
                    ability_type, ability_class, text)


def parse_contacts(data: Any) -> tuple[tuple[Contact, ...], bool, str]:
    items, reconstructed, note = _unwrap("contacts", data)
    items = _item_list("contacts", items, "contacts")
    contacts: dict[int, Contact] = {}
    for index, raw in enumerate(items):
        item = _Item("contacts", _item_name(raw, "number", index), raw)
        number = item.integer("number")
        if number not in ROMAN_NUMERALS:
            raise item.fail("number", f"must be from 4 to 23, got {number}")
        roman = item.string("roman")
        if roman != ROMAN_NUMERALS[number]:
            raise item.fail("roman", f"must be {ROMAN_NUMERALS[number]!r} for number {number}, got {roman!r}")
        factions = item.factions("factions")
        if len(factions) != 3 or len(set(factions)) != 3:
            raise item.fail("factions", f"must list 3 different factions, got {list(factions)}")
        if number in contacts:
            raise item.fail("number", "is a duplicate")
        contacts[number] = Contact(number, roman, factions)
    missing = [n for n in ROMAN_NUMERALS if n not in contacts]
    if missing:
        raise DataError(f"contacts: expected 20 contact cards numbered 4 to 23, missing {missing}")
    return tuple(contacts[n] for n in sorted(contacts)), reconstructed, note


def parse_plots(data: Any) -> tuple[tuple[Plot, ...], bool, str]:
    items, reconstructed, note = _unwrap("plots", data)
    items = _item_list("plots", items, "plots")
    plots: list[Plot] = []
    ids: set[str] = set()
    keys: set[str] = set()
    for index, raw in enumerate(items):
        item = _Item("plots", _item_name(raw, "id", index), raw)
        pid = item.string("id")
        if pid in ids:
            raise item.fail("id", "is a duplicate")
        name = item.string("name")
        text = item.string("text")
        key = item.get("key")
        if key not in PLOT_KEYS:
            raise item.fail("key", f"must be a known plot predicate ({', '.join(PLOT_KEYS)}), got {key!r}")
        if key in keys:
            raise item.fail("key", f"{key!r} is used by another plot")
        params = item.mapping("params")
        for pk, pv in params.items():
            if isinstance(pv, bool) or not isinstance(pv, (int, str)):
                raise item.fail("params", f"value of {pk!r} must be an integer or a string, got {pv!r}")
            # a count of cards or Influence: a negative (or zero) one makes a Plot met by nothing at all
            if isinstance(pv, int) and not 1 <= pv <= MAX_PLOT_PARAM:
                raise item.fail("params", f"value of {pk!r} must be a count from 1 to {MAX_PLOT_PARAM}, "
                                          f"got {pv!r}")
        ja = item.mapping("ja_variant_params", default={})
        for pk, pv in ja.items():
            if str(pk) not in ("1", "2", "3", "4"):
                raise item.fail("ja_variant_params", f"keys must be player counts '2', '3', '4', got {pk!r}")
            if isinstance(pv, bool) or not isinstance(pv, int) or not 1 <= pv <= MAX_PLOT_PARAM:
                raise item.fail("ja_variant_params",
                                f"value for {pk!r} players must be a count from 1 to {MAX_PLOT_PARAM}, "
                                f"got {pv!r}")
        ja = {str(k): v for k, v in ja.items()}
        lodge_based = item.boolean("lodge_based")
        variant = item.boolean("variant", default=False)
        ja_name = item.string("ja_name", optional=True)
        ids.add(pid)
        keys.add(key)
        plots.append(Plot(pid, name, key, text, dict(params), ja, lodge_based, variant, ja_name))
    return tuple(plots), reconstructed, note


def parse_factions(data: Any) -> tuple[dict[str, FactionCard], bool, str]:
    items, reconstructed, note = _unwrap("factions", data)
    items = _item_list("factions", items, "factions")
    cards: dict[str, FactionCard] = {}
    for index, raw in enumerate(items):
        item = _Item("factions", _item_name(raw, "faction", index), raw)
        faction = item.get("faction")
        if faction not in FACTIONS:
            raise DataError(f"factions: {item.name}: unknown faction {faction!r} in field 'faction'")
        if faction in cards:
            raise item.fail("faction", "is a duplicate")
        cards[faction] = FactionCard(
            faction,
            item.string("name"),
            item.string("ability"),
            item.choice("ability_class", ABILITY_CLASSES) if "ability_class" in item.raw else None,
            item.string("ability_text"),
            item.string("passive"),
            item.string("passive_text"),
        )
    missing = [f for f in FACTIONS if f not in cards]
    if missing:
        raise DataError(f"factions: expected one faction card per faction, missing {missing}")
    return {f: cards[f] for f in FACTIONS}, reconstructed, note


def parse_events(data: Any) -> tuple[tuple[EventCard, ...], bool, str]:
    items, reconstructed, note = _unwrap("events", data)
    items = _item_list("events", items, "events")
    events: list[EventCard] = []
    seen: set[str] = set()
    for index, raw in enumerate(items):
        item = _Item("events", _item_name(raw, "id", index), raw)
        eid = item.string("id")
        if eid in seen:
            raise item.fail("id", "is a duplicate")
        kind = item.choice("kind", EVENT_KINDS)
        key = item.string("key")
        name = item.string("name")
        text = item.string("text")
        faction = item.raw.get("faction")
        if kind == "edict":
            if faction not in FACTIONS:
                raise DataError(f"events: {eid}: unknown faction {faction!r} in field 'faction'")
        elif faction is not None:
            raise item.fail("faction", f"must be null for a special event, got {faction!r}")
        params = item.mapping("params", default={})
        seen.add(eid)
        events.append(EventCard(eid, kind, key, name, text, faction, dict(params)))
    edicts = [e.faction for e in events if e.kind == "edict"]
    if sorted(edicts, key=FACTIONS.index) != list(FACTIONS):
        raise DataError(f"events: expected exactly one edict per faction, got {edicts}")
    return tuple(events), reconstructed, note


def _parse_cell(cell: str) -> tuple[int, int]:
    m = _CELL.match(cell) if isinstance(cell, str) else None
    if not m:
        raise ValueError(f"not a cell name: {cell!r}")
    return ord(m.group(1)) - ord("A"), int(m.group(2)) - 1


def _on_side(side: str, col: int, row: int, rows: int, cols: int) -> bool:
    return {"bottom": row == rows - 1, "top": row == 0, "left": col == 0, "right": col == cols - 1}[side]


def parse_maps(data: Any) -> tuple[dict[int, MapSpec], bool, str]:
    """Validate a map file; return ({player count: MapSpec}, reconstructed, note)."""
    layouts, reconstructed, note = _unwrap("map", data)
    if not isinstance(layouts, dict) or not layouts:
        raise DataError(
            f"map: field 'players' must be an object keyed by player count, got {_tname(layouts)}"
        )
    maps: dict[int, MapSpec] = {}
    for key, raw in layouts.items():
        try:
            players = int(key)
        except (TypeError, ValueError):
            players = 0
        if isinstance(key, bool) or not 1 <= players <= 4:
            raise DataError(f"map: field 'players': key {key!r} is not a player count from 1 to 4")
        maps[players] = _parse_map(players, raw)
    return dict(sorted(maps.items())), reconstructed, note


def _parse_map(players: int, raw: Any) -> MapSpec:
    item = _Item("map", f"{players} players", raw)
    rows = item.integer("rows")
    cols = item.integer("cols")
    if not 1 <= rows <= 99:
        raise item.fail("rows", f"must be from 1 to 99, got {rows}")
    if not 1 <= cols <= 26:
        raise item.fail("cols", f"must be from 1 to 26 (columns are letters A-Z), got {cols}")
    seats = item.get("areopagi")
    if not isinstance(seats, (list, tuple)) or len(seats) != players:
        raise item.fail("areopagi", f"must list one areopagus per seat ({players}), got {seats!r}")
    areopagi: list[tuple[str, tuple[str, str]]] = []
    for seat, seat_raw in enumerate(seats):
        where = f"map: {players} players: areopagus of seat {seat}"
        if not isinstance(seat_raw, dict):
            raise DataError(f"{where}: must be an object with 'side' and 'cells', got {_tname(seat_raw)}")
        side = seat_raw.get("side")
        if side not in SIDES:
            raise DataError(f"{where}: field 'side' must be one of {', '.join(SIDES)}, got {side!r}")
        cells = seat_raw.get("cells")
        if not isinstance(cells, (list, tuple)) or len(cells) != 2:
            raise DataError(f"{where}: field 'cells' must list the 2 map cards it touches, got {cells!r}")
        coords = []
        for cell in cells:
            try:
                col, row = _parse_cell(cell)
            except ValueError:
                col, row = -1, -1
            if not (0 <= col < cols and 0 <= row < rows):
                raise DataError(f"{where}: cell {cell!r} is not on a {rows}x{cols} map "
                                f"({rows} rows x {cols} columns; side '{side}')")
            coords.append((col, row))
        (c1, r1), (c2, r2) = coords
        adjacent = abs(c1 - c2) + abs(r1 - r2) == 1
        if not adjacent or not all(_on_side(side, c, r, rows, cols) for c, r in coords):
            raise DataError(f"map: {players} players: seat {seat}: areopagus cells must be two adjacent edge "
                            f"cards on side '{side}', got {list(cells)}")
        for other, (other_side, other_cells) in enumerate(areopagi):
            if other_side == side and set(other_cells) & set(cells):
                raise DataError(f"map: {players} players: areopagi of seats {other} and {seat} overlap "
                                f"on side '{side}'")
        areopagi.append((side, (cells[0], cells[1])))
    cells_all = tuple(f"{chr(ord('A') + c)}{r + 1}" for r in range(rows) for c in range(cols))
    return MapSpec(players, rows, cols, cells_all, tuple(areopagi))


# ----------------------------------------------------------------------------------------------
# Loading
# ----------------------------------------------------------------------------------------------

_PARSERS = {
    "cards": parse_cards,
    "contacts": parse_contacts,
    "plots": parse_plots,
    "factions": parse_factions,
    "events": parse_events,
    "map": parse_maps,
    "bots": None,  # set below (parse_bots is defined after the loaders)
}


@functools.cache
def _packaged(label: str) -> tuple[Any, bool, str]:
    """Parsed and validated packaged file (cached: every new game loads these)."""
    data = json.loads(_packaged_text(FILES[label][0]))
    return _PARSERS[label](data)


def _part(label: str, source: Any) -> tuple[Any, bool, str, str]:
    if source is None:
        return (*_packaged(label), "packaged")
    data, where = _read_source(label, source)
    return (*_PARSERS[label](data), where)


def load_pax_data(players: int, cards=None, map=None, plots=None, contacts=None) -> PaxData:  # noqa: A002
    """Load and validate the game data for ``players`` seats.

    ``cards``, ``map``, ``plots`` and ``contacts`` may each be None (the packaged file), a path (str or
    Path) to a JSON file of the same format, or already-parsed data (a dict, or except for the map also a
    bare list of items).  Faction cards and events are always the packaged files.
    Raises :class:`DataError` naming the file, the item and the field when something is wrong.
    """
    if not isinstance(players, int) or isinstance(players, bool) or players < 1:
        raise ValueError(f"players must be a positive integer, got {players!r}")
    parts = {
        "cards": _part("cards", cards),
        "contacts": _part("contacts", contacts),
        "plots": _part("plots", plots),
        "factions": _part("factions", None),
        "events": _part("events", None),
        "map": _part("map", map),
    }
    maps = parts["map"][0]
    if players not in maps:
        have = ", ".join(str(p) for p in maps)
        raise DataError(f"map: no layout for {players} players (the file has layouts for {have})")
    spec = maps[players]
    spare = CARD_COUNT - COURT_SIZE - HAND_LIMIT * players
    if spec.rows * spec.cols > spare:
        raise DataError(
            f"map: {players} players: a {spec.rows}x{spec.cols} map needs {spec.rows * spec.cols} cards, but "
            f"only {spare} are left after the Court ({COURT_SIZE}) and the hands ({HAND_LIMIT} per player)"
        )
    all_plots = parts["plots"][0]
    default_plots = tuple(p for p in all_plots if not p.variant)
    needed = 2 + players
    if len(default_plots) < needed:
        raise DataError(f"plots: {players} players need at least {needed} plots outside the variants "
                        f"(2 public + 1 per player), found {len(default_plots)}")
    return PaxData(
        players=players,
        luminaries={card.id: card for card in parts["cards"][0]},
        contacts=parts["contacts"][0],
        plots=default_plots,
        variant_plots=tuple(p for p in all_plots if p.variant),
        faction_cards=dict(parts["factions"][0]),
        events=parts["events"][0],
        map=spec,
        reconstructed={label: part[2] for label, part in parts.items() if part[1]},
        sources={label: part[3] for label, part in parts.items()},
    )


# ----------------------------------------------------------------------------------------------
# The rulebook bots' placards (bots.json): read only when a game has a bot seat
# ----------------------------------------------------------------------------------------------

#: the four bots whose scripts are implemented (games/pax/automa.py); a file must describe exactly these
BOT_IDS: tuple[str, ...] = ("st-germain", "joseph-ii", "cagliostro", "weishaupt")
#: the five slots of a direction diagram: the bot card itself and its four sides, from the bot's seat
BOT_DIRECTIONS: tuple[str, ...] = ("here", "forward", "right", "back", "left")
#: the bot plots the engine can check (the bot rules)
BOT_PLOTS: dict[str, str] = {
    "edicts-4": "4 Edicts have been discarded",
    "lodge-5": "the bot controls a Lodge of at least 5 cards",
    "influence-8": "the bot has at least 8 Influence on Luminary cards",
    "starved": "from round 2 on, some human has no Influence on any Luminary card",
    "deck-twice": "the Luminary deck has run out twice",
    "fm-rc-5": "the bot controls 5 Freemason and/or Rosicrucian cards",
    "ace-crown-3": "the bot controls 3 Crown and/or Ace cards",
}


@dataclass(frozen=True)
class BotSpec:
    """One bot placard: name, complexity and difficulty, its 3 plots and its direction diagram
    (strength 2-6 -> one of :data:`BOT_DIRECTIONS`)."""

    id: str
    name: str
    complexity: str
    difficulty: str
    plots: tuple[str, ...]
    diagram: tuple[tuple[int, str], ...]

    def direction(self, strength: int) -> str:
        return dict(self.diagram)[strength]


def parse_bots(data: Any) -> tuple[dict[str, BotSpec], bool, str]:
    items, reconstructed, note = _unwrap("bots", data)
    items = _item_list("bots", items, "bots")
    out: dict[str, BotSpec] = {}
    for index, raw in enumerate(items):
        item = _Item("bots", _item_name(raw, "id", index), raw)
        bid = item.choice("id", BOT_IDS)
        if bid in out:
            raise item.fail("id", "is a duplicate")
        plots = item.get("plots")
        if not isinstance(plots, list) or len(plots) != 3:
            raise item.fail("plots", f"must list the placard's 3 plots, got {plots!r}")
        for p in plots:
            if p not in BOT_PLOTS or not isinstance(p, str):
                raise item.fail("plots", f"unknown bot plot {p!r} (known: {', '.join(BOT_PLOTS)})")
        diagram = item.mapping("diagram")
        if sorted(diagram) != ["2", "3", "4", "5", "6"]:
            raise item.fail("diagram", f"must map each strength \"2\" to \"6\" to a direction, got keys "
                                       f"{sorted(diagram)!r}")
        for k, v in diagram.items():
            if v not in BOT_DIRECTIONS or not isinstance(v, str):
                raise item.fail("diagram", f"strength {k}: direction must be one of "
                                           f"{', '.join(BOT_DIRECTIONS)}, got {v!r}")
        out[bid] = BotSpec(bid, item.string("name"), item.string("complexity"), item.string("difficulty"),
                           tuple(plots), tuple((int(k), diagram[k]) for k in sorted(diagram)))
    missing = [b for b in BOT_IDS if b not in out]
    if missing:
        raise DataError(f"bots: expected the placards of {', '.join(BOT_IDS)}, missing {', '.join(missing)}")
    return out, reconstructed, note


_PARSERS["bots"] = parse_bots


def load_bots(source=None) -> dict[str, BotSpec]:
    """The bot placards: the packaged ``bots.json`` (None), or a path / parsed dict of the same format."""
    return _part("bots", source)[0]
