"""An Illuminati position at a glance, per seat, from one perspective's view (for ``board.compare``)."""

from __future__ import annotations


def summary(game, view: dict) -> dict:
    seats = {}
    for s in view["seats"]:
        groups = s.get("groups") or []
        power = sum(g["power"] for g in groups if isinstance(g, dict) and isinstance(g.get("power"), int))
        seats[s["name"]] = {"Groups": len(groups), "Power": power, "Treasury": s.get("treasury", 0),
                            "Destroyed": s.get("destroyed", 0)}
    return {"seats": seats, "lead": "Groups"}


def final_report(game, d, seat) -> dict:
    """The end screen (``Game.final_report``; rulebook p.3 and p.8-9).  Read from ``seat``'s own view, so
    it shows nothing the view hides (a rival's secret goal stays "secret" unless that rival won: a winner
    shows the goal it met).  Each seat: its groups against the basic goal, its groups' total Power, its
    special goal (met or not), the groups it destroyed; a very long game scores Power plus 1 per group."""
    from ...engine.final import joined, report, row
    from ...engine.words import counted
    from .labels import _goal_text

    res = d["result"]
    view = game.view(d, seat)
    rows = view["seats"]
    names = [r["name"] for r in rows]
    winners = list(res["winners"])

    def power(r):
        return sum(g["power"] for g in r["groups"] if isinstance(g.get("power"), int))

    breakdowns, keys, scores = {}, {}, {}
    for r in rows:
        s = r["seat"]
        n = len(r["groups"])
        if game.very_long:
            out = [row("Power of the groups", counted(power(r), "point")),
                   row("1 per group", counted(n, "point"))]
            keys[s] = power(r) + n if r["alive"] else -1
            scores[s] = counted(keys[s], "point") if r["alive"] else "out"
        else:
            out = [row("Groups controlled (the Illuminati included)", f"{n} of {game.goal_groups}"),
                   row("Total Power", str(power(r)))]
            goal = r.get("goal")
            if goal == "secret" and s in winners:
                goal = game.seat_goal(d, s)
            if goal and goal != "secret":
                text = goal if " " in str(goal) else _goal_text(game, goal)
                met = game.special_goal_met(d, s) if d["alive"][s] else False
                out.append(row(f"Special goal: {text}", "met" if met else "not met"))
            elif goal == "secret":
                out.append(row("Special goal", "secret"))
            keys[s] = (n, power(r)) if r["alive"] else (-1, 0)
            scores[s] = counted(n, "group") if r["alive"] else "out"
        out.append(row("Groups destroyed", str(r["destroyed"])))
        if not r["alive"]:
            out.append(row("Status", "eliminated"))
        breakdowns[s] = out
    tiebreak = None
    if res["reason"] == "score":
        best = max(v for s, v in keys.items() if d["alive"][s])
        reason = ("No uncontrolled group was left in the very long game, so the highest total Power plus 1 "
                  "per group wins.")
        if len(winners) > 1:
            tiebreak = (f"{joined(names[s] for s in winners)} each had {counted(best, 'point')} and share "
                        "the win.")
    elif res["reason"] == "last-standing":
        reason = "Every other player was eliminated."
    else:
        how = []
        for s in winners:
            if game.basic_goal_met(d, s):
                how.append(f"{names[s]} controlled {counted(len(game.groups_of(d, s)), 'group')} (the basic "
                           f"goal is {game.goal_groups})")
            else:
                how.append(f"{names[s]} met the special goal: {_goal_text(game, game.seat_goal(d, s))}")
        reason = "; ".join(how) + "."
        if len(winners) > 1:  # no tie-break in the rules: goals met at once share the win
            reason += " Goals met on the same turn share the win."
    return report(game, winners, keys=keys, scores=scores, breakdowns=breakdowns, reason=reason,
                  tiebreak=tiebreak)
