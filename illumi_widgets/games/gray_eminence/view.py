"""Per-seat views (the one place hidden information is filtered), prompts, plain-English labels, the
secrets the no-leak checks look for, and the consistency checks of a position.

A seat sees: its own Box of Secrets (others: nothing — READING: the board shows a resource count only for
the viewer's own box), its own hand (others: how many cards), its own Secret Objectives (others: how many,
the ones exposed by the Public Eye and the ones shown to this seat by blackmail or trade), its own sealed
bid, program and vote while pending (others: only whether they have committed), its own face-down cards in
the Common Good pile.  Everything on the Power Struggle Board is public.  A programmed card discarded
unplayed lies face down on the Action discard pile (RULES-NOTES.md ruling 23): every seat's view counts it,
only its owner's names it (``face_down_discards``, and its own log line), the pile's face-up top stays the
last card discarded face up.

What a seat knows of a rival's hidden cards (``known``, shown in ``hand_known`` and ``secret_objectives``)
is kept by ``actions.py`` so that it changes only on what the seat saw: when cards leave a rival's hand (or
its face-down objectives) by a move the seat did not see, it forgets every card it knew there.
"""

from __future__ import annotations

from ...engine.game import OMNISCIENT
from ...engine.words import counted
from . import effects as E
from . import model as M
from . import scoring as S

ROLE_NAMES = {
    "public_eye": "In the Public Eye",
    "gray_eminence": "Gray Eminence",
    "shadows": "In the Shadows",
}


def _sees(seat, owner) -> bool:
    return seat == OMNISCIENT or seat == owner


def _card(g, cid) -> dict:
    return {"id": cid, "name": g.cards.name(cid)}


def known(d, seat) -> set:
    return set(d["known"].get(str(seat), [])) if isinstance(seat, int) else set()


def make_view(g, d, seat) -> dict:
    f = d["frames"][-1] if d["frames"] else None
    kn = known(d, seat)
    seats = []
    for s in range(d["n"]):
        own = _sees(seat, s)
        ge = d["ge"][s]
        pub = g.cards.eminences[ge]["objective"] if ge else None
        secret = [_card(g, x) for x in d["secret"][s] if own or x in d["exposed"] or x in kn]
        prog = None
        if own:
            if f and f["t"] == "program":
                prog = {
                    k: v for k, v in f["progs"].get(str(s), {}).items() if k in ("A", "B", "C", "D", "side")
                }
            elif d["prog"][s]:
                prog = dict(d["prog"][s])
        committed = None
        if f and f["t"] in ("bid", "program", "vote"):
            committed = s not in g.sealed_seats(d, f)
        seats.append(
            {
                "seat": s,
                "name": g.seat_name(s),
                "eminence": _card(g, ge) if ge else None,
                "role": M.role(d, s) if s in d["track"] else None,
                "box": list(d["box"][s]) if own else None,
                "hand": [_card(g, c) for c in d["hands"][s]] if own else None,
                "hand_count": len(d["hands"][s]),
                # the cards of another's hand this seat knows are there (it traded or was offered them)
                "hand_known": None if own else [_card(g, c) for c in d["hands"][s] if c in kn],
                "factions": [
                    {"id": fc[0], "name": g.cards.name(fc[0]), "refreshed": fc[1]} for fc in d["facs"][s]
                ],
                "secret_objectives": secret,
                "secret_count": len(d["secret"][s]),
                # the Secret Objectives dealt to it still to choose from: all dealt at once at setup (step 6),
                # so they are its own before its turn to keep two comes (``pending`` shows the current turn's)
                "dealt": [_card(g, x) for fr in d["frames"] if fr["t"] == "keep" and fr["seat"] == s
                          for x in fr["cards"]] if own else None,
                "exposed": [x for x in d["secret"][s] if x in d["exposed"]],
                "completed": [_card(g, x) for x in d["done"][s]],
                "public_objective": {"name": pub["name"], "done": d["pub_done"][s], "vp": pub["vp"]}
                if pub
                else None,
                "vp_markers": d["vp"][s],
                "program": prog,
                "programmed_count": sum(1 for k in "ABCD" if k in (d["prog"][s] or {})),
                "committed": committed,
                "bid": (list(f["bids"].get(str(s), [])) if own and f and f["t"] == "bid" else None),
                "vote": (f["votes"].get(str(s)) if own and f and f["t"] == "vote" else None),
            }
        )
    view = {
        "game": "gray-eminence",
        "players": d["n"],
        "round": d["round"],
        "rounds": d["rounds"],
        "phase": d["phase"],
        "step": f["t"] if f else None,
        "scenario": {
            "id": g.scenario["id"],
            "name": g.scenario["name"],
            # public from setup: its words (from its record), met now or not, its parts and where they stand
            "common_objective": S.common_objective(g, d),
        },
        "track": [None if x is None else x for x in d["track"]],
        "order": M.order(d),
        "relations": [{"entity": e, "level": v, "state": M.LEVELS[v]} for e, v in d["rel"].items()],
        "pool": list(d["pool"]),
        "seats": seats,
        "mandatory": _event(g, d, d["mandatory"]),
        "additional": _event(g, d, d["additional"]),
        "tweets": [_card(g, t) for t in d["tweets"]],
        "resolved": [{"id": r, "name": g.cards.name(r), "with": used} for r, used in d["resolved"]],
        "unresolved": [_card(g, r) for r in d["unresolved"]],
        "common_good_pile": len(d["cgpile"]),
        "my_common_good": [_card(g, c) for c, o in d["cgpile"] if _sees(seat, o)],
        "decks": {k: len(v) for k, v in d["decks"].items()},
        # the Action discard pile: its face-up cards (the last five, top last) and how many lie face down
        # (programmed cards discarded unplayed: ruling 23); which those are, a seat sees only of its own
        # (it chose them: ``known``, as ``my_common_good``), the analysis view of all
        "action_discard": [_card(g, c) for c in _face_up_discards(d)[-5:]],
        "action_discard_face_down": len(M.face_down(d)),
        "face_down_discards": [_card(g, c) for c in M.face_down(d) if seat == OMNISCIENT or c in kn],
        # the Secret Objectives on their (face-down) discard pile that this seat knows: the ones it discarded
        # itself (dealt and not kept), as ``face_down_discards``; the analysis view: all of them
        "secret_discards_known": [_card(g, c) for c in d["discards"]["secret"]
                                  if seat == OMNISCIENT or c in kn],
        "last_bids": d["last"].get("bids")
        if not (f and f["t"] in ("bid", "place")) or f["t"] == "place"
        else None,
        "bid_order": d["last"].get("bid_order"),
        "last_vote": d["last"].get("vote"),
        "rules": {k: E.rule(g, d, k) for k in ("hand_limit", "tweet_slots", "fourth_cost", "faction_limit")},
        "pending": _pending(g, d, f, seat),
    }
    # the analysis view: every hidden zone, in order, in the shape every game's analysis view uses; the
    # sealed bids, programs and votes under "omniscient" (a seat's or a spectator's view: None for both)
    omni = seat == OMNISCIENT
    view["hidden"] = hidden_zones(g, d) if omni else None
    view["omniscient"] = {"sealed": _sealed(g, f)} if omni else None
    if d["result"] is not None:
        view["result"] = d["result"]
    return view


def _zone(g, name: str, cards, **more) -> dict:
    cards = list(cards)
    return {"zone": name, "cards": cards, "names": [g.cards.name(c) for c in cards], **more}


DECK_NAMES = {"action": "Action deck", "faction": "Faction deck", "secret": "Secret Objective deck",
              "tweet": "Tweet deck", "event": "Event deck"}


def hidden_zones(g, d) -> list:
    """Every zone no seat (or only its owner) sees, in order, for the analysis (omniscient) view, each
    ``{"zone": words, "cards": ids, "names": card names}``, a pile's top card first (the shape of every
    game's analysis view): the draw decks (the next card drawn first), the Escalation cards still in the
    box, the face-down cards of the Action discard pile (``depth``: each one's place from the top, 0 = the
    top card), the Secret Objective discards (face down), each seat's hand, Secret Objectives and program
    (``slots``: the slot of each card, ``side``), the Common Good pile in the order played (``seats``: who
    played each), and cards dealt to be kept."""
    down = set(M.face_down(d))
    pile = d["discards"]["action"]
    zones = [_zone(g, DECK_NAMES.get(k, f"{k} deck"), reversed(v)) for k, v in d["decks"].items()]
    zones.append(_zone(g, "Escalation box", d["box_esc"]))
    low = [i for i in range(len(pile) - 1, -1, -1) if pile[i] in down]
    zones.append(_zone(g, "Action discard pile (face down)", [pile[i] for i in low],
                       depth=[len(pile) - 1 - i for i in low]))
    zones.append(_zone(g, "Secret Objective discard pile", reversed(d["discards"]["secret"])))
    for s in range(d["n"]):
        who = g.seat_name(s)
        zones.append(_zone(g, f"{who}'s hand", d["hands"][s]))
        zones.append(_zone(g, f"{who}'s Secret Objectives", d["secret"][s]))
    for s, p in enumerate(d["prog"]):
        if p:
            slots = [k for k in "ABCD" if k in p]
            zones.append(_zone(g, f"{g.seat_name(s)}'s program", [p[k] for k in slots], slots=slots,
                               side=p.get("side")))
    zones.append(_zone(g, "Common Good pile", [c for c, _o in d["cgpile"]],
                       seats=[g.seat_name(o) for _c, o in d["cgpile"]]))
    zones += [_zone(g, f"{g.seat_name(x['seat'])}'s cards dealt to keep", x["cards"])
              for x in d["frames"] if x["t"] == "keep"]
    return zones


def _sealed(g, f) -> dict:
    """The sealed bids, programs or votes of the decision pending, by seat name (analysis view only)."""
    if f and f["t"] == "bid":
        return {g.seat_name(int(k)): list(v) for k, v in f["bids"].items()}
    if f and f["t"] == "program":
        return {g.seat_name(int(k)): {x: y for x, y in v.items() if x in ("A", "B", "C", "D", "side")}
                for k, v in f["progs"].items()}
    if f and f["t"] == "vote":
        return {g.seat_name(int(k)): v for k, v in f["votes"].items()}
    return {}


def _face_up_discards(d) -> list:
    down = set(M.face_down(d))
    return [c for c in d["discards"]["action"] if c not in down] if down else list(d["discards"]["action"])


def _event(g, d, ref):
    if ref is None:
        return None
    c = E.card_of(g, ref)
    return {
        "id": ref,
        "name": c["name"],
        "hashtags": list(c["hashtags"]),
        "escalation": ":" in ref,
        "options": [
            {
                "label": o["label"],
                "cost": [o["cost"].get(r, 0) for r in M.RES],
                "affordable": all(d["pool"][E.R[r]] >= n for r, n in o["cost"].items()),
            }
            for o in c["options"]
        ],
        "personal_gain": c["unresolved"]["personal_gain"],
    }


def _pending(g, d, f, seat):
    if f is None:
        return None
    t = f["t"]
    out = {"t": t}
    if t == "eminence":  # the Gray Eminences still free (which are taken is public), drawn for the chooser
        out.update({"seat": f["seat"], "cards": [_card(g, x) for x in g.cards.eminences if x not in d["ge"]]})
    if t == "keep" and _sees(seat, f["seat"]):  # the Secret Objectives dealt: only their owner sees them
        out.update({"seat": f["seat"], "cards": [_card(g, x) for x in f["cards"]], "keep": f.get("keep")})
    if t == "vote":
        out.update({"what": f["what"], "options": list(f["options"])})
    if t == "place":
        out["order"] = list(f["order"])
    if t == "terms" and _sees(seat, f["seat"]):
        out["deal"] = describe_deal(
            g, {"from": f["seat"], "to": f["to"], "give": f["give"], "get": f["get"]}, seat
        )
    if t == "answer":
        out["deal"] = describe_deal(g, f["deal"], seat)
        if _sees(seat, f["deal"]["from"]) or _sees(seat, f["deal"]["to"]):  # counts for the two traders
            out["terms"] = {
                k: {x: (len(v) if isinstance(v, list) else v) for x, v in f["deal"][k].items()}
                for k in ("give", "get")
            }
    if t == "bmanswer":
        out.update({"by": f["by"], "faction": _card(g, f["fid"])})
    return out


def describe_deal(g, deal, viewer) -> str:
    """A trade in words; Action cards and Secret Objectives are named only to the two traders."""
    party = viewer == OMNISCIENT or viewer in (deal["from"], deal["to"])

    def items(side):
        out = [f"{side[r]} {r}" for r in M.RES if side.get(r)]
        if side.get("vp"):
            out.append(f"{side['vp']} VP")
        for key, word in (("cards", "Action card"), ("objs", "Secret Objective")):
            v = side.get(key)
            if isinstance(v, list) and v:
                out.append(", ".join(g.cards.name(c) for c in v) if party else counted(len(v), word))
            elif isinstance(v, int) and v:
                out.append(f"{counted(v, word)} of their choice")
        out += [f"the Faction {g.cards.name(x)}" for x in side.get("facs", [])]
        return " and ".join(out) or "nothing"

    return (
        f"{g.seat_name(deal['from'])} gives {items(deal['give'])}; "
        f"{g.seat_name(deal['to'])} gives {items(deal['get'])}"
    )


#: the question of each step whose wording does not depend on the position (see ``prompt``)
_PROMPTS = {
    "eminence": "choose your Gray Eminence",
    "refresh": "pay to refresh an exhausted Faction, or done",
    "bid": "seal your bid: how much money, then power, then influence",
    "place": "choose your position on the visibility track",
    "drop": "you have too many Factions: discard one",
    "expose": "your plans are exposed: turn one Secret Objective face up",
    "rolegain": "take 1 resource from the Common Pool",
    "blackmail": "blackmail a player: demand one of their Factions",
    "bmanswer": "you are blackmailed: comply (hand over the Faction) or refuse",
    "penalty": "they refused: choose the penalty (a resource type or a Secret Objective)",
    "show": "privately show one of your Secret Objectives to the blackmailer",
    "shadowtake": "take 1 resource from the Bidding Pool",
    "program": "program your Action cards (slots A, B, C, optional D)",
    "fx": "choose which resource",
    "act": "resolve your programmed cards (Personal Gain, Common Good, discard) and use Factions",
    "trade": "propose a trade to another player, or pass",
    "terms": "build your trade proposal, then send it",
    "answer": "accept or decline the trade proposed to you",
    "score": "complete one objective, or pass",
    "contest": "contest the claimed Secret Objective by spending more, or let it stand",
    "addone": "you may add one resource to the Bidding Pool",
}


def prompt(g, d, f, s) -> str:
    """The question of step ``f`` for seat ``s`` (only the wording of that step is worked out: a prompt is
    made for every pending decision)."""
    t = f["t"]
    if t == "keep":
        text = f"keep {f.get('keep')} of the Secret Objectives dealt to you"
    elif t == "handlimit":
        text = f"discard down to {E.rule(g, d, 'hand_limit')} cards"
    elif t == "vote":
        text = _vote_prompt(g, d, f)
    else:
        text = _PROMPTS.get(t, t)
    return f"{g.seat_name(s)}: {text}"


# -- secrets and consistency --------------------------------------------------------------------------------
def _tokens(g, ids) -> set:
    out = set()
    for c in ids:
        out.add(c)
        out.add(g.cards.name(c))
    return out


def secrets(g, d, seat) -> set:
    if seat == OMNISCIENT:
        return set()
    kn = known(d, seat)
    hidden = []
    f = d["frames"][-1] if d["frames"] else None
    for o in range(d["n"]):
        if o == seat:
            continue
        hidden += d["hands"][o]
        hidden += [x for x in d["secret"][o] if x not in d["exposed"]]
        hidden += [v for k, v in (d["prog"][o] or {}).items() if k in "ABCD"]
        if f and f["t"] == "keep" and f["seat"] == o:
            hidden += f["cards"]
    hidden += [c for c, o in d["cgpile"] if o != seat]
    # (the draw decks are not listed: which cards they hold follows from the public places; their order is
    # what is hidden, and views show only their sizes)
    hidden += d["discards"]["secret"]
    hidden += M.face_down(d)  # (its owner knows it: ``known``)
    return _tokens(g, [c for c in hidden if c not in kn])


def _wanted(g) -> dict:
    """The cards of each kind in play for this game's scenario (sorted ids), computed once per game."""
    got = g.__dict__.get("_wanted_cards")
    if got is None:
        sets = {"standard", *g.scenario["card_sets"]}
        c = g.cards
        got = g.__dict__["_wanted_cards"] = {
            "action": sorted(k for k, v in c.actions.items() if v["scenario"] in sets),
            "secret": sorted(c.objectives),
            "tweet": sorted(k for k, v in c.tweets.items() if v["scenario"] in sets),
            "event": sorted(k for k, v in c.events.items() if v["scenario"] in sets),
            "escalation": sorted(c.escalations),
            "faction": sorted(k for k, v in c.factions.items() if v["scenario"] in sets),
        }
    return got


def problems(g, d) -> list:
    out = []
    for r in range(3):
        total = sum(d["box"][s][r] for s in range(d["n"])) + d["pool"][r]
        if total != d["minted"][r]:
            out.append(
                f"{M.RES[r]}: boxes and Bidding Pool hold {total}, but {d['minted'][r]} left the Common Pool"
            )
        if d["pool"][r] < 0 or any(d["box"][s][r] < 0 for s in range(d["n"])):
            out.append(f"{M.RES[r]}: a negative amount")
    down = d.get("facedown", [])
    if not isinstance(down, list) or any(not isinstance(c, str) or c not in g.cards.actions for c in down):
        out.append("field 'facedown' must be a list of Action card ids (the Action discards lying face down)")
    if d["frames"] and d["frames"][-1]["t"] == "deal":
        return out
    placed = [s for s in d["track"] if s is not None]
    if len(placed) != len(set(placed)):
        out.append("a seat stands twice on the visibility track")
    place = d["frames"] and any(f["t"] == "place" for f in d["frames"])
    if not place and (
        sorted(placed) != list(range(d["n"])) or d["track"][0] is None or d["track"][4] is None
    ):
        out.append("the visibility track needs every seat once, a Public Eye and an In the Shadows player")
    want_all = _wanted(g)
    # Action cards
    where = (
        list(d["decks"]["action"])
        + d["discards"]["action"]
        + [c for h in d["hands"] for c in h]
        + [v for p in d["prog"] if p for k, v in p.items() if k in "ABCD"]
        + [c for c, _ in d["cgpile"]]
    )
    if sorted(where) != want_all["action"]:
        out.append("Action cards are not conserved (lost or duplicated)")
    # Secret Objectives
    where = (
        list(d["decks"]["secret"])
        + d["discards"]["secret"]
        + [c for h in d["secret"] for c in h]
        + [c for h in d["done"] for c in h]
        + [c for f in d["frames"] if f["t"] == "keep" for c in f["cards"]]
    )
    if sorted(where) != want_all["secret"]:
        out.append("Secret Objectives are not conserved")
    # Tweets
    where = list(d["decks"]["tweet"]) + d["discards"]["tweet"] + d["tweets"]
    if sorted(where) != want_all["tweet"]:
        out.append("Tweet cards are not conserved")
    # Events and Escalations
    refs = (
        list(d["decks"]["event"])
        + [x for x in (d["mandatory"], d["additional"]) if x]
        + [r for r, _ in d["resolved"]]
        + d["unresolved"]
    )
    events = sorted(r for r in refs if ":" not in r)
    if events != want_all["event"]:
        out.append("Event cards are not conserved")
    escs = sorted([r.split(":")[0] for r in refs if ":" in r] + d["box_esc"])
    if escs != want_all["escalation"]:
        out.append("Escalation cards are not conserved")
    # Factions
    facs = list(d["decks"]["faction"]) + d["discards"]["faction"] + [fc[0] for m in d["facs"] for fc in m]
    if len(facs) != len(set(facs)):
        out.append("a Faction card is in two places")
    if d["round"] >= 1:
        want = set(want_all["faction"])
        want |= {f for gid in d["ge"] if gid for f in g.cards.eminences[gid]["factions"]}
        if set(facs) != want:
            out.append("Faction cards are not conserved")
    for e, v in d["rel"].items():
        if not -2 <= v <= 2:
            out.append(f"the {e} relationship marker is off the chart")
    return out


# -- plain-English presentation hooks -----------------------------------------------------------------------
def label(g, d, a, seat=None) -> str:
    k, args = a.kind, a.args
    n = g.cards.name
    who = "" if seat is not None and seat == a.seat else f"{g.seat_name(a.seat)}: " if a.seat >= 0 else ""
    text = {
        "deal": lambda: "Shuffle the decks and the visibility track",
        "shuffle": lambda: "Shuffle the Common Good pile",
        "eminence": lambda: f"Play as {n(args[0])}",
        "keep": lambda: f"Keep {n(args[0])}",
        "discard": lambda: f"Discard {n(args[0])}",
        "refresh": lambda: f"Refresh {n(args[0])}",
        "done": lambda: (
            "Finish your actions"
            if d["frames"] and d["frames"][-1]["t"] == "act"
            else "Refresh no more Factions"
        ),
        "bid": lambda: f"Bid {args[1]} {args[0]}",
        "place": lambda: f"Take the position {M.SLOT_NAMES.get(args[0], args[0])}",
        "drop": lambda: f"Discard the Faction {n(args[0])}",
        "expose": lambda: f"Turn {n(args[0])} face up",
        "gain": lambda: f"Gain 1 {args[0]}",
        "blackmail": lambda: f"Blackmail {g.seat_name(args[0])} for {n(args[1])}",
        "comply": lambda: "Comply: hand over the Faction",
        "refuse": lambda: "Refuse the blackmail",
        "penalty": lambda: (
            "Demand to see a Secret Objective"
            if args[0] == "objective"
            else f"Demand {E.rule(g, d, 'blackmail_amount')} {args[0]}"
        ),
        "show": lambda: f"Show {n(args[0])}",
        "take": lambda: f"Take 1 {args[0]} from the Bidding Pool",
        "program": lambda: (
            "Program no fourth card"
            if args[0] == "done"
            else f"Program {n(args[1])} in slot {args[0]}"
            + (f" for {'Common Good' if args[2] == 'common' else 'Personal Gain'}" if len(args) > 2 else "")
            + (f", paying {E.rule(g, d, 'fourth_cost')} {args[3]}" if len(args) > 3 else "")
        ),
        "pick": lambda: f"Choose {args[0]}",
        "resolve": lambda: {
            "personal": f"Play {n(args[0])} for Personal Gain",
            "common": f"Play {n(args[0])} face down for the Common Good",
            "discard": f"Discard {n(args[0])}",
        }[args[1]],
        "exhaust": lambda: f"Use the Faction {n(args[0])}",
        "vote": lambda: _vote_label(g, d, args[0]),
        "propose": lambda: f"Propose a trade to {g.seat_name(args[0])}",
        "pass": lambda: {
            "trade": "Pass: propose no trade",
            "score": "Pass: complete no objective this round",
            "addone": "Pass: add nothing to the Bidding Pool",
        }.get(d["frames"][-1]["t"] if d["frames"] else None, "Pass"),
        "offer": lambda: _term_label("Offer", g, args),
        "ask": lambda: _term_label("Ask for", g, args),
        "send": lambda: "Send the proposal",
        "cancel": lambda: "Cancel the proposal",
        "accept": lambda: "Accept the trade" + (" giving " + ", ".join(n(x) for x in args) if args else ""),
        "decline": lambda: "Decline the trade",
        "complete": lambda: (
            "Complete your Public Objective" if args[0] == "public" else f"Complete {n(args[0])}"
        ),
        "contest": lambda: (
            f"Contest it by spending {args[0]} {d['frames'][-1].get('res', '')}".rstrip()
            if args and d["frames"]
            else f"Contest it by spending {args[0]}"
            if args
            else "Let the claim stand"
        ),
        "donate": lambda: f"Add 1 {args[0]} to the Bidding Pool",
    }.get(k)
    return who + (text() if text else k)


def _vote_prompt(g, d, f) -> str:
    """What a vote is about: the Event (and its slot) or the relationship it may worsen."""
    if f.get("what") == "event" and d.get(f.get("slot") or ""):
        return (f"cast your sealed vote on how to resolve {g.cards.name(d[f['slot']])} "
                f"(the {f['slot'].capitalize()} Event)")
    if f.get("what") == "entity":
        return f"cast your sealed vote: worsen the {f.get('entity')} relationship or leave it"
    return "cast your sealed vote"


def _vote_label(g, d, choice) -> str:
    f = d["frames"][-1] if d["frames"] else None
    if choice in ("yes", "no"):
        return "Vote to worsen the relationship" if choice == "yes" else "Vote to leave it"
    if f and f["t"] == "vote" and f.get("slot") and d.get(f["slot"]):
        return f"Vote for {E.card_of(g, d[f['slot']])['options'][choice - 1]['label']}"
    return f"Vote for option {choice}"


def _term_label(verb, g, args) -> str:
    what = args[0]
    if what in M.RES:
        return f"{verb} 1 {what}"
    if what == "vp":
        return f"{verb} 1 Victory Point marker"
    if len(args) > 1:
        return f"{verb} {g.cards.name(args[1])}"
    return f"{verb} {'an Action card' if what == 'card' else 'a Secret Objective'} of their choice"


def hint(g, d, seat, entity):
    """The one action clicking ``entity`` (a card id, a position name, a resource) most likely means."""
    for a in g.candidates(d, seat):
        if entity in a.args:
            return a
    return None


def legend(g, seat=None) -> list:
    return [
        {"symbol": "●", "color": "#f2c94c", "text": "In the Public Eye: acts first, wins vote ties"},
        {"symbol": "◐", "color": "#9aa5b1", "text": "Gray Eminence: a free fourth card"},
        {"symbol": "○", "color": "#4f4f6f", "text": "In the Shadows: blackmail, stronger cards"},
        {"symbol": "■", "color": "#27ae60", "text": "Money"},
        {"symbol": "■", "color": "#c0392b", "text": "Power"},
        {"symbol": "■", "color": "#8e44ad", "text": "Influence"},
        {"symbol": "▲", "color": "#2d9cdb", "text": "Common Good"},
        {"symbol": "▼", "color": "#f2994a", "text": "Personal Gain"},
    ]


def confirm(g, d, action):
    if action.kind == "refuse":
        return "Refusing lets the blackmailer take resources or see a Secret Objective. Refuse?"
    if action.kind == "accept":
        return "Accept this trade? It cannot be taken back once the next player acts."
    if action.kind == "program" and len(action.args) > 3:
        return f"The fourth card costs {E.rule(g, d, 'fourth_cost')} {action.args[3]}. Program it?"
    return None


def touched(g, d, action) -> list:
    ids = [x for x in action.args if isinstance(x, str) and x[:1] in "AEFGSTX" and x[1:3].isdigit()]
    if action.kind in ("bid", "gain", "take", "pick", "offer", "ask"):
        ids.append("pool" if action.kind in ("take", "bid") else f"box-{action.seat}")
    return ids
