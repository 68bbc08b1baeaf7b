"""Illuminati: what a click on an option does beyond its label (the presenter's ``effects`` hook): the board's
hover says "Click: Attack … — uses 1 of your 2 actions", and in play mode a step that ends the turn or cannot
be undone asks first.  Also the score line the bar always shows (``score``)."""

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


def score_line(view: dict, game) -> str | None:
    """Groups controlled toward the Basic Goal (counted as ``goals.basic_goal_met`` does), always shown in the
    board's bar."""
    seats = [s for s in view.get("seats") or [] if s.get("alive", True)]
    goal = view.get("goal_groups")
    if not seats or not isinstance(goal, int):
        return None

    return f"Groups toward {goal}: " + ", ".join(f"{s['name']} {len(s.get('groups') or [])}" for s in seats)
