"""The effect interpreter: one function per verb of the vocabulary (``data.VERBS``), conditions, rules.

Effects run from an ``fx`` frame: ``{"t": "fx", "queue": [[path, actor, seat], …]}`` where ``path`` is a
reference into the card data (``["A05", "personal_gain", "effects", 0]``), ``actor`` the seat that played
the card (``None`` for Events, Tweets and Escalations) and ``seat`` the player a targeted step acts on
(``None`` until the target is expanded).  A step with resource ``any`` waits for a ``pick`` by its chooser
(the targeted player, else the card's player, else — READING — the player In the Public Eye).  Positions
hold only references, never compiled objects, so a replacement card file works with the same engine.
"""

from __future__ import annotations

from . import model as M
from .data import RULES

R = {"money": 0, "power": 1, "influence": 2}
OPS = {">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, "==": lambda a, b: a == b}


def card_of(game, ref: str) -> dict:
    c = game.cards
    if ":" in ref:
        xid, side = ref.split(":", 1)
        return c.escalations[xid][side]
    for fam in (c.actions, c.factions, c.tweets, c.events, c.objectives):
        if ref in fam:
            return fam[ref]
    raise KeyError(ref)


def effect_at(game, path):
    obj = card_of(game, path[0])
    for p in path[1:]:
        obj = obj[p]
    return obj


# -- rule parameters: defaults, overridden by an Escalation static in play ----------------------------------
def statics(game, d) -> list:
    out = []
    for ref in (d["mandatory"], d["additional"]):  # the Additional slot last: it wins a conflict (READING)
        if ref and ":" in ref:
            out += card_of(game, ref)["static"]
    return out


def rule(game, d, key: str) -> int:
    value = RULES[key]
    for e in statics(game, d):
        if e["args"]["key"] == key:
            value = e["args"]["value"]
    return value


# -- conditions ---------------------------------------------------------------------------------------------
def holding(d, seat, typ) -> int:
    box = d["box"][seat]
    return sum(box) if typ == "total" else box[R[typ]]


def condition(game, d, c, seat) -> bool:
    ((k, v),) = c.items()
    if k == "all":
        return all(condition(game, d, x, seat) for x in v)
    if k == "any":
        return any(condition(game, d, x, seat) for x in v)
    if k == "not":
        return not condition(game, d, v, seat)
    if k == "resources":
        return OPS[v["op"]](holding(d, seat, v["type"]), v["n"])
    if k == "most":  # "the most" means more than anyone else: tied for most is not enough
        mine = holding(d, seat, v["type"])
        return all(mine > holding(d, s, v["type"]) for s in range(d["n"]) if s != seat)
    if k == "least":  # tied for least still counts
        mine = holding(d, seat, v["type"])
        return all(mine <= holding(d, s, v["type"]) for s in range(d["n"]) if s != seat)
    if k == "resolved_events":
        n = sum(1 for _ref, used in d["resolved"] if "with" not in v or v["with"] in used)
        return OPS[v["op"]](n, v["n"])
    if k == "unresolved_events":
        return OPS[v["op"]](len(d["unresolved"]), v["n"])
    if k == "entity":
        if v["name"] not in d["rel"]:
            return False  # an entity not in play has no effect in the game
        return OPS[v["op"]](d["rel"][v["name"]], v["n"])
    if k == "factions":
        return OPS[v["op"]](len(d["facs"][seat]), v["n"])
    if k == "position":
        return M.role(d, seat) == v["is"]
    if k == "hashtag":
        return any(v["tag"] in game.cards.tweets[t]["hashtags"] for t in d["tweets"])
    if k == "round":
        return OPS[v["op"]](d["round"], v["n"])
    raise KeyError(k)


# -- targets ------------------------------------------------------------------------------------------------
def targets(d, who: str, actor) -> list:
    order = M.order(d)
    if who == "you":
        return [actor]
    if who == "each_player":
        return order
    if who == "each_other_player":
        return [s for s in order if s != actor]
    if who == "public_eye":
        return [d["track"][0]] if d["track"][0] is not None else []
    if who == "shadows":
        return [d["track"][4]] if d["track"][4] is not None else []
    if who == "gray_eminences":
        return [s for s in d["track"][1:4] if s is not None]
    raise KeyError(who)


# -- running queued effects ---------------------------------------------------------------------------------
def queue(game, d, paths, actor) -> None:
    """Push an ``fx`` frame that runs the effects at ``paths`` (a list of paths) for ``actor``."""
    if paths:
        d["frames"].append({"t": "fx", "queue": [[list(p), actor, None] for p in paths]})


def paths_of(game, ref: str, *section) -> list:
    effs = effect_at(game, [ref, *section])
    return [[ref, *section, i] for i in range(len(effs))]


def _source_moves(verb) -> str | None:
    """Where a verb takes resources from (an ``any`` choice is offered only among what is there)."""
    return {"spend": "box", "drain": "pool", "take": "pool", "contribute": "box"}.get(verb)


def pick_options(d, step) -> list:
    e, seat = step["e"], step["seat"]
    src = _source_moves(e["verb"])
    if src == "box":
        return [r for r in M.RES if d["box"][seat][R[r]] > 0]
    if src == "pool":
        return [r for r in M.RES if d["pool"][R[r]] > 0]
    return list(M.RES)


def run(game, d, log) -> bool:
    """Advance the top ``fx`` frame; return False when it waits for a ``pick``."""
    f = d["frames"][-1]
    while f["queue"]:
        if f.get("pick"):
            return False
        path, actor, seat = f["queue"][0]
        e = effect_at(game, path)
        if "target" in e or (seat is None and _takes_target(e)):
            if seat is None:
                who = e.get("target", "you")
                f["queue"][0:1] = [[path, actor, s] for s in targets(d, who, actor)]
                continue
        if "condition" in e and not condition(game, d, e["condition"], seat if seat is not None else actor):
            f["queue"].pop(0)
            continue
        res = e.get("args", {}).get("resource")
        if res == "any":
            chooser = seat if seat is not None else actor if actor is not None else d["track"][0]
            step = {"e": e, "seat": seat if seat is not None else chooser}
            opts = pick_options(d, step)
            if len(opts) > 1:
                f["pick"] = {"seat": chooser, "options": opts}
                return False
            f["queue"].pop(0)
            if opts:
                apply(game, d, e, seat if seat is not None else actor, opts[0], log, path[0])
            continue
        f["queue"].pop(0)
        apply(game, d, e, seat if seat is not None else actor, res, log, path[0])
        if d["frames"][-1] is not f:  # the step pushed a frame (a Faction over the limit): it goes first
            return True
    for i in range(len(d["frames"]) - 1, -1, -1):
        if d["frames"][i] is f:
            del d["frames"][i]
            break
    return True


def picked(game, d, f, res, log) -> None:
    path, actor, seat = f["queue"].pop(0)
    f.pop("pick")
    e = effect_at(game, path)
    apply(game, d, e, seat if seat is not None else actor, res, log, path[0])


def _takes_target(e) -> bool:
    from .data import VERBS

    return VERBS[e["verb"]][1]


def apply(game, d, e, seat, res, log, source) -> None:
    verb, args = e["verb"], e.get("args", {})
    who = game.seat_name(seat) if seat is not None else ""
    src = game.cards.name(source)
    n = args.get("n", 0)
    if verb in ("gain", "spend", "fund", "drain", "take", "contribute"):
        r = R[res]
        if verb == "gain":
            d["box"][seat][r] += n
            d["minted"][r] += n
            log.add(f"{who} gains {n} {res} ({src}).")
        elif verb == "spend":
            k = min(n, d["box"][seat][r])
            d["box"][seat][r] -= k
            d["minted"][r] -= k
            log.add(f"{who} spends {k} {res} ({src}).")
        elif verb == "fund":
            d["pool"][r] += n
            d["minted"][r] += n
            log.add(f"{n} {res} goes from the Common Pool to the Bidding Pool ({src}).")
        elif verb == "drain":
            k = min(n, d["pool"][r])
            d["pool"][r] -= k
            d["minted"][r] -= k
            log.add(f"{k} {res} goes from the Bidding Pool back to the Common Pool ({src}).")
        elif verb == "take":
            k = min(n, d["pool"][r])
            d["pool"][r] -= k
            d["box"][seat][r] += k
            log.add(f"{who} takes {k} {res} from the Bidding Pool ({src}).")
        else:
            k = min(n, d["box"][seat][r])
            d["box"][seat][r] -= k
            d["pool"][r] += k
            log.add(f"{who} adds {k} {res} to the Bidding Pool ({src}).")
    elif verb == "relation":
        relation(game, d, args["entity"], args["steps"], log, src)
    elif verb == "draw":
        got = 0
        for _ in range(n):
            c = M.draw(d, "action")
            if c is None:
                break
            d["hands"][seat].append(c)
            got += 1
        log.add(f"{who} draws {got} Action card{'' if got == 1 else 's'} ({src}).")
    elif verb == "play_faction":
        play_faction(game, d, seat, log, src)
    elif verb in ("refresh", "exhaust"):  # READING: the Factions in mat order (no choice asked)
        want = verb == "exhaust"  # exhaust acts on refreshed Factions, refresh on exhausted ones
        count = args["count"]
        done = []
        for fc in d["facs"][seat]:
            if fc[1] == want and (count == "all" or len(done) < count):
                fc[1] = not want
                done.append(game.cards.name(fc[0]))
        if done:
            log.add(f"{who}: {', '.join(done)} {'exhausted' if want else 'refreshed'} ({src}).")
    elif verb == "vp":
        d["vp"][seat] += n
        log.add(f"{who} gains {n} VP ({src}).")
    # "rule" is never run: statics are read on demand (rule())


def play_faction(game, d, seat, log, src="Make new connections") -> None:
    fid = M.draw(d, "faction")
    if fid is None:
        log.add(f"{game.seat_name(seat)} finds no Faction card to draw ({src}).")
        return
    d["facs"][seat].append([fid, True])
    log.add(f"{game.seat_name(seat)} plays the Faction {game.cards.name(fid)} ({src}).")
    if len(d["facs"][seat]) > rule(game, d, "faction_limit"):
        d["frames"].append({"t": "drop", "seat": seat})


def relation(game, d, entity, steps, log, src="") -> None:
    """Move a Relationship Marker (clamped Conflict … Allied); the first marker each round to reach Conflict
    or Allied escalates (Phase 7, "Relationship Chart changes"; RULINGS "Relationships")."""
    if entity not in d["rel"]:
        log.add(f"{entity} is not in play in this scenario: the relationship change is ignored ({src}).")
        return
    old = d["rel"][entity]
    new = max(-2, min(2, old + steps))
    d["rel"][entity] = new
    log.add(f"USA–{entity} relationship: {M.LEVELS[old]} → {M.LEVELS[new]} ({src}).")
    if new == old or new not in (-2, 2):  # READING: a marker "reaches" a limit only by moving onto it
        return
    if d["escalated"]:
        log.add(f"{entity} reached {M.LEVELS[new]}, but an escalation already happened this round: ignored.")
        return
    xid = next((x for x, c in game.cards.escalations.items() if c["entity"] == entity), None)
    if xid is None or xid not in d["box_esc"]:  # READING: an Escalation already used is not available
        log.add(f"{entity}'s Escalation card is not in the box: nothing happens.")
        return
    d["escalated"] = True
    d["box_esc"].remove(xid)
    if new == -2:
        ref = f"{xid}:conflict"
        displace(game, d, d["additional"], log)
        d["additional"] = ref
        log.add(f"Escalation! {game.cards.name(ref)} goes to the Additional event slot.")
        queue(game, d, paths_of(game, ref, "trigger"), None)
    else:
        ref = f"{xid}:allied"
        d["decks"]["event"].append(ref)
        M.shuffle(d, d["decks"]["event"])
        log.add(f"Escalation! {game.cards.name(ref)} is shuffled into the Event deck.")


def displace(game, d, ref, log) -> None:
    """An event pushed out of the Additional slot by another (Phase 7, p.10: "Any event already there is
    moved to the Unresolved Events pile"; a Conflict Escalation "discarding the one already there").  An
    Escalation sitting there is an event in that slot like any other (RULES-NOTES.md ruling 22): it goes to
    the Unresolved Events pile, counts wherever unresolved events are counted, and its Static ends.  An event
    already resolved this round goes to the Resolved pile with the resources used."""
    if not ref:
        return
    status = d.get("status", {}).get(ref)
    name = ("The Escalation " if ":" in ref else "") + card_of(game, ref)["name"]
    if status is not None:
        d["resolved"].append([ref, status])
        log.add(f"{name} leaves the Additional event slot for the Resolved Events pile.")
    else:
        d["unresolved"].append(ref)
        log.add(f"{name} is pushed out of the Additional event slot and goes to the Unresolved Events pile.")
