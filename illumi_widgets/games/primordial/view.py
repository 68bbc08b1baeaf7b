"""Per-seat views of a Primordial Secrets position: exactly the rulebook's "Hidden & Public Knowledge".

- Always hidden to all: every Deck (counts shown), the Pawn and Royal Decks, the Royals removed at setup,
  every Secrets zone (counts shown; a thief sees the cards only in the steal decision's options).
- Always public: The Court, Sacrifice zones, and the TOP card of each Discard and Intent Discard (the rest
  of those piles is not shown, not even to their owner).
- Hidden to the others: a player's Intent Deck and hand.
- Hidden during the Plotting Phase, revealed for the Visiting Phase: parties and Visiting Intents (a sealed
  plot is shown only to its own seat).

Card instances are named ``c<number>`` in views; :func:`hidden_tokens` lists those a seat must not see.

Every view also carries what the rules read at any position: each seat's party ``totals`` and the live
``stats`` of every card in a party (:func:`party_totals`, :func:`party_stats`).  The analysis view
(``OMNISCIENT``) alone lists the hidden piles, each in order, bottom first: a seat's ``deck_cards``,
``discard_cards``, ``intent_discard_cards`` and ``secret_cards``, the Court's ``pawn_deck_cards``,
``royal_deck_cards``, ``held_out_cards`` and ``removed_cards``; and all of them as one list under
``view["hidden"]`` in every game's shape (:func:`hidden_zones`; ``None`` in a seat's view).
"""

from __future__ import annotations

from illumi_widgets.engine.game import OMNISCIENT
from illumi_widgets.engine.words import counted

from . import effects as E
from .flow import TURN_STEPS
from .scoring import royals_held, secrets_held


def cid_token(i: int) -> str:
    return f"c{i}"


def catalog(g) -> dict:
    """Printed facts of every card id (public, the same in every view): name, kind, frame, stats, costs,
    Intent fingers and invitations, and the text generated from the effect records.  Kept out of views (a
    view names a card by its id) so views stay small; the scene reads it from the game."""
    cat = getattr(g, "_catalog", None)
    if cat is None:
        cat = {}
        for c in g.cards.values():
            cat[c.id] = {"card": c.id, "name": c.name, "kind": c.kind, "frame": c.frame,
                         "devotion": c.devotion, "insight": c.insight, "deceit": c.deceit,
                         "tribute": c.tribute, "sacrifice": c.sacrifice, "text": c.text}
        for it in g.intents.values():
            cat[it.id] = {"card": it.id, "name": it.name, "intent": True, "kind": it.kind,
                          "finger": it.finger, "invite": list(it.invite) if it.invite else None,
                          "text": it.text}
        g._catalog = cat
    return cat


def card_view(g, d, i, live=True) -> dict:
    """A card instance in a view: its token, card id and name (the printed facts: :func:`catalog`), and
    for a card in the visit being resolved its stats now."""
    cid = g.types[i]
    if g.is_intent(i):
        return {"id": cid_token(i), "card": cid, "name": g.intents[cid].name, "intent": True}
    out = {"id": cid_token(i), "card": cid, "name": g.cards[cid].name}
    if live and d["turn"] is not None and E.side_of(d, i) is not None:
        out["now"] = {s: E.stat(g, d, i, s) for s in ("devotion", "insight", "deceit")}
        out["silenced"] = i in d["turn"]["silenced"]
    return out


def make_view(g, d, seat) -> dict:
    omni = seat == OMNISCIENT
    f = d["frames"][-1] if d["frames"] else None
    ts = {x["t"] for x in d["frames"]}
    phase = ("intent reset" if "reset" in ts else "round end" if "round_end" in ts else
             "visiting" if "visits" in ts else "plotting")
    seats = []
    for s in range(d["n"]):
        own = omni or s == seat
        sv = {
            "seat": s, "name": g.seat_name(s), "first_visitor": d["first"] == s,
            "deck": len(d["deck"][s]), "hand_count": len(d["hand"][s]),
            "hand": [card_view(g, d, i) for i in d["hand"][s]] if own else None,
            "discard": len(d["discard"][s]),
            "discard_top": card_view(g, d, d["discard"][s][-1]) if d["discard"][s] else None,
            "intent_deck": len(d["intent_deck"][s]),
            "intents": [card_view(g, d, i) for i in d["intent_deck"][s]] if own else None,
            "intent_discard": len(d["intent_discard"][s]),
            "intent_discard_top": (card_view(g, d, d["intent_discard"][s][-1]) if d["intent_discard"][s]
                                   else None),
            "secrets": len(d["secrets"][s]), "stolen": secrets_held(g, d, s), "royals": royals_held(g, d, s),
            "sacrifices": [card_view(g, d, i) for i in d["sacrifices"][s]],
            "next_visitors": [card_view(g, d, i) for i in d["next_visitors"][s]],
            "hosts": [card_view(g, d, i) for i in d["hosts"][s]],
            "visitors": [card_view(g, d, i) for i in d["visitors"][s]],
            "intent": None if d["intent"][s] is None else card_view(g, d, d["intent"][s]),
            "plotted": None, "plot": None,
        }
        if f is not None and f["t"] in ("plot", "reset"):
            sv["plotted"] = str(s) in f["commits"]
            if own and str(s) in f["commits"]:
                if f["t"] == "plot":
                    hosts, intent = f["commits"][str(s)]
                    sv["plot"] = {"hosts": [card_view(g, d, i) for i in hosts],
                                  "visitors": [card_view(g, d, i) for i in d["hand"][s] if i not in hosts],
                                  "intent": card_view(g, d, intent)}
                else:
                    sv["plot"] = {"reset": [card_view(g, d, i) for i in f["commits"][str(s)]]}
            if own and f["t"] == "reset":
                sv["reset_pool"] = [card_view(g, d, i) for i in g.reset_pool(d, s)]
        sv["totals"] = party_totals(g, d, s)
        if omni:  # the analysis view: every hidden pile in order (bottom first, the top last)
            sv["secret_cards"] = [card_view(g, d, i) for i in d["secrets"][s]]
            sv["deck_cards"] = [card_view(g, d, i) for i in d["deck"][s]]
            sv["discard_cards"] = [card_view(g, d, i) for i in d["discard"][s]]
            sv["intent_discard_cards"] = [card_view(g, d, i) for i in d["intent_discard"][s]]
        seats.append(sv)
    turn = None
    t = d["turn"]
    if t is not None:
        step = TURN_STEPS[t["step"]][0]
        turn = {"visitor": t["v"], "host": t["h"], "step": step,
                "insight": E.total(g, d, "v", "insight"), "deceit": E.total(g, d, "h", "deceit"),
                "devotion": E.total(g, d, "v", "devotion"), "spent": t["spent"], "sacrifice_cost": t["sac"],
                "margin": t["margin"], "outcome": t["outcome"],
                "steal_margin": E.rule(g, d, "steal_margin"),
                "order": [cid_token(i) for i, _k in t["order"]] if t["order"] else None}
    pending = None
    if f is not None:
        pending = {"t": f["t"]}
        if f["t"] == "choose":
            pending.update(kind=f["kind"], seat=f["seat"], why=f.get("why", ""))
            if f["kind"] == "steal" or f.get("private"):
                pending["count"] = len(f["options"])
                if f["kind"] == "steal":  # whose Secrets zone the thief looks through (public: the log says)
                    pending["from"] = g.steal_source(d, f)
                if omni or seat == f["seat"]:  # the chooser alone looks through a hidden zone
                    pending["options"] = [card_view(g, d, i) for i in f["options"]]
            else:
                pending["options"] = [card_view(g, d, i) for i in f["options"]]
        elif f["t"] in ("plot", "reset"):
            pending["committed"] = sorted(int(s) for s in f["commits"])
    court = {"pawns": [card_view(g, d, i) for i in d["court_pawns"]],
             "royals": [card_view(g, d, i) for i in d["court_royals"]],
             "familiars": len(d["familiars"]),
             "familiar": card_view(g, d, d["familiars"][-1]) if d["familiars"] else None,
             "pawn_deck": len(d["pawn_deck"]), "royal_deck": len(d["royal_deck"]),
             "held_out": len(d["held_out"]), "removed": len(d["removed"])}
    if omni:  # hidden to every player (Hidden & Public Knowledge): shown only to the analysis view, in order
        for key in ("pawn_deck", "royal_deck", "held_out", "removed"):
            court[key + "_cards"] = [card_view(g, d, i) for i in d[key]]
    view = {
        "game": "primordial", "players": d["n"], "round": d["round"], "first_visitor": d["first"],
        "phase": phase,
        "seats": seats,
        "court": court,
        "banished": [card_view(g, d, i) for i in d["banished"]],
        "stats": party_stats(g, d),
        "turn": turn, "pending": pending, "last_visit": d.get("last"),
        "options": {"stacking": g.stacking},
    }
    # the analysis view: the same hidden piles as one list, in every game's shape (None in a seat's view)
    view["hidden"] = hidden_zones(g, d) if omni else None
    return view


def _zone(g, d, name: str, cards) -> dict:
    cards = list(cards)
    return {"zone": name, "cards": [cid_token(i) for i in cards],
            "names": [card_view(g, d, i, live=False)["name"] for i in cards],
            "card_ids": [g.types[i] for i in cards]}  # (the printed card of each: catalog)


def hidden_zones(g, d) -> list:
    """Every zone some seat cannot see, for the analysis view only, as ``{"zone": words, "cards": tokens,
    "names": card names}`` (and ``card_ids``, each one's printed card), a pile's top card FIRST (the shape
    of every game's analysis view): each seat's Deck, hand, Intent Deck, Discard and Intent Discard (their
    top cards are public, the rest is not) and Secrets, then the Pawn Deck, the Royal Deck, the held-out
    Pawns and the Royals removed at setup."""
    zones = []
    for s in range(d["n"]):
        who = g.seat_name(s)
        zones += [_zone(g, d, f"{who}'s Deck", reversed(d["deck"][s])),
                  _zone(g, d, f"{who}'s hand", d["hand"][s]),
                  _zone(g, d, f"{who}'s Intent Deck", d["intent_deck"][s]),
                  _zone(g, d, f"{who}'s Discard", reversed(d["discard"][s])),
                  _zone(g, d, f"{who}'s Intent Discard", reversed(d["intent_discard"][s])),
                  _zone(g, d, f"{who}'s Secrets", reversed(d["secrets"][s]))]
    for key, name in (("pawn_deck", "Pawn Deck"), ("royal_deck", "Royal Deck"),
                      ("held_out", "held-out Pawns"), ("removed", "Royals removed at setup")):
        zones.append(_zone(g, d, name, reversed(d[key])))
    return zones


def party_stats(g, d) -> dict:
    """The live stats of every card in a party or waiting for next round's Visiting Party (all face up when
    they are there), at any position: ``{token: {"devotion", "insight", "deceit", "silenced"}}`` -- as
    modified in the visit under way, the printed values otherwise (``PrimordialGame.card_stats``)."""
    out = {}
    for z in ("visitors", "hosts", "next_visitors"):
        for lst in d[z]:
            for i in lst:
                out[cid_token(i)] = g.card_stats(d, i)
    return out


def party_totals(g, d, s) -> dict:
    """``s``'s party totals now, with its Visiting Intent's modifiers for the round: the visitors' insight
    and devotion, the hosts' deceit (what a visit compares and spends; floored at 0 like the rules')."""
    t = d["turn"]
    out = {}
    for name, side, zone in (("insight", "v", "visitors"), ("devotion", "v", "visitors"),
                             ("deceit", "h", "hosts")):
        if t is not None and t[side] == s:
            out[name] = E.total(g, d, side, name)
        else:
            out[name] = max(0, sum(E.stat(g, d, i, name) for i in d[zone][s]) + E.intent_mod(g, d, s, name))
    return out


def hidden_tokens(g, d, seat) -> set:
    """Instance tokens ``seat`` must not see now (and, during plotting, the text of the others' plots)."""
    if seat == OMNISCIENT:
        return set()
    hide = []
    f = d["frames"][-1] if d["frames"] else None
    resetting = f is not None and f["t"] == "reset"
    for s in range(d["n"]):
        hide += d["deck"][s] + d["secrets"][s] + d["discard"][s][:-1]
        if not (resetting and s == seat):  # choosing Intents to reset, a player looks through their own
            hide += d["intent_discard"][s][:-1]
        if s != seat:
            hide += d["hand"][s] + d["intent_deck"][s]
    hide += d["pawn_deck"] + d["royal_deck"] + d["removed"] + d["held_out"]
    out = {cid_token(i) for i in hide}
    looking = f is not None and f["t"] == "choose" and (f["kind"] == "steal" or f.get("private"))
    if looking and seat == f["seat"]:
        out -= {cid_token(i) for i in f["options"]}
    return out


# ------------------------------------------------------------------------------------------------
# board hooks: labels, hints, touched entities
# ------------------------------------------------------------------------------------------------
def action_label(g, d, a, seat=None) -> str:
    k, args = a.kind, a.args
    name = g.card_name
    if k == "plot":
        hosts, intent = args
        to = ""
        if intent in ("left", "right", "across") and isinstance(a.seat, int) and isinstance(d, dict):
            from .flow import direction

            to = f" (to {g.seat_name(direction(d['n'], a.seat, intent))})"  # whose Court the party visits
        return f"Plot: host {', '.join(name(c) for c in hosts)}; the rest visit; Intent {name(intent)}{to}"
    if k == "order":
        t = d.get("turn") if isinstance(d, dict) else None
        if t and t.get("order"):
            p = g._pick([i for i, _e in t["order"]], *args)
            if p is not None:  # name the effect itself: a card may have two in one window
                inst, e = t["order"][p[0]]
                from .cards import effect_text

                text = effect_text(g.cards[g.types[inst]].effects[e])
                return f"Resolve {name(args[0])} next — {text}"
        return f"Resolve {name(args[0])}" + (f" (copy {args[1]})" if args[1] > 1 else "") + " next"
    if k == "choose":
        f = d["frames"][-1] if isinstance(d, dict) and d.get("frames") else {}
        why = f" — {f['why']}" if f.get("t") == "choose" and f.get("why") else ""
        return f"Choose {name(args[0])}" + (f" (copy {args[1]})" if args[1] > 1 else "") + why
    if k == "steal":
        return f"Steal the Secret {name(args[0])}"
    if k == "sacrifice":
        return f"Lose {name(args[0])}" + (f" (copy {args[1]})" if args[1] > 1 else "") + " to the host"
    if k == "recruit":
        c = g.cards[args[0]]
        royal = " + " + counted(c.sacrifice, "Sacrifice") if c.kind == "royal" else ""
        cost = f"{c.tribute} tribute{royal}"
        return f"Recruit {c.name} ({cost})"
    if k == "done":
        return "Done recruiting"
    if k == "reset":
        return "Keep Intents: " + ", ".join(name(c) for c in args[0])
    if k == "deal":
        return "Shuffle and deal"
    if k == "shuffle":
        return "Shuffle the Pawn Deck" if args[0] == "pawns" else f"{g.seat_name(args[0])} shuffles"
    return k


def entity_hint(g, d, seat, entity):
    """The natural action on a clicked card (``c<n>``): recruit a Court card, resolve an effect, choose a
    target.  None when a click there means nothing now."""
    for prefix, kinds in (("secret:", ("steal",)), ("pick:", ("choose", "sacrifice", "order"))):
        if isinstance(entity, str) and entity.startswith(prefix):  # a Secret a steal looks through, or a
            # card an effect's choice, the loss of a visitor or the order of effects picks (scene.pick_entity)
            cid, _sep, k = entity[len(prefix):].rpartition(":")
            want = (cid, int(k)) if k.isdigit() else None
            return next((a for a in g.candidates(d, seat) if a.kind in kinds and tuple(a.args) == want
                         and g.check(d, a) is None), None)
    if isinstance(entity, str) and entity.startswith("court:"):  # a Court card named by its card id
        cid = entity[6:]
        court = [*d["court_pawns"], *d["court_royals"], *d["familiars"][-1:]]
        entity = next((cid_token(i) for i in court if g.types[i] == cid), None)
    if not isinstance(entity, str) or not entity.startswith("c") or not entity[1:].isdigit():
        return None
    inst = int(entity[1:])
    if inst >= len(g.types):
        return None
    cid = g.types[inst]
    legal = [a for a in g.candidates(d, seat) if g.check(d, a) is None]
    f = d["frames"][-1] if d["frames"] else None
    for a in legal:
        if a.kind == "recruit" and a.args[0] == cid and inst in (*d["court_pawns"], *d["court_royals"],
                                                                   *d["familiars"]):
            return a
        if a.kind in ("choose", "steal", "sacrifice") and f is not None and f["t"] == "choose":
            picked = g._pick(f["options"], *a.args)
            if picked is not None and picked[1] == inst:
                return a
        if a.kind == "order" and d["turn"] is not None and d["turn"]["order"]:
            picked = g._pick([i for i, _k in d["turn"]["order"]], *a.args)
            if picked is not None and picked[1] == inst:
                return a
    return None


def touched_entities(g, d, a) -> list:
    """Scene entities an action changes (for highlighting)."""
    k = a.kind
    if k == "recruit":
        court = [*d["court_pawns"], *d["court_royals"], *d["familiars"][-1:]]
        return [cid_token(i) for i in court if g.types[i] == a.args[0]][:1]
    f = d["frames"][-1] if d["frames"] else None
    if k in ("choose", "steal", "sacrifice") and f is not None and f["t"] == "choose":
        p = g._pick(f["options"], *a.args)
        return [] if p is None else [cid_token(p[1])]
    if k == "order" and d["turn"] is not None and d["turn"]["order"]:
        p = g._pick([i for i, _k in d["turn"]["order"]], *a.args)
        return [] if p is None else [cid_token(p[1])]
    return []
