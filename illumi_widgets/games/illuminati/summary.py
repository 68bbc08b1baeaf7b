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
