"""A Primordial Secrets position at a glance, per seat, from one perspective's view (``board.compare``)."""

from __future__ import annotations


def summary(game, view: dict) -> dict:
    seats = {}
    for s in view["seats"]:
        seats[s["name"]] = {"Secrets": s.get("secrets", 0), "Stolen": s.get("stolen", 0),
                            "Royals": s.get("royals", 0), "Sacrifices": s.get("sacrifices", 0),
                            "Cards in hand": s.get("hand_count", 0)}
    return {"seats": seats, "lead": "Stolen"}
