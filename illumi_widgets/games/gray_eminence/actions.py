"""Carrying out Gray Eminence decisions (``do_<kind>``); every action was checked legal before."""

from __future__ import annotations

from ...engine import negotiation as N
from . import effects as E
from . import model as M
from . import phases as P


def _top(d):
    return d["frames"][-1]


def _know(d, viewer, cards) -> None:
    k = d["known"].setdefault(str(viewer), [])
    k.extend(c for c in cards if c not in k)


def _left_unseen(d, holder, zone, seen_by) -> None:
    """Cards are about to leave seat ``holder``'s hidden ``zone`` (``"hands"`` or ``"secret"``) by a move that
    only the seats ``seen_by`` saw (a trade between two others, programming face down).  Every other seat
    saw cards leave (how many is public) but not which, so it no longer knows any card of that zone to be
    there: it forgets all of them, the ones that stay as well as the ones that leave.  READING
    (RULES-NOTES.md, "What a seat knows"): knowledge of a card ends when it may have left by a move the
    knower did not see.
    Forgetting only the cards that left would let the knower's view show which ones they were;
    call this before the cards leave, while ``d[zone][holder]`` still holds them."""
    there = set(d[zone][holder])
    if not there:
        return
    for viewer, cards in d["known"].items():
        v = int(viewer)
        if v not in seen_by and v != holder and not there.isdisjoint(cards):
            cards[:] = [c for c in cards if c not in there]


# -- chance ------------------------------------------------------------------------------------------------
def do_deal(g, d, a, log):
    d["frames"].pop()
    P.deal(g, d, a.args[0], log)


def do_shuffle(g, d, a, log):
    d["frames"].pop()
    d["rs"] = a.args[0]
    M.shuffle(d, d["cgpile"])
    log.add(f"The Common Good pile ({len(d['cgpile'])} cards) is shuffled.")


# -- setup -------------------------------------------------------------------------------------------------
def do_eminence(g, d, a, log):
    d["frames"].pop()
    s, gid = a.seat, a.args[0]
    ge = g.cards.eminences[gid]
    d["ge"][s] = gid
    for i, r in enumerate(M.RES):
        n = ge["start"].get(r, 0)
        d["box"][s][i] += n
        d["minted"][i] += n
    for fid in ge["factions"]:
        d["facs"][s].append([fid, True])
    log.add(
        f"{g.seat_name(s)} plays {ge['name']}: starts with {g.vec_text(d['box'][s])}"
        + (", Factions " + ", ".join(g.cards.name(x) for x in ge["factions"]) if ge["factions"] else "")
        + "."
    )


def do_keep(g, d, a, log):
    f = _top(d)
    s, c = a.seat, a.args[0]
    f["cards"].remove(c)
    d["secret"][s].append(c)
    f["keep"] -= 1
    if f["keep"] <= 0 or not f["cards"]:
        d["frames"].pop()
        d["discards"]["secret"] += f["cards"]
        _know(d, s, f["cards"])
        log.add(
            f"{g.seat_name(s)} keeps the chosen Secret Objectives and discards the rest face down.",
            {
                s: f"You keep {g.cards.name(c)}"
                + (f" and discard {', '.join(g.cards.name(x) for x in f['cards'])}" if f["cards"] else "")
                + "."
            },
        )
    else:
        log.add(None, {s: f"You keep {g.cards.name(c)}."})


# -- 1. Refresh --------------------------------------------------------------------------------------------
def do_discard(g, d, a, log):
    s, c = a.seat, a.args[0]
    d["hands"][s].remove(c)
    M.discard_action(d, c)
    log.add(f"{g.seat_name(s)} discards {g.cards.name(c)} (hand limit {E.rule(g, d, 'hand_limit')}).")
    if len(d["hands"][s]) <= E.rule(g, d, "hand_limit"):
        d["frames"].pop()


def do_refresh(g, d, a, log):
    s, fid = a.seat, a.args[0]
    cost = g.cards.factions[fid]["refresh_cost"]
    for r, n in cost.items():
        d["box"][s][E.R[r]] -= n
        d["minted"][E.R[r]] -= n
    for fc in d["facs"][s]:
        if fc[0] == fid:
            fc[1] = True
    log.add(
        f"{g.seat_name(s)} pays {g.vec_text([cost.get(r, 0) for r in M.RES])} to refresh {g.cards.name(fid)}."
    )


def do_done(g, d, a, log):
    d["frames"].pop()


# -- 3. Bidding --------------------------------------------------------------------------------------------
def do_bid(g, d, a, log):
    f = _top(d)
    s = a.seat
    got = f["bids"].setdefault(str(s), [])
    got.append(a.args[1])
    if len(got) == 3:
        log.add(f"{g.seat_name(s)} seals a bid.", {s: f"You seal a bid of {g.vec_text(got)}."})
    if all(len(f["bids"].get(str(x), [])) == 3 for x in range(d["n"])):
        P.reveal_bids(g, d, f, log)


def do_place(g, d, a, log):
    f = _top(d)
    s = f["order"].pop(0)
    i = M.SLOTS.index(a.args[0])
    d["track"][i] = s
    log.add(f"{g.seat_name(s)} takes the position {M.SLOT_NAMES[a.args[0]]}.")
    if not f["order"]:
        d["frames"].pop()
        log.add("New turn order: " + ", ".join(g.seat_name(x) for x in M.order(d)) + ".")


def do_drop(g, d, a, log):
    s, fid = a.seat, a.args[0]
    d["facs"][s] = [fc for fc in d["facs"][s] if fc[0] != fid]
    d["discards"]["faction"].append(fid)
    d["frames"].pop()
    log.add(
        f"{g.seat_name(s)} discards the Faction {g.cards.name(fid)} (at most "
        f"{E.rule(g, d, 'faction_limit')} Factions)."
    )


def do_expose(g, d, a, log):
    d["frames"].pop()
    d["exposed"].append(a.args[0])
    log.add(
        f"{g.seat_name(a.seat)}'s plans are exposed: Secret Objective {g.cards.name(a.args[0])} is turned "
        "face up."
    )


def do_gain(g, d, a, log):
    d["frames"].pop()
    r = E.R[a.args[0]]
    d["box"][a.seat][r] += 1
    d["minted"][r] += 1
    log.add(f"{g.seat_name(a.seat)} gains 1 {a.args[0]} from the Common Pool.")


def do_blackmail(g, d, a, log):
    d["frames"].pop()
    s, target, fid = a.seat, a.args[0], a.args[1]
    log.add(f"{g.seat_name(s)} blackmails {g.seat_name(target)}, demanding the Faction {g.cards.name(fid)}.")
    d["frames"].append({"t": "bmanswer", "seat": target, "by": s, "fid": fid})


def do_comply(g, d, a, log):
    f = d["frames"].pop()
    fc = next(x for x in d["facs"][a.seat] if x[0] == f["fid"])
    d["facs"][a.seat].remove(fc)
    d["facs"][f["by"]].append(fc)  # keeps its Refreshed/Exhausted state
    log.add(f"{g.seat_name(a.seat)} complies and hands {g.cards.name(f['fid'])} to {g.seat_name(f['by'])}.")
    if len(d["facs"][f["by"]]) > E.rule(g, d, "faction_limit"):
        d["frames"].append({"t": "drop", "seat": f["by"]})


def do_refuse(g, d, a, log):
    f = d["frames"].pop()
    log.add(f"{g.seat_name(a.seat)} refuses: {g.seat_name(f['by'])} chooses the penalty.")
    d["frames"].append({"t": "penalty", "seat": f["by"], "target": a.seat})


def do_penalty(g, d, a, log):
    f = d["frames"].pop()
    s, t, what = a.seat, f["target"], a.args[0]
    if what == "objective":
        log.add(f"{g.seat_name(s)} demands to see a Secret Objective of {g.seat_name(t)}.")
        if d["secret"][t]:
            d["frames"].append({"t": "show", "seat": t, "by": s})
        else:
            log.add(f"{g.seat_name(t)} has no Secret Objective to show: {g.seat_name(s)} skulks away.")
        return
    r = E.R[what]
    k = min(E.rule(g, d, "blackmail_amount"), d["box"][t][r])
    d["box"][t][r] -= k
    d["box"][s][r] += k
    log.add(
        f"{g.seat_name(s)} demands {what}: {g.seat_name(t)} pays {k}."
        if k
        else f"{g.seat_name(s)} demands {what}, but {g.seat_name(t)} has none: {g.seat_name(s)} skulks away."
    )


def do_show(g, d, a, log):
    f = d["frames"].pop()
    s, by, x = a.seat, f["by"], a.args[0]
    _know(d, by, [x])
    log.add(
        f"{g.seat_name(s)} privately shows a Secret Objective to {g.seat_name(by)}.",
        {
            by: f"{g.seat_name(s)} shows you the Secret Objective {g.cards.name(x)}.",
            s: f"You show {g.seat_name(by)} your Secret Objective {g.cards.name(x)}.",
        },
    )


def do_take(g, d, a, log):
    d["frames"].pop()
    r = E.R[a.args[0]]
    d["pool"][r] -= 1
    d["box"][a.seat][r] += 1
    log.add(f"{g.seat_name(a.seat)} takes 1 {a.args[0]} from the Bidding Pool (Don't mind if I do).")


# -- 4. Programming -----------------------------------------------------------------------------------------
def do_program(g, d, a, log):
    f = _top(d)
    s = a.seat
    p = f["progs"].setdefault(str(s), {})
    if a.args[0] == "done":
        p["fin"] = True
    else:
        slot, c = a.args[0], a.args[1]
        p[slot] = c
        if slot == "D":
            p["side"] = a.args[2]
            p["fin"] = True
            if len(a.args) > 3:  # READING: the fourth card's cost is paid when the programs are revealed
                p["pay"] = a.args[3]
                p["cost"] = E.rule(g, d, "fourth_cost")
    by_itself = not p.get("fin") and P.program_over(g, d, f, s)
    if by_itself:
        p["fin"] = True  # "if possible": fewer cards, fewer slots; 'done' would be the only choice
    if p.get("fin"):
        log.add(
            f"{g.seat_name(s)} has programmed their cards.",
            {s: "You program " + ", ".join(f"{x}: {g.cards.name(p[x])}" for x in "ABCD" if x in p) + "."
             + (" Your program is complete: nothing more can be placed." if by_itself else "")},
        )
    if all(P.program_done(d, f, x) or not d["hands"][x] for x in range(d["n"])):
        for x in range(d["n"]):
            pp = f["progs"].setdefault(str(x), {})
            pp["fin"] = True
        for x in range(d["n"]):
            placed = [f["progs"][str(x)][slot] for slot in "ABCD" if slot in f["progs"][str(x)]]
            if placed:  # programmed face down: the others see how many cards, not which
                _left_unseen(d, x, "hands", (x,))
            for c in placed:
                d["hands"][x].remove(c)
        P.reveal_programs(g, d, f, log)


# -- effects: a chosen resource ------------------------------------------------------------------------------
def do_pick(g, d, a, log):
    E.picked(g, d, _top(d), a.args[0], log)


# -- 6. Action -----------------------------------------------------------------------------------------------
def do_resolve(g, d, a, log):
    f = _top(d)
    s, c, purpose = a.seat, a.args[0], a.args[1]
    p = d["prog"][s]
    slot = next(x for x in f["left"] if p[x] == c)
    f["left"].remove(slot)
    del p[slot]
    key = {"personal": "pg", "common": "cg", "discard": "dis"}[purpose]
    f["used"][key] += 1
    card = g.cards.actions[c]
    if purpose == "discard":  # face down (RULES-NOTES.md ruling 23): only its owner knows which
        M.discard_action(d, c, face_down=True)
        _know(d, s, [c])
        log.add(f"{g.seat_name(s)} discards a programmed card face down.",
                {s: f"You discard {card['name']} face down."})
    elif purpose == "common":
        d["cgpile"].append([c, s])
        log.add(
            f"{g.seat_name(s)} plays a card face down on the events (Common Good).",
            {s: f"You play {card['name']} face down on the events (Common Good)."},
        )
    else:
        M.discard_action(d, c)
        side = card.get("personal_gain")
        if side is None:
            log.add(
                f"{g.seat_name(s)} reveals {card['name']} for Personal Gain: it has no Personal Gain side, "
                "no effect."
            )
        elif side["shadows_only"] and M.role(d, s) != "shadows":
            log.add(
                f"{g.seat_name(s)} reveals {card['name']} for Personal Gain: that side is for the player In "
                "the Shadows only, no effect."
            )
        else:
            log.add(f"{g.seat_name(s)} reveals {card['name']} for Personal Gain.")
            E.queue(g, d, E.paths_of(g, c, "personal_gain", "effects"), s)
    # (the turn ends by itself once nothing is left to do: phases.turn_over, checked in phases.advance)


def do_exhaust(g, d, a, log):
    s, fid = a.seat, a.args[0]
    for fc in d["facs"][s]:
        if fc[0] == fid:
            fc[1] = False
    log.add(f"{g.seat_name(s)} exhausts {g.cards.name(fid)}.")
    E.queue(g, d, E.paths_of(g, fid, "use"), s)


# -- votes ---------------------------------------------------------------------------------------------------
def do_vote(g, d, a, log):
    f = _top(d)
    f["votes"][str(a.seat)] = a.args[0]
    log.add(f"{g.seat_name(a.seat)} casts a sealed vote.", {a.seat: f"You vote {a.args[0]}."})
    if N.pending_voters(f["votes"], M.order(d)):
        return
    d["frames"].pop()
    win = N.tally(f["votes"], M.order(d))
    shown = "; ".join(f"{g.seat_name(s)}: {f['votes'][str(s)]}" for s in M.order(d))
    d["last"]["vote"] = {"votes": dict(f["votes"]), "winner": win}
    if f["what"] == "entity":
        log.add(f"Votes: {shown}. Result: {win}.")
        if win == "yes":
            E.relation(g, d, f["entity"], -1, log, "the players' vote")
        return
    ref = d[f["slot"]]
    label = E.card_of(g, ref)["options"][win - 1]["label"]
    log.add(f"Votes: {shown}. Result: option {win}, {label} (ties go to the player highest on the track).")
    for fr in reversed(d["frames"]):
        if fr["t"] == "resolve" and fr["slot"] == f["slot"]:
            fr["chosen"] = win - 1
            break


# -- 8. Trading ----------------------------------------------------------------------------------------------
def do_propose(g, d, a, log):
    f = _top(d)
    N.proposed(f)
    N.draft(d["frames"], a.seat, to=a.args[0], give={}, get={})


def do_pass(g, d, a, log):
    f = d["frames"][-1]
    if f["t"] == "trade":
        if N.passed(f):
            d["frames"].pop()
            log.add("Trading ends: every player has passed.")
        return
    d["frames"].pop()  # scoring: no objective this round; a tweet's response: nothing added to the pool
    if f["t"] == "score":  # (what the seat did, for the log and the board's last move)
        log.add(f"{g.seat_name(a.seat)} completes no objective this round.",
                {a.seat: "You complete no objective this round."})
    elif f["t"] == "addone":
        log.add(f"{g.seat_name(a.seat)} adds nothing to the Bidding Pool.",
                {a.seat: "You add nothing to the Bidding Pool."})


def do_offer(g, d, a, log):
    _term(_top(d)["give"], a.args)


def do_ask(g, d, a, log):
    _term(_top(d)["get"], a.args)


def _term(side, args):
    what = args[0]
    if what in M.RES or what == "vp":
        side[what] = side.get(what, 0) + 1
    elif what == "card":
        if len(args) > 1:
            side.setdefault("cards", []).append(args[1])
        else:
            side["cards"] = side.get("cards", 0) + 1
    elif what == "faction":
        side.setdefault("facs", []).append(args[1])
    elif what == "objective":
        if len(args) > 1:
            side.setdefault("objs", []).append(args[1])
        else:
            side["objs"] = side.get("objs", 0) + 1


def do_donate(g, d, a, log):
    d["frames"].pop()
    r = E.R[a.args[0]]
    d["box"][a.seat][r] -= 1
    d["pool"][r] += 1
    log.add(f"{g.seat_name(a.seat)} adds 1 {a.args[0]} to the Bidding Pool.")


def do_cancel(g, d, a, log):
    N.withdraw(d["frames"])
    N.answered(_top(d))


def do_send(g, d, a, log):
    f = N.drafting(d["frames"])
    deal = {"from": a.seat, "to": f["to"], "give": f["give"], "get": f["get"]}
    _know(d, f["to"], list(f["give"].get("cards", [])) + list(f["give"].get("objs", [])))
    head = f"{g.seat_name(a.seat)} proposes a trade to {g.seat_name(f['to'])}: "
    log.add(
        head + g.describe_deal(deal, None) + ".",
        {s: head + g.describe_deal(deal, s) + "." for s in (a.seat, f["to"])},
    )
    N.send(d["frames"], deal, f["to"])


def do_decline(g, d, a, log):
    f = N.pending(d["frames"])
    N.answer(d["frames"], a.seat, False)
    log.add(f"{g.seat_name(a.seat)} declines the trade.")
    d["trades"].append({"round": d["round"], **f["deal"], "accepted": False})
    N.answered(_top(d))


def do_accept(g, d, a, log):
    f = N.pending(d["frames"])
    N.answer(d["frames"], a.seat, True)
    deal = f["deal"]
    frm, to = deal["from"], deal["to"]
    picks = list(a.args)
    _hand_over(d, deal["give"], frm, to, [])
    _hand_over(d, deal["get"], to, frm, picks)
    log.add(
        f"{g.seat_name(to)} accepts the trade with {g.seat_name(frm)}.",
        {
            s: f"{g.seat_name(to)} accepts the trade; cards handed over: "
            + (
                ", ".join(
                    g.cards.name(x)
                    for x in deal["give"].get("cards", []) + deal["give"].get("objs", []) + picks
                )
                or "none"
            )
            + "."
            for s in (frm, to)
        },
    )
    d["trades"].append({"round": d["round"], **deal, "picks": picks, "accepted": True})
    N.answered(_top(d))
    for s in (frm, to):
        if len(d["facs"][s]) > E.rule(g, d, "faction_limit"):
            d["frames"].append({"t": "drop", "seat": s})


def _hand_over(d, side, frm, to, picks):
    for i, r in enumerate(M.RES):
        n = side.get(r, 0)
        d["box"][frm][i] -= n
        d["box"][to][i] += n
    d["vp"][frm] -= side.get("vp", 0)
    d["vp"][to] += side.get("vp", 0)
    cards = list(side["cards"]) if isinstance(side.get("cards"), list) else []
    objs = list(side["objs"]) if isinstance(side.get("objs"), list) else []
    cards += [p for p in picks if p in d["hands"][frm]]
    objs += [p for p in picks if p in d["secret"][frm]]
    # the other seats see how many cards change hands (the deal's terms are public), not which: what they
    # knew of the giver's hand (or of its face-down objectives) is no longer known (a face-up objective is
    # seen moving)
    if cards:
        _left_unseen(d, frm, "hands", (frm, to))
    if any(x not in d["exposed"] for x in objs):
        _left_unseen(d, frm, "secret", (frm, to))
    for c in cards:
        d["hands"][frm].remove(c)
        d["hands"][to].append(c)
        _know(d, frm, [c])
        _know(d, to, [c])
    for x in objs:  # (a face-up objective stays face up)
        d["secret"][frm].remove(x)
        d["secret"][to].append(x)
        _know(d, frm, [x])
        _know(d, to, [x])
    for fid in side.get("facs", []):
        fc = next(x for x in d["facs"][frm] if x[0] == fid)
        d["facs"][frm].remove(fc)
        d["facs"][to].append(fc)


# -- 9. Scoring ----------------------------------------------------------------------------------------------
def do_complete(g, d, a, log):
    d["frames"].pop()
    s, what = a.seat, a.args[0]
    if what == "public":
        obj = g.cards.eminences[d["ge"][s]]["objective"]
        _pay(d, s, obj["spend"])
        d["pub_done"][s] = True  # READING: a Public Objective is completed once
        d["vp"][s] += obj["vp"]
        log.add(f"{g.seat_name(s)} completes their Public Objective {obj['name']}: {obj['vp']} VP.")
        return
    obj = g.cards.objectives[what]
    rivals = [o for o in M.order(d) if o != s]
    if g.contest and obj["spend"] and rivals:
        # Optional rule (Phase 9): the others, in turn order, may try to beat the claim by spending more of
        # the requested resource (the first listed) while meeting the other conditions
        req = next(iter(obj["spend"]))
        if what not in d["exposed"]:
            d["exposed"].append(what)  # the claim shows the card to the table
        log.add(f"{g.seat_name(s)} claims the Secret Objective {obj['name']}: the others may contest it.")
        d["frames"].append(
            {
                "t": "contest",
                "obj": what,
                "claimant": s,
                "res": req,
                "best": obj["spend"][req],
                "leader": s,
                "order": rivals,
                "i": 0,
                "seat": rivals[0],
            }
        )
        return
    _pay(d, s, obj["spend"])
    _secret_done(g, d, s, s, what, log)


def _pay(d, s, vec):
    for r, n in vec.items():
        d["box"][s][E.R[r]] -= n
        d["minted"][E.R[r]] -= n


def _secret_done(g, d, owner, winner, what, log):
    obj = g.cards.objectives[what]
    d["secret"][owner].remove(what)
    d["done"][winner].append(what)
    vp = obj["vp"][g.length]
    log.add(
        f"{g.seat_name(winner)} completes the Secret Objective {obj['name']} ({vp} VP) and turns it face up."
    )
    cards = [x for x in (M.draw(d, "secret") for _ in range(2)) if x is not None]
    if cards:
        d["frames"].append({"t": "keep", "seat": winner, "cards": cards, "keep": 1})
        log.add(
            f"{g.seat_name(winner)} draws two Secret Objectives and keeps one.",
            {winner: "You draw " + ", ".join(g.cards.name(x) for x in cards) + ": keep one."},
        )


def do_contest(g, d, a, log):
    f = d["frames"][-1]
    if a.args:
        f["best"], f["leader"] = a.args[0], a.seat
        log.add(f"{g.seat_name(a.seat)} contests with {a.args[0]} {f['res']}.")
    f["i"] += 1
    if f["i"] < len(f["order"]):
        f["seat"] = f["order"][f["i"]]
        return
    d["frames"].pop()
    obj = g.cards.objectives[f["obj"]]
    spend = dict(obj["spend"])
    spend[f["res"]] = f["best"]
    winner = f["leader"]
    _pay(d, winner, spend)
    if winner != f["claimant"]:
        # READING: the claim is lost: the card goes to the winner's completed objectives
        log.add(f"{g.seat_name(winner)} completes it best and takes the card.")
    _secret_done(g, d, f["claimant"], winner, f["obj"], log)
