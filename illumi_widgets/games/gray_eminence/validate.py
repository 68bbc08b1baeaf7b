"""Checks of a Gray Eminence position's fields (a position text is untrusted input): types, ranges from the
rulebook and the card data, where every card is (each exactly once, in a place of its kind), resources and
their Common Pool ledger, the phase and its pending steps, and a finished game's winners. Every message names
the field (``field 'vp[0]' must be a whole number from 0 to 253, got 1000000000``).

``GrayEminenceGame.decode`` runs these first, then, on a position whose fields are sound, the whole-position
checks (``problems``: ``view.problems``, also run after every action, so kept cheap), then plays the pending
steps on copies (``fieldcheck.trial_problems``), so a position that passes is one the rules can go on from.
The shape of a position is described in :mod:`.model`. What a seat has been shown (``known``) is checked for
its shape only (seat keys and card ids).
"""

from __future__ import annotations

from ...engine.game import Log
from ..fieldcheck import Fields, is_int
from . import effects as E
from . import model as M
from .phases import MAX_PROPOSALS, MAX_TERMS, ROUND, assignment_ok

MAX_RESOURCE = 100_000  # of one type in a Box, the Bidding Pool or the ledger: far above any game
FIELDS = ("n", "round", "rounds", "scen", "phase", "track", "ge", "box", "pool", "minted", "hands", "facs",
          "secret", "done", "exposed", "known", "pub_done", "vp", "decks", "discards", "box_esc", "mandatory",
          "additional", "resolved", "unresolved", "rel", "escalated", "tweets", "prog", "cgpile", "rs",
          "frames", "result", "last", "trades")
PHASES = ("setup", *ROUND, "over")
SLOTS = ("mandatory", "additional")
#: the pending steps each phase can have (effects ``fx`` where cards or events resolve; ``drop`` where a
#: Faction can be gained)
_FX = ("fx", "drop", "vote", "keep")
PHASE_FRAMES = {
    "setup": ("deal", "eminence", "setup2", "keep"),
    "refresh": ("handlimit", "refresh"),
    "event": ("fx", "drop"),
    "bidding": ("bid", "place", "roles", "newfaction", "expose", "rolegain", "gedraw", "handlimit",
                "blackmail", "shadowtake", "bmanswer", "penalty", "show", "drop"),
    "programming": ("program",),
    "tweets": ("tweet", "addone", *_FX),
    "action": ("act", *_FX),
    "resolution": ("shuffle", "cg", "resolve", "piles", *_FX),
    "trading": ("trade", "terms", "answer", "drop"),
    "scoring": ("score", "keep", "contest"),
    "endround": (),
    "over": (),
}
#: pending steps a seat has at most one of at a time (the others: effects, votes, event slots)
_SEAT_FRAMES = ("eminence", "keep", "handlimit", "refresh", "newfaction", "gedraw", "expose", "rolegain",
                "blackmail", "shadowtake", "bmanswer", "penalty", "show", "drop", "act", "score", "addone",
                "terms", "answer")
_ONCE = ("deal", "shuffle", "setup2", "bid", "place", "roles", "program", "tweet", "cg", "piles", "trade",
         "contest")


def vp_ceiling(g, rounds: int) -> int:
    """The most Victory Point markers one seat can hold: every VP step of the card data paid to it once a
    round, and the largest Public Objective (markers only move between seats by trade)."""
    got = g.__dict__.get("_vp_per_round")
    if got is None:
        steps = sum(e["args"].get("n", 0) for e in _vp_steps(g.cards))
        public = max((ge["objective"]["vp"] for ge in g.cards.eminences.values()), default=0)
        got = g.__dict__["_vp_per_round"] = (steps, public)
    return rounds * got[0] + got[1]


def _vp_steps(cards):
    out: list = []

    def walk(o):
        if isinstance(o, dict):
            if o.get("verb") == "vp" and isinstance(o.get("args"), dict):
                out.append(o)
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)

    for fam in (cards.actions, cards.factions, cards.tweets, cards.events, cards.escalations):
        walk(fam)
    return out


def field_problems(g, d) -> list[str]:
    """Every malformed field of ``d`` (a Gray Eminence position dict), each message naming the field."""
    F = Fields()
    if not (F.position(d, FIELDS) and F.players("n", d["n"], 3, 5, g.players)):
        return F.out
    n = d["n"]
    c = g.cards
    rounds = M.LENGTHS[g.length]
    if d["rounds"] != rounds or not is_int(d["rounds"]):
        F.bad("rounds", f"must be {rounds} (a {g.length} game), got {_q(d['rounds'])}")
    if d["scen"] != g.scenario["id"]:
        F.bad("scen", f"must be {g.scenario['id']!r} (this game's scenario), got {_q(d['scen'])}")
    F.one_of("phase", d["phase"], PHASES, "a phase of the round")
    F.int("round", d["round"], 0, rounds)
    if not F.ok:
        return F.out

    def seat(name, v):
        return F.int(name, v, 0, n - 1)

    def fam(family, what):
        return lambda name, v: F.one_of(name, v, family, what)

    action, objective = fam(c.actions, "an Action card id"), fam(c.objectives, "a Secret Objective id")
    faction, tweet = fam(c.factions, "a Faction card id"), fam(c.tweets, "a Tweet card id")

    def event(name, v):
        return F.one_of(name, v, _event_refs(g), "an Event card id or an Escalation side (X01:conflict)")

    def res_vec(name, v):
        return F.list(name, v, 3, lambda nm, x: F.int(nm, x, 0, MAX_RESOURCE))

    def per_seat(name, item):
        return F.list(name, d[name], n, item)

    F.list("track", d["track"], 5, lambda name, v: F.int(name, v, 0, n - 1, none=True))
    per_seat("ge", lambda name, v: F.one_of(name, v, c.eminences, "a Gray Eminence card id", none=True))
    per_seat("box", res_vec)
    res_vec("pool", d["pool"])
    res_vec("minted", d["minted"])
    def ids(name, v, family, item):  # (the common case at once; the field by field check names a bad entry)
        return _all_in(v, family) or F.list(name, v, None, item)

    per_seat("hands", lambda name, h: ids(name, h, c.actions, action))
    per_seat("facs", lambda name, fs: F.list(name, fs, None, lambda nm, fc: (
        F.list(nm, fc, 2) and faction(nm, fc[0]) and F.bool(nm, fc[1]))))
    per_seat("secret", lambda name, h: ids(name, h, c.objectives, objective))
    per_seat("done", lambda name, h: ids(name, h, c.objectives, objective))
    ids("exposed", d["exposed"], c.objectives, objective)
    per_seat("pub_done", F.bool)
    ceiling = vp_ceiling(g, rounds)
    per_seat("vp", lambda name, v: F.int(name, v, 0, ceiling))
    kinds = {"action": c.actions, "faction": c.factions, "secret": c.objectives, "tweet": c.tweets,
             "event": _event_refs(g)}
    families = {"action": action, "faction": faction, "secret": objective, "tweet": tweet, "event": event}
    for pile in ("decks", "discards"):
        if F.dict(pile, d[pile]) and F.keys(pile, d[pile], M.DECK_NAMES):
            for k in M.DECK_NAMES:
                ids(f"{pile}.{k}", d[pile][k], kinds[k], families[k])
    F.list("box_esc", d["box_esc"], None, fam(c.escalations, "an Escalation card id"))
    for slot in SLOTS:
        if d[slot] is not None:
            event(slot, d[slot])
    F.list("resolved", d["resolved"], None, lambda name, r: (
        F.list(name, r, 2) and event(name, r[0]) and F.list(name, r[1], None, fam(M.RES, "a resource"))))
    ids("unresolved", d["unresolved"], _event_refs(g), event)
    relations = g.scenario["relations"]
    if F.dict("rel", d["rel"], lambda name, k: F.one_of(name, k, relations, "an entity of this scenario"),
              lambda name, v: F.int(name, v, -2, 2)) and _dealt(d) and set(d["rel"]) != set(relations):
        F.bad("rel", f"must hold a marker for each entity of the scenario ({', '.join(relations)})")
    F.bool("escalated", d["escalated"])
    ids("tweets", d["tweets"], c.tweets, tweet)
    per_seat("prog", lambda name, p: p is None or _program(F, name, p, action))
    F.list("cgpile", d["cgpile"], None, lambda name, e: F.list(name, e, 2) and action(name, e[0])
           and seat(name, e[1]))
    F.int("rs", d["rs"], 0, (1 << 64) - 1)
    _knowledge(F, d, n, c)
    _last(F, d["last"], n)
    F.list("trades", d["trades"], None, lambda name, t: F.dict(name, t) and F.keys(
        name, t, ("from", "to", "accepted")) and seat(name, t["from"]) and seat(name, t["to"]) and F.bool(
        name, t["accepted"]))
    _optional(F, d, n)
    F.list("frames", d["frames"], None, lambda name, f: F.dict(name, f) and F.keys(name, f, ("t",)))
    result = d["result"]
    if result is not None and F.dict("result", result) and F.keys("result", result, ("winners",)):
        F.list("result.winners", result["winners"], 1, seat) if result["winners"] else None
    if not F.ok:
        return F.out
    _places(F, g, d)
    _resources(F, d)
    _seats(F, g, d)
    if F.ok:
        _frames(F, g, d)
    if F.ok:
        _result_agrees(F, g, d)
    return F.out


def _all_in(v, family) -> bool:
    try:
        return type(v) in (list, tuple) and all(type(x) is str and x in family for x in v)
    except TypeError:
        return False


def _q(v) -> str:
    from ..fieldcheck import quote

    return quote(v)


def _event_refs(g) -> set:
    refs = g.__dict__.get("_event_refs")
    if refs is None:
        sides = ("conflict", "allied")
        refs = set(g.cards.events) | {f"{x}:{side}" for x in g.cards.escalations for side in sides}
        g.__dict__["_event_refs"] = refs
    return refs


def _program(F, name, p, action) -> bool:
    if not F.dict(name, p):
        return False
    for k, v in p.items():
        if k in "ABCD" and len(k) == 1:
            if not action(f"{name}.{k}", v):
                return False
        elif k == "side":
            if not F.one_of(f"{name}.side", v, ("common", "personal"), "common or personal"):
                return False
        else:
            return F.bad(name, f"has the key {k!r}: a program holds the slots A to D and the fourth card's "
                               "side")
    cards = [v for k, v in p.items() if k in "ABCD"]
    if len(set(cards)) != len(cards):
        return F.bad(name, "programs one card twice")
    return True


def _knowledge(F, d, n, c) -> None:
    """What each seat has been shown (``known``: seat -> card ids): its shape only."""
    ids = {*c.actions, *c.objectives}
    F.dict("known", d["known"], _seat_key(F, n), lambda name, v: F.list(
        name, v, None, lambda nm, x: F.one_of(nm, x, ids, "a card id")))


def _seat_key(F, n):
    def check(name, k):
        if isinstance(k, str) and k.isdecimal() and len(k) == 1 and int(k) < n:
            return True
        return F.bad(name, f"must be a seat number, got {k!r}")
    return check


def _last(F, last, n) -> None:
    """What the board shows of the last bids and vote."""
    if not F.dict("last", last):
        return
    if "bids" in last:
        F.dict("last.bids", last["bids"], _seat_key(F, n), lambda name, v: F.list(
            name, v, 3, lambda nm, x: F.int(nm, x, 0, MAX_RESOURCE)))
    if "bid_order" in last:
        F.list("last.bid_order", last["bid_order"], None, lambda name, v: F.int(name, v, 0, n - 1))
    if "vote" in last:
        F.dict("last.vote", last["vote"]) and F.keys("last.vote", last["vote"], ("votes", "winner"))


def _dealt(d) -> bool:
    frames = d["frames"]
    return not (type(frames) is list and frames and type(frames[0]) is dict and frames[0].get("t") == "deal")


def _optional(F, d, n) -> None:
    """Fields that appear as the game goes on: the steps left this round (from the end of the setup), the
    events' status (from the first round), the old track."""
    frames = d["frames"] if type(d["frames"]) is list else []
    setup_done = not any(type(f) is dict and f.get("t") in ("deal", "setup2") for f in frames)
    if (d["phase"] in ROUND or d["phase"] == "setup" and setup_done) and "todo" not in d:
        F.bad("todo", "is missing: the phases left this round are kept from the end of the setup")
    if d["round"] >= 1 and "status" not in d:
        F.bad("status", "is missing: the events resolved this round are kept from the first round")
    if "todo" in d and F.list("todo", d["todo"], None, lambda name, v: F.one_of(name, v, ROUND, "a phase")):
        if list(d["todo"]) != list(ROUND[len(ROUND) - len(d["todo"]):]):
            F.bad("todo", f"must be the phases left this round, in order, got {_q(d['todo'])}")
        elif d["phase"] in ROUND and list(d["todo"]) != list(ROUND[ROUND.index(d["phase"]) + 1:]):
            F.bad("todo", f"must be the phases after {d['phase']!r} (field 'phase'), got {_q(d['todo'])}")
        elif d["phase"] == "setup" and d["todo"] and list(d["todo"]) != list(ROUND):
            F.bad("todo", "must be the whole round after the setup")
    if "status" in d:
        F.dict("status", d["status"], lambda name, k: isinstance(k, str) or F.bad(name, "must be an event"),
               lambda name, v: F.list(name, v, None, lambda nm, x: F.one_of(nm, x, M.RES, "a resource")))
    if "old_track" in d:
        F.list("old_track", d["old_track"], 5, lambda name, v: F.int(name, v, 0, n - 1, none=True))


def _places(F, g, d) -> None:
    """Every card in exactly one place (the message names the places), and the cards in play those of this
    game's scenario."""
    n = d["n"]
    places: dict = {}

    def put(card, where):
        places.setdefault(card, []).append(where)

    def piles(kind):
        for x in d["decks"][kind]:
            put(x, f"decks.{kind}")
        for x in d["discards"][kind]:
            put(x, f"discards.{kind}")

    for kind in M.DECK_NAMES:
        piles(kind)
    for s in range(n):
        for x in d["hands"][s]:
            put(x, f"hands[{s}]")
        for fc in d["facs"][s]:
            put(fc[0], f"facs[{s}]")
        for x in d["secret"][s]:
            put(x, f"secret[{s}]")
        for x in d["done"][s]:
            put(x, f"done[{s}]")
        for k, v in (d["prog"][s] or {}).items():
            if k in "ABCD":
                put(v, f"prog[{s}]")
    for x, _s in d["cgpile"]:
        put(x, "cgpile")
    for x in d["tweets"]:
        put(x, "tweets")
    for slot in SLOTS:
        if d[slot] is not None:
            put(d[slot], slot)
    for ref, _used in d["resolved"]:
        put(ref, "resolved")
    for ref in d["unresolved"]:
        put(ref, "unresolved")
    for x in d["box_esc"]:
        put(x, "box_esc")
    for k, f in enumerate(d["frames"]):
        if f.get("t") == "keep" and type(f.get("cards")) is list:
            for x in f["cards"]:
                put(x if isinstance(x, str) else repr(x), f"frames[{k}].cards")
    escalations: dict = {}  # an Escalation card, by either side or in the box, is one card
    for card, where in places.items():
        if ":" in card or card in g.cards.escalations:
            escalations.setdefault(card.split(":")[0], []).extend(where)
    for card, where in places.items():
        if ":" in card or card in g.cards.escalations:
            where = escalations[card.split(":")[0]]
        if len(where) > 1:
            shown = g.cards.name(card) if card in _all(g) else card
            F.bad(where[0].split("[")[0].split(".")[0],
                  f"{shown} is in {len(where)} places: {', '.join(sorted(where))}")
            return
    if d["frames"] and d["frames"][-1].get("t") == "deal":
        return  # before the deal every card is in the box
    before_setup2 = any(f.get("t") == "setup2" for f in d["frames"])
    fixed = _fixed_sets(g)
    chosen = {f for gid in d["ge"] if gid for f in g.cards.eminences[gid]["factions"]}
    expect = dict(fixed["expect"])
    expect["faction"] = (fixed["dealt_factions"] if before_setup2 else expect["faction"]) | chosen
    for kind, cards in expect.items():
        lost = cards - (escalations.keys() if kind == "escalation" else places.keys())
        if lost:
            x = min(lost)
            F.out.append(f"{g.cards.name(x)} ({x}) is lost: in none of the fields {_WHERE[kind]}")
            return
    allowed = set().union(*expect.values())
    for card, where in places.items():
        if card not in allowed and card.split(":")[0] not in allowed:
            F.bad(where[0].split("[")[0].split(".")[0], f"holds {card}, which is not in play in this game "
                                                        "(another scenario's card, or a Faction of no one)")
            return


def _fixed_sets(g) -> dict:
    """The cards of each kind in play for this game (computed once per game)."""
    got = g.__dict__.get("_validate_sets")
    if got is None:
        from .view import _wanted

        want = _wanted(g)
        starting = {f for ge in g.cards.eminences.values() for f in ge["factions"]}
        expect = {k: frozenset(v) for k, v in want.items()}
        got = {"expect": expect, "dealt_factions": expect["faction"] - starting}
        g.__dict__["_validate_sets"] = got
    return got


#: where each kind of card can be
_WHERE = {
    "action": "decks.action, discards.action, hands, prog, cgpile",
    "secret": "decks.secret, discards.secret, secret, done, frames (keep)",
    "tweet": "decks.tweet, discards.tweet, tweets",
    "event": "decks.event, discards.event, mandatory, additional, resolved, unresolved",
    "escalation": "box_esc, decks.event, mandatory, additional, resolved, unresolved",
    "faction": "decks.faction, discards.faction, facs",
}


def _all(g) -> set:
    c = g.cards
    return {*c.actions, *c.factions, *c.tweets, *c.objectives, *_event_refs(g)}


def _resources(F, d) -> None:
    """What left the Common Pool (``minted``) is in the Boxes and the Bidding Pool."""
    for r, name in enumerate(M.RES):
        total = sum(d["box"][s][r] for s in range(d["n"])) + d["pool"][r]
        if total != d["minted"][r]:
            F.bad("minted", f"[{r}]: {d['minted'][r]} {name} left the Common Pool, but the Boxes and the "
                            f"Bidding Pool (fields 'box', 'pool') hold {total}")
            return


def _seats(F, g, d) -> None:
    """The Gray Eminences chosen, objectives exposed and completed."""
    n = d["n"]
    chosen = [x for x in d["ge"] if x is not None]
    if len(set(chosen)) != len(chosen):
        F.bad("ge", "names one Gray Eminence for two seats")
        return
    if d["phase"] != "setup" and len(chosen) != n:
        F.bad("ge", f"[{d['ge'].index(None)}] has no Gray Eminence after the setup")
        return
    for s in range(n):
        if d["pub_done"][s] and d["ge"][s] is None:
            F.bad("pub_done", f"[{s}] is set for a seat with no Gray Eminence")
            return
    placed = [s for s in d["track"] if s is not None]
    if len(set(placed)) != len(placed):
        F.bad("track", "holds a seat twice")
        return
    placing = any(f.get("t") == "place" for f in d["frames"])
    ends = (d["track"][0], d["track"][4])
    if _dealt(d) and not placing and (sorted(placed) != list(range(n)) or None in ends):
        F.bad("track", "needs every seat once, a Public Eye and an In the Shadows player (no one is choosing "
                       "a position now)")
        return
    held = {x for s in range(n) for x in (*d["secret"][s], *d["done"][s])}
    if len(set(d["exposed"])) != len(d["exposed"]) or not set(d["exposed"]) <= held:
        F.bad("exposed", "must list different Secret Objectives that players hold (fields 'secret', 'done')")
        return
    if d["phase"] == "setup" and d["round"] != 0 or d["phase"] in ROUND and d["round"] < 1:
        F.bad("round", f"is {d['round']} in the phase {d['phase']!r} (field 'phase')")
        return
    if (d["phase"] == "over") != (d["result"] is not None):
        F.bad("result", "is set when the game is over (field 'phase' is 'over') and only then")
        return
    if d["phase"] == "over" and d["round"] != d["rounds"]:
        F.bad("round", f"is {d['round']}, but the game ends after round {d['rounds']}")


def _frames(F, g, d) -> None:
    frames, n = d["frames"], d["n"]
    known = {k for ks in PHASE_FRAMES.values() for k in ks} | {"terms", "answer"}
    seen: set = set()
    for k, f in enumerate(frames):
        name = f"frames[{k}]"
        if not F.one_of(f"{name}.t", f["t"], known, "a step of the round"):
            return
        t = f["t"]
        allowed = PHASE_FRAMES.get(d["phase"], ())
        if t not in allowed and not (t in ("terms", "answer") and d["phase"] == "trading"):
            F.bad(f"{name}.t", f"{t!r} is not a step of the phase {d['phase']!r} (field 'phase')")
            return
        if t in _SEAT_FRAMES:
            if not (F.keys(name, f, ("seat",)) and F.int(f"{name}.seat", f["seat"], 0, n - 1)):
                return
            key = (t, f["seat"])
        elif t in _ONCE:
            key = (t,)
        elif t == "resolve":
            key = (t, f.get("slot"))
        else:
            key = None
        if key is not None:
            if key in seen:
                F.bad("frames", f"repeats the step {t!r}" + (f" of seat {key[1]}" if len(key) > 1 else "")
                      + f" (frames[{k}])")
                return
            seen.add(key)
        check = _CHECKS.get(t)
        if check is not None and not check(F, g, d, name, f):
            return
    if d["result"] is not None:
        if frames:
            F.bad("frames", "must be empty once the game is over (field 'result' is set)")
        return
    if not frames:
        F.bad("frames", "is empty while the game goes on (no result): no one is to act")
        return
    if frames and frames[-1]["t"] == "deal" and (len(frames) > 1 or d["round"] != 0 or d["phase"] != "setup"):
        F.bad("frames", "the deal comes alone, before anything else")


def _seat_field(F, name, f, key, n) -> bool:
    return F.keys(name, f, (key,)) and F.int(f"{name}.{key}", f[key], 0, n - 1)


def _fr_keep(F, g, d, name, f):
    if not F.keys(name, f, ("cards", "keep")):
        return False
    if not F.list(f"{name}.cards", f["cards"], None,
                  lambda nm, v: F.one_of(nm, v, g.cards.objectives, "a Secret Objective id"), most=3):
        return False
    return F.int(f"{name}.keep", f["keep"], 1, 2) and (bool(f["cards"]) or F.bad(f"{name}.cards", "is empty"))


def _fr_rolegain(F, g, d, name, f):
    return F.keys(name, f, ("options",)) and F.list(
        f"{name}.options", f["options"], None, lambda nm, v: F.one_of(nm, v, M.RES, "a resource")) and (
        bool(f["options"]) or F.bad(f"{name}.options", "is empty"))


def _fr_bmanswer(F, g, d, name, f):
    if not (_seat_field(F, name, f, "by", d["n"]) and F.keys(name, f, ("fid",))):
        return False
    if f["by"] == f["seat"] or not any(fc[0] == f["fid"] for fc in d["facs"][f["seat"]]):
        return F.bad(f"{name}.fid", f"must be a Faction seat {f['seat']} holds (field 'facs'), demanded by "
                                    "another seat")
    return True


def _fr_penalty(F, g, d, name, f):
    return _seat_field(F, name, f, "target", d["n"])


def _fr_show(F, g, d, name, f):
    return _seat_field(F, name, f, "by", d["n"]) and (
        bool(d["secret"][f["seat"]]) or F.bad(name, f"seat {f['seat']} has no Secret Objective to show"))


def _fr_bid(F, g, d, name, f):
    if not (F.keys(name, f, ("bids",)) and F.dict(f"{name}.bids", f["bids"], _seat_key(F, d["n"]))):
        return False
    for k, v in f["bids"].items():
        s = int(k)
        if not F.list(f"{name}.bids[{k!r}]", v, None, lambda nm, x: F.int(nm, x, 0, MAX_RESOURCE), most=3):
            return False
        if any(x > d["box"][s][r] for r, x in enumerate(v)):
            return F.bad(f"{name}.bids[{k!r}]", f"bids more than seat {s}'s Box holds (field 'box')")
    return True


def _fr_place(F, g, d, name, f):
    n = d["n"]
    if not (F.keys(name, f, ("order",)) and F.list(f"{name}.order", f["order"], None,
                                                   lambda nm, v: F.int(nm, v, 0, n - 1))):
        return False
    placed = [s for s in d["track"] if s is not None]
    if not f["order"] or len(set(f["order"])) != len(f["order"]) or set(f["order"]) & set(placed) \
            or len(placed) + len(f["order"]) != n:
        return F.bad(f"{name}.order", "must list, once each, the seats not yet on the track (field 'track')")
    return True


def _fr_program(F, g, d, name, f):
    if not (F.keys(name, f, ("progs",)) and F.dict(f"{name}.progs", f["progs"], _seat_key(F, d["n"]))):
        return False
    for k, p in f["progs"].items():
        where, s = f"{name}.progs[{k!r}]", int(k)
        if not F.dict(where, p):
            return False
        slots = {x: v for x, v in p.items() if x in ("A", "B", "C", "D")}
        extra = set(p) - {"A", "B", "C", "D", "side", "fin", "pay", "cost"}
        if extra:
            return F.bad(where, f"has the key {sorted(extra)[0]!r}")
        cards = list(slots.values())
        if len(set(map(str, cards))) != len(cards) or any(v not in d["hands"][s] for v in cards):
            return F.bad(where, f"must program different cards from seat {s}'s hand (field 'hands')")
        if "side" in p and not F.one_of(f"{where}.side", p["side"], ("common", "personal"),
                                        "common or personal"):
            return False
        if "fin" in p and not F.bool(f"{where}.fin", p["fin"]):
            return False
        if ("pay" in p) != ("cost" in p) or "pay" in p and not (
                F.one_of(f"{where}.pay", p["pay"], M.RES, "a resource")
                and F.int(f"{where}.cost", p["cost"], 0, 9)
                and p["cost"] <= d["box"][s][M.RES.index(p["pay"])]):
            return F.bad(where, "the fourth card's payment must be a resource the Box can pay")
    return True


def _fr_fx(F, g, d, name, f):
    n = d["n"]
    if not (F.keys(name, f, ("queue",)) and F.list(f"{name}.queue", f["queue"], None, lambda nm, q: (
            F.list(nm, q, 3) and F.int(nm, q[1], 0, n - 1, none=True) and F.int(nm, q[2], 0, n - 1, none=True)
            and _path(F, g, nm, q[0])))):
        return False
    pick = f.get("pick")
    if pick is not None:
        if not (F.dict(f"{name}.pick", pick) and F.keys(f"{name}.pick", pick, ("seat", "options"))
                and F.int(f"{name}.pick.seat", pick["seat"], 0, n - 1)
                and F.list(f"{name}.pick.options", pick["options"], None,
                           lambda nm, v: F.one_of(nm, v, M.RES, "a resource"))):
            return False
        if not f["queue"] or len(pick["options"]) < 2:
            return F.bad(f"{name}.pick", "waits for a choice of two or more resources for the step on top of "
                                         "its queue")
    elif not f["queue"]:
        return F.bad(f"{name}.queue", "is empty: a finished effect is not pending")
    return True


def _path(F, g, name, path) -> bool:
    if not (F.list(name, path, None, lambda nm, v: isinstance(v, str) or is_int(v) or F.bad(
            nm, "must be a card id, a key or an index")) and path and isinstance(path[0], str)):
        return F.bad(name, "must be a path into the card data")
    try:
        step = E.effect_at(g, path)
    except (KeyError, IndexError, TypeError, AttributeError):
        step = None
    if type(step) is not dict or "verb" not in step:
        return F.bad(name, f"is not an effect of the card data: {_q(path)}")
    return True


def _fr_act(F, g, d, name, f):
    if not F.keys(name, f, ("left", "k", "used")):
        return False
    s = f["seat"]
    prog = d["prog"][s] or {}
    if not (F.list(f"{name}.left", f["left"], None, lambda nm, v: F.one_of(nm, v, "ABCD", "a slot A to D"))
            and F.int(f"{name}.k", f["k"], 0, 4)
            and F.dict(f"{name}.used", f["used"]) and F.keys(f"{name}.used", f["used"], ("pg", "cg", "dis"))
            and all(F.int(f"{name}.used.{x}", f["used"][x], 0, 4) for x in ("pg", "cg", "dis"))):
        return False
    left = f["left"]
    if len(set(left)) != len(left) or any(x not in prog for x in left):
        return F.bad(f"{name}.left", f"must name different slots programmed by seat {s} (field 'prog')")
    used = f["used"]
    if sum(used[x] for x in ("pg", "cg", "dis")) + len(left) != f["k"] or not assignment_ok(
            f["k"], used, len(left)):
        return F.bad(f"{name}.used", f"does not fit {f['k']} cards programmed with {len(left)} left")
    return True


def _fr_vote(F, g, d, name, f):
    n = d["n"]
    if not (F.keys(name, f, ("what", "options", "votes")) and F.one_of(
            f"{name}.what", f["what"], ("entity", "event"), "entity or event")
            and F.dict(f"{name}.votes", f["votes"], _seat_key(F, n))):
        return False
    if f["what"] == "entity":
        if not (F.keys(name, f, ("entity",)) and F.one_of(f"{name}.entity", f["entity"], d["rel"],
                                                          "an entity in play")):
            return False
        opts = ("yes", "no")
        if list(f["options"]) != list(opts):
            return F.bad(f"{name}.options", "must be yes and no")
    else:
        if not (F.keys(name, f, ("slot",)) and F.one_of(f"{name}.slot", f["slot"], SLOTS, "an event slot")):
            return False
        ref = d[f["slot"]]
        count = len(E.card_of(g, ref)["options"]) if ref else 0
        if not F.list(f"{name}.options", f["options"], None, lambda nm, v: F.int(nm, v, 0, count - 1)) or \
                len(f["options"]) < 2:
            return F.bad(f"{name}.options",
                         f"must be two or more options of the event in the {f['slot']} slot")
        opts = [i + 1 for i in f["options"]]
    for k, v in f["votes"].items():
        if v not in opts:
            return F.bad(f"{name}.votes[{k!r}]", f"must be one of {list(opts)}, got {_q(v)}")
    return True


def _fr_tweet(F, g, d, name, f):
    return F.keys(name, f, ("matched",)) and F.bool(f"{name}.matched", f["matched"])


def _fr_resolve(F, g, d, name, f):
    if not (F.keys(name, f, ("slot",)) and F.one_of(f"{name}.slot", f["slot"], SLOTS, "an event slot")):
        return False
    if "chosen" in f:
        ref = d[f["slot"]]
        count = len(E.card_of(g, ref)["options"]) if ref else 0
        return F.int(f"{name}.chosen", f["chosen"], 0, count - 1)
    return True


def _fr_trade(F, g, d, name, f):
    n = d["n"]
    order = [s for s in d["track"] if s is not None]
    if not (F.keys(name, f, ("order", "i", "passes", "made", "limit"))
            and F.list(f"{name}.order", f["order"], None, lambda nm, v: F.int(nm, v, 0, n - 1))):
        return False
    if list(f["order"]) != order:
        return F.bad(f"{name}.order", "must be the turn order (field 'track')")
    return (F.int(f"{name}.i", f["i"], 0, n - 1) and F.int(f"{name}.passes", f["passes"], 0, n - 1)
            and F.int(f"{name}.limit", f["limit"], MAX_PROPOSALS, MAX_PROPOSALS)
            and F.dict(f"{name}.made", f["made"], _seat_key(F, n),
                       lambda nm, v: F.int(nm, v, 0, MAX_PROPOSALS)))


def _terms(F, g, name, side, give: bool) -> bool:
    if not F.dict(name, side):
        return False
    count = 0
    for k, v in side.items():
        where = f"{name}.{k}"
        if k in (*M.RES, "vp"):
            if not F.int(where, v, 1, MAX_TERMS):
                return False
            count += v
        elif k in ("cards", "objs", "facs"):
            family = {"cards": g.cards.actions, "objs": g.cards.objectives, "facs": g.cards.factions}[k]

            def card(nm, x, family=family):
                return F.one_of(nm, x, family, "a card id")

            if type(v) is list or give or k == "facs":
                if not F.list(where, v, None, card):
                    return False
                if len(set(v)) != len(v):
                    return F.bad(where, "names a card twice")
                count += len(v)
            elif not F.int(where, v, 1, MAX_TERMS):
                return False
            else:
                count += v
        else:
            return F.bad(name, f"has the key {k!r}: terms are resources, vp, cards, objs, facs")
    return True if count <= MAX_TERMS * 2 else F.bad(name, f"lists {count} items")


def _fr_terms(F, g, d, name, f):
    n = d["n"]
    if not (F.keys(name, f, ("to", "give", "get")) and F.int(f"{name}.to", f["to"], 0, n - 1)):
        return False
    if f["to"] == f["seat"]:
        return F.bad(f"{name}.to", "a seat does not trade with itself")
    return _terms(F, g, f"{name}.give", f["give"], True) and _terms(F, g, f"{name}.get", f["get"], False) \
        and _trading_turn(F, d, name, f["seat"])


def _fr_answer(F, g, d, name, f):
    n = d["n"]
    if not (F.keys(name, f, ("deal",)) and F.dict(f"{name}.deal", f["deal"])
            and F.keys(f"{name}.deal", f["deal"], ("from", "to", "give", "get"))):
        return False
    deal = f["deal"]
    if not (F.int(f"{name}.deal.from", deal["from"], 0, n - 1)
            and F.int(f"{name}.deal.to", deal["to"], 0, n - 1)):
        return False
    if deal["to"] != f["seat"] or deal["from"] == deal["to"] or "waiting" in f:
        return F.bad(f"{name}.deal", "must be a proposal from another seat to the seat answering")
    return _terms(F, g, f"{name}.deal.give", deal["give"], True) and _terms(
        F, g, f"{name}.deal.get", deal["get"], False) and _trading_turn(F, d, name, deal["from"])


def _trading_turn(F, d, name, proposer) -> bool:
    trade = next((f for f in d["frames"] if f.get("t") == "trade"), None)
    if trade is None or trade.get("order") and trade.get("i") in range(len(trade["order"])) \
            and trade["order"][trade["i"]] != proposer:
        return F.bad(name, "a proposal is made by the seat whose turn it is to trade (the 'trade' step "
                           "below)")
    return True


def _fr_contest(F, g, d, name, f):
    n = d["n"]
    keys = ("obj", "claimant", "res", "best", "leader", "order", "i", "seat")
    if not (F.keys(name, f, keys)
            and F.one_of(f"{name}.obj", f["obj"], g.cards.objectives, "a Secret Objective")
            and F.int(f"{name}.claimant", f["claimant"], 0, n - 1)
            and F.int(f"{name}.leader", f["leader"], 0, n - 1)
            and F.one_of(f"{name}.res", f["res"], M.RES, "a resource")
            and F.int(f"{name}.best", f["best"], 0, MAX_RESOURCE)
            and F.list(f"{name}.order", f["order"], None, lambda nm, v: F.int(nm, v, 0, n - 1))
            and F.int(f"{name}.i", f["i"], 0, max(0, len(f["order"]) - 1))):
        return False
    if f["obj"] not in d["secret"][f["claimant"]] or not f["order"] or f["order"][f["i"]] != f["seat"] \
            or f["claimant"] in f["order"]:
        return F.bad(name, "must contest an objective the claimant holds, the other seats in turn")
    return True


_CHECKS = {"keep": _fr_keep, "rolegain": _fr_rolegain, "bmanswer": _fr_bmanswer, "penalty": _fr_penalty,
           "show": _fr_show, "bid": _fr_bid, "place": _fr_place, "program": _fr_program, "fx": _fr_fx,
           "act": _fr_act, "vote": _fr_vote, "tweet": _fr_tweet, "resolve": _fr_resolve, "trade": _fr_trade,
           "terms": _fr_terms, "answer": _fr_answer, "contest": _fr_contest}


def _result_agrees(F, g, d) -> None:
    """A finished game's winners are the ones the final scores give (never a forged winner)."""
    if d["result"] is None:
        return
    from .scoring import final

    want = final(g, M.clone(d), Log([], 0))
    if list(d["result"]["winners"]) != want["winners"]:
        F.bad("result", f"names the winners {_q(d['result']['winners'])}, but the scores give "
                        f"{want['winners']}")
