"""Pax Illuminaten for reinforcement learning: the words of its notation (the action codec) and its structured
observation.

Used by :mod:`illumi_widgets.rl` (found by convention as ``illumi_widgets.games.<game>.codec``); pure data
about the notation, no learning library. Every word listed here gets one action token; a word not listed (a
number of a rulebook bot's step, say) is spelled letter by letter, so the list needs to be complete only for
compactness, never for correctness.

The observation (:mod:`illumi_widgets.rl.features`): ``observation_context(game)`` and ``observe(ctx, view,
f)`` turn the seat's view into named fixed-length fields, listed with their lengths and meaning in
``observe``'s docstring below. It has sealed simultaneous decisions (``SEALED``), so its OpenSpiel game is
``Dynamics.SIMULTANEOUS``.
"""

from __future__ import annotations

from .favor import ABBR
from .model import SEAT_COLORS

#: the keywords of the notation (notation.py's grammar), in a fixed order: new words go at the END of the
#: list, so existing token numbers never change
KEYWORDS = (
    "scout", "from", "influence", "bonus", "extort", "organize", "any", "onto", "move", "done", "expel",
    "oust",
    "pay", "collect", "subvert", "give", "place", "reveal", "nothing", "press", "call", "off", "claim",
    "faction", "plot", "end", "scheme", "quick", "skip", "swap", "raid", "borrow", "draw", "deck", "court",
    "keep", "event", "investigate", "hand", "activate", "pass", "redraw", "areopagus", "bot",
    "x1", "x2", "x3", "x4", "x5", "x6", "+1", "-1", "1", "2", "3", "4", "5",
)

#: the game has sealed simultaneous decisions: OpenSpiel declares it Dynamics.SIMULTANEOUS
SEALED = True



def vocabulary(game) -> list[str]:
    """Keywords, map cells, seat colours, Factions, Luminary cards, Plots and Events (by notation name)."""
    from .rules import slug

    words = list(KEYWORDS)
    words += list(game.geom.names)
    words += list(SEAT_COLORS)
    words += list(ABBR)
    words += sorted(game.lum)
    words += sorted(slug(p.name) for p in game.plots.values())
    words += sorted(slug(e.name) for e in game.events.values())
    return words


# -- observation (structured; see illumi_widgets.rl.features) ------------------------------------------------
COURT_SLOTS = 5
FACTION_CODES = ("NOB", "PRO", "MAG", "ART", "SCH", "CLE")


def observation_context(game):
    from ...rl.features import Vocab

    n = game.players
    return {"n": n, "cells": len(game.geom.names), "seats": Vocab(range(n)), "cards": Vocab(sorted(game.lum)),
            "plots": Vocab(sorted(game.plots)), "events": Vocab(sorted(game.events)),
            "factions": Vocab(FACTION_CODES), "names": Vocab(game.geom.names),
            "slots": Vocab(range(COURT_SLOTS))}


def observe(ctx, view, f) -> None:
    """The fields of a Pax observation (``n`` seats, ``C`` map cells, ``L`` Luminary cards, ``P`` Plots,
    ``E`` Events, 6 Factions; a per-seat block is seat 0 first):

    ``me`` [n] the observing seat; ``cell_up`` [C] face-up cells; ``cell_card`` [C·L] the card of each
    face-up cell; ``cell_slots`` [C] its influence spaces; ``cell_influence`` [C·n] each seat's cubes on it;
    ``court`` [5·L] the Court slots; ``chamberlain`` [5]; ``deck``, ``discard`` [1] card counts;
    ``discard_top`` [L]; ``played`` [L] this turn's cards; ``pool`` [6] cubes per Faction;
    ``favor`` [n·6]; ``supply``, ``contacts``, ``hand_count``, ``hand_hidden``, ``hand_limit`` [n];
    ``hand_cards`` [n·L] the cards of each hand this seat knows (all of its own); ``faction_row``,
    ``faction_out`` [6]; ``faction_held`` [n·6]; ``plots_public`` [P]; ``plots_private`` [n·P] the private
    Plots this seat may see; ``plots_revealed`` [n]; ``plot_pile`` [1]; ``plot_claims`` [n·P] claimed Plots;
    ``event_deck`` [1]; ``event_discard`` [E]; ``edicts`` [n·E] Edicts in front of each seat;
    ``specials_held`` [n] counts and ``my_specials`` [E]; ``specials_active`` [n·E]; ``edicts_discarded`` [1];
    ``turn_active``, ``turn_first`` [n]; ``turn`` [8] round, turn, main actions left, Faction claimed, Plot
    claimed, cards revealed, final round, reshuffles; ``pending`` [16] the pending step's kind (CRC-32
    one-hot); ``pending_seat`` [n]; ``reveal_sides`` [2·n] attacker and defender of an Oust reveal;
    ``my_commit`` [L] this seat's own sealed reveal; ``terminal`` [1].
    """
    n, cards, seats, fac = ctx["n"], ctx["cards"], ctx["seats"], ctx["factions"]
    plots, events = ctx["plots"], ctx["events"]
    me = view.get("seat") if isinstance(view.get("perspective"), int) else None
    f.onehot("me", me, seats)
    cells = (view.get("map") or {}).get("cells") or []
    by_name = {c["name"]: c for c in cells}
    rows = [by_name.get(name, {}) for name in ctx["names"].words]
    f.add("cell_up", [1.0 if c.get("up") else 0.0 for c in rows])
    f.onehots("cell_card", [c.get("card") for c in rows], cards, len(rows))
    f.add("cell_slots", [len(c.get("influence") or ()) for c in rows])
    infl: list = []
    for c in rows:
        slots = c.get("influence") or ()
        infl += [sum(1 for x in slots if x == s) for s in range(n)]
    f.add("cell_influence", infl)
    f.onehots("court", view.get("court"), cards, COURT_SLOTS)
    f.onehot("chamberlain", view.get("chamberlain"), ctx["slots"])
    f.num("deck", view.get("deck"))
    f.num("discard", view.get("discard"))
    f.onehot("discard_top", view.get("discard_top"), cards)
    f.counts("played", view.get("played"), cards)
    pool = view.get("pool") or {}
    f.add("pool", [pool.get(k, 0) for k in FACTION_CODES])
    favor = view.get("favor") or []
    f.add("favor", [(favor[s] if s < len(favor) else {}).get(k, 0) for s in range(n) for k in FACTION_CODES])
    hands = view.get("hands") or []
    for key in ("supply", "contacts", "hand_limit"):
        f.nums(key, view.get(key), n)
    f.nums("hand_count", [h.get("count", 0) for h in hands], n)
    f.nums("hand_hidden", [h.get("hidden", 0) for h in hands], n)
    hc: list = []
    for s in range(n):
        hc += counts_of(hands[s].get("cards") if s < len(hands) else None, cards)
    f.add("hand_cards", hc)
    fs = view.get("factions") or {}
    f.counts("faction_row", fs.get("row"), fac)
    f.counts("faction_out", fs.get("out"), fac)
    held = fs.get("held") or {}
    f.add("faction_held", [1.0 if held.get(k) == s else 0.0 for s in range(n) for k in FACTION_CODES])
    ps = view.get("plots") or {}
    f.counts("plots_public", ps.get("public"), plots)
    f.onehots("plots_private", ps.get("private"), plots, n)
    f.nums("plots_revealed", ps.get("revealed"), n)
    f.num("plot_pile", ps.get("pile"))
    claims = ps.get("claims") or {}
    f.add("plot_claims", [1.0 if str(s) in map(str, (claims.get(p) or {})) else 0.0
                          for s in range(n) for p in plots.words])
    ev = view.get("events") or {}
    f.num("event_deck", ev.get("deck"))
    f.counts("event_discard", ev.get("discard"), events)
    edicts = ev.get("edicts") or []
    ed: list = []
    for s in range(n):
        ed += counts_of([e[0] for e in edicts[s]] if s < len(edicts) else None, events)
    f.add("edicts", ed)
    held_sp = ev.get("specials_held") or []
    f.nums("specials_held", held_sp, n)
    mine = held_sp[me] if me is not None and me < len(held_sp) and isinstance(held_sp[me], list) else None
    f.counts("my_specials", mine, events)
    f.onehots("specials_active", ev.get("active"), events, n)
    f.num("edicts_discarded", ev.get("edicts_discarded"))
    t = view.get("turn") or {}
    f.onehot("turn_active", t.get("active"), seats)
    f.onehot("turn_first", t.get("first"), seats)
    f.add("turn", [_n(t.get(k)) for k in ("round", "turn", "main_left", "claimed_faction", "claimed_plot",
                                          "revealed", "final_round", "reshuffles")])
    pend = view.get("pending") or {}
    f.category("pending", pend.get("t"), 16)
    f.onehot("pending_seat", pend.get("seat"), seats)
    f.add("reveal_sides", onehot_of(pend.get("attacker"), seats) + onehot_of(pend.get("defender"), seats))
    commits = pend.get("commits") or {}
    own = commits.get(str(me)) if me is not None else None
    f.onehot("my_commit", own if isinstance(own, str) else None, cards)
    f.num("terminal", view.get("terminal"))


def _n(v) -> float:
    return 0.0 if v is None else float(v) if not isinstance(v, (list, dict)) else float(len(v))


def counts_of(values, vocab):
    from ...rl.features import counts

    return counts(values, vocab)


def onehot_of(value, vocab):
    from ...rl.features import onehot

    return onehot(value, vocab)
