"""Primordial Secrets in words for one seat: the summary that opens ``state.describe(seat)`` (your hand, your
Intents, your deck and Secrets), from the seat's view only."""

from __future__ import annotations

from ...engine.words import counted


def summary(view: dict, game, seat: int) -> list[str]:
    """A few sentences on ``seat``'s own position, read from ``view`` (``state.view(seat)``)."""
    me = next(s for s in view["seats"] if s["seat"] == seat)
    hand = [c["name"] for c in me.get("hand") or []]
    intents = [c["name"] for c in me.get("intents") or []]
    out = [f"Your hand: {', '.join(hand)}." if hand else "Your hand is empty."]
    if intents:
        out.append(f"Your Intents: {', '.join(intents)}.")
    out.append(f"Your deck: {counted(me.get('deck', 0), 'card')}; Secrets zone: {me.get('secrets', 0)}; "
               f"stolen Secrets: {me.get('stolen', 0)}; Royals: {me.get('royals', 0)}.")
    return out
