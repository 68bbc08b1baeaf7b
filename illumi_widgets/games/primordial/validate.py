"""Checks of a Primordial Secrets position's fields (a position text is untrusted input): types, ranges,
sizes, where every card instance is (each exactly once, of the right kind for its zone), the sealed plots and
resets, the visit under way and the other pending steps, so that a loaded position is one the rules can go
on from. ``PrimordialGame.problems`` runs these; ``decode`` also plays the pending steps on copies
(``fieldcheck.trial_problems``). Every message names the field (``field 'round' must be a whole number from 1
to 10000, got '3'``).

The shape of a position is described in :mod:`.model`; the pending steps (``frames``, top last) at rest are
one of: ``deal`` (before the deal), ``draw`` (+ ``shuffle``), ``plot``, ``visits`` + ``turn`` + any
``effect`` steps + at most one ``choose`` or ``shuffle``, ``round_end`` (+ ``reset`` or the Pawn
``shuffle``); none once the game is over (or the ``round_end`` that ended it).
"""

from __future__ import annotations

from ..fieldcheck import Fields, is_int
from .cards import STATS, WINDOWS
from .flow import HAND, TURN_STEPS
from .model import SEAT_ZONES, SHARED_ZONES

MAX_ROUND = 10_000  # far above any game (a game ends when a sixth Secret or Sacrifice is taken)
MAX_AMOUNT = 100_000  # a stat, a margin, devotion spent: far above any card set
PRIMORDIAL_ZONES = ("deck", "hand", "discard", "hosts", "visitors", "next_visitors", "sacrifices")
INTENT_ZONES = ("intent_deck", "intent_discard", "secrets")
#: the kind of Primordial each shared zone holds
ZONE_KINDS = {"court_pawns": ("pawn",), "court_royals": ("royal",), "royal_deck": ("royal",),
              "removed": ("royal",), "familiars": ("familiar",), "pawn_deck": ("pawn",),
              "held_out": ("pawn",)}
END_REASONS = ("secrets", "sacrifices", "royal")
CHOOSE_KINDS = ("steal", "sacrifice", "choose")
#: (the Secrets stolen, Sacrifices and Royals a seat holds are read from its zones: no counter to check)
FIELDS = (*SEAT_ZONES, *SHARED_ZONES, "n", "round", "first", "intent", "frames", "turn", "ends", "result",
          "last")


def field_problems(g, d) -> list[str]:
    """Every malformed field of ``d`` (a Primordial Secrets position dict), each message naming the field."""
    F = Fields()
    if not (F.position(d, FIELDS) and F.players("n", d["n"], 2, 4, g.players)):
        return F.out
    n = d["n"]
    insts = len(g.types)

    def inst(name, v):
        return F.int(name, v, 0, insts - 1)

    def seat(name, v):
        return F.int(name, v, 0, n - 1)

    def insts_of(name, lst):  # (the common case at once; the field by field check names a bad entry)
        return _all_insts(lst, insts) or F.list(name, lst, None, inst)

    for z in SEAT_ZONES:
        F.list(z, d[z], n, insts_of)
    for z in SHARED_ZONES:
        insts_of(z, d[z])
    F.list("intent", d["intent"], n, lambda name, v: F.int(name, v, 0, insts - 1, none=True))
    F.int("round", d["round"], 1, MAX_ROUND)
    F.int("first", d["first"], 0, n - 1)
    if F.list("ends", d["ends"], None, lambda name, e: F.list(name, e, 2) and F.one_of(
            name, e[0], END_REASONS, "an end condition (secrets, sacrifices or royal)") and seat(name, e[1])):
        if len({tuple(e) for e in d["ends"]}) != len(d["ends"]):
            F.bad("ends", "lists an end condition twice")
    _last(F, d["last"], seat)
    _result(F, d["result"], seat)
    if not F.ok:
        return F.out
    _places(F, g, d)
    if not F.ok:
        return F.out
    if d["turn"] is not None:
        _turn(F, g, d, d["turn"])
    if F.ok and F.list("frames", d["frames"], None,
                       lambda name, f: F.dict(name, f) and F.keys(name, f, ("t",))):
        _frames(F, g, d)
    if F.ok:
        _result_agrees(F, g, d)
    return F.out


def _all_insts(lst, insts: int) -> bool:
    return type(lst) in (list, tuple) and all(type(i) is int and 0 <= i < insts for i in lst)


def _last(F, last, seat) -> None:
    """The last visit compared (shown on the board): who visited whom, the totals, the outcome."""
    if last is None or not F.dict("last", last):
        return
    if F.keys("last", last, ("v", "h", "insight", "deceit", "outcome")):
        seat("last.v", last["v"])
        seat("last.h", last["h"])
        F.int("last.insight", last["insight"], 0, MAX_AMOUNT)
        F.int("last.deceit", last["deceit"], 0, MAX_AMOUNT)
        F.one_of("last.outcome", last["outcome"], ("steal", "sacrifice", "none"), "steal, sacrifice or none")


def _result(F, result, seat) -> None:
    if result is None or not F.dict("result", result):
        return
    if F.keys("result", result, ("winners", "reason")):
        F.list("result.winners", result["winners"], None, seat)
        if not result["winners"]:
            F.bad("result.winners", "is empty: a finished game has a winner")
        F.one_of("result.reason", result["reason"], END_REASONS,
                 "an end condition (secrets, sacrifices or royal)")


def _places(F, g, d) -> None:
    """Every card instance in exactly one place, in a zone that holds its kind (a Primordial or an Intent;
    Pawns, Royals and Familiars in their own supply piles; a seat's starting Intents and Secrets its own)."""
    n = d["n"]
    where: dict = {}
    for z in SEAT_ZONES:
        for s in range(n):
            for i in d[z][s]:
                where.setdefault(i, []).append(f"{z}[{s}]")
    for z in SHARED_ZONES:
        for i in d[z]:
            where.setdefault(i, []).append(z)
    for s, i in enumerate(d["intent"]):
        if i is not None:
            where.setdefault(i, []).append(f"intent[{s}]")
    for i in range(len(g.types)):
        places = where.get(i, [])
        if len(places) != 1:
            what = f"card {i} ({g.card_name(g.types[i])})"
            if places:
                F.bad(places[0].split("[")[0], f"{what} is in {len(places)} places: {', '.join(places)}")
            else:
                F.out.append(f"{what} is lost: in none of the fields {', '.join(SEAT_ZONES + SHARED_ZONES)}, "
                             "intent")
            return
    for s in range(n):
        for z in PRIMORDIAL_ZONES:
            bad = [i for i in d[z][s] if g.is_intent(i)]
            if bad:
                F.bad(z, f"[{s}] holds the Intent card {bad[0]}: only Primordials go there")
                return
        mine = g.own_intents[s]
        for z in INTENT_ZONES:
            bad = [i for i in d[z][s] if not g.is_intent(i)]
            if bad:
                F.bad(z, f"[{s}] holds the Primordial card {bad[0]}: only Intents go there")
                return
        for i in d["secrets"][s]:
            if g.secret_of.get(i) != s:
                F.bad("secrets", f"[{s}] holds card {i}, a Secret of another seat or a Starting Intent")
                return
        own = {i for i in (*d["intent_deck"][s], *d["intent_discard"][s]) if i in mine}
        if d["intent"][s] is not None and not g.is_intent(d["intent"][s]):
            F.bad("intent", f"[{s}] is card {d['intent'][s]}, a Primordial, not an Intent")
            return
        # a seat's own Starting Intents never leave it (a stolen Secret joins the thief's Intents)
        start = [i for i in g.intent_decks[s] if i not in own and i != d["intent"][s]]
        if start:
            F.bad("intent_deck", f"[{s}]: the Starting Intent card {start[0]} of this seat is elsewhere")
            return
        foreign = [i for i in (*d["intent_deck"][s], *d["intent_discard"][s])
                   if i not in mine and i not in g.secret_of]
        if foreign:
            F.bad("intent_deck", f"[{s}] holds another seat's Starting Intent (card {foreign[0]})")
            return
        if len(d["hand"][s]) > HAND:
            F.bad("hand", f"[{s}] holds {len(d['hand'][s])} cards, at most {HAND}")
            return
    for z, kinds in ZONE_KINDS.items():
        bad = [i for i in d[z] if g.is_intent(i) or g.cards[g.types[i]].kind not in kinds]
        if bad:
            F.bad(z, f"holds card {bad[0]} ({g.card_name(g.types[bad[0]])}), not a {' or '.join(kinds)}")
            return
    for z in ("court_pawns", "court_royals"):
        if len(d[z]) > 7:
            F.bad(z, f"holds {len(d[z])} cards; The Court holds at most seven")
            return
    bad = [i for i in d["banished"] + d["box"] if g.is_intent(i)]
    if bad:
        F.bad("banished" if bad[0] in d["banished"] else "box", f"holds the Intent card {bad[0]}")


def _frames(F, g, d) -> None:
    frames, n = d["frames"], d["n"]
    kinds = [f["t"] for f in frames]
    known = {"deal", "shuffle", "draw", "plot", "reset", "visits", "turn", "effect", "choose", "round_end"}
    for k, t in enumerate(kinds):
        if not F.one_of(f"frames[{k}].t", t, known, "a step of the round"):
            return
    if d["result"] is not None:
        if kinds not in ([], ["round_end"]):
            F.bad("frames", "must be empty once the game is over (field 'result' is set)")
        return
    if not kinds:
        F.bad("frames", "is empty while the game goes on (no result): no one is to act")
        return
    shape = _shape(kinds)
    if shape is not None:
        F.bad("frames", f"{shape} (steps {', '.join(kinds)})")
        return
    dealt = not d["box"]
    if dealt != (kinds != ["deal"]):
        if kinds == ["deal"]:
            F.bad("frames", "is the deal, but the cards are dealt (field 'box' is empty)")
        else:
            F.bad("box", "still holds cards after the deal")
        return
    visiting = kinds[0] == "visits"
    for s in range(n):
        if (d["intent"][s] is not None) != visiting:
            F.bad("intent", f"[{s}]: a Visiting Intent is revealed during the visits only" if not visiting
                  else f"[{s}]: every seat has a Visiting Intent during the visits")
            return
        if not visiting and (d["hosts"][s] or d["visitors"][s]):
            F.bad("hosts" if d["hosts"][s] else "visitors", f"[{s}]: parties are out during the visits only")
            return
    if (d["turn"] is None) == (kinds[:2] == ["visits", "turn"]):
        F.bad("turn", "must be set while a visit is under way (frames 'visits', 'turn') and only then")
        return
    for k, f in enumerate(frames):
        name = f"frames[{k}]"
        check = _FRAME_CHECKS.get(f["t"])
        if check is not None and not check(F, g, d, name, f):
            return


def _shape(kinds) -> str | None:
    """What is wrong with the order of the pending steps, or None."""
    head, rest = kinds[0], kinds[1:]
    if head in ("deal", "plot"):
        return None if not rest else f"nothing goes on top of '{head}'"
    if head == "draw":
        return None if rest in ([], ["shuffle"]) else "only a shuffle goes on top of 'draw'"
    if head == "round_end":
        return None if rest in ([], ["reset"], ["shuffle"]) else "only a reset or a shuffle goes on top of " \
                                                                  "'round_end'"
    if head != "visits":
        return f"'{head}' cannot be the first step"
    if rest[:1] != ["turn"]:
        return "'visits' waits for its 'turn'"
    body = rest[1:]
    top = body[-1:] if body and body[-1] in ("choose", "shuffle") else []
    if any(t != "effect" for t in body[: len(body) - len(top)]):
        return "above a turn go effects, then at most one choice or shuffle"
    return None


def _commits(F, name, f) -> bool:
    return F.keys(name, f, ("commits",)) and F.dict(f"{name}.commits", f["commits"])


def _seat_key(F, name, k, n) -> bool:
    if isinstance(k, str) and k.isdecimal() and len(k) == 1 and int(k) < n:
        return True
    return F.bad(name, f"key {k!r} must be a seat number")


def _frame_plot(F, g, d, name, f) -> bool:
    """A sealed plot: ``{seat: [hosts, Intent]}``: as many hosts as the rules ask, from the seat's hand, and
    an Intent from its Intent Deck."""
    if not _commits(F, name, f):
        return False
    if d["intent"] != [None] * d["n"]:
        return False
    for k, c in f["commits"].items():
        where = f"{name}.commits[{k!r}]"
        if not _seat_key(F, f"{name}.commits", k, d["n"]):
            return False
        s = int(k)
        if not (F.list(where, c, 2) and F.list(f"{where}[0]", c[0], None, lambda nm, v: F.int(nm, v, 0))
                and F.int(f"{where}[1]", c[1], 0)):
            return False
        hosts, intent = c
        hand = d["hand"][s]
        if len(hosts) != min(3, len(hand)) or len(set(hosts)) != len(hosts) or not set(hosts) <= set(hand):
            return F.bad(where, f"must name {min(3, len(hand))} different hosts from seat {s}'s hand "
                                f"(field 'hand'), got {hosts}")
        if intent not in d["intent_deck"][s]:
            return F.bad(where, f"names the Intent card {intent}, which is not in seat {s}'s Intent Deck "
                                "(field 'intent_deck')")
    return True


def _frame_reset(F, g, d, name, f) -> bool:
    """A sealed Intent reset: ``{seat: [Intents]}``, five (or all) of the seat's own Intents."""
    if not _commits(F, name, f):
        return False
    for k, c in f["commits"].items():
        where = f"{name}.commits[{k!r}]"
        if not _seat_key(F, f"{name}.commits", k, d["n"]):
            return False
        s = int(k)
        pool = g.reset_pool(d, s)
        if not F.list(where, c, None, lambda nm, v: F.int(nm, v, 0)):
            return False
        if len(c) != min(5, len(pool)) or len(set(c)) != len(c) or not set(c) <= set(pool):
            return F.bad(where, f"must name {min(5, len(pool))} different Intents of seat {s} (fields "
                                f"'intent_deck', 'intent_discard'), got {c}")
    return True


def _frame_shuffle(F, g, d, name, f) -> bool:
    if not F.keys(name, f, ("seat",)):
        return False
    if f["seat"] == "pawns":
        return True if d["frames"][0]["t"] == "round_end" else F.bad(f"{name}.seat", "'pawns' is shuffled at "
                                                                                      "the end of a round")
    return F.int(f"{name}.seat", f["seat"], 0, d["n"] - 1)


def _frame_visits(F, g, d, name, f) -> bool:
    if not F.keys(name, f, ("plan", "i")):
        return False
    n = d["n"]
    if not F.list(f"{name}.plan", f["plan"], n, lambda nm, p: F.list(nm, p, 2) and F.int(
            nm, p[0], 0, n - 1) and F.int(nm, p[1], 0, n - 1, none=True)):
        return False
    if not F.int(f"{name}.i", f["i"], 1, n):
        return False
    if any(d["intent"][s] is None for s in range(n)):
        return False
    want = g.visit_plan(d)
    if f["plan"] != want:
        return F.bad(f"{name}.plan", f"is {f['plan']}, but the revealed Intents and the First Visitor "
                                        f"(fields 'intent', 'first') give {want}")
    v, h = f["plan"][f["i"] - 1]
    t = d["turn"]
    if h is None or type(t) is not dict or t.get("v") != v or t.get("h") != h:
        return F.bad(f"{name}.i", f"points at visit {f['i']} ({v} visits {h}), not the visit under way "
                                  "(field 'turn')")
    return True


def _frame_effect(F, g, d, name, f) -> bool:
    if not F.keys(name, f, ("inst", "e", "owner", "side", "k", "bind")):
        return False
    if not (F.int(f"{name}.inst", f["inst"], 0, g.n_primordials - 1)
            and F.int(f"{name}.owner", f["owner"], 0, d["n"] - 1)
            and F.one_of(f"{name}.side", f["side"], ("v", "h"), "v, h or null", none=True)):
        return False
    effects = g.cards[g.types[f["inst"]]].effects
    if not F.int(f"{name}.e", f["e"], 0, len(effects) - 1):
        return False
    steps = 1 + len(effects[f["e"]].get("then", ()))
    if not F.int(f"{name}.k", f["k"], 0, steps):
        return False
    if not F.dict(f"{name}.bind", f["bind"], _text(F), lambda nm, v: F.list(nm, v, None, _inst(F, g))):
        return False
    for key, check in (("started", F.bool), ("drawn", lambda nm, v: F.int(nm, v, 0, MAX_AMOUNT)),
                       ("chosen", lambda nm, v: F.list(nm, v, None, _inst(F, g)))):
        if key in f and not check(f"{name}.{key}", f[key]):
            return False
    return True


def _frame_choose(F, g, d, name, f) -> bool:
    if not F.keys(name, f, ("kind", "seat", "options")):
        return False
    if not (F.one_of(f"{name}.kind", f["kind"], CHOOSE_KINDS, "steal, sacrifice or choose")
            and F.int(f"{name}.seat", f["seat"], 0, d["n"] - 1)
            and F.list(f"{name}.options", f["options"], None,
                       lambda nm, v: F.int(nm, v, 0, len(g.types) - 1))):
        return False
    if len(set(f["options"])) != len(f["options"]) or len(f["options"]) < 2:
        return F.bad(f"{name}.options", "must list two or more different cards (one is taken without asking)")
    if "why" in f and not isinstance(f["why"], str):
        return F.bad(f"{name}.why", f"must be a text, got {f['why']!r}")
    if "private" in f and not F.bool(f"{name}.private", f["private"]):
        return False
    if f["kind"] == "steal":
        if not (F.keys(name, f, ("thief",)) and F.int(f"{name}.thief", f["thief"], 0, d["n"] - 1)):
            return False
        pools = [d["secrets"][s] for s in range(d["n"])]
        if not any(set(f["options"]) == set(p) for p in pools):
            return F.bad(f"{name}.options", "must be the Secrets of one seat (field 'secrets')")
    elif f["kind"] == "sacrifice":
        t = d["turn"]
        if type(t) is not dict or not is_int(t.get("v")) or not 0 <= t["v"] < d["n"] \
                or not set(f["options"]) <= set(d["visitors"][t["v"]]):
            return F.bad(f"{name}.options", "must be visitors of the visit under way (field 'visitors')")
    elif d["frames"][-2]["t"] != "effect":
        return F.bad(name, "a choice of target belongs to the effect below it")
    return True


def _frame_round_end(F, g, d, name, f) -> bool:
    if d["result"] is None and d["ends"]:  # (the end of a round that met an end condition is the game's end)
        return F.bad("result", "is empty, but the round that met an end condition (field 'ends') is over")
    return F.keys(name, f, ("stage",)) and F.int(f"{name}.stage", f["stage"], 1 if d["result"] is None else 0,
                                                 3)


def _frame_plain(F, g, d, name, f) -> bool:
    return True


_FRAME_CHECKS = {"plot": _frame_plot, "reset": _frame_reset, "shuffle": _frame_shuffle,
                 "visits": _frame_visits, "effect": _frame_effect, "choose": _frame_choose,
                 "round_end": _frame_round_end, "deal": _frame_plain, "draw": _frame_plain,
                 "turn": _frame_plain}


def _text(F):
    return lambda name, v: True if isinstance(v, str) else F.bad(name, f"must be a text, got {v!r}")


def _inst(F, g):
    return lambda name, v: F.int(name, v, 0, g.n_primordials - 1)


def _turn(F, g, d, t) -> None:
    """The visit under way: its ledger of stat changes, silenced cards, effects done, comparison, spending."""
    n = d["n"]
    keys = ("v", "h", "step", "ledger", "silenced", "done", "outcome", "margin", "spent", "sac", "order")
    if not (F.dict("turn", t) and F.keys("turn", t, keys)):
        return
    if not (F.int("turn.v", t["v"], 0, n - 1) and F.int("turn.h", t["h"], 0, n - 1)):
        return
    if t["v"] == t["h"]:
        F.bad("turn.h", "a seat does not visit itself")
        return
    if not F.int("turn.step", t["step"], 0, len(TURN_STEPS) - 2):  # (the last step ends the turn at once)
        return

    def entry(name, e):
        return (F.list(name, e, 3) and F.one_of(name, e[0], STATS, "a stat")
                and F.one_of(name, e[1], ("add", "set"), "add or set") and F.int(name, e[2], -MAX_AMOUNT,
                                                                               MAX_AMOUNT))

    def effect_key(name, e):
        if not (F.list(name, e, 2) and F.int(name, e[0], 0, g.n_primordials - 1)):
            return False
        return F.int(name, e[1], 0, len(g.cards[g.types[e[0]]].effects) - 1)

    if not (F.dict("turn.ledger", t["ledger"], _ledger_key(F, g), lambda nm, v: F.list(nm, v, None, entry))
            and F.list("turn.silenced", t["silenced"], None, _inst(F, g))
            and F.list("turn.done", t["done"], None, effect_key)
            and F.one_of("turn.outcome", t["outcome"], ("steal", "sacrifice", "none"),
                         "steal, sacrifice or none", none=True)
            and F.int("turn.margin", t["margin"], -MAX_AMOUNT, MAX_AMOUNT, none=True)
            and F.int("turn.spent", t["spent"], 0, MAX_AMOUNT)
            and F.int("turn.sac", t["sac"], 0, len(d["sacrifices"][t["v"]]))
            and (t["order"] is None or F.list("turn.order", t["order"], None, effect_key))):
        return
    compared = t["step"] > TURN_STEPS.index(("compare", None))
    if compared != (t["outcome"] is not None) or compared != (t["margin"] is not None):
        F.bad("turn.outcome", "is set once the visit is compared (field 'turn.step') and only then")
        return
    if t["order"] is not None:
        step, _side = TURN_STEPS[t["step"]]
        if step not in WINDOWS or len(t["order"]) < 2:
            F.bad("turn.order", "lists the effects to order in a timing window only (two or more)")


def _ledger_key(F, g):
    def check(name, k):
        if isinstance(k, str) and k.isdecimal() and len(k) < 6 and int(k) < g.n_primordials:
            return True
        return F.bad(name, f"must be a Primordial card instance number, got {k!r}")
    return check


def _result_agrees(F, g, d) -> None:
    """A finished game's winners are the ones its end condition and scores give (never a forged winner)."""
    if d["result"] is None:
        return
    if not d["ends"]:
        F.bad("result", "is set, but no end condition was met (field 'ends')")
        return
    from ...engine.game import Log

    probe = g.copy(d)
    probe["result"] = None
    g._finish(probe, Log([], 0))
    want = probe["result"]
    if sorted(d["result"]["winners"]) != want["winners"] or d["result"]["reason"] != want["reason"]:
        F.bad("result", f"names the winners {d['result']['winners']} ({d['result']['reason']}), but the "
                        f"scores give {want['winners']} ({want['reason']})")
