"""End-game scoring ("Winning the Game"; RULINGS "End")."""

from __future__ import annotations

from . import effects as E
from . import model as M


def resource_vps(d) -> dict:
    """1 VP each for the strictly most money, power, influence and resources in total (tied: nobody)."""
    out = {s: [] for s in range(d["n"])}
    for typ in (*M.RES, "total"):
        vals = {s: E.holding(d, s, typ) for s in range(d["n"])}
        best = max(vals.values())
        top = [s for s, v in vals.items() if v == best]
        if len(top) == 1:
            out[top[0]].append(typ)
    return out


def scores(g, d) -> dict:
    res = resource_vps(d)
    out = {}
    for s in range(d["n"]):
        secret = sum(g.cards.objectives[x]["vp"][g.length] for x in d["done"][s])
        out[s] = {"markers": d["vp"][s], "secret": secret, "resources": len(res[s]),
                  "total": d["vp"][s] + secret + len(res[s]),
                  "objectives": len(d["done"][s]) + (1 if d["pub_done"][s] else 0)}
    return out


def common_met(g, d) -> bool:
    return E.condition(g, d, g.scenario["common_objective"]["requires"], None)


def final(g, d, log) -> dict:
    sc = scores(g, d)
    d["phase"] = "over"
    if not common_met(g, d):
        log.add(f"The Common Objective of the {g.scenario['name']} scenario was not met: all players lose.")
        return {"winners": [], "scores": {s: v["total"] for s, v in sc.items()}, "reason": "common-objective-failed",
                "detail": sc}
    order = M.order(d)
    ranked = sorted(range(d["n"]), key=lambda s: (-sc[s]["total"], -sc[s]["objectives"], order.index(s)))
    win = ranked[0]
    log.add("Final scores: " + "; ".join(f"{g.seat_name(s)} {sc[s]['total']} VP" for s in ranked)
            + f". {g.seat_name(win)} wins.")
    return {"winners": [win], "scores": {s: v["total"] for s, v in sc.items()}, "reason": "most-vp",
            "detail": sc}
