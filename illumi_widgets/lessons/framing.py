"""A lesson's picture before the move, readable in a notebook cell: the board drawn as the painter draws it
:data:`PICTURE_PX` CSS px wide (its narrow layout, every text at least 11 px there), cropped to the part of
the table the lesson is about.

The part is found from the scene, not set by hand: the things the learner's choices at the lesson position
point at (each option's ``targets``: the scene items of those ids; only the options the lesson's ``done``
names, when it names moves), with the learner's own seat area (``seat:<n>``) when the scene marks one; a
lesson may name its ``focus`` (scene item ids) instead.  Nothing found: the whole table.  The whole table is
on the live board below the picture anyway.
"""

from __future__ import annotations

from ..textfit import layout_for_width, shape_box, text_box

__all__ = ["PICTURE_PX", "focus_ids", "lesson_svg"]

PICTURE_PX = 560
"""The width (CSS px) a lesson picture is drawn for: the narrow layout's width, so its text is at least 11 px
whenever the cell is that wide, and still about 10 px in a cell a tenth narrower."""
ABOVE = 44  #: room kept above the topmost focus item (its heading)
BELOW = 16
EDGE = 4  #: room kept around a whole panel (less than the gap to the next one)
SMALL = 100  #: a thing no taller than this is never cut by the picture's edge


def focus_ids(lesson, snap: dict, state) -> set[str]:
    """The scene ids a lesson's picture is about (see the module docstring)."""
    if getattr(lesson, "focus", ()):
        return set(lesson.focus)
    options = [o for d in snap.get("decisions") or [] if d.get("seat") == lesson.seat for o in d["options"]]
    if isinstance(lesson.done, tuple):  # moves: the options the lesson asks for, if any are offered now
        wanted = []
        for o in options:
            try:
                act = state.parse(o["notation"], lesson.seat)
            except Exception:  # noqa: BLE001 - an option that does not read back is no focus
                continue
            if lesson._matches(lesson.done, state, act):
                wanted.append(o)
        options = wanted or options
    ids = {t for o in options for t in o.get("targets") or [] if isinstance(t, str)}
    return ids | {f"seat:{lesson.seat}"}  # (a scene that marks no seat area has no such item)


def _box(item: dict) -> tuple[float, float, float, float] | None:
    """``(x0, y0, x1, y1)`` of a scene item as drawn (None for an item without a place)."""
    if item.get("t") == "text":
        try:
            return text_box(item)
        except (KeyError, TypeError, ValueError, IndexError):
            return None
    return shape_box(item)


def _inside(a, b, slack: float = 1.0) -> bool:
    return a[0] >= b[0] - slack and a[1] >= b[1] - slack and a[2] <= b[2] + slack and a[3] <= b[3] + slack


def crop_band(drawn: dict, ids: set[str]) -> tuple[float, float] | None:
    """The band ``(top, bottom)`` of the drawn layout holding every item of ``ids`` and the whole of each
    panel it lies on (a rect nearly as wide as the layout, at most half its height: a seat's area, the
    board's tracks...), so the picture shows them in their place; None for the whole table (no such
    item, or the band would be nearly all of it)."""
    w, h = float(drawn["w"]), float(drawn["h"])
    boxes = [b for it in drawn["items"] if it.get("id") in ids and (b := _box(it)) is not None]
    if not boxes:
        return None
    panels = [b for it in drawn["items"] if it.get("t") == "rect" and (b := _box(it)) is not None
              and b[2] - b[0] >= 0.75 * w and b[3] - b[1] <= 0.5 * h]
    spans = []
    for b in boxes:
        holding = [p for p in panels if _inside(b, p)]
        if holding:  # the whole panel it lies on (the smallest holding it), its heading on it
            p = min(holding, key=lambda p: p[3] - p[1])
            spans.append((p[1] - EDGE, p[3] + EDGE))
        else:  # the item, with room for its heading above it
            spans.append((b[1] - ABOVE, b[3] + BELOW))
    top = max(0.0, min(s[0] for s in spans))
    bottom = min(h, max(s[1] for s in spans))
    for it in drawn["items"]:  # a small thing the band's edge would cut (a seat's bar, a card): whole
        b = _box(it) if it.get("t") in ("rect", "circle", "icon") else None
        if b is not None and b[3] - b[1] <= SMALL:
            if b[1] < top < b[3]:
                top = max(0.0, b[1] - EDGE)
            if b[1] < bottom < b[3]:
                bottom = min(h, b[3] + EDGE)
    return None if bottom - top > 0.9 * h else (top, bottom)


def lesson_svg(lesson, state) -> tuple[str, bool]:
    """The picture of ``state`` (the lesson position) as the learner's seat sees it, and whether it is
    cropped to a part of the table."""
    from ..match import Match
    from ..widget import scene_to_svg

    snap = Match.from_state(state.clone()).snapshot(f"seat:{lesson.seat}")
    scene = snap["scene"]
    drawn = layout_for_width(scene, PICTURE_PX)
    band = crop_band(drawn, focus_ids(lesson, snap, state))
    return scene_to_svg(scene, PICTURE_PX, crop=band), band is not None
