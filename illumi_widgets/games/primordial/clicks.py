"""Primordial Secrets: what a click on an option does beyond its label (the presenter's ``effects`` hook)."""

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
