"""A Gray Eminence position at a glance, per seat, from one perspective's view (``board.compare``)."""

from __future__ import annotations


def summary(game, view: dict) -> dict:
    seats = {}
    for s in view["seats"]:
        box = s.get("box") or []
        seats[s["name"]] = {"Victory points": s.get("vp_markers", 0),
                            "Objectives done": len(s.get("completed") or []),
                            "Resources": sum(box) if isinstance(box, list) else 0,
                            "Cards in hand": s.get("hand_count", 0), "Role": s.get("role")}
    return {"seats": seats, "lead": "Victory points"}
