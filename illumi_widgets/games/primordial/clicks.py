"""Primordial Secrets: what a click on an option does beyond its label (the presenter's ``effects`` hook), and
the score line the bar always shows (``score``)."""

from __future__ import annotations


def effects(game, a, d=None) -> dict:
    """``{"uses": words, "ends_turn": bool}`` of action ``a`` (only what is true)."""
    if a.kind == "plot":
        return {"uses": "seals your Plot for this round (shown when every player has plotted)"}
    if a.kind == "recruit":
        return {"uses": "counts its tribute against your visitors' devotion (RULES-NOTES.md 7)"}
    if a.kind == "done":
        return {"ends_turn": True}
    return {}


def score_line(view: dict, game) -> str | None:
    """The race to the end (RULES-NOTES.md 13: a sixth Secret stolen, a sixth Sacrifice, the last Royal
    recruited), always shown in the board's bar."""
    seats = view.get("seats") or []
    if not seats:
        return None

    def n(v):
        return len(v) if isinstance(v, list) else v if isinstance(v, int) else 0

    def part(what, key):
        return f"{what}: " + ", ".join(f"{s['name']} {n(s.get(key))}" for s in seats)

    return ("Race to six — " + part("Secrets stolen", "stolen") + " · " + part("Sacrifices", "sacrifices")
            + " · " + part("Royals", "royals"))
