"""The round: setup and the nine phases as frame starters and automatic steps (rulebook "Round Phases").

``advance(g, d, log)`` runs automatic frames until a decision is pending.  When the frame stack is empty the
next step of ``d["todo"]`` starts.  Decisions are carried out by ``rules.py`` (``_do_<kind>``).
"""

from __future__ import annotations

from ...engine import negotiation as N
from ...engine.words import counted
from . import effects as E
from . import model as M

ROUND = (
    "refresh",
    "event",
    "bidding",
    "programming",
    "tweets",
    "action",
    "resolution",
    "trading",
    "scoring",
    "endround",
)
TITLES = {
    "refresh": "Refresh",
    "event": "Event",
    "bidding": "Bidding",
    "programming": "Programming",
    "tweets": "Presidential response",
    "action": "Action",
    "resolution": "Resolution",
    "trading": "Trading",
    "scoring": "Scoring",
}
MAX_PROPOSALS = 2  # READING: each player makes at most two trade proposals per Trading phase (never stalls)
MAX_TERMS = 6  # READING: a proposal lists at most six items


def advance(g, d, log) -> None:
    while d["result"] is None:
        if not d["frames"]:
            if not d.get("todo"):
                return
            step = d["todo"].pop(0)
            d["phase"] = step
            if step in TITLES:
                log.add(f"— Phase {ROUND.index(step) + 1}: {TITLES[step]} —")
            START[step](g, d, log)
            continue
        f = d["frames"][-1]
        auto = AUTO.get(f["t"])
        if auto is not None:
            auto(g, d, f, log)
            continue
        if f["t"] == "fx":
            if E.run(g, d, log):
                continue
            return
        if f["t"] in ("deal", "shuffle", "bid", "program", "vote"):
            return
        if f["t"] == "act" and turn_over(d, f):  # (the one place an Action turn ends by itself)
            d["frames"].pop()
            continue
        if not g.candidates(d, g.frame_seat(d, f)):  # a step with no possible choice is skipped
            d["frames"].pop()
            continue
        return


def push_seq(d, frames) -> None:
    """Push frames so that the first of ``frames`` is on top (runs first)."""
    d["frames"].extend(reversed(frames))


# -- setup ------------------------------------------------------------------------------------------------
def deal(g, d, seed: int, log) -> None:
    """Setup steps 2–7 (rulebook "Game Setup"): Bidding Pool 1 of each, meeples in random order, decks."""
    d["rs"] = seed
    c, scen = g.cards, g.scenario
    sets = {"standard", *scen["card_sets"]}
    starting = {f for ge in c.eminences.values() for f in ge["factions"]}
    for deck, fam in (
        ("action", c.actions),
        ("faction", c.factions),
        ("tweet", c.tweets),
        ("event", c.events),
    ):
        d["decks"][deck] = M.shuffle(
            d, [k for k, v in fam.items() if v["scenario"] in sets and k not in starting]
        )
    d["decks"]["secret"] = M.shuffle(d, list(c.objectives))
    d["box_esc"] = list(c.escalations)
    d["rel"] = dict(scen["relations"])
    for r in range(3):
        d["pool"][r] += 1
        d["minted"][r] += 1
    seats = M.shuffle(d, list(range(d["n"])))
    track = [None] * 5
    track[0], track[4] = seats[0], seats[-1]
    for i, s in enumerate(seats[1:-1]):
        track[1 + i] = s
    d["track"] = track
    log.add(
        "Setup: the Bidding Pool gets 1 money, 1 power and 1 influence; the visibility track in random "
        "order: " + ", ".join(g.seat_name(s) for s in M.order(d)) + f". Scenario: {scen['name']}, "
        f"{d['rounds']} rounds."
    )
    push_seq(d, [{"t": "eminence", "seat": s} for s in M.order(d)] + [{"t": "setup2"}])


def _auto_setup2(g, d, f, log) -> None:
    d["frames"].pop()
    chosen = set(d["ge"])
    back = [
        fid
        for gid, ge in g.cards.eminences.items()
        if gid not in chosen
        for fid in ge["factions"]
        if fid in g.cards.factions
        and g.cards.factions[fid]["scenario"] in ("standard", *g.scenario["card_sets"])
    ]
    if back:  # READING: the starting Factions of the Gray Eminences nobody chose join the Faction deck
        d["decks"]["faction"].extend(back)
        M.shuffle(d, d["decks"]["faction"])
    frames = []
    for s in M.order(d):
        cards = [x for x in (M.draw(d, "secret") for _ in range(3)) if x is not None]
        frames.append({"t": "keep", "seat": s, "cards": cards, "keep": 2})
        log.add(
            f"{g.seat_name(s)} is dealt three Secret Objectives and keeps two.",
            {s: "You are dealt " + ", ".join(g.cards.name(x) for x in cards) + ": keep two."},
        )
    push_seq(d, frames)
    d["todo"] = list(ROUND)


# -- 1. Refresh ---------------------------------------------------------------------------------------------
def _start_refresh(g, d, log) -> None:
    d["round"] += 1
    d["escalated"] = False
    d["status"] = {}
    log.add(f"Round {d['round']} of {d['rounds']}.")
    n = E.rule(g, d, "refresh_draw")
    frames = []
    for s in M.order(d):
        got = [x for x in (M.draw(d, "action") for _ in range(n)) if x is not None]
        d["hands"][s] += got
        log.add(
            f"{g.seat_name(s)} draws {len(got)} Action cards.",
            {s: "You draw " + ", ".join(g.cards.name(x) for x in got) + "."} if got else None,
        )
        frames += [{"t": "handlimit", "seat": s}, {"t": "refresh", "seat": s}]
    push_seq(d, frames)


# -- 2. Event -----------------------------------------------------------------------------------------------
def _start_event(g, d, log) -> None:
    ref = M.draw(d, "event")
    d["mandatory"] = ref
    if ref is None:
        log.add("The Event deck is empty: no Mandatory event this round.")
        return
    log.add(f"Event: {g.cards.name(ref)} is the Mandatory event.")
    if ":" in ref:  # an Allied Escalation drawn: its Trigger resolves at once
        E.queue(g, d, E.paths_of(g, ref, "trigger"), None)


# -- 3. Bidding ---------------------------------------------------------------------------------------------
def _start_bidding(g, d, log) -> None:
    d["frames"].append({"t": "bid", "bids": {}})


def bid_order(d, bids: dict) -> list:
    """Bidding resolution steps 1–3: larger total; then the larger single-type multiples (largest count of
    one type, then the next); then the current visibility track order."""

    def key(s):
        v = bids[str(s)]
        return (-sum(v), tuple(-x for x in sorted(v, reverse=True)), M.slot_of(d, s))

    return sorted(range(d["n"]), key=key)


def reveal_bids(g, d, f, log) -> None:
    bids = f["bids"]
    for s in range(d["n"]):
        v = bids[str(s)]
        for r in range(3):
            d["box"][s][r] -= v[r]
            d["pool"][r] += v[r]
    log.add(
        "Bids revealed: "
        + "; ".join(f"{g.seat_name(s)} {g.vec_text(bids[str(s)])}" for s in M.order(d))
        + ". All bids go to the Bidding Pool."
    )
    order = bid_order(d, bids)
    d["last"]["bids"] = {k: list(v) for k, v in bids.items()}
    d["last"]["bid_order"] = list(order)
    log.add("Placement choice order: " + ", ".join(g.seat_name(s) for s in order) + ".")
    d["frames"].pop()
    d["old_track"] = list(d["track"])
    d["track"] = [None] * 5
    d["frames"].append({"t": "roles"})
    d["frames"].append({"t": "place", "order": order})


def place_options(d, f) -> list:
    """Empty positions that keep "a Public Eye and an In the Shadows player" possible (RULINGS Bidding)."""
    left = len(f["order"]) - 1  # players still to place after this one
    out = []
    for i, name in enumerate(M.SLOTS):
        if d["track"][i] is not None:
            continue
        need = sum(1 for j in (0, 4) if d["track"][j] is None and j != i)
        if need <= left:
            out.append(name)
    return out


def _auto_roles(g, d, f, log) -> None:
    """Role activation after Bidding, in the new turn order."""
    d["frames"].pop()
    frames = []
    for s in M.order(d):
        role = M.role(d, s)
        if role == "public_eye":
            frames += [
                {"t": "newfaction", "seat": s},
                {"t": "expose", "seat": s},
                # READING: the rulebook's two resource icons for the Public Eye are lost in the
                # text; the limelight's currencies, Money or Influence, are offered
                {"t": "rolegain", "seat": s, "options": ["money", "influence"]},
            ]
        elif role == "gray_eminence":
            frames += [
                {"t": "gedraw", "seat": s},
                {"t": "handlimit", "seat": s},
                {"t": "rolegain", "seat": s, "options": list(M.RES)},
            ]
        else:
            # READING: "each player activates all of the abilities for their role": blackmail is made
            # whenever another player holds a Faction (no option to skip it)
            frames += [{"t": "blackmail", "seat": s}, {"t": "shadowtake", "seat": s}]
    push_seq(d, frames)


def _auto_newfaction(g, d, f, log) -> None:
    d["frames"].pop()
    E.play_faction(g, d, f["seat"], log)


def _auto_gedraw(g, d, f, log) -> None:
    d["frames"].pop()
    c = M.draw(d, "action")
    if c is not None:
        d["hands"][f["seat"]].append(c)
        log.add(
            f"{g.seat_name(f['seat'])} draws an Action card (Prepare for future events).",
            {f["seat"]: f"You draw {g.cards.name(c)} (Prepare for future events)."},
        )


# -- 4. Programming -----------------------------------------------------------------------------------------
def _start_programming(g, d, log) -> None:
    f = {"t": "program", "progs": {}}
    d["frames"].append(f)
    for s in range(d["n"]):  # an empty hand: nothing to program, the program ends by itself
        if program_over(g, d, f, s):
            f["progs"][str(s)] = {"fin": True}
    if len(f["progs"]) == d["n"]:
        reveal_programs(g, d, f, log)
    if len(f["progs"]) == d["n"]:
        reveal_programs(g, d, f, log)


def program_over(g, d, f, s) -> bool:
    """A program ends by itself once 'done' would be its only choice: no card left in the hand to place, or
    slots A-C filled and no fourth card can be programmed (none left, or its cost unaffordable).  The same
    rule as :func:`turn_over` (RULES-NOTES.md "Auto-finishing")."""
    return all(a.args[0] == "done" for a in g._program_candidates(d, f, s))


def turn_over(d, f) -> bool:
    """An Action turn ends by itself once 'done' would be its only choice: no programmed card left to
    resolve and no Refreshed Faction left to exhaust (RULES-NOTES.md "Auto-finishing")."""
    return not f["left"] and not any(fc[1] for fc in d["facs"][f["seat"]])


def program_done(d, f, s) -> bool:
    p = f["progs"].get(str(s), {})
    return bool(p.get("fin"))


def reveal_programs(g, d, f, log) -> None:
    d["frames"].pop()
    for s in M.order(d):
        p = f["progs"].get(str(s), {})
        d["prog"][s] = {k: v for k, v in p.items() if k in ("A", "B", "C", "D", "side")}
        k = sum(1 for x in "ABCD" if x in p)
        if "pay" in p:
            r = E.R[p["pay"]]
            cost = p["cost"]
            d["box"][s][r] -= cost
            d["minted"][r] -= cost
            log.add(f"{g.seat_name(s)} programs 4 cards and pays {cost} {p['pay']} for the fourth.")
        else:
            log.add(f"{g.seat_name(s)} programs {counted(k, 'card')}.")


# -- 5. Presidential response -------------------------------------------------------------------------------
def _start_tweets(g, d, log) -> None:
    d["tweets"] = []
    d["frames"].append({"t": "tweet", "matched": False})


def event_tags(g, d) -> set:
    tags = set()
    for ref in (d["mandatory"], d["additional"]):
        if ref:
            tags.update(E.card_of(g, ref)["hashtags"])
    return tags


def _auto_tweet(g, d, f, log) -> None:
    if f["matched"] or len(d["tweets"]) >= E.rule(g, d, "tweet_slots"):
        d["frames"].pop()
        if g.tweet_vote:
            _entity_votes(g, d, log)
        return
    t = M.draw(d, "tweet")
    if t is None:
        d["frames"].pop()
        return
    d["tweets"].append(t)
    card = g.cards.tweets[t]
    match = set(card["hashtags"]) & event_tags(g, d)
    log.add(
        f"The President tweets: {card['name']}"
        + (f" — it matches {', '.join(sorted(match))}: no more tweets." if match else ".")
    )
    f["matched"] = bool(match)
    for s in range(d["n"]):  # Factions refreshed by a #hashtag refresh at once
        for fc in d["facs"][s]:
            on = g.cards.factions[fc[0]].get("refresh_on")
            if not fc[1] and on in card["hashtags"]:
                fc[1] = True
                log.add(f"{g.seat_name(s)}'s {g.cards.name(fc[0])} refreshes ({on}).")
    E.queue(g, d, E.paths_of(g, t, "effects"), None)


def _entity_votes(g, d, log) -> None:
    """Optional rule (Phase 5): an entity #hashtag in two or more tweets: vote to worsen that relation."""
    seen: dict = {}
    for t in d["tweets"]:
        for e in g.cards.tweets[t]["entities"]:
            seen[e] = seen.get(e, 0) + 1
    voted = sorted(x for x, k in seen.items() if k > 1 and x in d["rel"])
    if voted:
        # "Each player may add one resource to the Bidding Pool" (READING: after the vote, in turn order)
        push_seq(d, [{"t": "addone", "seat": s} for s in M.order(d)])
    for e in voted:
        log.add(f"{e} is mentioned in several tweets: the players vote on worsening the relationship.")
        d["frames"].append(
            {"t": "vote", "what": "entity", "entity": e, "options": ["yes", "no"], "votes": {}}
        )


# -- 6. Action ----------------------------------------------------------------------------------------------
def _start_action(g, d, log) -> None:
    frames = []
    for s in M.order(d):
        p = d["prog"][s] or {}
        left = [x for x in "ABCD" if x in p]
        frames.append(
            {"t": "act", "seat": s, "left": left, "k": len(left), "used": {"pg": 0, "cg": 0, "dis": 0}}
        )
    push_seq(d, frames)


def assignment_ok(k: int, used: dict, remaining: int) -> bool:
    """Can ``remaining`` more cards complete a legal assignment (Phase 6: one Personal Gain, one Common Good,
    one discard; the fourth either Personal Gain or Common Good; READING: with fewer than three cards each
    purpose at most once)?"""
    pg, cg, dis = used["pg"], used["cg"], used["dis"]
    if k <= 3:
        if pg > 1 or cg > 1 or dis > 1:
            return False
        if k == 3:
            return (1 - pg) + (1 - cg) + (1 - dis) == remaining
        return True
    if dis > 1 or pg > 2 or cg > 2 or pg + cg > 3:
        return False
    need = max(0, 1 - pg) + max(0, 1 - cg) + (1 - dis)
    return need <= remaining and (pg + cg + remaining - (1 - dis)) <= 3


# -- 7. Resolution -------------------------------------------------------------------------------------------
def _start_resolution(g, d, log) -> None:
    frames = []
    if len(d["cgpile"]) > 1:
        frames.append({"t": "shuffle"})
    frames += [
        {"t": "cg"},
        {"t": "resolve", "slot": "mandatory"},
        {"t": "resolve", "slot": "additional"},
        {"t": "piles"},
    ]
    push_seq(d, frames)


def _auto_cg(g, d, f, log) -> None:
    if not d["cgpile"]:
        d["frames"].pop()
        return
    cid, s = d["cgpile"].pop(0)
    M.discard_action(d, cid)
    card = g.cards.actions[cid]
    side = card.get("common_good")
    if side is None:
        log.add(
            f"Revealed from the Common Good pile: {card['name']} — it has no Common Good side: no effect."
        )
        return
    if side["shadows_only"] and M.role(d, s) != "shadows":
        log.add(
            f"Revealed: {card['name']} — its Common Good side is for the player In the Shadows only: "
            "no effect."
        )
        return
    log.add(f"Revealed from the Common Good pile: {card['name']}.")
    E.queue(g, d, E.paths_of(g, cid, "common_good", "effects"), s)


def affordable(g, d, ref) -> list:
    opts = E.card_of(g, ref)["options"]
    return [i for i, o in enumerate(opts) if all(d["pool"][E.R[r]] >= n for r, n in o["cost"].items())]


def _auto_resolve(g, d, f, log) -> None:
    ref = d[f["slot"]]
    if ref is None or ref in d["status"] and "chosen" not in f:
        d["frames"].pop()
        return
    card = E.card_of(g, ref)
    if "chosen" not in f:
        opts = affordable(g, d, ref)
        if not opts:
            d["frames"].pop()
            log.add(f"The Bidding Pool cannot pay for any option of {card['name']}: it is unresolved.")
            E.queue(g, d, E.paths_of(g, ref, "unresolved", "effects"), None)
            return
        if len(opts) == 1:
            f["chosen"] = opts[0]
        else:
            log.add(
                f"{card['name']}: the players vote among "
                + "; ".join(f"{i + 1}. {card['options'][i]['label']}" for i in opts)
                + "."
            )
            d["frames"].append(
                {"t": "vote", "what": "event", "slot": f["slot"], "options": opts, "votes": {}}
            )
            return
    d["frames"].pop()
    o = card["options"][f["chosen"]]
    for r, n in o["cost"].items():
        d["pool"][E.R[r]] -= n
        d["minted"][E.R[r]] -= n
    used = [r for r in M.RES if o["cost"].get(r)]
    d["status"][ref] = used
    log.add(
        f"{card['name']} is resolved: {o['label']} (paid {g.vec_text([o['cost'].get(r, 0) for r in M.RES])} "
        "from the Bidding Pool)."
    )
    E.queue(g, d, E.paths_of(g, ref, "options", f["chosen"], "effects"), None)


def _auto_piles(g, d, f, log) -> None:
    d["frames"].pop()
    add = d["additional"]
    if add:
        if add in d["status"]:
            d["resolved"].append([add, d["status"][add]])
            d["additional"] = None
        # READING: an unresolved Escalation stays until resolved or replaced (Phase 7); an unresolved
        # Additional event with the Personal Gain mark stays in its slot too
        elif ":" not in add and not E.card_of(g, add)["unresolved"]["personal_gain"]:
            d["unresolved"].append(add)
            d["additional"] = None
    man = d["mandatory"]
    d["mandatory"] = None
    if man:
        if man in d["status"]:
            d["resolved"].append([man, d["status"][man]])
        elif E.card_of(g, man)["unresolved"]["personal_gain"]:
            # Exception: an unresolved Event showing Personal Gain moves to the Additional slot
            E.displace(g, d, d["additional"], log)  # (an Escalation there too: RULES-NOTES.md ruling 22)
            d["additional"] = man
            log.add(
                f"{g.cards.name(man)} stays in play in the Additional event slot (Personal Gain exception)."
            )
        else:
            d["unresolved"].append(man)


# -- 8. Trading ----------------------------------------------------------------------------------------------
def _start_trading(g, d, log) -> None:
    if d["n"] > 1:
        r = N.new_round(M.order(d), MAX_PROPOSALS)
        d["frames"].append({"t": "trade", **r})


# -- 9. Scoring ----------------------------------------------------------------------------------------------
def _start_scoring(g, d, log) -> None:
    push_seq(d, [{"t": "score", "seat": s} for s in M.order(d)])


def _start_endround(g, d, log) -> None:
    d["discards"]["tweet"] += d["tweets"]
    d["tweets"] = []
    d["prog"] = [None] * d["n"]
    if d["round"] >= d["rounds"]:
        g.finish(d, log)
        return
    d["todo"] = list(ROUND)


START = {
    "refresh": _start_refresh,
    "event": _start_event,
    "bidding": _start_bidding,
    "programming": _start_programming,
    "tweets": _start_tweets,
    "action": _start_action,
    "resolution": _start_resolution,
    "trading": _start_trading,
    "scoring": _start_scoring,
    "endround": _start_endround,
}
AUTO = {
    "setup2": _auto_setup2,
    "roles": _auto_roles,
    "newfaction": _auto_newfaction,
    "gedraw": _auto_gedraw,
    "tweet": _auto_tweet,
    "cg": _auto_cg,
    "resolve": _auto_resolve,
    "piles": _auto_piles,
}
