"""Building scenes: the display list every game's board is drawn from (pure Python, no Jupyter).

A scene is ``{"w", "h", "bg", "items"}``; each item is a small dict the one generic painter understands
(``js/src``, and :mod:`illumi_widgets.widget.svg` for the SVG copy): ``rect``, ``circle``, ``poly``,
``line``, ``text`` and ``icon``, with optional ``fill``/``stroke``/``lw``/``dash``, and ``id``/``tip`` on the
shapes a person can point at.  :class:`SceneItems` builds that list for a game's ``scene.py``: coordinates
are rounded to 0.1 (compact, deterministic JSON) and defaults are left out.

What a game's scene provides (the spec the generic board builds on)
-------------------------------------------------------------------
* **Readable text.**  The painter never draws text smaller than 11 CSS px: when the board is scaled
  down it draws every text at ``max(size * scale, 11)`` px and, for a text with ``maxw`` (scene units),
  wraps it at spaces onto more lines (``wrap``: the most lines, default 2) before it shrinks it to fit;
  the last line gets "…" only when even the lines allowed cannot hold it.  So give every name a ``maxw``
  (its box's width) and room for a second line below it (``wrap=2``) instead of truncating it in Python;
  a name in a fixed box (a card) gets ``maxw`` and ``maxh``: the painter wraps it (at spaces and after
  hyphens) onto as many lines as the box holds at the size it draws it at.
  Sizes: 11-13 scene units for body text at the default 1000-unit width keeps a 1:1 look at ~1000 px.
* **Fitted for the smallest scale it is drawn at.**  A scene (and its ``layouts.narrow``) may say
  ``"min_scale"``: the board never draws that layout smaller because the window is short -- it keeps that
  scale and scrolls the board in a box as tall as the visible notebook.  At ``min_scale`` every text is
  drawn at least ``11 / min_scale`` scene units, so the scene wraps, measures and spaces its text for that
  size (Pax: ``_Items(fit=...)`` and ``out.fs(size)``; Illuminati: the ``t``/``room`` sizes), and
  :func:`illumi_widgets.widget.svg.problems_at_scale` checks that nothing then overlaps (icon letters count).
  A wide cell (1400 CSS px or more) whose height-fitted board uses under 3/4 of its width draws the board
  up to 1.3x larger, scrolling in its box; a scene read as one picture says ``"grow": 1`` (no enlargement:
  Primordial Secrets, whole in a 1920 x 1080 window).
* **Fits the window.**  The board scales to min(cell width, visible height of the notebook area).  A
  scene may give ``"layouts": {"narrow": {"w", "h", "moves": [[x0, y0, x1, y1, dx, dy], ...]}}``: below
  900 CSS px of width the painter uses the narrow size and shifts every item whose anchor (``x, y``; a
  poly's/line's first point) lies in a region ``[x0, y0, x1, y1)`` by ``(dx, dy)`` -- e.g. the side
  panels of the right column moved under the map.  Hit-testing and the SVG follow the same moves.
  Without ``layouts`` the board just scales.  The narrow layout is used only when it draws the board at
  least as large within the visible height -- unless it says ``"scroll": true``: then it is a tall stack
  of blocks (each at most ~560 units wide) fitted to the width alone, used whenever the board is
  narrow, and the notebook scrolls.  A block that must re-flow inside (a row of cards into two rows) is
  moved by one region per part; an item with ``"only": "narrow"`` (or ``"only": "wide"``) is drawn in
  that layout only (e.g. a panel's background at its narrow size).  A layout that re-flows too much for
  moves may give its own ``"items"`` (the whole narrow scene, drawn by the same code at the narrow width):
  they replace the scene's items, and ``moves`` is then ignored.
* **Entities.**  Every clickable thing has an ``id`` (``cell:C3``, ``hand:<card>``...).  The game's
  ``Game.hint(data, seat, entity)`` names the natural action on it, so hovering or clicking a thing that
  is not a legal target shows the rules' reason (``State.why_not``); ``Game.touched(data, action)``
  names the ids a move changed (the board highlights a bot's last move, fading).
* **Labels.**  ``Game.label(data, action, seat)`` is what a player reads for each option (names, plain
  English); the notation stays the API's.  Options whose labels differ only by one number are shown
  as one stepper + button (:func:`group_amounts`; or give ``amount``/``group`` yourself).  Options
  with ``Game.confirm`` text (and every kind in ``withdraw_kinds``) ask before they are sent.
* **Composed choices.**  A decision whose options each name a SET of entities (a deck-builder's "these
  three cards host, this Intent") is built on the board: the presenter's ``compose(view, game, seat,
  actions)`` returns ``{"targets": [ids per action], "alike": {id: class}, "hint", "tags"}`` (or None);
  the painter then lets the player click entities into a selection (no message per click), narrows the
  options to those holding the selection (entities of one ``alike`` class are interchangeable), and offers
  "Confirm: <label>" when exactly one option is named; Clear or Esc empties it.  The option is sent as a
  normal ``act``.  Target sets must differ per option (as multisets of classes).
* **Legend.**  ``Game.legend(seat)``: ``[{"symbol", "color", "text"}]`` behind the board's "?" button.
* **No status widgets in the scene.**  Bot names, the pause button, the action bar, undo and the log
  are the board's own (HTML, always visible); a scene draws the game.
"""

from __future__ import annotations

import re

#: the painter's text colour when an item names none
PAINTER_INK = "#222"


def rnd(v: float):
    """A coordinate rounded to 0.1, as an int when whole (``12.0`` -> ``12``)."""
    if v.__class__ is int:  # (most layout numbers are whole already)
        return v
    v = round(v, 1)
    i = int(v)
    return i if i == v else v


class SceneItems:
    """A scene item list with small builders.  ``ink``: the game's default text colour."""

    def __init__(self, ink: str = PAINTER_INK) -> None:
        self.items: list[dict] = []
        self.ink = ink

    def rect(self, x, y, w, h, fill=None, stroke=None, lw=None, r=None, ident=None, tip=None, dash=None):
        it = {"t": "rect", "x": rnd(x), "y": rnd(y), "w": rnd(w), "h": rnd(h)}
        if r:
            it["r"] = rnd(r)
        self._paint(it, fill, stroke, lw, dash)
        self._hit(it, ident, tip)
        self.items.append(it)

    def circle(self, x, y, r, fill=None, stroke=None, lw=None, ident=None, tip=None):
        it = {"t": "circle", "x": rnd(x), "y": rnd(y), "r": rnd(r)}
        self._paint(it, fill, stroke, lw, None)
        self._hit(it, ident, tip)
        self.items.append(it)

    def poly(self, pts, fill=None, stroke=None, lw=None, ident=None, tip=None):
        it = {"t": "poly", "pts": [[rnd(a), rnd(b)] for a, b in pts]}
        self._paint(it, fill, stroke, lw, None)
        self._hit(it, ident, tip)
        self.items.append(it)

    def line(self, pts, color="#000", lw=1, dash=None):
        it = {"t": "line", "pts": [[rnd(a), rnd(b)] for a, b in pts], "color": color, "lw": lw}
        if dash:
            it["dash"] = dash
        self.items.append(it)

    def text(self, x, y, s, size=11, color=None, align=None, baseline=None, bold=False, italic=False,
             maxw=None, wrap=None, maxh=None):
        """Text (nothing for ``None`` or ``""``); ``s`` may hold line breaks.  ``maxw``: the width it may take
        (scene units); ``wrap``: how many lines the painter may wrap it onto at spaces to keep it within
        ``maxw`` (default: 2 when the painter had to enlarge it to the minimum font, else 1); ``maxh`` (with
        ``maxw``): the height of its box: the painter wraps it onto as many lines as that holds at the size
        it draws it at (then cuts the last with "…"), so the text stays in its box at any scale."""
        if s is None or s == "":
            return
        color = self.ink if color is None else color
        it = {"t": "text", "x": rnd(x), "y": rnd(y), "s": str(s), "size": size}
        if color != PAINTER_INK:
            it["color"] = color
        if align:
            it["align"] = align
        if baseline:
            it["baseline"] = baseline
        if bold:
            it["bold"] = True
        if italic:
            it["italic"] = True
        if maxw:
            it["maxw"] = rnd(maxw)
        if wrap:
            it["wrap"] = int(wrap)
        if maxh:
            it["maxh"] = rnd(maxh)
        self.items.append(it)

    def icon(self, name, x, y, size, color=None):
        it = {"t": "icon", "name": name, "x": rnd(x), "y": rnd(y), "size": size}
        if color:
            it["color"] = color
        self.items.append(it)

    @staticmethod
    def _paint(it, fill, stroke, lw, dash):
        if fill:
            it["fill"] = fill
        if stroke:
            it["stroke"] = stroke
            if lw is not None:
                it["lw"] = lw
            if dash:
                it["dash"] = dash

    @staticmethod
    def _hit(it, ident, tip):
        if ident:
            it["id"] = ident
        if tip:
            it["tip"] = tip


# ------------------------------------------------------------------------------------------- decision options
_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")
AMOUNT_MARK = "…"
MIN_STEPPER = 3  # fewer options than this that differ only by a number stay plain buttons


def group_amounts(options: list[dict], min_size: int = MIN_STEPPER) -> list[dict]:
    """Mark the options of ONE decision whose labels differ only by one whole number ("Give 1 to Red",
    "Give 2 to Red", ...): each gets ``"amount": n`` and ``"group": "Give … to Red"`` (the label with the
    number replaced by ``…``), so the board shows one stepper and a button instead of a button per number.
    Options that already carry an ``amount`` keep theirs (with their own ``group``).  In place; returns
    ``options``."""
    keys: dict[str, list] = {}
    for k, opt in enumerate(options):
        label = opt.get("label")
        if "amount" in opt or not isinstance(label, str):
            continue
        for m in _NUMBER.finditer(label):
            key = label[:m.start()] + AMOUNT_MARK + label[m.end():]
            keys.setdefault(key, []).append((k, int(m.group())))
    taken: set[int] = set()
    for key, members in sorted(keys.items(), key=lambda kv: -len(kv[1])):
        members = [(k, n) for k, n in members if k not in taken]
        if len(members) < min_size or len({n for _, n in members}) != len(members):
            continue
        for k, n in members:
            options[k]["amount"] = n
            options[k]["group"] = key
            taken.add(k)
    return options
