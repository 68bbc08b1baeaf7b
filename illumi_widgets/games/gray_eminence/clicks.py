"""Gray Eminence: what a click on an option does beyond its label (the presenter's ``effects`` hook), and the
score line the bar always shows (``score``)."""

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


def score_line(view: dict, game) -> str | None:
    """The VP markers each seat has (Secret Objectives and the resources count at the end too) and where the
    Common Objective stands (unmet at the end: all players lose), always shown in the board's bar."""
    seats = view.get("seats") or []
    if not seats:
        return None
    vp = "VP markers: " + ", ".join(f"{s['name']} {s.get('vp_markers', 0)}" for s in seats)
    co = ((view.get("scenario") or {}).get("common_objective")) or {}
    parts = co.get("parts") or []
    if not parts:
        return vp
    met = sum(1 for p in parts if p.get("met"))
    return f"{vp} · Common Objective: {met} of {len(parts)} conditions met now"
