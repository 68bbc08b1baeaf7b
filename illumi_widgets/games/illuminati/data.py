"""Illuminati card data: loading and validation of the CSV files in ``illuminati/data/``.

``illuminati.csv`` (the 8 Illuminati), ``groups.csv`` (the 83 other Groups) and ``specials.csv``
(the 15 Special cards, 14 names).  A malformed file raises :class:`DataError` whose message names the
file, the card and the field.  Card ids are slugs of the names (``The Mafia`` -> ``mafia``,
``I.R.S.`` -> ``irs``); the second copy of a Special gets ``-2`` (``interference-2``).
"""

from __future__ import annotations

import csv
import functools
import io
import re
from dataclasses import dataclass, field
from importlib import resources

from illumi_widgets.engine.errors import DataError

ALIGNMENTS: tuple[str, ...] = ("Government", "Communist", "Liberal", "Conservative", "Peaceful", "Violent",
                               "Straight", "Weird", "Criminal", "Fanatic")
OPPOSITE: dict[str, str] = {"Government": "Communist", "Communist": "Government", "Liberal": "Conservative",
                            "Conservative": "Liberal", "Peaceful": "Violent", "Violent": "Peaceful",
                            "Straight": "Weird", "Weird": "Straight"}
SIDES: tuple[str, ...] = ("top", "right", "bottom", "left")
ABILITY_KINDS = frozenset({"control_bonus", "neutralize_bonus", "destroy_bonus", "attack_bonus",
                           "defense_bonus", "treat_as_alignment", "income_special", "tax", "money_transfer",
                           "extra_draw",                           "alignment_change", "immune", "other"})
#: Illuminati name -> (slug, special-goal id).  Goal ids are single words that appear nowhere else, so
#: the no-leak checks can look for them.
ILLUMINATI_GOALS: dict[str, str] = {
    "The Bavarian Illuminati": "goal-power35",
    "The Bermuda Triangle": "goal-alignments10",
    "The Discordian Society": "goal-weird5",
    "The Gnomes of Zurich": "goal-money150",
    "The Network": "goal-tp25",
    "The Servants of Cthulhu": "goal-destroy8",
    "The Society of Assassins": "goal-violent6",
    "The UFOs": "goal-ufo",
}


def slug(name: str) -> str:
    s = name.lower()
    if s.startswith("the "):
        s = s[4:]
    s = s.replace("'", "").replace(".", "")
    return re.sub(r"[^a-z0-9]+", "-", s).strip("-")


@dataclass(frozen=True)
class Group:
    id: str
    name: str
    power: int
    tp: int
    resistance: int | None  # None: an Illuminati (cannot be attacked)
    income: int
    alignments: tuple[str, ...]
    arrow_in: int | None  # side index (0 top, 1 right, 2 bottom, 3 left); None for Illuminati
    arrows_out: tuple[int, ...]
    ability: str = ""
    kind: str = ""
    params: dict = field(default_factory=dict)
    illuminati: bool = False
    goal: str = ""  # Illuminati only: the special-goal id
    goal_text: str = ""


@dataclass(frozen=True)
class Special:
    id: str
    name: str
    timing: str
    effect: str
    is_action: bool


@dataclass(frozen=True)
class IlluminatiData:
    illuminati: dict  # id -> Group
    groups: dict  # id -> Group
    specials: dict  # id -> Special (one entry per physical card)

    def card(self, cid: str):
        return self.illuminati.get(cid) or self.groups.get(cid) or self.specials[cid]

    def name(self, cid: str) -> str:
        return self.card(cid).name


def _rows(fname: str, text: str, header: tuple[str, ...]) -> list[dict]:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        if tuple(reader.fieldnames or ()) != header:
            got = ",".join(reader.fieldnames or ())
            raise DataError(f"{fname}: header must be {','.join(header)}, got {got[:80]}")
        return list(reader)
    except csv.Error as e:  # a malformed line (a lone carriage return in a field, an open quote …)
        raise DataError(f"{fname}: line {reader.line_num}: not a CSV row ({e})") from None


def _int(fname, row, key, lo=None, hi=None) -> int:
    raw = (row.get(key) or "").strip()
    try:
        v = int(raw)
    except ValueError:
        raise DataError(f"{fname}: card {row.get('name')!r}: field '{key}' must be a whole number, "
                        f"got {raw!r}") from None
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise DataError(f"{fname}: card {row.get('name')!r}: field '{key}' = {v} is outside {lo}..{hi}")
    return v


def _side(fname, row, key, raw) -> int:
    if raw not in SIDES:
        raise DataError(f"{fname}: card {row.get('name')!r}: field '{key}' has side {raw!r}, "
                        f"expected one of {', '.join(SIDES)}")
    return SIDES.index(raw)


def _params(fname, row) -> dict:
    raw = (row.get("ability_params") or "").strip()
    out = {}
    if not raw:
        return out
    for part in raw.split(";"):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise DataError(f"{fname}: card {row.get('name')!r}: field 'ability_params' has {part!r}, "
                            "expected key=value")
        out[key.strip()] = value.strip()
    return out


def parse_groups(fname: str, text: str) -> dict:
    header = ("name", "power", "transferable_power", "resistance", "income", "alignments", "arrow_in",
              "arrows_out", "ability", "ability_kind", "ability_params")
    out = {}
    for row in _rows(fname, text, header):
        name = (row["name"] or "").strip()
        if not name:
            raise DataError(f"{fname}: a row has an empty field 'name'")
        aligns = tuple(a.strip() for a in (row["alignments"] or "").split(";") if a.strip())
        for a in aligns:
            if a not in ALIGNMENTS:
                raise DataError(f"{fname}: card {name!r}: field 'alignments' has unknown alignment {a!r}")
        if len(set(aligns)) != len(aligns):
            raise DataError(f"{fname}: card {name!r}: field 'alignments' repeats an alignment")
        if any(OPPOSITE.get(a) in aligns for a in aligns):
            raise DataError(f"{fname}: card {name!r}: field 'alignments' holds two opposite alignments")
        arrow_in = _side(fname, row, "arrow_in", (row["arrow_in"] or "").strip())
        outs = tuple(_side(fname, row, "arrows_out", s.strip())
                     for s in (row["arrows_out"] or "").split(";") if s.strip())
        if arrow_in in outs or len(set(outs)) != len(outs):
            raise DataError(f"{fname}: card {name!r}: field 'arrows_out' repeats a side or uses the "
                            "in-arrow side")
        power = _int(fname, row, "power", 0, 20)
        tp = _int(fname, row, "transferable_power", 0, 20)
        if (power == 0) != (not outs):
            raise DataError(f"{fname}: card {name!r}: field 'arrows_out': a group has Power exactly when it "
                            "has outward arrows (rules p.3)")
        kind = (row["ability_kind"] or "").strip()
        ability = (row["ability"] or "").strip()
        if kind and kind not in ABILITY_KINDS:
            raise DataError(f"{fname}: card {name!r}: field 'ability_kind' is unknown: {kind!r}")
        if bool(kind) != bool(ability):
            raise DataError(f"{fname}: card {name!r}: fields 'ability' and 'ability_kind' must both be set "
                            "or both empty")
        gid = slug(name)
        if gid in out:
            raise DataError(f"{fname}: card {name!r}: field 'name' is not unique")
        out[gid] = Group(gid, name, power, tp, _int(fname, row, "resistance", 0, 20),
                         _int(fname, row, "income", -5, 20), aligns, arrow_in, outs, ability, kind,
                         _params(fname, row))
    return out


def parse_illuminati(fname: str, text: str) -> dict:
    header = ("name", "power", "transferable_power", "income", "out_arrows", "ability", "special_goal")
    out = {}
    for row in _rows(fname, text, header):
        name = (row["name"] or "").strip()
        if name not in ILLUMINATI_GOALS:
            raise DataError(f"{fname}: card {name!r}: field 'name' is not one of the 8 Illuminati")
        if _int(fname, row, "out_arrows", 4, 4) != 4:  # pragma: no cover - _int checks the range
            raise DataError(f"{fname}: card {name!r}: field 'out_arrows' must be 4")
        gid = slug(name)
        out[gid] = Group(gid, name, _int(fname, row, "power", 1, 20),
                         _int(fname, row, "transferable_power", 0, 20), None,
                         _int(fname, row, "income", 0, 30), (), None, (0, 1, 2, 3),
                         (row["ability"] or "").strip(), "illuminati", {}, True, ILLUMINATI_GOALS[name],
                         (row["special_goal"] or "").strip())
    if len(out) != 8:
        raise DataError(f"{fname}: expected the 8 Illuminati, found {len(out)}")
    return out


def parse_specials(fname: str, text: str) -> dict:
    header = ("name", "copies", "timing", "effect", "counts_as_action")
    out = {}
    for row in _rows(fname, text, header):
        name = (row["name"] or "").strip()
        if not name:
            raise DataError(f"{fname}: a row has an empty field 'name'")
        copies = _int(fname, row, "copies", 1, 4)
        flag = (row["counts_as_action"] or "").strip().lower()
        if flag not in ("true", "false"):
            raise DataError(f"{fname}: card {name!r}: field 'counts_as_action' must be true or false")
        for i in range(copies):
            sid = slug(name) + ("" if i == 0 else f"-{i + 1}")
            out[sid] = Special(sid, name, row["timing"].strip(), row["effect"].strip(), flag == "true")
    return out


def _read(fname: str) -> str:
    return resources.files("illumi_widgets.games.illuminati").joinpath("data", fname).read_text("utf-8")


@functools.lru_cache(maxsize=1)
def load_illuminati_data() -> IlluminatiData:
    """The shipped card data, validated (cached)."""
    ill = parse_illuminati("illuminati.csv", _read("illuminati.csv"))
    groups = parse_groups("groups.csv", _read("groups.csv"))
    specials = parse_specials("specials.csv", _read("specials.csv"))
    clash = (set(ill) & set(groups)) | (set(specials) & (set(ill) | set(groups)))
    if clash:
        raise DataError(f"card ids used twice across files: {', '.join(sorted(clash))}")
    names = {g.name for g in groups.values()}
    for g in groups.values():
        if g.kind in ("control_bonus", "neutralize_bonus", "destroy_bonus", "attack_bonus"):
            for t in g.params.get("target", "").split("|"):
                if t and t != "any" and t not in names:
                    raise DataError(f"groups.csv: card {g.name!r}: field 'ability_params' names unknown "
                                    f"target {t!r}")
    return IlluminatiData(ill, groups, specials)
