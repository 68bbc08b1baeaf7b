"""A Gray Eminence position at a glance, per seat, from one perspective's view (``board.compare``)."""

from __future__ import annotations

from . import model as M


def summary(game, view: dict) -> dict:
    seats = {}
    for s in view["seats"]:
        box = s.get("box") or []
        seats[s["name"]] = {"Victory points": s.get("vp_markers", 0),
                            "Objectives done": len(s.get("completed") or []),
                            "Resources": sum(box) if isinstance(box, list) else 0,
                            "Cards in hand": s.get("hand_count", 0), "Role": s.get("role")}
    return {"seats": seats, "lead": "Victory points"}


_MOST = {"money": "Most money", "power": "Most power", "influence": "Most influence",
         "total": "Most resources in total"}


def final_report(g, d, seat) -> dict:
    """The end screen (``Game.final_report``; rulebook "Winning the Game", RULINGS "End"): each seat's VP
    markers on its mat, the Secret Objectives it completed (face up, public), 1 VP for each strictly most
    resource, and the tie-break (most objectives completed, then visibility order) in words.  The final
    score is the sum of those rows, so it differs from the mat's VP markers by the Secret Objectives and the
    resource VPs, which the breakdown names.  If the Common Objective failed, everyone loses."""
    from ...engine.final import joined, report, row
    from ...engine.words import counted
    from .scoring import common_objective, resource_vps, scores

    res = d["result"]
    sc, most = scores(g, d), resource_vps(d)
    order = M.order(d)
    names = [g.seat_name(s) for s in range(d["n"])]
    breakdowns = {}
    for s in range(d["n"]):
        rows = [row("VP markers on the mat", f"{sc[s]['markers']} VP")]
        done = [g.cards.name(x) for x in d["done"][s]]
        if done:
            what = "Secret Objective" if len(done) == 1 else "Secret Objectives"
            rows.append(row(f"{what} completed ({joined(done)})", f"{sc[s]['secret']} VP"))
        rows += [row(_MOST[t], "1 VP") for t in most[s]]
        breakdowns[s] = rows
    totals = {s: f"{v['total']} VP" for s, v in sc.items()}
    keys = {s: (sc[s]["total"], sc[s]["objectives"], -order.index(s)) for s in range(d["n"])}
    rounds = f"round {d['round']}, the last" if d["round"] >= d["rounds"] else f"round {d['round']}"
    if res["reason"] == "common-objective-failed":
        missing = "; ".join(p["text"] for p in common_objective(g, d)["parts"] if not p["met"])
        return report(g, [], keys=keys, scores=totals, breakdowns=breakdowns,
                      title="Everyone loses: the Common Objective was not met.",
                      reason=f"The game ended after {rounds} without the Common Objective of the "
                             f"{g.scenario['name']} scenario ({missing}).")
    win = res["winners"][0]
    best = sc[win]["total"]
    tied = [s for s in order if sc[s]["total"] == best]
    tiebreak = None
    if len(tied) > 1:
        head = f"{joined(names[s] for s in tied)} had {best} VP; "
        objs = {s: sc[s]["objectives"] for s in tied}
        top = [s for s in tied if objs[s] == objs[win]]
        if len(top) == 1:
            rest = ", ".join(str(objs[s]) for s in tied if s != win)
            tiebreak = head + f"{names[win]} completed more objectives ({objs[win]} against {rest})."
        else:
            tiebreak = (head + f"{joined(names[s] for s in top)} each completed "
                        f"{counted(objs[win], 'objective')}, and {names[win]} was first in visibility order.")
    return report(g, [win], keys=keys, scores=totals, breakdowns=breakdowns, tiebreak=tiebreak,
                  reason=f"The game ended after {rounds}: the Common Objective was met, so the most VP wins.")
