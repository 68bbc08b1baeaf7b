"""A teacher's marks on a live board: ``board.annotate(entity, text)`` rings a thing the board draws and
writes a note beside it; ``board.clear_annotations()`` removes them.

The marks belong to the game being shown (every board on the same Match shows them), and each board draws
a mark only around a thing its OWN scene draws: the ring is placed from the items carrying that entity id in
the scene built for this board's seat, so a mark on something a seat cannot see (a card in a rival's hand,
a sealed choice) is simply not drawn on that seat's board -- the marks add no information about hidden
things.  The marks are plain scene items (a ring and a labelled box, neither an entity nor a tooltip, so
they never change what a click hits) painted by the same painter and saved in the board's picture.
"""

from __future__ import annotations

from ..engine import EngineError
from ..textfit import shape_box

__all__ = ["MAX_NOTES", "MAX_TEXT", "add", "clear", "decorate", "notes"]

MAX_NOTES = 40
"""At most this many marks at once on one game."""
MAX_TEXT = 200
"""A note is at most this many characters."""
RING = "#e0218a"
PAD = 5
SIZE = 14


def notes(match) -> tuple:
    """The marks on ``match``: ``((entity, text), ...)``."""
    return getattr(match, "_teacher_notes", ())


def add(match, entity, text) -> None:
    """Mark ``entity`` (a scene entity id: the ``id`` of the things the board draws) with ``text``."""
    if not isinstance(entity, str) or not entity.strip() or len(entity) > 200:
        raise EngineError("annotate a thing by its entity id: a short text such as 'cell:B3'",
                          code="bad-annotation")
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise EngineError(f"an annotation's note is text of at most {MAX_TEXT} characters",
                          code="bad-annotation")
    old = notes(match)
    if len(old) >= MAX_NOTES:
        raise EngineError(f"at most {MAX_NOTES} annotations at once: clear some first", code="bad-annotation")
    match._teacher_notes = (*[n for n in old if n[0] != entity], (entity, text))
    match.refresh()


def clear(match) -> None:
    """Remove every mark on ``match``."""
    match._teacher_notes = ()
    match.refresh()


def marks(scene: dict, entries) -> list:
    """The scene items of the marks whose entity ``scene`` draws (the others: none)."""
    items = scene.get("items") if isinstance(scene.get("items"), list) else []
    width = float(scene.get("w") or 1000)
    out = []
    for entity, text in entries:
        boxes = [b for it in items if isinstance(it, dict) and it.get("id") == entity
                 for b in [shape_box(it)] if b is not None]
        if not boxes:
            continue  # not drawn on this board: nothing said about it
        x0 = min(b[0] for b in boxes) - PAD
        y0 = min(b[1] for b in boxes) - PAD
        x1 = max(b[2] for b in boxes) + PAD
        y1 = max(b[3] for b in boxes) + PAD
        out.append({"t": "rect", "x": x0, "y": y0, "w": x1 - x0, "h": y1 - y0, "r": 8, "stroke": RING,
                    "lw": 3})
        if text:
            w = min(width - 8, len(text) * SIZE * 0.56 + 14)
            bx = max(4.0, min(x0, width - w - 4))
            by = y0 - SIZE - 14 if y0 - SIZE - 14 >= 0 else y1 + 4
            out.append({"t": "rect", "x": bx, "y": by, "w": w, "h": SIZE + 10, "r": 5, "fill": RING})
            out.append({"t": "text", "x": bx + 7, "y": by + 5, "s": text, "size": SIZE, "bold": True,
                        "color": "#ffffff", "baseline": "top", "maxw": w - 12})
    return out


def decorate(board, snap: dict) -> dict:
    """``snap`` with the marks of ``board``'s Match drawn on its scene (the same object while nothing
    changed, so an unchanged board sends nothing)."""
    entries = notes(board.match)
    scene = snap.get("scene") if isinstance(snap, dict) else None
    if not entries or not isinstance(scene, dict):
        return snap
    key = (id(snap), entries)
    cached = getattr(board, "_marked", None)
    if cached is not None and cached[0] == key and cached[1] is snap:
        return cached[2]
    extra = marks(scene, entries)
    out = {**snap, "scene": {**scene, "items": [*scene.get("items", []), *extra]}} if extra else snap
    board._marked = (key, snap, out)
    return out
