"""Building scenes: the display list every game's board is drawn from (pure Python, no Jupyter).

A scene is ``{"w", "h", "bg", "items"}``; each item is a small dict the one generic painter understands
(``js/src``, and :mod:`illumi_widgets.widget.svg` for the SVG copy): ``rect``, ``circle``, ``poly``,
``line``, ``text`` and ``icon``, with optional ``fill``/``stroke``/``lw``/``dash``, and ``id``/``tip`` on the
shapes a person can point at.  :class:`SceneItems` builds that list for a game's ``scene.py``: coordinates
are rounded to 0.1 (compact, deterministic JSON) and defaults are left out.
"""

from __future__ import annotations

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
             maxw=None):
        """Text (nothing for ``None`` or ``""``); ``s`` may hold line breaks."""
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
