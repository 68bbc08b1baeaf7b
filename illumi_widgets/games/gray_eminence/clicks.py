"""Gray Eminence: what a click on an option does beyond its label (the presenter's ``effects`` hook)."""

from __future__ import annotations


def effects(game, a, d=None) -> dict:
    """``{"uses": words, "ends_turn": bool, "irreversible": bool}`` of action ``a`` (only what is true)."""
    frame = d["frames"][-1]["t"] if isinstance(d, dict) and d.get("frames") else None
    if a.kind == "done" and frame == "act":
        return {"ends_turn": True}
    if a.kind == "resolve":
        return {"uses": "uses this Action card"}
    if a.kind == "exhaust":
        return {"uses": "exhausts the Faction until it is refreshed"}
    if a.kind == "bid":
        return {"uses": "seals this bid (shown when every player has bid)"}
    return {}
