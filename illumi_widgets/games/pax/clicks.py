"""Pax Illuminaten: what a click on an option does beyond its label (the presenter's ``effects`` hook): the
board's hover says "Click: Expel … — uses 1 of your 2 main actions", and in play mode a step that ends the
turn or cannot be undone asks first.  Also the score line the bar always shows (``score``)."""

from __future__ import annotations

from .model import AREO

MAIN = ("scout", "influence", "extort", "organize", "expel", "oust")  # the six main actions (EN Action Phase)
REVEALING = ("redraw", "drawplot", "drawcards", "investigate")  # a card seen: no taking it back in play mode


def _free(game, d, a) -> bool:
    """A main action that uses none: a scout with any card, or one by a Rosicrucian card (ruling 36)."""
    if a.kind == "scout" and a.args[1] is None:
        return True
    acting = a.args[1] if a.kind in ("scout", "expel") else None
    try:
        return acting not in (None, AREO) and bool(game.rosicrucian(d.cards[acting]))
    except Exception:  # noqa: BLE001 - words on a hover: never break a snapshot
        return False


def effects(game, a, d=None) -> dict:
    """``{"uses": words, "ends_turn": bool, "irreversible": bool}`` of action ``a`` (only what is true)."""
    out: dict = {}
    if a.kind == "end":
        out["ends_turn"] = True
    elif a.kind in REVEALING and not (a.kind in ("redraw", "drawcards") and a.args[0] != "deck"):
        out["irreversible"] = True
    if d is None or a.kind not in MAIN:
        return out
    frame = d.frames[-1] if getattr(d, "frames", None) else None
    if frame is not None and frame.get("t") == "power":
        out["uses"] = "uses the power"
    elif a.kind in ("influence", "expel") and len(a.args) > 2 and a.args[2]:
        out["uses"] = "uses the bonus follow-up"
    elif not _free(game, d, a):
        n = getattr(d, "main_left", 0)
        out["uses"] = (f"uses 1 of your {n} main action{'' if n == 1 else 's'} left" if n
                       else "uses a main action")
    return out


def score_line(view: dict, game) -> str | None:
    """The race a player follows, always shown in the board's bar: each seat's Plots with its Influence (two
    win at once, EN "Plot Victory") and Faction cards held (the tie-break of Faction Scoring)."""
    names = view.get("seat_names") or []
    if not names:
        return None
    claims = (view.get("plots") or {}).get("claims") or {}
    held = (view.get("factions") or {}).get("held") or {}
    plots = [sum(1 for by in claims.values() if isinstance(by, dict) and by.get(s, by.get(str(s))) == "on")
             for s in range(len(names))]  # the view's claims: {plot: {seat: "on" | "under"}}
    cards = [sum(1 for h in held.values() if h == s) for s in range(len(names))]
    def each(counts):
        return ", ".join(f"{n} {k}" for n, k in zip(names, counts, strict=True))

    return f"Plots with Influence (two win): {each(plots)} · Faction cards held: {each(cards)}"
