"""Primordial Secrets card data: load, validate strictly, compile once, and describe in plain words.

The card set is a reconstruction (no card list is public; see ``data/README.md``).  Effects are records in
the small vocabulary of the rulebook's glossary (design: RULES-NOTES.md, How card effects work):
``timing``, ``condition``, ``target`` (a selector), ``verb``, ``args``, ``duration``, ``then``.  A user's
own file replaces the shipped one with ``load_game("primordial", players=3, cards=path)``; every bad field
is a :class:`CardDataError` naming the file, the card id and name, the field path, what was found and what
is allowed (with a did-you-mean suggestion).  Unknown keys are errors (only ``note`` and ``x_…`` are free).

This module imports nothing from the rules: the rules import it.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from pathlib import Path

from illumi_widgets.engine.datafile import check_depth, is_path, read_json
from illumi_widgets.engine.errors import DataError

DATA_DIR = Path(__file__).parent / "data"
FORMAT = "primordial-secrets-cards"

STATS = ("devotion", "insight", "deceit")
KINDS = ("starting", "familiar", "pawn", "royal")
FRAMES = ("white", "blue", "gray", "black")
#: the timing windows in the order of a turn (rulebook steps 2 and 4), then the others
WINDOWS = ("before_visiting", "before_hosting", "when_visiting", "when_hosting", "after_visiting",
           "after_hosting")
WHILE = ("while_visiting", "while_hosting")
TIMINGS = (*WINDOWS, "when_recruited", *WHILE)
INTENT_TIMINGS = ("round",)
DIRECTIONS = ("left", "right", "across")
FINGERS = (*DIRECTIONS, "none")
#: card selectors (``target.from``); "self" is a shorthand target of its own
PARTY_FROM = ("your_party", "opposing_party", "visitors", "hosts")
COURT_FROM = ("court_pawns", "court_royals", "court_familiars")
FROM = (*PARTY_FROM, *COURT_FROM, "your_deck_top", "your_discard")
PICKS = ("one", "all")
CHOOSERS = ("owner", "visiting_player", "hosting_player")
OPS = (">=", "<=", "==", ">", "<")
OUTCOMES = ("steal", "sacrifice", "none")
#: move destinations (the effect owner's zones; "party" = the party the effect's card is in)
ZONES = ("party", "next_visitors", "discard", "deck_top")
#: rule parameters a "while" effect may change (card text beats the rulebook), with the rulebook default
RULES = {"steal_margin": 4, "sacrifice_on_loss": True}
PLAYERS_FROM = ("opponent", "hosting_player", "visiting_player")
STAT_VERBS = ("add", "double", "set", "captivate", "silence")

# verb -> (args signature {name: (kind, required)}, target: "cards"/"party"/"court"/"visitors"/None,
#          allowed durations)
_INT = "int"
VERBS = {
    "add": ({"stat": (STATS, True), "amount": (_INT, True)}, "party", ("turn", "while")),
    "double": ({"stat": (STATS, True)}, "party", ("turn",)),
    "set": ({"stat": (STATS, True), "to": (_INT, False), "from": (STATS, False)}, "party", ("turn",)),
    "captivate": ({}, "party", ("turn",)),
    "silence": ({}, "party", ("turn",)),
    "banish": ({}, "cards", ("game",)),
    "move": ({"to": (ZONES, True)}, "cards", ("game",)),
    "sacrifice": ({}, "visitors", ("game",)),
    "steal_secret": ({"from": (PLAYERS_FROM, True)}, None, ("instant",)),
    "recruit": ({"pay": (("free",), True)}, "court", ("game",)),
    "repopulate": ({}, None, ("instant",)),
    "shuffle": ({"whose": (("you", "opponent"), True)}, None, ("instant",)),
    "draw": ({"n": (_INT, True)}, None, ("game",)),
    "rule": ({"key": (tuple(RULES), True), "value": ("any", True)}, None, ("while",)),
    "total": ({"stat": (STATS, True), "amount": (_INT, True)}, None, ("round",)),
}
PRIMORDIAL_VERBS = tuple(v for v in VERBS if v != "total")


class CardDataError(DataError):
    """A card file is malformed; ``problems`` lists every message (file, card, field, found, allowed)."""

    code = "bad-cards"

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        shown = self.problems[:20]
        more = f"\n… and {len(self.problems) - 20} more" if len(self.problems) > 20 else ""
        super().__init__("the card file has problems:\n" + "\n".join(shown) + more)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str
    frame: str
    devotion: int
    insight: int
    deceit: int
    tribute: int
    sacrifice: int
    count: int
    effects: tuple
    text: str


@dataclass(frozen=True)
class Intent:
    id: str
    name: str
    kind: str  # starting / secret
    finger: str
    invite: tuple | None  # (direction, priority)
    mods: tuple  # ((stat, amount), ...)
    text: str


@dataclass(frozen=True)
class CardSet:
    source: str
    cards: dict  # id -> Card
    intents: dict  # players -> {id: Intent}
    starting: tuple  # ((id, per player), ...)

    def name(self, cid: str) -> str:
        c = self.cards.get(cid)
        return c.name if c else cid


# ------------------------------------------------------------------------------------------------
# validation
# ------------------------------------------------------------------------------------------------
class _Checker:
    def __init__(self, source: str):
        self.source = source
        self.problems: list[str] = []

    def bad(self, where: str, path: str, msg: str) -> None:
        self.problems.append(f"{self.source}: {where}{', ' if where and path else ''}{path}: {msg}")

    def word(self, where, path, value, allowed, what) -> bool:
        if isinstance(value, str) and value in allowed:
            return True
        hint = ""
        if isinstance(value, str):
            close = difflib.get_close_matches(value, list(allowed), n=1)
            if close:
                hint = f" — did you mean '{close[0]}'?"
        shown = repr(value) if not isinstance(value, str) else f"'{value}'"
        self.bad(where, path, f"{shown} is not {what} ({', '.join(allowed)}){hint}")
        return False

    def keys(self, where, path, obj, allowed, required=()) -> bool:
        if not isinstance(obj, dict):
            self.bad(where, path, f"expected an object (dict), found {type(obj).__name__}")
            return False
        ok = True
        for k in obj:
            if k == "note" or (isinstance(k, str) and k.startswith("x_")) or k in allowed:
                continue
            close = difflib.get_close_matches(str(k), list(allowed), n=1)
            hint = f" — did you mean '{close[0]}'?" if close else ""
            p = f"{path}.{k}" if path else str(k)
            self.bad(where, p, f"unknown field '{k}' (allowed: {', '.join(allowed)}){hint}")
            ok = False
        for k in required:
            if k not in obj:
                p = f"{path}.{k}" if path else k
                self.bad(where, p, "missing (required)")
                ok = False
        return ok

    def int_(self, where, path, value, lo, hi) -> bool:
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            self.bad(where, path, f"{value!r} is not a whole number from {lo} to {hi}")
            return False
        return True


def _card_where(c) -> str:
    if isinstance(c, dict):
        return f"card '{c.get('id', '?')}' ({c.get('name', '?')})"
    return "card ?"


def _check_target(ck: _Checker, where, path, target, verb_target, timing, refs) -> None:
    if target is None:
        return
    if verb_target is None:
        ck.bad(where, path, f"this verb takes no target (found {target!r})")
        return
    if target == "self":
        if verb_target in ("court",):
            ck.bad(where, path, "'self' is not a card of the Court: this verb needs a Court selector")
        return
    if isinstance(target, str):
        ck.bad(where, path, f"'{target}' is not a target: use 'self' or a selector object")
        return
    if not ck.keys(where, path, target, ("from", "where", "pick", "chooser", "ref")):
        return
    if "ref" in target:
        if target["ref"] not in refs:
            ck.bad(where, f"{path}.ref", f"'{target['ref']}' is not bound by an earlier step's 'as' "
                                         f"({', '.join(refs) or 'none bound'})")
        return
    if "from" not in target:
        ck.bad(where, f"{path}.from", "missing (required)")
        return
    allowed = {"party": PARTY_FROM, "court": COURT_FROM, "cards": FROM,
               "visitors": ("visitors", "opposing_party", "your_party")}[verb_target]
    ck.word(where, f"{path}.from", target["from"], allowed, "a selector for this verb")
    pick = target.get("pick", "all")
    ck.word(where, f"{path}.pick", pick, PICKS, "a pick")
    if timing in WHILE and pick != "all":
        ck.bad(where, f"{path}.pick", "a 'while' effect is read continuously: its target must be 'all' or "
                                      "'self', never a choice")
    if "chooser" in target:
        ck.word(where, f"{path}.chooser", target["chooser"], CHOOSERS, "a chooser")
        if pick != "one":
            ck.bad(where, f"{path}.chooser", "a chooser needs pick 'one'")
    w = target.get("where")
    if w is not None and ck.keys(where, f"{path}.where", w,
                                 ("other", "kind", "frame", "name", "tribute", *STATS)):
        for k, v in w.items():
            p = f"{path}.where.{k}"
            if k == "other" and not isinstance(v, bool):
                ck.bad(where, p, f"{v!r} is not true or false")
            elif k == "kind":
                ck.word(where, p, v, KINDS, "a card kind")
            elif k == "frame":
                ck.word(where, p, v, FRAMES, "a frame")
            elif k == "name" and not isinstance(v, str):
                ck.bad(where, p, f"{v!r} is not a card id")
            elif k in ("tribute", *STATS):
                _check_cmp(ck, where, p, v)


def _check_cmp(ck, where, path, v) -> None:
    if ck.keys(where, path, v, ("op", "n"), ("op", "n")):
        ck.word(where, f"{path}.op", v["op"], OPS, "a comparison")
        ck.int_(where, f"{path}.n", v["n"], -20, 20)


def _check_condition(ck, where, path, cond, timing) -> None:
    if not isinstance(cond, dict) or len(cond) != 1:
        ck.bad(where, path, f"a condition is an object with one key ({', '.join(_CONDS)}), found {cond!r}")
        return
    (k, v), = cond.items()
    if k not in _CONDS:
        ck.word(where, path, k, _CONDS, "a condition")
        return
    p = f"{path}.{k}"
    if k in ("all", "any"):
        if not isinstance(v, list) or not v:
            ck.bad(where, p, "expected a non-empty list of conditions")
            return
        for i, c in enumerate(v):
            _check_condition(ck, where, f"{p}[{i}]", c, timing)
    elif k == "not":
        _check_condition(ck, where, p, v, timing)
    elif k == "outcome":
        if ck.word(where, p, v, OUTCOMES, "an outcome") and timing not in ("after_visiting", "after_hosting"):
            ck.bad(where, p, f"the outcome is known only in the 'after' windows, not in '{timing}'")
    elif k in ("margin", "round"):
        _check_cmp(ck, where, p, v)
    elif k == "holds":
        if ck.keys(where, p, v, ("what", "op", "n"), ("what", "op", "n")):
            ck.word(where, f"{p}.what", v["what"], ("secrets", "sacrifices"), "a count of held cards")
            ck.word(where, f"{p}.op", v["op"], OPS, "a comparison")
            ck.int_(where, f"{p}.n", v["n"], 0, 20)


_CONDS = ("all", "any", "not", "outcome", "margin", "round", "holds")


def _check_step(ck, where, path, step, timing, refs, top: bool, intent: bool) -> None:
    allowed = ("timing", "condition", "target", "verb", "args", "duration", "then") if top else \
        ("target", "verb", "args", "duration", "as")
    required = ("timing", "verb") if top else ("verb",)
    if not ck.keys(where, path, step, allowed, required):
        return
    verbs = ("total",) if intent else PRIMORDIAL_VERBS
    verb = step["verb"]
    if not ck.word(where, f"{path}.verb", verb, verbs, "a verb"):
        return
    if timing in WHILE and verb not in ("add", "rule"):
        ck.bad(where, f"{path}.verb", f"'{verb}' cannot be a 'while' effect (continuous effects: add, rule)")
        return
    if verb == "rule" and timing not in WHILE:
        ck.bad(where, f"{path}.verb", "'rule' changes a rule only while its card is in play: use a 'while' "
                                      "timing")
    sig, vt, durations = VERBS[verb]
    args = step.get("args", {})
    if ck.keys(where, f"{path}.args", args, tuple(sig), tuple(k for k, (_t, req) in sig.items() if req)):
        for k, v in args.items():
            if k not in sig:
                continue
            kind = sig[k][0]
            p = f"{path}.args.{k}"
            if kind == _INT:
                lo, hi = (1, 3) if k == "n" else (0, 9) if k == "to" else (-9, 9)
                ck.int_(where, p, v, lo, hi)
            elif kind != "any":
                what = {"stat": "a stat", "from": "a stat" if verb == "set" else "a player", "to": "a zone"}
                ck.word(where, p, v, kind, what.get(k, f"a value of '{k}'"))
        if verb == "set" and (("to" in args) == ("from" in args)):
            ck.bad(where, f"{path}.args", "'set' needs exactly one of 'to' (a number) or 'from' (a stat)")
        if verb == "rule" and args.get("key") in RULES:
            want = type(RULES[args["key"]])
            if type(args.get("value")) is not want:
                ck.bad(where, f"{path}.args.value", f"{args.get('value')!r} is not a {want.__name__} "
                                                    f"(rule '{args['key']}')")
        if verb == "total" and timing != "round":
            ck.bad(where, f"{path}.verb", "'total' is an Intent's stat modifier for the round")
    if "duration" in step:
        d = "while" if timing in WHILE else step["duration"]
        ck.word(where, f"{path}.duration", step["duration"], durations, f"a duration of '{verb}'")
        if timing in WHILE and step["duration"] != "while":
            ck.bad(where, f"{path}.duration", f"a 'while' effect lasts 'while', not '{d}'")
    target = step.get("target", "self" if vt == "party" else None)
    if vt == "court" and "target" not in step:
        ck.bad(where, f"{path}.target", "missing (required: which Court cards)")
    elif vt == "visitors" and "target" not in step:
        ck.bad(where, f"{path}.target", "missing (required: which visitor)")
    else:
        _check_target(ck, where, f"{path}.target", target, vt, timing, refs)
    if not top and "as" in step:
        if not isinstance(step["as"], str) or not step["as"]:
            ck.bad(where, f"{path}.as", f"{step['as']!r} is not a name")
        else:
            refs.append(step["as"])
    if top and "condition" in step:
        _check_condition(ck, where, f"{path}.condition", step["condition"], timing)
    if top and "then" in step:
        if intent or timing in WHILE or not isinstance(step["then"], list):
            ck.bad(where, f"{path}.then", "expected a list of steps (not allowed on 'while' effects or "
                                          "Intents)")
        else:
            for i, s in enumerate(step["then"]):
                _check_step(ck, where, f"{path}.then[{i}]", s, timing, refs, False, intent)


def _check_effects(ck, where, effects, timings, intent: bool) -> None:
    if not isinstance(effects, list):
        ck.bad(where, "effects", f"expected a list, found {type(effects).__name__}")
        return
    for i, e in enumerate(effects):
        path = f"effects[{i}]"
        if not isinstance(e, dict):
            ck.bad(where, path, f"expected an object, found {e!r}")
            continue
        if "timing" in e:
            if not ck.word(where, f"{path}.timing", e["timing"], timings, "a timing"):
                continue
        _check_step(ck, where, path, e, e.get("timing"), [], True, intent)


CARD_FIELDS = ("id", "name", "kind", "frame", "devotion", "insight", "deceit", "tribute", "sacrifice",
               "count", "per_player", "effects")


def validate(doc, source: str = "cards.json") -> list[str]:
    """Every problem of a card document (empty: valid)."""
    ck = _Checker(source)
    if not ck.keys("", "", doc, ("format", "version", "reconstructed", "primordials", "intents"),
                   ("format", "version", "reconstructed", "primordials", "intents")):
        return ck.problems
    if doc["format"] != FORMAT:
        ck.bad("", "format", f"{doc['format']!r} is not '{FORMAT}'")
    if doc["version"] != 1:
        ck.bad("", "version", f"{doc['version']!r}: this package reads version 1")
    if not isinstance(doc["reconstructed"], bool):
        ck.bad("", "reconstructed", f"{doc['reconstructed']!r} is not true or false")
    cards = doc["primordials"]
    if not isinstance(cards, list):
        ck.bad("", "primordials", "expected a list of cards")
        return ck.problems
    ids = set()
    for i, c in enumerate(cards):
        where = _card_where(c) if isinstance(c, dict) and "id" in c else f"primordials[{i}]"
        if not ck.keys(where, "", c, CARD_FIELDS, ("id", "name", "kind", "frame", *STATS, "effects")):
            continue
        cid = c["id"]
        if not isinstance(cid, str) or not cid or cid != cid.strip().lower() or " " in cid:
            ck.bad(where, "id", f"{c['id']!r} is not an id (lower-case, no spaces)")
        elif c["id"] in ids:
            ck.bad(where, "id", f"'{c['id']}' is used by two cards")
        ids.add(c["id"])
        if not isinstance(c["name"], str) or not c["name"].strip():
            ck.bad(where, "name", f"{c['name']!r} is not a name")
        ck.word(where, "kind", c["kind"], KINDS, "a card kind")
        ck.word(where, "frame", c["frame"], FRAMES, "a frame")
        for s in STATS:
            ck.int_(where, s, c[s], 0, 9)
        kind = c["kind"]
        if kind == "starting":
            if "per_player" not in c:
                ck.bad(where, "per_player", "missing (required for a starting card)")
            else:
                ck.int_(where, "per_player", c["per_player"], 1, 12)
            for k in ("count", "tribute", "sacrifice"):
                if k in c:
                    ck.bad(where, k, "a starting card has no Court count, tribute or Sacrifice cost")
        elif kind in KINDS:
            if "per_player" in c:
                ck.bad(where, "per_player", "only starting cards are dealt per player; use 'count'")
            if "count" not in c:
                ck.bad(where, "count", "missing (required)")
            else:
                ck.int_(where, "count", c["count"], 1, 40)
            if "tribute" not in c:
                ck.bad(where, "tribute", "missing (required)")
            else:
                ck.int_(where, "tribute", c["tribute"], 0, 12)
            if kind == "royal":
                if "sacrifice" not in c:
                    ck.bad(where, "sacrifice", "missing (a Royal has a Sacrifice cost)")
                else:
                    ck.int_(where, "sacrifice", c["sacrifice"], 1, 3)
                if c["frame"] != "black":
                    ck.bad(where, "frame", f"'{c['frame']}': Royals are black-framed")
            elif "sacrifice" in c:
                ck.bad(where, "sacrifice", "only Royals have a Sacrifice cost")
        _check_effects(ck, where, c["effects"], TIMINGS, False)
    _check_intents(ck, doc["intents"])
    if not ck.problems:
        _check_set(ck, cards, doc["intents"])
    # card names in where.name must exist
    for c in cards if isinstance(cards, list) else []:
        for i, e in enumerate(c.get("effects", []) if isinstance(c, dict) else []):
            for j, s in enumerate([e, *(e.get("then", []) if isinstance(e, dict) else [])]):
                t = s.get("target") if isinstance(s, dict) else None
                n = t.get("where", {}).get("name") if isinstance(t, dict) and isinstance(
                    t.get("where"), dict) else None
                if isinstance(n, str) and n not in ids:
                    p = f"effects[{i}]" + (f".then[{j - 1}]" if j else "") + ".target.where.name"
                    ck.word(_card_where(c), p, n, sorted(ids), "a card id of this file")
    return ck.problems


def _check_intents(ck, intents) -> None:
    if not ck.keys("", "intents", intents, ("2", "3", "4"), ("2", "3", "4")):
        return
    for n, sets in intents.items():
        if not ck.keys("", f"intents.{n}", sets, ("starting", "secret"), ("starting", "secret")):
            continue
        seen = set()
        priorities = {}
        for kind, lst in sets.items():
            if not isinstance(lst, list):
                ck.bad("", f"intents.{n}.{kind}", "expected a list of Intent cards")
                continue
            for i, it in enumerate(lst):
                where = (f"Intent '{it.get('id', '?')}' ({it.get('name', '?')}) for {n} players"
                         if isinstance(it, dict) else f"intents.{n}.{kind}[{i}]")
                if not ck.keys(where, "", it, ("id", "name", "finger", "invite", "effects"),
                               ("id", "name", "finger", "effects")):
                    continue
                if not isinstance(it["id"], str) or not it["id"] or " " in it["id"]:
                    ck.bad(where, "id", f"{it['id']!r} is not an id")
                elif it["id"] in seen:
                    ck.bad(where, "id", f"'{it['id']}' is used twice for {n} players")
                seen.add(it.get("id"))
                fingers = FINGERS if n == "4" else ("left", "right", "none")
                ck.word(where, "finger", it["finger"], fingers, f"a direction at {n} players")
                inv = it.get("invite")
                if inv is not None and ck.keys(where, "invite", inv, ("direction", "priority"),
                                               ("direction", "priority")):
                    ck.word(where, "invite.direction", inv["direction"], fingers[:-1],
                            f"a direction at {n} players")
                    if ck.int_(where, "invite.priority", inv["priority"], 1, 9):
                        other = priorities.get(inv["priority"])
                        if other is not None:
                            ck.bad(where, "invite.priority", f"{inv['priority']} is also the priority of "
                                   f"'{other}': priority numbers must differ so invitations can be compared")
                        priorities[inv["priority"]] = it["id"]
                _check_effects(ck, where, it["effects"], INTENT_TIMINGS, True)


def _check_set(ck, cards, intents) -> None:
    """The counts and the named cards of the worked examples (RULES-NOTES.md rulings 18 and 19)."""
    by = {c["id"]: c for c in cards}
    for cid, want in (("messenger", 7), ("musician", 4), ("advisor", 1)):
        c = by.get(cid)
        if c is None or c["kind"] != "starting" or c.get("per_player") != want:
            ck.bad("the set", cid, "the starting deck is 7 Messenger, 4 Musician, 1 Advisor: need a "
                                   f"starting card '{cid}' with per_player {want}")
    extra = [c["id"] for c in cards if c["kind"] == "starting" and c["id"] not in ("messenger", "musician",
                                                                                    "advisor")]
    if extra:
        ck.bad("the set", "starting", f"only Messenger, Musician and Advisor start in a deck, not {extra}")
    fam = sum(c["count"] for c in cards if c["kind"] == "familiar")
    if fam != 32:
        ck.bad("the set", "familiar", f"the Court has 32 Familiars, this file {fam}")
    royals = sum(c["count"] for c in cards if c["kind"] == "royal")
    if royals < 20:
        ck.bad("the set", "royal", "5 Royals per player at 4 players need at least 20 Royals, this file "
                                   f"{royals}")
    pawns = [c for c in cards if c["kind"] == "pawn"]
    if sum(c["count"] for c in pawns) < 40:
        ck.bad("the set", "pawn", f"a Pawn deck needs at least 40 cards, this file "
                                  f"{sum(c['count'] for c in pawns)}")
    if not any(c["tribute"] >= 6 for c in pawns):
        ck.bad("the set", "pawn", "some Pawns must cost 6 or more (they are held out until round 2 ends)")
    for cid in ("emissary", "puppeteer", "dawn-prophet", "herald"):
        if cid not in by:
            ck.bad("the set", cid, f"the rulebook's worked examples need a card '{cid}'")
    for n, sets in intents.items():
        for kind, want in (("starting", 5), ("secret", 6)):
            if len(sets[kind]) != want:
                ck.bad("the set", f"intents.{n}.{kind}", f"each player has {want} {kind} Intents, this file "
                                                         f"{len(sets[kind])}")


# ------------------------------------------------------------------------------------------------
# loading
# ------------------------------------------------------------------------------------------------
def load_cards(source=None) -> CardSet:
    """The card set from ``source``: None (the shipped file), a path, or an already-parsed dict."""
    if source is None:
        source = DATA_DIR / "cards.json"
    try:  # (a path is read by the engine's one safe reader: regular files only, size cap, clear errors)
        if isinstance(source, dict):
            doc, name = source, "cards (given as a dict)"
            check_depth(doc, name)
        elif is_path(source):
            doc, name = read_json(source, "cards"), Path(source).name
        else:
            raise DataError(f"cards: expected a file path or a dict of cards, got {type(source).__name__}")
    except DataError as e:
        raise CardDataError([e.message]) from None
    problems = validate(doc, name)
    if problems:
        raise CardDataError(problems)
    cards = {}
    for c in doc["primordials"]:
        effects = tuple(_freeze(e) for e in c["effects"])
        card = Card(c["id"], c["name"], c["kind"], c["frame"], c["devotion"], c["insight"], c["deceit"],
                    c.get("tribute", 0), c.get("sacrifice", 0), c.get("count", c.get("per_player", 0)),
                    effects, "")
        cards[c["id"]] = Card(**{**card.__dict__, "text": describe_card(card)})
    intents = {}
    for n, sets in doc["intents"].items():
        out = {}
        for kind in ("starting", "secret"):
            for it in sets[kind]:
                inv = it.get("invite")
                mods = tuple((e["args"]["stat"], e["args"]["amount"]) for e in it["effects"])
                i = Intent(it["id"], it["name"], kind, it["finger"],
                           None if inv is None else (inv["direction"], inv["priority"]), mods, "")
                out[it["id"]] = Intent(**{**i.__dict__, "text": describe_intent(i)})
        intents[int(n)] = out
    starting = tuple((c["id"], c["per_player"]) for c in doc["primordials"] if c["kind"] == "starting")
    return CardSet(name, cards, intents, starting)


def _freeze(obj):
    """Plain JSON values, as read (dicts stay dicts: compiled effects are never changed in place)."""
    return json.loads(json.dumps(obj))


# ------------------------------------------------------------------------------------------------
# text generated from the records (card text is never kept separately from the data)
# ------------------------------------------------------------------------------------------------
TIMING_TEXT = {"before_visiting": "Before visiting", "before_hosting": "Before hosting",
               "when_visiting": "When visiting", "when_hosting": "When hosting",
               "after_visiting": "After visiting", "after_hosting": "After hosting",
               "when_recruited": "When recruited", "while_visiting": "While visiting",
               "while_hosting": "While hosting", "round": "This round"}
FROM_TEXT = {"your_party": "your party", "opposing_party": "the other party", "visitors": "the visitors",
             "hosts": "the hosts", "court_pawns": "the Court's Pawns", "court_royals": "the Court's Royals",
             "court_familiars": "the Court's Familiars", "your_deck_top": "your Deck",
             "your_discard": "your Discard"}
ZONE_TEXT = {"party": "this party", "next_visitors": "your next round's Visiting Party",
             "discard": "your Discard", "deck_top": "the top of your Deck"}


def target_text(t) -> str:
    if t is None or t == "self":
        return "this card"
    if "ref" in t:
        return "that card"
    frm = t["from"]
    if frm == "your_deck_top":
        return "the top card of your Deck"
    if frm == "court_familiars":
        base = "Familiar"
        return "a Familiar from the Court" if t.get("pick", "all") == "one" else "every Familiar in the Court"
    other = t.get("where", {}).get("other")
    place = FROM_TEXT[frm]
    if t.get("pick", "all") == "one":
        base = f"{'another card' if other else 'one card'} of {place}"
        who = t.get("chooser", "owner")
        if who != "owner":
            base += f" ({'the visiting' if who == 'visiting_player' else 'the hosting'} player chooses)"
        return base
    return f"each {'other ' if other else ''}card of {place}"


def step_text(s: dict) -> str:
    v, a = s["verb"], s.get("args", {})
    tgt = target_text(s.get("target", "self"))
    if v == "add":
        n = a["amount"]
        return f"{'add' if n >= 0 else 'subtract'} {abs(n)} {a['stat']} {'to' if n >= 0 else 'from'} {tgt}"
    if v == "double":
        return f"double the {a['stat']} of {tgt}"
    if v == "set":
        val = a["to"] if "to" in a else f"its {a['from']}"
        return f"set the {a['stat']} of {tgt} to {val}"
    if v in ("captivate", "silence", "banish"):
        return f"{v} {tgt}"
    if v == "move":
        return f"move {tgt} to {ZONE_TEXT[a['to']]}"
    if v == "sacrifice":
        return f"Sacrifice {tgt}"
    if v == "steal_secret":
        who = {"opponent": "the other player", "hosting_player": "the hosting player",
               "visiting_player": "the visiting player"}[a["from"]]
        return f"steal a Secret from {who}"
    if v == "recruit":
        return f"recruit {tgt} for free"
    if v == "repopulate":
        return "repopulate the Court"
    if v == "shuffle":
        return "shuffle your Discard into your Deck" if a["whose"] == "you" else \
            "the other player shuffles their Discard into their Deck"
    if v == "draw":
        return f"draw {a['n']} card{'s' if a['n'] > 1 else ''} from your Deck into this party"
    if v == "rule":
        if a["key"] == "steal_margin":
            return f"visitors steal a Secret only if their insight beats deceit by {a['value']} or more"
        return "losing visitors are not Sacrificed" if not a["value"] else "losing visitors are Sacrificed"
    if v == "total":
        n = a["amount"]
        return f"{'+' if n >= 0 else '−'}{abs(n)} {a['stat']} to your totals"
    return v


def cond_text(c) -> str:
    (k, v), = c.items()
    if k == "outcome":
        return {"steal": "if a Secret was stolen", "sacrifice": "if a visitor was Sacrificed",
                "none": "if no Secret was stolen and no visitor Sacrificed"}[v]
    if k == "margin":
        return f"if insight minus deceit is {v['op']} {v['n']}"
    if k == "round":
        return f"if the round is {v['op']} {v['n']}"
    if k == "holds":
        return f"if you hold {v['op']} {v['n']} {v['what']}"
    if k == "not":
        return "unless " + cond_text(v).removeprefix("if ")
    joint = " and " if k == "all" else " or "
    return "if " + joint.join(cond_text(x).removeprefix("if ") for x in v)


def effect_text(e: dict) -> str:
    parts = [step_text(e)] + [step_text(s) for s in e.get("then", [])]
    body = ", then ".join(parts)
    cond = f", {cond_text(e['condition'])}" if "condition" in e else ""
    return f"{TIMING_TEXT[e['timing']]}{cond}: {body}."


def describe_card(c: Card) -> str:
    return " ".join(effect_text(e) for e in c.effects)


def describe_intent(i: Intent) -> str:
    out = ["Stays home (wine glass)." if i.finger == "none" else f"Visits the player to the {i.finger}."]
    if i.invite:
        out.append(f"Invites the player to the {i.invite[0]} (priority {i.invite[1]}).")
    for stat, n in i.mods:
        out.append(f"{'+' if n >= 0 else '−'}{abs(n)} {stat} to your totals this round.")
    return " ".join(out)
