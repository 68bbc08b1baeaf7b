"""Illuminati: what a click on an option does beyond its label (the presenter's ``effects`` hook): the board's
hover says "Click: Attack … — uses 1 of your 2 actions", and in play mode a step that ends the turn or cannot
be undone asks first."""

from __future__ import annotations

ACTIONS = ("attack", "move", "accuse", "bribe")  # each is one of the turn's actions


def effects(game, a, d=None) -> dict:
    """``{"uses": words, "ends_turn": bool, "irreversible": bool}`` of action ``a`` (only what is true)."""
    out: dict = {}
    if a.kind == "leave":
        out["irreversible"] = True  # Leaving the Game (p.8): no coming back
    frame = d["frames"][-1]["t"] if isinstance(d, dict) and d.get("frames") else None
    if frame != "actions":
        return out
    if a.kind == "attack":
        out["irreversible"] = True  # the dice are rolled
    if a.kind in ACTIONS or a.kind == "transfer":  # a transfer in the action phase is an action
        n = d.get("acts", 0)
        out["uses"] = f"uses 1 of your {n} action{'' if n == 1 else 's'} left" if n else "uses an action"
    elif a.kind == "done":
        out["ends_turn"] = True  # the action phase ends: only free transfers and the special power remain
    return out
