"""What each seat may see of a Pax position, and the consistency checks of a position.

``pax_view`` is called only through ``State.view`` — the one place hidden
information is filtered.  Hidden here: face-down map cards, the draw pile's
order, other seats' hands (except cards every seat saw go there, e.g. from the
Court), other seats' unrevealed private Plots and held Special Events, the Plot
pile, the Event deck, Event cards being chosen by another seat, and a rival's
sealed Oust card until both are revealed.
"""

from __future__ import annotations

from collections import Counter

from ...engine import OMNISCIENT
from .favor import FACTIONS
from .model import AREO, COURT_SIZE, INFLUENCE_PER_SEAT


def _cell_name(g, c):
    return "areopagus" if c == AREO else g.geom.names[c]


def pax_view(g, d, seat) -> dict:
    omni = seat == OMNISCIENT
    me = seat if isinstance(seat, int) else None

    def sees(s):
        return omni or s == me

    frame = d.frames[-1] if d.frames else None
    pending = None
    if frame is not None:
        t = frame["t"]
        pending = {"t": t, "seat": frame.get("seat")}
        if t == "reveal":
            pending.update(
                attacker=frame["att"], defender=frame["def"], cell=_cell_name(g, frame["cell"]),
                count=frame["k"],
                strength=list(frame["base"]), round=frame["round"],
                committed=sorted(int(s) for s in frame["commits"]),
                # a sealed commit is shown only to its own seat (or the omniscient analysis view)
                # (the Clergy passive: the first revealer's card is open to everyone)
                commits={s: c for s, c in frame["commits"].items()
                         if sees(int(s)) or int(s) == frame.get("first")},
                first=frame.get("first"),
            )
        elif t == "keep":
            pending["cards"] = list(frame["cards"]) if sees(frame["seat"]) else len(frame["cards"])
        elif t in ("pay", "collect"):
            pending["slots"] = [[FACTIONS[x] for x in s] for s in frame["slots"]]
            pending["why"] = frame["why"]
        elif t == "place":
            pending["cell"] = _cell_name(g, frame["cell"])
        elif t == "move":
            pending.update(faction=None if frame["fac"] is None else FACTIONS[frame["fac"]],
                           left=frame["left"],
                           onto=None if frame.get("dest") is None else _cell_name(g, frame["dest"]))
        elif t == "give":
            pending.update(to=list(frame["to"]))
        elif t == "subvert":
            pending.update(faction=FACTIONS[frame["fac"]])
        elif t == "press":
            pending["cell"] = None
        elif t == "power":
            pending.update(kind=frame["kind"], card=frame.get("card"))
        elif t == "bot":
            pending["step"] = g.automaton.prompt(d, frame)
        elif t == "plotkeep":
            # SP: the drawn Plot (and a face-down old one) is shown only to its drawer
            pending["cards"] = [frame["new"], frame["old"]] if sees(frame["seat"]) else 2
    hands = []
    for s in range(d.seats):
        if sees(s):
            hands.append({"count": len(d.hands[s]), "cards": list(d.hands[s]), "hidden": 0})
        else:
            known = [c for c in d.hands[s] if c in d.known[s]]
            hands.append({"count": len(d.hands[s]), "cards": known, "hidden": len(d.hands[s]) - len(known)})
    private = []
    for s in range(d.seats):
        p = d.private_plot[s]
        private.append(p if (p is not None and (sees(s) or d.private_revealed[s])) else None)
    claims: dict = {}
    for s in range(d.seats):
        for p, on in d.claims[s].items():
            claims.setdefault(p, {})[s] = "on" if on else "under"
    return {
        "game": "pax",
        "players": d.seats,
        "seat_names": list(g.seat_names),
        "seat": me,
        "map": {
            "rows": g.geom.rows,
            "cols": g.geom.cols,
            "sides": list(g.sides),
            "areopagi": [[g.geom.names[c] for c in cells] for cells in g.areo_cells],
            "cells": [
                {"name": g.geom.names[c], "card": d.cards[c] if d.up[c] else None, "up": d.up[c],
                 "influence": list(d.infl[c]) if d.up[c] else []}
                for c in range(len(d.cards))
            ],
        },
        "court": list(d.court),
        "chamberlain": d.chamberlain,
        "deck": len(d.deck),
        "discard": len(d.discard),
        "discard_top": d.discard[-1] if d.discard else None,
        "played": list(d.played),
        "pool": {FACTIONS[x]: d.pool[x] for x in range(6)},
        "favor": [{FACTIONS[x]: d.favor[s][x] for x in range(6)} for s in range(d.seats)],
        "supply": [g.supply(d, s) for s in range(d.seats)] if d.cards else [INFLUENCE_PER_SEAT] * d.seats,
        "contacts": list(d.contacts),
        "hands": hands,
        "hand_limit": [g.hand_limit(d, s) for s in range(d.seats)],
        # Favor paid for 1 when exchanging: 3, or 2 with the Professions passive
        "exchange_rate": [g.exchange_rate(d, s) for s in range(d.seats)],
        "factions": {"row": list(d.faction_row), "held": dict(d.faction_holder),
                     "out": list(d.boxed_factions)},
        "plots": {"public": list(d.public_plots), "private": private, "revealed": list(d.private_revealed),
                  "pile": len(d.plot_pile), "claims": claims},
        "events": {
            "deck": len(d.event_deck),
            "discard": list(d.event_discard),
            "edicts": [[list(e) for e in d.edicts[s]] for s in range(d.seats)],
            "specials_held": [list(d.special_hand[s]) if sees(s) else len(d.special_hand[s])
                              for s in range(d.seats)],
            "active": list(d.special_active),
            "edicts_discarded": g.edicts_discarded(d) if d.cards else 0,
        },
        "turn": {
            "active": d.active, "first": d.first, "round": d.round, "turn": d.turn, "main_left": d.main_left,
            "cubes": [_cell_name(g, c) for c in d.cubes], "claimed_faction": d.claimed_faction,
            "claimed_plot": d.claimed_plot, "extorted": [_cell_name(g, c) for c in d.extorted],
            "revealed": d.revealed, "final_round": d.final_round, "reshuffles": d.reshuffles,
            "scheme": list(d.scheme), "scheme_ended": d.scheme_ended, "quick_used": d.quick_used,
            "buffs": list(d.buffs), "adjacent": [_cell_name(g, c) for c in d.bs_adj],
            "sideways": list(d.sideways), "borrowed": dict(d.borrowed), "events_used": list(d.used_events),
        },
        # Ecclesiastical Investigators: what the active player looked at, to that player only
        "peek": dict(d.peek) if d.peek is not None and sees(d.peek["viewer"]) else None,
        # the rulebook bots (public): per seat None (a person) or its placard, bot token and plots;
        # the Plan cards flipped this turn lie face-up beside the bot
        "bots": g.automaton.view(d) if g.automaton is not None else [None] * d.seats,
        "plan": list(d.plan),
        "pending": pending,
        "omniscient": {"deck": list(reversed(d.deck)), "map": list(d.cards), "plot_pile": list(d.plot_pile),
                       "event_deck": list(reversed(d.event_deck))} if omni else None,
        # every hidden zone in order, for the analysis view only (the key Gray Eminence's view uses too)
        "hidden": hidden_zones(g, d) if omni else None,
    }


def _zone(name: str, cards, names) -> dict:
    cards = list(cards)
    return {"zone": name, "cards": cards, "names": [names(c) for c in cards]}


def hidden_zones(g, d) -> list[dict]:
    """Every zone some seat cannot see, in order (the omniscient view's ``hidden``): each
    ``{"zone": words, "cards": ids, "names": card names}``, a pile's top card FIRST: the Luminary deck,
    the face-down map cards (by cell, ``map_cells`` beside them), each seat's hand, private Plot and held
    Special Events, the Plot pile, the Event deck, the Events out of the game and the Event cards being
    chosen.  Only the omniscient view carries it (a seat's view never does)."""
    lum = lambda c: g.lum[c].name  # noqa: E731
    plot = lambda p: g.plots[p].name  # noqa: E731
    event = lambda e: g.events[e].name  # noqa: E731
    down = [c for c in range(len(d.cards)) if d.cards[c] is not None and not d.up[c]]
    zones = [_zone("Luminary deck", reversed(d.deck), lum)]
    face_down = _zone("face-down map cards", [d.cards[c] for c in down], lum)
    face_down["map_cells"] = [g.geom.names[c] for c in down]
    zones.append(face_down)
    for s in range(d.seats):
        who = g.seat_name(s)
        zones.append(_zone(f"{who}'s hand", d.hands[s], lum))
        zones.append(_zone(f"{who}'s private Plot", [p for p in [d.private_plot[s]] if p is not None], plot))
        zones.append(_zone(f"{who}'s held Special Events", d.special_hand[s], event))
    zones.append(_zone("Plot pile", reversed(d.plot_pile), plot))
    zones.append(_zone("Event deck", reversed(d.event_deck), event))
    zones.append(_zone("Events out of the game", d.boxed_events, event))
    for f in d.frames:
        if f.get("t") == "keep":
            zones.append(_zone(f"Event cards {g.seat_name(f['seat'])} is choosing from",
                               [e for e in f["cards"] if isinstance(e, str)], event))
        elif f.get("t") == "plotkeep":
            zones.append(_zone(f"Plots {g.seat_name(f['seat'])} is choosing from",
                               [p for p in (f.get("new"), f.get("old")) if p is not None], plot))
    return zones


def pax_problems(g, d) -> list[str]:
    """Everything that makes a position impossible (used by load_position and the random-play tests)."""
    out: list[str] = []
    if not isinstance(d.frames, list) or any(not isinstance(f, dict) or "t" not in f for f in d.frames):
        return ["frames must be a list of objects with a 't' field"]
    if d.frames and d.frames[0].get("t") == "deal" and not d.cards:
        return out  # before the deal: nothing is placed yet
    n = g.n
    if len(d.cards) != n or len(d.up) != n or len(d.infl) != n:
        return [f"the map must have {n} cards, face flags and Influence rows"]
    # Luminary cards: each exactly once (a message names the fields where a card is)
    where: dict = {}
    for c in d.cards:
        if c is not None:
            where.setdefault(c, []).append("cards")
    for name in ("deck", "discard", "played", "plan"):
        for c in getattr(d, name):
            where.setdefault(c, []).append(name)
    for s, hand in enumerate(d.hands):
        for c in hand:
            where.setdefault(c, []).append(f"hands[{s}]")
    for c in d.court:
        if c is not None:
            where.setdefault(c, []).append("court")
    unknown = [c for c in where if c not in g.lum]
    if unknown:
        out.append(f"unknown card(s) {', '.join(sorted(map(str, unknown))[:5])}")
    twice = sorted(c for c, places in where.items() if len(places) > 1)
    for c in twice[:5]:
        out.append(f"card {c} is in {len(where[c])} places: fields {', '.join(where[c])}")
    missing = [c for c in g.ids if c not in where]
    if missing:
        out.append(f"card(s) missing: {', '.join(missing[:5])} (in none of the fields cards, court, deck, "
                   "discard, hands, played, plan)")
    if len(d.court) != COURT_SIZE or not 0 <= d.chamberlain < COURT_SIZE:
        out.append("fields court, chamberlain: the Court has 5 slots and the Chamberlain stands on one of "
                   "them")
    # Influence
    for c in range(n):
        cid = d.cards[c]
        slots = d.infl[c]
        if cid is None:
            if slots:
                out.append(f"field 'infl': {g.geom.names[c]} is empty but holds Influence")
            continue
        if cid in g.nloc and len(slots) != g.nloc[cid]:
            out.append(f"field 'infl': {g.geom.names[c]}: {cid} has {g.nloc[cid]} Locations, "
                       f"not {len(slots)}")
        if not d.up[c] and any(x is not None for x in slots):
            out.append(f"fields up, infl: {g.geom.names[c]} is face-down but holds Influence")
        if any(x is not None and not (isinstance(x, int) and 0 <= x < d.seats) for x in slots):
            out.append(f"field 'infl': {g.geom.names[c]}: Influence of an unknown seat")
    for s in range(d.seats):
        if g.supply(d, s) < 0:
            out.append(f"field 'infl': seat {s} has more than {INFLUENCE_PER_SEAT} Influence out")
    # Favor
    for x in range(6):
        total = d.pool[x] + sum(d.favor[s][x] for s in range(d.seats))
        total += sum(fav for s in range(d.seats) for ev, fav in d.edicts[s]
                     if g.events[ev].faction == FACTIONS[x])
        if total != g.pool_size:
            out.append(f"{FACTIONS[x]} Favor: {total} in play (fields pool, favor, edicts), expected "
                       f"{g.pool_size}")
        if d.pool[x] < 0 or any(d.favor[s][x] < 0 for s in range(d.seats)):
            out.append(f"{FACTIONS[x]} Favor below zero (fields pool, favor)")
    # Plots
    plots = (Counter(d.public_plots) + Counter(p for p in d.private_plot if p is not None)
             + Counter(d.plot_pile))
    plots.update(f.get("new") for f in d.frames if f.get("t") == "plotkeep" and f.get("new") is not None)
    if sorted(plots.elements()) != sorted(g.plots):
        out.append("every Plot card must be exactly once among fields public_plots, private_plot and "
                   "plot_pile")
    for s in range(d.seats):
        for p in d.claims[s]:
            if p not in d.public_plots and p != d.private_plot[s]:
                out.append(f"field 'claims': seat {s} claims a Plot that is not theirs or public")
    # Events
    ev = Counter(d.event_deck) + Counter(d.event_discard) + Counter(d.boxed_events)
    for s in range(d.seats):
        ev.update(d.special_hand[s])
        ev.update(e for e, _ in d.edicts[s])
        if d.special_active[s] is not None:
            ev[d.special_active[s]] += 1
    for f in d.frames:
        if f.get("t") == "keep":
            ev.update(c for c in f.get("cards", []) if isinstance(c, str))
    if sorted(ev.elements()) != sorted(g.events):
        out.append("every Event card must be exactly once (fields event_deck, event_discard, boxed_events, "
                   "special_hand, special_active, edicts)")
    # Faction cards
    fc = Counter(d.faction_row) + Counter(d.boxed_factions) + Counter(list(d.faction_holder))
    if sorted(fc.elements()) != sorted(FACTIONS[f] for f in g.faction_cards):
        out.append("every Faction card must be exactly once (fields faction_row, faction_holder, "
                   "boxed_factions)")
    for f, s in d.borrowed.items():
        if f not in d.faction_row and f not in d.faction_holder:
            out.append(f"field 'borrowed': the borrowed {f} card is neither in the row nor held")
        if not (isinstance(s, int) and 0 <= s < d.seats):
            out.append("field 'borrowed': a Faction card is borrowed by an unknown seat")
    # the Scheme: its cards are among this turn's played cards
    if any(c not in d.played for c in d.scheme):
        out.append("field 'scheme': a Scheme card of this turn is not among the played cards")
    if not (0 <= d.active < d.seats and 0 <= d.first < d.seats):
        out.append("fields active, first: the active and first seats must be seats")
    return out
