"""End-game scoring ("Winning the Game"; RULINGS "End")."""

from __future__ import annotations

from . import effects as E
from . import model as M
from .describe import common_objective_text, progress_text


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
        out[s] = {
            "markers": d["vp"][s],
            "secret": secret,
            "resources": len(res[s]),
            "total": d["vp"][s] + secret + len(res[s]),
            "objectives": len(d["done"][s]) + (1 if d["pub_done"][s] else 0),
        }
    return out


def common_met(g, d) -> bool:
    return E.condition(g, d, g.scenario["common_objective"]["requires"], None)


def _now(d, c):
    """Where one condition stands in the position: a relationship level, a pile's count or the round (None
    for a condition with no single number)."""
    ((k, v),) = c.items()
    if k == "entity":
        return d["rel"].get(v["name"])
    if k == "resolved_events":
        return sum(1 for _ref, used in d["resolved"] if "with" not in v or v["with"] in used)
    if k == "unresolved_events":
        return len(d["unresolved"])
    if k == "round":
        return d["round"]
    return None


def common_objective(g, d) -> dict:
    """The scenario's Common Objective as the table sees it (public from setup; rulebook Glossary
    "Scenario"; RULES-NOTES.md ruling 24): its words generated from the record, whether it is met now, and
    each of its parts (the conditions it joins with "and") with where it stands now.  Everything it reads
    is on the Power Struggle Board, so every seat sees the same."""
    req = g.scenario["common_objective"]["requires"]
    parts = req["all"] if set(req) == {"all"} else [req]
    return {
        "text": common_objective_text(g),
        "met": common_met(g, d),
        "parts": [
            {"text": progress_text(c, _now(d, c)), "met": E.condition(g, d, c, None)} for c in parts
        ],
    }


def final(g, d, log) -> dict:
    sc = scores(g, d)
    d["phase"] = "over"
    if not common_met(g, d):
        short = "; ".join(p["text"] for p in common_objective(g, d)["parts"] if not p["met"])
        name = g.scenario["name"]
        log.add(f"The Common Objective of the {name} scenario was not met ({short}): all players lose.")
        return {
            "winners": [],
            "scores": {s: v["total"] for s, v in sc.items()},
            "reason": "common-objective-failed",
            "detail": sc,
        }
    order = M.order(d)
    ranked = sorted(range(d["n"]), key=lambda s: (-sc[s]["total"], -sc[s]["objectives"], order.index(s)))
    win = ranked[0]
    log.add(
        "Final scores: "
        + "; ".join(f"{g.seat_name(s)} {sc[s]['total']} VP" for s in ranked)
        + f". {g.seat_name(win)} wins."
    )
    return {
        "winners": [win],
        "scores": {s: v["total"] for s, v in sc.items()},
        "reason": "most-vp",
        "detail": sc,
    }
