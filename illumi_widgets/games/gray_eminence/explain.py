"""Why an action is not legal now: plain words naming the rule (``State.explain``)."""

from __future__ import annotations

from ...engine import IllegalAction
from . import effects as E
from . import model as M
from . import phases as P


def _no(code, msg):
    return IllegalAction(msg, code=code)


def why(g, d, a) -> IllegalAction:
    f = d["frames"][-1] if d["frames"] else None
    if f is None:
        return _no("not-now", "nothing is pending")
    t, k, s = f["t"], a.kind, a.seat
    expects = {"eminence": "eminence", "keep": "keep", "handlimit": "discard", "refresh": "refresh",
               "bid": "bid", "place": "place", "drop": "drop", "expose": "expose", "rolegain": "gain",
               "blackmail": "blackmail", "bmanswer": "comply", "penalty": "penalty", "show": "show",
               "shadowtake": "take", "program": "program", "fx": "pick", "act": "resolve", "vote": "vote",
               "trade": "propose", "terms": "offer", "answer": "accept", "score": "complete"}
    want = expects.get(t)
    step = g.prompt(d, f, g.frame_seat(d, f) if t not in ("bid", "program", "vote") else s)
    if t in ("bid", "program", "vote"):
        if s not in g.sealed_seats(d, f):
            return _no("not-your-decision", f"{g.seat_name(s)} has already committed (a sealed simultaneous "
                       "choice: it is revealed when every player has committed)")
    elif g.frame_seat(d, f) != s:
        return _no("not-your-decision", f"it is not {g.seat_name(s)}'s decision now ({step})")
    if k == "bid" and t == "bid":
        got = f["bids"].get(str(s), [])
        r = M.RES[len(got)] if len(got) < 3 else None
        if len(a.args) == 2 and a.args[0] != r:
            return _no("bid-order", f"bids are sealed one resource at a time: next is {r}")
        if len(a.args) == 2 and isinstance(a.args[1], int) and a.args[1] > d["box"][s][M.RES.index(r)]:
            return _no("bid-too-high", f"Bidding (phase 3): you bid from your Box of Secrets and hold only "
                       f"{d['box'][s][M.RES.index(r)]} {r}")
        return _no("bad-bid", "a bid is 'bid <resource> <amount>' with 0 or more of what you hold")
    if k == "place" and t == "place":
        x = a.args[0] if a.args else None
        if x not in M.SLOTS:
            return _no("bad-position", f"positions are {', '.join(M.SLOTS)}")
        if d["track"][M.SLOTS.index(x)] is not None:
            return _no("taken", f"{M.SLOT_NAMES[x]} is already taken")
        return _no("need-eye-and-shadows", "Bidding (phase 3): there must be a Public Eye and an In the Shadows "
                   "player at the end of placement; this position would leave one of them empty")
    if k == "program" and t == "program":
        if len(a.args) >= 4 and M.role(d, s) == "gray_eminence":
            return _no("gray-is-free", "It pays to be Gray: a Gray Eminence programs the fourth card for free "
                       "(no payment)")
        if len(a.args) == 3 and a.args[0] == "D" and M.role(d, s) != "gray_eminence" and \
                E.rule(g, d, "fourth_cost"):
            return _no("fourth-costs", f"Programming (phase 4): the fourth card costs {E.rule(g, d, 'fourth_cost')}"
                       " resource of any type for players who are not Gray Eminences: say which type")
        if len(a.args) >= 4 and a.args[3] in M.RES and d["box"][s][M.RES.index(a.args[3])] < \
                E.rule(g, d, "fourth_cost"):
            return _no("cannot-pay", f"you cannot pay {E.rule(g, d, 'fourth_cost')} {a.args[3]} for the fourth card")
        if len(a.args) >= 2 and a.args[1] not in d["hands"][s]:
            return _no("not-in-hand", "you can only program cards from your hand, each once")
        return _no("slot-order", "Programming fills slots A (Common Good), B (Personal Gain), C (discard) in "
                   "order, then the optional D")
    if k == "resolve" and t == "act":
        return _no("assignment", "Action (phase 6): of your programmed cards one goes to Personal Gain, one to "
                   "Common Good and one is discarded; the fourth either Personal Gain or Common Good")
    if k == "done" and t == "act":
        return _no("cards-left", "resolve all your programmed cards first")
    if k == "blackmail" and t == "blackmail":
        return _no("no-faction", "Blackmailing can only be inflicted on a player with a Faction card, for one "
                   "of their Factions")
    if k == "vote" and t == "vote":
        return _no("unaffordable", "vote for one of the options the Bidding Pool can pay for (Resolution, "
                   "phase 7)")
    if k == "complete" and t == "score":
        return _no("objective-not-met", "Scoring (phase 9): the objective's conditions are not met or you "
                   "cannot spend its cost")
    if k == "refresh" and t == "refresh":
        return _no("cannot-refresh", "Refresh (phase 1): only an exhausted Faction with a refresh cost you can "
                   "pay (some refresh only on a #hashtag)")
    if k == "accept" and t == "answer":
        return _no("cannot-give", "you do not hold what the trade asks for")
    if k == "take" and t == "shadowtake":
        return _no("pool-empty", "the Bidding Pool has none of that resource")
    if k == "discard" and t == "handlimit":
        return _no("not-in-hand", "discard a card from your hand")
    if want and k != want and not (t == "act" and k in ("exhaust", "done")) and not (
            t in ("trade", "terms", "answer", "refresh", "program", "score", "bmanswer") and k in (
            "pass", "send", "cancel", "offer", "ask", "decline", "done", "refuse", "comply")):
        return _no("wrong-step", f"not now: {step}")
    _ = P
    return _no("not-allowed", f"not allowed now: {step}")
