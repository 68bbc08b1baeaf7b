"""Pax Illuminaten in words for one seat: the summary that opens ``state.describe(seat)`` (what a player
checks first: the hand, the Favor, the supply), from the seat's view only."""

from __future__ import annotations

from ...engine.words import counted
from .data import FACTION_NAMES


def summary(view: dict, game, seat: int) -> list[str]:
    """A few sentences on ``seat``'s own position, read from ``view`` (``state.view(seat)``)."""
    hand = view["hands"][seat]
    names = [game.lum[c].name for c in hand["cards"]]
    limit = view["hand_limit"][seat]
    out = [f"Your hand ({counted(hand['count'], 'card')}, limit {limit}): {'; '.join(names)}." if names
           else f"Your hand is empty (limit {limit})."]
    favor = [f"{FACTION_NAMES[f]} {n}" for f, n in view["favor"][seat].items() if n]
    out.append(f"Your Favor: {', '.join(favor)}." if favor else "You hold no Favor.")
    out.append(f"Influence in your supply: {view['supply'][seat]}.")
    return out
