"""Checks of a Pax position's fields (a position text is untrusted input): types, ranges, sizes, the pending
steps, and that a game still going on has someone (or chance) to act. ``PaxGame.problems`` runs these first
and the conservation checks (``view.pax_problems``) only on a position whose fields are sound; ``decode``
also plays the pending steps on copies (``fieldcheck.trial_problems``), so a position that passes is one the
rules can go on from.
"""

from __future__ import annotations

from ..fieldcheck import Fields
from .common import _FRAME_KINDS
from .favor import FACTIONS
from .model import AREO, COURT_SIZE

#: bounds of the counters: far above any game (a turn is a few dozen actions, a game a few dozen turns)
MAX_ROUND = 10_000
MAX_MAIN_LEFT = 9  # actions left this turn: 2, and a power or Event adds one or two
MAX_RESHUFFLES = 1_000
MAX_COUNT = 1_000  # any other count in a pending step

#: keys of a pending step that hold a seat / a map position (AREO: the acting seat's Areopagus) / a count
SEAT_KEYS = ("seat", "att", "def", "first", "viewer", "target")
CELL_KEYS = ("cell", "dest", "src")
COUNT_KEYS = ("left", "carry", "n", "k", "round")


def field_problems(g, d) -> list[str]:
    """Every malformed field of ``d`` (a ``PaxData``), each message naming the field."""
    F = Fields()
    seats, n = d.seats, g.n
    if not F.players("seats", seats, 2, 4, g.players):
        return F.out

    def seat(name, v):
        return F.int(name, v, 0, seats - 1)

    def seat_or_none(name, v):
        return F.int(name, v, 0, seats - 1, none=True)

    def card(name, v):
        return F.one_of(name, v, g.lum, "a Luminary card id")

    def card_or_none(name, v):
        return F.one_of(name, v, g.lum, "a Luminary card id", none=True)

    def plot(name, v):
        return F.one_of(name, v, g.plots, "a Plot id")

    def event(name, v):
        return F.one_of(name, v, g.events, "an Event id")

    def faction(name, v):
        return F.one_of(name, v, FACTIONS, "a Faction code")

    def cell(name, v):
        return F.int(name, v, 0, n - 1)

    def per_seat(name, v, item):
        return F.list(name, v, seats, item)

    F.list("cards", d.cards, n, card_or_none)
    F.list("up", d.up, n, F.bool)
    F.list("infl", d.infl, n, lambda name, t: F.list(name, t, None, seat_or_none, most=9))
    for name in ("deck", "discard", "played", "plan", "scheme"):
        F.list(name, getattr(d, name), None, card)
    F.list("court", d.court, COURT_SIZE, card_or_none)
    F.int("chamberlain", d.chamberlain, 0, COURT_SIZE - 1)
    per_seat("hands", d.hands, lambda name, h: F.list(name, h, None, card))
    per_seat("known", d.known, lambda name, h: F.list(name, h, None, card))
    per_seat("favor", d.favor, lambda name, v: F.list(name, v, 6, lambda nm, x: F.int(nm, x, 0, g.pool_size)))
    F.list("pool", d.pool, 6, lambda name, x: F.int(name, x, 0, g.pool_size))
    # each seat's Contact card, dealt with the map (0 before the deal)
    contacts = set(g.contact_numbers) if d.cards else {0}
    what = "a Contact card number" if d.cards else "0 before the deal"
    if per_seat("contacts", d.contacts, lambda name, x: F.int(name, x) and F.one_of(name, x, contacts, what)):
        dealt = [x for x in d.contacts if x]
        if len(set(dealt)) != len(dealt):
            F.bad("contacts", f"holds a Contact card twice: {d.contacts}")
    for name in ("faction_row", "boxed_factions", "sideways"):
        F.list(name, getattr(d, name), None, faction)
    F.dict("faction_holder", d.faction_holder, faction, seat)
    F.dict("borrowed", d.borrowed, faction, seat)
    F.list("public_plots", d.public_plots, None, plot)
    F.list("plot_pile", d.plot_pile, None, plot)
    per_seat("private_plot", d.private_plot,
             lambda name, v: F.one_of(name, v, g.plots, "a Plot id", none=True))
    per_seat("private_revealed", d.private_revealed, F.bool)
    per_seat("claims", d.claims, lambda name, c: F.dict(name, c, plot, F.bool))
    for name in ("event_deck", "event_discard", "boxed_events", "used_events"):
        F.list(name, getattr(d, name), None, event if name != "used_events" else _str(F))
    per_seat("edicts", d.edicts, lambda name, es: F.list(name, es, None, lambda nm, e: (
        F.list(nm, e, 2) and event(nm, e[0]) and F.int(nm, e[1], 0, g.pool_size))))
    per_seat("special_hand", d.special_hand, lambda name, h: F.list(name, h, None, event))
    per_seat("special_active", d.special_active,
             lambda name, v: F.one_of(name, v, g.events, "an Event id", none=True))
    F.int("active", d.active, 0, seats - 1)
    F.int("first", d.first, 0, seats - 1)
    F.int("round", d.round, 0, MAX_ROUND)
    F.int("turn", d.turn, 0, MAX_ROUND * seats)
    F.int("main_left", d.main_left, 0, MAX_MAIN_LEFT)
    F.int("reshuffles", d.reshuffles, 0, MAX_RESHUFFLES)
    for name in ("claimed_faction", "claimed_plot", "revealed", "final_round", "scheme_ended", "quick_used"):
        F.bool(name, getattr(d, name))
    F.list("cubes", d.cubes, None, cell)
    F.list("extorted", d.extorted, None, lambda name, v: F.int(name, v, AREO, n - 1))
    F.list("bs_adj", d.bs_adj, None, cell)
    F.list("buffs", d.buffs, None, _str(F))
    per_seat("bot_token", d.bot_token, lambda name, v: F.int(name, v, AREO, n - 1, none=True))
    if d.peek is not None and F.dict("peek", d.peek):
        if F.keys("peek", d.peek, ("viewer", "target", "cards")):
            seat("peek.viewer", d.peek["viewer"])
            seat("peek.target", d.peek["target"])
            F.list("peek.cards", d.peek["cards"], None, _str(F))  # cards seen in a hand, or a Plot's id, name
    if d.result is not None and F.dict("result", d.result) and F.keys("result", d.result, ("winners",)):
        F.list("result.winners", d.result["winners"], None, seat)
    if F.list("frames", d.frames, None, lambda name, f: _frame(F, g, d, name, f)):
        if d.result is not None and d.frames:
            F.bad("frames", "must be empty once the game is over (field 'result' is set)")
        elif d.result is None and not d.frames:
            F.bad("frames", "is empty while the game goes on (no result): no one is to act")
        elif d.result is None and not d.cards and [f["t"] for f in d.frames] != ["deal"]:
            F.bad("frames", "before the deal (no cards on the map) must be the deal alone")
        elif d.result is None and d.cards and d.frames[0]["t"] != "endturn":
            # a turn's steps stand on its end-of-turn step, which passes the turn on: without it the game
            # would stop with no one to act once the steps above are done
            F.bad("frames", f"must start with the end of the turn while the game goes on, not "
                            f"{d.frames[0]['t']!r}")
    return F.out


def _str(F):
    return lambda name, v: True if isinstance(v, str) else F.bad(name, f"must be a text, got {v!r}")


def _frame(F, g, d, name, f) -> bool:
    if not F.dict(name, f) or not F.keys(name, f, ("t",)):
        return False
    t = f["t"]
    known = {*_FRAME_KINDS, *g._autos, "deal", "shuffle"}
    if not F.one_of(f"{name}.t", t, known, "a known step of the turn"):
        return False
    if t == "reveal":
        if not F.keys(name, f, ("att", "def", "commits")):
            return False
        if not F.dict(f"{name}.commits", f["commits"]):
            return False
    elif t in _FRAME_KINDS and not F.keys(name, f, ("seat",)):
        return False
    for key in SEAT_KEYS:
        if key in f and not F.int(f"{name}.{key}", f[key], 0, d.seats - 1, none=key == "first"):
            return False
    for key in CELL_KEYS:
        if key in f and not F.int(f"{name}.{key}", f[key], AREO, g.n - 1, none=True):
            return False
    for key in COUNT_KEYS:
        if key in f and not F.int(f"{name}.{key}", f[key], 0, MAX_COUNT):
            return False
    for key in ("slots", "cards", "prog", "queue", "got", "conspire", "to", "have", "base"):
        if key in f and not F.list(f"{name}.{key}", f[key]):
            return False
    if "cards" in f and t == "keep" and not F.list(f"{name}.cards", f["cards"], None,
                                                   lambda nm, v: F.one_of(nm, v, g.events, "an Event id")):
        return False
    return True
