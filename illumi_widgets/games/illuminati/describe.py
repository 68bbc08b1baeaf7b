"""Illuminati in words for one seat: the summary that opens ``state.describe(seat)`` (who you are, your goal,
your power structure, treasury and Special cards), from the seat's view only."""

from __future__ import annotations

from ...engine.words import counted


def summary(view: dict, game, seat: int) -> list[str]:
    """A few sentences on ``seat``'s own position, read from ``view`` (``state.view(seat)``)."""
    me = next(s for s in view["seats"] if s["seat"] == seat)
    groups = [g["name"] for g in me.get("groups", []) if g.get("id") != me.get("illuminati")]
    out = [f"You are {me['illuminati_name']}, with {me.get('treasury', 0)} MB in its treasury."]
    out.append(f"Your power structure: {', '.join(groups)}." if groups
               else "Your power structure holds no group yet.")
    out.append(f"To win: {view['goal_groups']} groups, or your goal: {me['goal']}." if me.get("goal")
               else f"To win: {view['goal_groups']} groups.")
    out.append(f"You hold {counted(me.get('special_count', 0), 'Special card')}.")
    return out
