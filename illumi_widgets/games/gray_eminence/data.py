"""Gray Eminence card data: loading and strict validation of the JSON files in ``gray_eminence/data/``.

Eight files, one per card family (``actions.json``, ``factions.json``, ``tweets.json``, ``events.json``,
``escalations.json``, ``objectives.json``, ``eminences.json``, ``scenarios.json``).  Card effects are
**records in a small vocabulary** (``VERBS``, ``TARGETS``, ``CONDITIONS``), interpreted by ``effects.py``;
a user who owns the game replaces the files with ``load_game("gray-eminence", players=4, cards=folder)``.

A bad file raises :class:`CardDataError` listing every problem (up to 20), each naming the file, the card
id and name, the field path, what was found and what is allowed (with a did-you-mean suggestion).  Unknown
keys are errors everywhere except ``note`` and keys starting with ``x_``.
"""

from __future__ import annotations

import difflib
import functools
import os
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from illumi_widgets.engine.datafile import check_depth, check_folder, is_path, read_json
from illumi_widgets.engine.errors import DataError

RESOURCES = ("money", "power", "influence")
RES_ANY = (*RESOURCES, "any")
HASHTAGS = (
    "#Lie",
    "#Truth",
    "#FakeNews",
    "#Personal",
    "#Domestic",
    "#Regional",
    "#Global",
    "#UN",
    "#NATO",
    "#Oil",
    "#Deal",
    "#Sanction",
    "#Peace",
    "#War",
    "#Terrorism",
    "#Refugees",
    "#Ecology",
    "#Technology",
)
STANDARD_ENTITIES = ("EU", "China", "Russia", "Africa", "UN")
SCENARIO_SETS = ("standard", "eu", "ecology", "latam", "mideast")
SCENARIOS = ("eu", "ecology", "latam", "mideast", "global")
#: rule parameters with the rulebook's defaults, read only through ``effects.rule(data, key)``
#: (RULES-NOTES.md, How card effects work)
RULES = {
    "hand_limit": 8,
    "refresh_draw": 4,
    "tweet_slots": 4,
    "fourth_cost": 1,
    "faction_limit": 3,
    "blackmail_amount": 2,
}
#: the counts of the component list (RULES-NOTES.md ruling 20)
COUNTS = {
    "eminences": 10,
    "events": 34,
    "scenarios": 5,
    "escalations": 8,
    "actions": 70,
    "factions": 31,
    "objectives": 36,
    "tweets": 64,
}
FILES = {k: f"{k}.json" for k in COUNTS}
OPS = (">=", "<=", "==")
TARGETS = ("you", "each_player", "each_other_player", "public_eye", "gray_eminences", "shadows")
POSITIONS = ("public_eye", "gray_eminence", "shadows")

# verb -> (signature {arg: kind}, takes a player target?)
# arg kinds: "res" (money/power/influence/any), "n" (1..9), "steps" (-4..4, not 0), "entity", "deck",
# "count" (1..3 or "all"), "rule_key", "rule_value" (0..20)
VERBS = {
    "gain": ({"resource": "res", "n": "n"}, True),  # Common Pool -> Box of Secrets
    "spend": ({"resource": "res", "n": "n"}, True),  # Box -> Common Pool (never below 0)
    "fund": ({"resource": "res", "n": "n"}, False),  # Common Pool -> Bidding Pool
    "drain": ({"resource": "res", "n": "n"}, False),  # Bidding Pool -> Common Pool (never below 0)
    "take": ({"resource": "res", "n": "n"}, True),  # Bidding Pool -> Box
    "contribute": ({"resource": "res", "n": "n"}, True),  # Box -> Bidding Pool
    "relation": ({"entity": "entity", "steps": "steps"}, False),
    "draw": ({"deck": "deck", "n": "n"}, True),
    "play_faction": ({}, True),
    "refresh": ({"count": "count"}, True),
    "exhaust": ({"count": "count"}, True),
    "vp": ({"n": "n"}, True),
    "rule": ({"key": "rule_key", "value": "rule_value"}, False),  # Escalation ``static`` only
}
DECKS = ("action",)
# condition -> {arg: kind}; kinds: "type" (a resource or total), "res", "op", "int", "entity", "pos", "tag"
CONDITIONS = {
    "resources": {"type": "type", "op": "op", "n": "int"},
    "most": {"type": "type"},
    "least": {"type": "type"},
    "resolved_events": {"with": "res?", "op": "op", "n": "int"},
    "unresolved_events": {"op": "op", "n": "int"},
    "entity": {"name": "entity", "op": "op", "n": "int"},
    "factions": {"op": "op", "n": "int"},
    "position": {"is": "pos"},
    "hashtag": {"tag": "tag"},
    "round": {"op": "op", "n": "int"},
}
#: conditions that read one player's hidden or personal state (invalid where there is no player)
PLAYER_CONDITIONS = frozenset({"resources", "most", "least", "factions", "position"})


class CardDataError(DataError):
    """A card file is malformed; the message names the file, the card and the field (code ``bad-cards``)."""

    code = "bad-cards"

    def __init__(self, problems: list[str]):
        shown = problems[:20]
        more = f"\n… and {len(problems) - 20} more problems" if len(problems) > 20 else ""
        super().__init__("bad Gray Eminence card data:\n" + "\n".join(shown) + more, problems=problems)
        self.problems = problems


@dataclass(frozen=True)
class Cards:
    """The validated card set (plain dicts by id, never changed after loading)."""

    actions: dict
    factions: dict
    tweets: dict
    events: dict
    escalations: dict
    objectives: dict
    eminences: dict
    scenarios: dict
    source: str

    @cached_property
    def _names(self) -> dict:
        """Every id (and Escalation side) -> its name, built once: ``name`` is on the hot path of views,
        labels and the no-leak checks."""
        out = {}
        for fam in (
            self.scenarios,
            self.escalations,
            self.eminences,
            self.objectives,
            self.events,
            self.tweets,
            self.factions,
            self.actions,
        ):  # (reversed priority: an id in an earlier family of ``name``'s order wins)
            out.update((cid, c["name"]) for cid, c in fam.items() if "name" in c)
        for xid, x in self.escalations.items():
            for side in ("conflict", "allied"):
                if isinstance(x.get(side), dict) and "name" in x[side]:
                    out[f"{xid}:{side}"] = x[side]["name"]
        return out

    def name(self, cid: str) -> str:
        return self._names.get(cid, cid)

    def entities(self) -> tuple:
        out = list(STANDARD_ENTITIES)
        for s in self.scenarios.values():
            out += [e for e in s["entities"] if e not in out]
        return tuple(out)


class _Checker:
    def __init__(self, entities=()):
        self.problems: list[str] = []
        self.entities = tuple(entities)

    def bad(self, where: str, field: str, found, allowed=None, hint: str = "") -> None:
        msg = f"{where}, {field}: "
        if allowed is None:
            msg += hint or f"{found!r} is not valid"
        else:
            allowed = [str(a) for a in allowed]
            msg += f"{found!r} is not allowed ({', '.join(allowed[:12])}{', …' if len(allowed) > 12 else ''})"
            if isinstance(found, str):
                close = difflib.get_close_matches(found, allowed, n=1)
                if close:
                    msg += f" — did you mean {close[0]!r}?"
        self.problems.append(msg)

    def keys(self, where, path, obj, required, optional=()):
        if not isinstance(obj, dict):
            self.bad(
                where,
                path or "card",
                type(obj).__name__,
                hint=f"expected an object, got {type(obj).__name__}",
            )
            return False
        for k in required:
            if k not in obj:
                self.bad(where, f"{path}.{k}".lstrip("."), None, hint="is missing (required)")
        known = set(required) | set(optional)
        for k in obj:
            if k not in known and k != "note" and not str(k).startswith("x_"):
                self.bad(
                    where,
                    f"{path}.{k}".lstrip("."),
                    k,
                    sorted(known),
                )
                self.problems[-1] = self.problems[-1].replace("is not allowed", "is not a known key")
        return all(k in obj for k in required)

    def integer(self, where, path, v, lo, hi):
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            self.bad(where, path, v, hint=f"{v!r} is not a whole number from {lo} to {hi}")
            return False
        return True

    def word(self, where, path, v, allowed):
        if v not in allowed:
            self.bad(where, path, v, allowed)
            return False
        return True

    def text(self, where, path, v):
        if not isinstance(v, str) or not v.strip():
            self.bad(where, path, v, hint=f"{v!r} is not a non-empty text")

    def vector(self, where, path, v):
        if not isinstance(v, dict):
            self.bad(where, path, v, hint='expected an object like {"money": 2}')
            return
        for k, n in v.items():
            if self.word(where, f"{path}.{k}", k, RESOURCES):
                self.integer(where, f"{path}.{k}", n, 0, 20)

    def arg(self, where, path, kind, v):
        if kind == "res":
            self.word(where, path, v, RES_ANY)
        elif kind == "res?":
            self.word(where, path, v, RESOURCES)
        elif kind == "type":
            self.word(where, path, v, (*RESOURCES, "total"))
        elif kind == "n":
            self.integer(where, path, v, 1, 9)
        elif kind == "int":
            self.integer(where, path, v, -20, 40)
        elif kind == "steps":
            if self.integer(where, path, v, -4, 4) and v == 0:
                self.bad(where, path, v, hint="0 steps moves nothing (use -4..-1 or 1..4)")
        elif kind == "entity":
            self.word(where, path, v, self.entities)
        elif kind == "deck":
            self.word(where, path, v, DECKS)
        elif kind == "count":
            if v != "all":
                self.integer(where, path, v, 1, 3)
        elif kind == "rule_key":
            self.word(where, path, v, tuple(RULES))
        elif kind == "rule_value":
            self.integer(where, path, v, 0, 20)
        elif kind == "op":
            self.word(where, path, v, OPS)
        elif kind == "pos":
            self.word(where, path, v, POSITIONS)
        elif kind == "tag":
            self.word(where, path, v, HASHTAGS)

    def condition(self, where, path, c, player: bool):
        if not isinstance(c, dict) or len(c) != 1:
            self.bad(
                where,
                path,
                c,
                hint="a condition is an object with exactly one key "
                f"({', '.join([*CONDITIONS, 'all', 'any', 'not'])})",
            )
            return
        ((k, v),) = c.items()
        if k in ("all", "any"):
            if not isinstance(v, list) or not v:
                self.bad(where, f"{path}.{k}", v, hint="expected a non-empty list of conditions")
                return
            for i, x in enumerate(v):
                self.condition(where, f"{path}.{k}[{i}]", x, player)
            return
        if k == "not":
            self.condition(where, f"{path}.not", v, player)
            return
        if k not in CONDITIONS:
            self.bad(where, path, k, [*CONDITIONS, "all", "any", "not"])
            self.problems[-1] = self.problems[-1].replace("is not allowed", "is not a condition")
            return
        if k in PLAYER_CONDITIONS and not player:
            self.bad(where, f"{path}.{k}", k, hint=f"'{k}' reads one player's state; there is no player here")
            return
        sig = CONDITIONS[k]
        req = [a for a, kind in sig.items() if not kind.endswith("?")]
        if self.keys(where, f"{path}.{k}", v, req, [a for a in sig if a not in req]):
            for a, kind in sig.items():
                if a in v:
                    self.arg(where, f"{path}.{k}.{a}", kind, v[a])

    def effects(self, where, path, effs, *, you: bool, static: bool = False):
        if not isinstance(effs, list):
            self.bad(where, path, effs, hint="expected a list of effect records")
            return
        for i, e in enumerate(effs):
            p = f"{path}[{i}]"
            if not self.keys(where, p, e, ["verb"], ["args", "target", "condition"]):
                continue
            verb = e["verb"]
            if verb not in VERBS:
                self.bad(where, f"{p}.verb", verb, VERBS)
                self.problems[-1] = self.problems[-1].replace("is not allowed", "is not a verb")
                continue
            if (verb == "rule") != static:
                self.bad(
                    where,
                    f"{p}.verb",
                    verb,
                    hint=(
                        "an Escalation static effect must use the verb 'rule'"
                        if static
                        else "the verb 'rule' is only for Escalation static effects"
                    ),
                )
                continue
            sig, takes_target = VERBS[verb]
            args = e.get("args", {})
            if self.keys(where, f"{p}.args", args, list(sig)):
                for a, kind in sig.items():
                    self.arg(where, f"{p}.args.{a}", kind, args[a])
            if "target" in e:
                if not takes_target:
                    self.bad(
                        where,
                        f"{p}.target",
                        e["target"],
                        hint=f"the verb '{verb}' acts on the pools or "
                        "the chart, not on a player: remove 'target'",
                    )
                elif (
                    self.word(where, f"{p}.target", e["target"], TARGETS) and e["target"] == "you" and not you
                ):
                    self.bad(
                        where,
                        f"{p}.target",
                        "you",
                        hint="'you' has no meaning on this card (nobody "
                        "plays it): name the players (each_player, public_eye, shadows, …)",
                    )
            elif takes_target and not you:
                self.bad(
                    where,
                    f"{p}.target",
                    None,
                    hint=f"is missing: the verb '{verb}' needs the players it "
                    "acts on here (each_player, public_eye, gray_eminences, shadows, …)",
                )
            if "condition" in e:
                self.condition(where, f"{p}.condition", e["condition"], player=you)


def _read(folder: Path | None, family: str, override: dict | None):
    """The parsed file of one card family: from ``override`` (given in memory), else from the folder, read by
    the engine's one safe reader (regular files only, a size cap, every failure a clear error naming the
    file)."""
    if override is not None and family in override:
        try:
            check_depth(override[family], f"cards: {family}")
        except DataError as e:
            raise CardDataError([e.message]) from None
        return override[family], f"{family}.json"
    path = (folder or DATA_DIR) / FILES[family]
    if not os.path.lexists(path):
        raise CardDataError(
            [f"{path}: file is missing (every card folder needs {', '.join(FILES.values())})"]
        )
    try:
        return read_json(path, path.name), path.name
    except DataError as e:
        raise CardDataError([e.message]) from None


DATA_DIR = Path(__file__).resolve().parent / "data"
ORDER = ("scenarios", "eminences", "events", "escalations", "actions", "factions", "objectives", "tweets")


def load_cards(source=None) -> Cards:
    """Load and validate a card set: ``None`` (the shipped files), a folder path, or a dict
    ``{family: file-object}`` replacing some families (the others are the shipped ones)."""
    if source is None:
        return _shipped()
    folder, override = None, None
    if isinstance(source, dict):
        override = source
        unknown = [k for k in source if k not in FILES]
        if unknown:
            raise CardDataError([f"cards: {k!r} is not a card family ({', '.join(FILES)})" for k in unknown])
    elif not is_path(source):
        raise CardDataError([f"cards: expected a folder of card files or a dict {{family: cards}}, got "
                             f"{type(source).__name__}"])
    else:
        try:
            folder = Path(check_folder(source, "cards"))
        except DataError as e:  # (missing, a file, a symlink loop, a NUL in the name …)
            raise CardDataError([f"{e.message} (a folder of card files holds {', '.join(FILES.values())})"]
                                ) from None
    return _load(folder, override, str(source if folder else "dict"))


@functools.lru_cache(maxsize=1)
def _shipped() -> Cards:
    return _load(None, None, "shipped")


def _load(folder, override, label) -> Cards:
    raw = {fam: _read(folder, fam, override) for fam in ORDER}
    entities = list(STANDARD_ENTITIES)
    scen_obj = raw["scenarios"][0]
    if isinstance(scen_obj, dict) and isinstance(scen_obj.get("cards"), list):
        for c in scen_obj["cards"]:
            if isinstance(c, dict) and isinstance(c.get("entities"), list):
                entities += [e for e in c["entities"] if isinstance(e, str) and e not in entities]
    ck = _Checker(entities)
    out = {}
    for fam in ORDER:
        obj, fname = raw[fam]
        out[fam] = _family(ck, fam, obj, fname)
    _cross(ck, out)
    if ck.problems:
        raise CardDataError(ck.problems)
    return Cards(**out, source=label)


def _family(ck: _Checker, fam: str, obj, fname: str) -> dict:
    if not ck.keys(fname, "", obj, ["format", "version", "reconstructed", "note", "cards"]):
        return {}
    if obj["format"] != f"gray-eminence-{fam}":
        ck.bad(fname, "format", obj["format"], [f"gray-eminence-{fam}"])
    if obj["version"] != 1:
        ck.bad(fname, "version", obj["version"], [1])
    if not isinstance(obj["reconstructed"], bool):
        ck.bad(fname, "reconstructed", obj["reconstructed"], [True, False])
    cards = obj["cards"]
    if not isinstance(cards, list):
        ck.bad(fname, "cards", cards, hint="expected a list of cards")
        return {}
    if len(cards) != COUNTS[fam]:
        ck.bad(
            fname,
            "cards",
            len(cards),
            hint=f"{len(cards)} cards, but the game has exactly {COUNTS[fam]} {fam} (the component list)",
        )
    got = {}
    for i, c in enumerate(cards):
        cid = c.get("id") if isinstance(c, dict) else None
        where = f"{fname}: card {cid!r} ({c.get('name', '?')})" if cid else f"{fname}: cards[{i}]"
        if not isinstance(c, dict):
            ck.bad(where, "card", c, hint="expected an object")
            continue
        if not isinstance(cid, str) or not cid:
            ck.bad(where, "id", cid, hint="is missing or not a text")
            continue
        if cid in got:
            ck.bad(where, "id", cid, hint=f"{cid!r} is used twice")
            continue
        getattr(_Cards, fam)(ck, where, c)
        got[cid] = c
    return got


class _Cards:
    """One validator per card family (static methods named like the families)."""

    @staticmethod
    def _scen(ck, where, c):
        ck.word(where, "scenario", c.get("scenario"), SCENARIO_SETS)

    @staticmethod
    def actions(ck, where, c):
        if ck.keys(where, "", c, ["id", "name", "scenario"], ["common_good", "personal_gain"]):
            ck.text(where, "name", c["name"])
            _Cards._scen(ck, where, c)
            if "common_good" not in c and "personal_gain" not in c:
                ck.bad(
                    where,
                    "common_good",
                    None,
                    hint="an Action card needs a Common Good or a Personal Gain side",
                )
            for side in ("common_good", "personal_gain"):
                if side in c and ck.keys(where, side, c[side], ["shadows_only", "effects"]):
                    if not isinstance(c[side]["shadows_only"], bool):
                        ck.bad(where, f"{side}.shadows_only", c[side]["shadows_only"], [True, False])
                    ck.effects(where, f"{side}.effects", c[side]["effects"], you=True)

    @staticmethod
    def factions(ck, where, c):
        if ck.keys(where, "", c, ["id", "name", "scenario", "use"], ["refresh_cost", "refresh_on"]):
            ck.text(where, "name", c["name"])
            _Cards._scen(ck, where, c)
            ck.effects(where, "use", c["use"], you=True)
            if ("refresh_cost" in c) == ("refresh_on" in c):
                ck.bad(
                    where,
                    "refresh_cost",
                    None,
                    hint="a Faction has exactly one of refresh_cost (a resource "
                    "vector) or refresh_on (a #hashtag)",
                )
            elif "refresh_cost" in c:
                ck.vector(where, "refresh_cost", c["refresh_cost"])
            else:
                ck.word(where, "refresh_on", c["refresh_on"], HASHTAGS)

    @staticmethod
    def tweets(ck, where, c):
        if ck.keys(where, "", c, ["id", "name", "scenario", "hashtags", "entities", "effects"]):
            ck.text(where, "name", c["name"])
            _Cards._scen(ck, where, c)
            _Cards._tags(ck, where, c["hashtags"])
            _Cards._entities(ck, where, c["entities"])
            ck.effects(where, "effects", c["effects"], you=False)

    @staticmethod
    def _tags(ck, where, tags, path="hashtags"):
        if not isinstance(tags, list) or not tags:
            ck.bad(where, path, tags, hint="expected a non-empty list of #hashtags")
            return
        for i, t in enumerate(tags):
            ck.word(where, f"{path}[{i}]", t, HASHTAGS)

    @staticmethod
    def _entities(ck, where, entities):
        if not isinstance(entities, list):
            ck.bad(where, "entities", entities, hint="expected a list of entity names")
            return
        for i, e in enumerate(entities):
            ck.arg(where, f"entities[{i}]", "entity", e)

    @staticmethod
    def _options(ck, where, path, opts, lo, hi):
        if not isinstance(opts, list) or not lo <= len(opts) <= hi:
            ck.bad(where, path, opts, hint=f"expected {lo} to {hi} resolution options")
            return
        for i, o in enumerate(opts):
            if ck.keys(where, f"{path}[{i}]", o, ["label", "cost", "effects"]):
                ck.text(where, f"{path}[{i}].label", o["label"])
                ck.vector(where, f"{path}[{i}].cost", o["cost"])
                if isinstance(o["cost"], dict) and not sum(
                    v for v in o["cost"].values() if isinstance(v, int)
                ):
                    ck.bad(where, f"{path}[{i}].cost", o["cost"], hint="a resolution option costs something")
                ck.effects(where, f"{path}[{i}].effects", o["effects"], you=False)

    @staticmethod
    def _unresolved(ck, where, path, u):
        if ck.keys(where, path, u, ["personal_gain", "effects"]):
            if not isinstance(u["personal_gain"], bool):
                ck.bad(where, f"{path}.personal_gain", u["personal_gain"], [True, False])
            ck.effects(where, f"{path}.effects", u["effects"], you=False)

    @staticmethod
    def events(ck, where, c):
        if ck.keys(where, "", c, ["id", "name", "scenario", "hashtags", "entities", "options", "unresolved"]):
            ck.text(where, "name", c["name"])
            _Cards._scen(ck, where, c)
            _Cards._tags(ck, where, c["hashtags"])
            _Cards._entities(ck, where, c["entities"])
            _Cards._options(ck, where, "options", c["options"], 2, 3)
            _Cards._unresolved(ck, where, "unresolved", c["unresolved"])

    @staticmethod
    def escalations(ck, where, c):
        if ck.keys(where, "", c, ["id", "name", "entity", "conflict", "allied"]):
            ck.text(where, "name", c["name"])
            ck.arg(where, "entity", "entity", c["entity"])
            for side in ("conflict", "allied"):
                s = c[side]
                if ck.keys(
                    where, side, s, ["name", "hashtags", "trigger", "static", "options", "unresolved"]
                ):
                    ck.text(where, f"{side}.name", s["name"])
                    _Cards._tags(ck, where, s["hashtags"], f"{side}.hashtags")
                    ck.effects(where, f"{side}.trigger", s["trigger"], you=False)
                    ck.effects(where, f"{side}.static", s["static"], you=False, static=True)
                    _Cards._options(ck, where, f"{side}.options", s["options"], 2, 2)
                    _Cards._unresolved(ck, where, f"{side}.unresolved", s["unresolved"])

    @staticmethod
    def _objective(ck, where, path, o, long_vp: bool):
        if ck.keys(
            where,
            path,
            o,
            ["name", "requires", "spend", "vp"] if path else ["requires", "spend", "vp"],
            ["id", "name"] if not path else [],
        ):
            ck.condition(where, f"{path}.requires".lstrip("."), o["requires"], player=True)
            ck.vector(where, f"{path}.spend".lstrip("."), o["spend"])
            vp = o["vp"]
            if long_vp:
                if ck.keys(where, f"{path}.vp".lstrip("."), vp, ["standard", "long"]):
                    ck.integer(where, "vp.standard", vp["standard"], 1, 9)
                    ck.integer(where, "vp.long", vp["long"], 1, 9)
            else:
                ck.integer(where, f"{path}.vp", vp, 1, 9)

    @staticmethod
    def objectives(ck, where, c):
        if ck.keys(where, "", c, ["id", "name", "requires", "spend", "vp"]):
            ck.text(where, "name", c["name"])
            _Cards._objective(ck, where, "", c, True)

    @staticmethod
    def eminences(ck, where, c):
        if ck.keys(where, "", c, ["id", "name", "start", "factions", "objective"]):
            ck.text(where, "name", c["name"])
            ck.vector(where, "start", c["start"])
            if not isinstance(c["factions"], list) or len(c["factions"]) > 3:
                ck.bad(where, "factions", c["factions"], hint="expected a list of at most 3 Faction ids")
            _Cards._objective(ck, where, "objective", c["objective"], False)

    @staticmethod
    def scenarios(ck, where, c):
        if ck.keys(where, "", c, ["id", "name", "entities", "relations", "card_sets", "common_objective"]):
            ck.word(where, "id", c["id"], SCENARIOS)
            ck.text(where, "name", c["name"])
            es = c["entities"]
            if not isinstance(es, list) or len(es) != 5 or len(set(map(str, es))) != 5:
                ck.bad(
                    where, "entities", es, hint="the Relationship Chart always has five different entities"
                )
            elif isinstance(c["relations"], dict):
                if sorted(c["relations"]) != sorted(es):
                    ck.bad(
                        where,
                        "relations",
                        sorted(c["relations"]),
                        hint=f"needs one starting state per entity ({', '.join(es)})",
                    )
                for e, v in c["relations"].items():
                    ck.integer(where, f"relations.{e}", v, -2, 2)
            else:
                ck.bad(where, "relations", c["relations"], hint="expected {entity: -2..2}")
            sets = c["card_sets"]
            if not isinstance(sets, list):
                ck.bad(where, "card_sets", sets, hint="expected a list of scenario symbols")
            else:
                for i, s in enumerate(sets):
                    ck.word(where, f"card_sets[{i}]", s, SCENARIO_SETS[1:])
            # (its words are generated from ``requires``; an older file's ``text`` is accepted, not used)
            if ck.keys(where, "common_objective", c["common_objective"], ["requires"], ["text"]):
                ck.condition(
                    where, "common_objective.requires", c["common_objective"]["requires"], player=False
                )


def _cross(ck: _Checker, out: dict) -> None:
    facs = out["factions"]
    for gid, g in out["eminences"].items():
        for i, f in enumerate(g.get("factions") or []):
            if f not in facs:
                ck.bad(f"eminences.json: card {gid!r} ({g.get('name')})", f"factions[{i}]", f, list(facs))
    ents = {x.get("entity") for x in out["escalations"].values() if isinstance(x, dict)}
    for sid, s in out["scenarios"].items():
        for e in s.get("entities") or []:
            if e not in ents:
                ck.bad(
                    f"scenarios.json: card {sid!r} ({s.get('name')})",
                    "entities",
                    e,
                    hint=f"{e!r} has no Escalation card",
                )
    if out["scenarios"] and sorted(out["scenarios"]) != sorted(SCENARIOS):
        ck.bad(
            "scenarios.json",
            "cards",
            sorted(out["scenarios"]),
            hint="the five scenarios are " + ", ".join(SCENARIOS),
        )
