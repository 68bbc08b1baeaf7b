"""A Pax position at a glance, per seat, from one perspective's view (for ``board.compare``)."""

from __future__ import annotations

LEAD = "Influence"


def summary(game, view: dict) -> dict:
    names = view.get("seat_names") or [game.seat_name(s) for s in range(game.players)]
    infl = [0] * len(names)
    for cell in view["map"]["cells"]:
        for owner in cell.get("influence") or []:
            if isinstance(owner, int) and 0 <= owner < len(infl):
                infl[owner] += 1
    plots = view.get("plots", {})
    claims = plots.get("claims", {}) if isinstance(plots, dict) else {}
    seats = {}
    for s, name in enumerate(names):
        favor = view["favor"][s] if s < len(view.get("favor", [])) else {}
        hand = view["hands"][s] if s < len(view.get("hands", [])) else {}
        seats[name] = {"Influence": infl[s], "Favor": sum(favor.values()) if isinstance(favor, dict) else 0,
                       "Contacts": view.get("contacts", [0] * len(names))[s],
                       "Cards in hand": hand.get("count", 0) if isinstance(hand, dict) else 0,
                       "Claims": sum(1 for v in claims.values() if v == s) if isinstance(claims, dict) else 0}
    return {"seats": seats, "lead": LEAD}
