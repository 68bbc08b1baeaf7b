"""Checks of an Illuminati position's fields (a position text is untrusted input): types, ranges, sizes, the
pending steps, and that a game still going on has a player in it and someone (or chance) to act.
``IlluminatiGame.problems`` runs these first and the conservation checks only on a position whose fields are
sound; ``decode`` also plays the pending steps on copies (``fieldcheck.trial_problems``).
"""

from __future__ import annotations

from ..fieldcheck import Fields
from .common import CHANCE_FRAMES, FRAME_KINDS

MAX_COUNT = 100_000  # turns, actions, counts in pending steps: far above any game
MAX_MONEY = 1_000_000  # MB: the bank is unlimited in the rules, a position is not
SEAT_KEYS = ("seat", "by")
AUTO_FRAMES = ("endturn", "dealfit")
#: the keys each pending step has besides its kind (and its seat)
FRAME_KEYS = {"attack": ("seat", "att", "mode", "target", "aid", "order", "i", "passes", "priv", "spent"),
              "react": ("attack", "roll", "forced", "order", "i"), "roll": ("attack",),
              "captxfer": ("from", "to"), "place": ("group", "master"), "counter": ("order", "i"),
              "price": ("deal",), "terms": ("deal",), "answer": ("deal",), "senate": ("order", "i"),
              "dealfit": ("queue", "pending"), "fit": ("group", "pending"), "talk": ("order", "i"),
              "secrets": ("by", "cards", "eff", "order", "i")}
#: the steps a turn stands on (the bottom of the pending steps), and the one step that may be pending twice
BASE_FRAMES = ("actions", "transfers", "special", "senate", "first", "deal")
REPEATABLE_FRAMES = ("choose",)


def field_problems(g, d) -> list[str]:
    """Every malformed field of ``d`` (the position dict), each message naming the field."""
    F = Fields()
    required = ("n", "illum", "alive", "out", "box", "deck", "unc", "dead", "discard", "hands", "ctrl",
                "money", "minted", "goals", "destroyed", "turns", "active", "frames", "used", "acts", "xfers",
                "busy", "priv_used", "result", "last_roll", "last_attack", "income", "aligns", "laser_used",
                "revealed", "known", "proposals", "gifts", "outdeals", "disguise", "disguised")
    if not (F.position(d, required) and F.players("n", d["n"], 2, 8, g.players)):
        return F.out
    n = d["n"]
    cards = {**g.cards, **g.cd.specials}

    def seat(name, v):
        return F.int(name, v, 0, n - 1)

    def card(name, v):
        return F.one_of(name, v, cards, "an Illuminati, Group or Special id")

    def group(name, v):
        return F.one_of(name, v, cards, "a Group or Illuminati id")

    def per_seat(name, item):
        return F.list(name, d[name], n, item)

    def count(name, v):
        return F.int(name, v, 0, MAX_COUNT)

    def text(name, v):
        return True if isinstance(v, str) else F.bad(name, f"must be a text, got {v!r}")

    per_seat("illum", lambda name, v: F.one_of(name, v, g.ill_ids, "an Illuminati id", none=True))
    per_seat("alive", F.bool)
    per_seat("revealed", F.bool)
    for name in ("out", "box", "deck", "unc", "dead", "discard"):
        F.list(name, d[name], None, card)
    per_seat("hands", lambda name, h: F.list(name, h, None, lambda nm, c: F.one_of(
        nm, c, g.cd.specials, "a Special id")))
    per_seat("goals", lambda name, v: v is None or isinstance(v, str)
             or F.bad(name, f"must be a goal id, got {v!r}"))
    per_seat("destroyed", count)
    per_seat("turns", count)
    F.int("active", d["active"], 0, n - 1, none=True)
    F.int("minted", d["minted"], 0, MAX_MONEY * 10)
    F.int("acts", d["acts"], 0, 9)
    F.int("xfers", d["xfers"], 0, 9)
    F.int("last_roll", d["last_roll"], 2, 12, none=True)
    for name in ("busy", "priv_used", "laser_used"):
        F.bool(name, d[name])
    if F.dict("ctrl", d["ctrl"], group, lambda name, v: F.list(name, v, 3) and seat(name, v[0]) and (
            v[1] is None or group(name, v[1])) and F.int(name, v[2], 0, 3, none=True)):
        for gid, (_s, m, side) in d["ctrl"].items():
            if (m is None) != (side is None):
                F.bad("ctrl", f"{gid}: a master needs a side and a side a master")
                break
    F.dict("money", d["money"], group, lambda name, v: F.int(name, v, 0, MAX_MONEY))
    F.dict("income", d["income"], group, lambda name, v: F.int(name, v, 0, MAX_MONEY))
    F.dict("used", d["used"], text, count)
    F.dict("aligns", d["aligns"], group, lambda name, v: F.list(name, v, None, text))
    for name in ("proposals", "gifts", "outdeals"):
        F.dict(name, d[name], _seat_key(F, n), count)
    F.dict("known", d["known"], _seat_key(F, n), lambda name, v: F.list(name, v, None, lambda nm, p: (
        F.list(nm, p, 2) and seat(nm, p[0]) and text(nm, p[1]))))
    F.dict("disguise", d["disguise"], _seat_key(F, n), lambda name, v: F.dict(
        name, v, lambda nm, k: F.one_of(nm, k, ("power", "income"), "power or income"),
        lambda nm, x: F.int(nm, x, 0, 99)))
    F.list("disguised", d["disguised"], None, text)
    if d["last_attack"] is not None:
        F.dict("last_attack", d["last_attack"])
    result = d["result"]
    if result is not None and F.dict("result", result) and F.keys("result", result, ("winners",)):
        F.list("result.winners", d["result"]["winners"], None, seat)
    if not F.list("frames", d["frames"], None, lambda name, f: _frame(F, n, name, f)):
        return F.out
    if d["result"] is None and not _stack(F, [f["t"] for f in d["frames"]]):
        return F.out
    if F.ok and d["result"] is None:
        if not d["frames"]:
            F.bad("frames", "is empty while the game goes on (no result): no one is to act")
        if d["frames"] != [{"t": "deal"}] and not any(d["alive"]):
            F.bad("alive", "has no player left in the game while it goes on (no result)")
        elif d["active"] is not None and not d["alive"][d["active"]] and d["frames"] != [{"t": "deal"}]:
            F.bad("alive", f"seat {d['active']} is out of the game but is the active player (field 'active')")
        for f in d["frames"]:  # an attack under way counts as one of its attacker's uses this turn
            att = f.get("att") if f["t"] == "attack" else (f.get("attack") or {}).get("att") \
                if isinstance(f.get("attack"), dict) else None
            if isinstance(att, str) and type(d["used"].get(att, 0)) is int and d["used"].get(att, 0) < 1:
                F.bad("used", f"does not count the attack of {att} under way (field 'frames')")
                break
    if F.ok and d["result"] is not None and d["frames"]:
        F.bad("frames", "must be empty once the game is over (field 'result' is set)")
    return F.out


def _stack(F, kinds: list) -> bool:
    """The order of the pending steps: the turn's own step (its actions, transfers, special step, the Senate
    window, the first-player roll, the deal) at the bottom and only there; each step above it at most once (an
    attack, its reactions, a deal being drafted...), the first-player choices aside; an attack and its
    reactions are one after the other, never both. A repeated step would be carried out twice (an attack
    counted once in field 'used' and resolved twice)."""
    for k, t in enumerate(kinds):
        if t in BASE_FRAMES and k:
            return F.bad("frames", f"[{k}]: the turn's step {t!r} can only be the bottom of the pending "
                                   f"steps, not above {kinds[k - 1]!r}")
        if t not in REPEATABLE_FRAMES and t in kinds[:k]:
            return F.bad("frames", f"[{k}]: repeats the pending step {t!r}")
    if kinds and kinds[0] not in (*BASE_FRAMES, "endturn"):
        return F.bad("frames", f"[0]: the step {kinds[0]!r} cannot be the bottom of the pending steps (the "
                               "turn's own step is)")
    if "choose" in kinds and kinds[0] != "first":
        return F.bad("frames", "the choice of Illuminati comes with the first-player roll only")
    if "attack" in kinds and "react" in kinds:
        return F.bad("frames", "an attack and the reactions to its roll cannot both be pending")
    return True


def _seat_key(F, n):
    """Keys of per-seat tables: a seat as text ("0"), as JSON writes them."""
    def check(name, k):
        if isinstance(k, str) and k.isdecimal() and len(k) < 3 and int(k) < n:
            return True
        return F.bad(name, f"must be a seat number, got {k!r}")
    return check


def _frame(F, n, name, f) -> bool:
    if not F.dict(name, f) or not F.keys(name, f, ("t",)):
        return False
    t = f["t"]
    if not F.one_of(f"{name}.t", t, {*FRAME_KINDS, *CHANCE_FRAMES, *AUTO_FRAMES}, "a known step of the turn"):
        return False
    for key in SEAT_KEYS:
        if key in f and not F.int(f"{name}.{key}", f[key], 0, n - 1):
            return False
    for key in ("i", "passes", "roll", "forced"):
        if key in f and not F.int(f"{name}.{key}", f[key], 0, MAX_COUNT, none=key == "forced"):
            return False
    for key in ("order", "todo"):
        if key in f and not F.list(f"{name}.{key}", f[key], None, lambda nm, v: F.int(nm, v, 0, n - 1)):
            return False
    if "i" in f and "order" in f and f["order"] and f["i"] >= len(f["order"]):
        return F.bad(f"{name}.i", f"points past the {len(f['order'])} seats of its order")
    if t == "first" and not (F.keys(name, f, ("todo", "rolls"))
                             and F.list(f"{name}.todo", f["todo"], most=n)
                             and F.dict(f"{name}.rolls", f["rolls"], _seat_key(F, n),
                                        lambda nm, v: F.int(nm, v, 2, 12))):
        return False
    if t not in (*CHANCE_FRAMES, *AUTO_FRAMES, "talk", "secrets", "senate", "react", "counter") \
            and not F.keys(name, f, ("seat",)):
        return False
    if not F.keys(name, f, FRAME_KEYS.get(t, ())):
        return False
    if t in ("react", "roll"):  # the attack whose roll is under way
        a = f["attack"]
        return F.dict(f"{name}.attack", a) and F.keys(f"{name}.attack", a, FRAME_KEYS["attack"]) and F.int(
            f"{name}.attack.seat", a["seat"], 0, n - 1)
    return True
