"""Render a SCENE (the display list the canvas painter draws) to standalone SVG.

Same items, same defaults, the same built-in icon glyphs (``icons.json``, shared with the canvas
painter in ``js/src/paint.js``) and the same text rules (:mod:`illumi_widgets.textfit`: the 11 CSS px
minimum, wrapping before cutting, the narrow layout below 900 px) as the live canvas, so a saved notebook
shows the board without a kernel (GitHub, nbviewer) and figures can be saved from Python.  The output is
deterministic: the same scene always gives the same text (nbval compares it byte for byte).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..textfit import (
    LINE_HEIGHT,
    MIN_FONT_PX,
    drawn_lines,
    drawn_size,
    layout_for_width,
    only_in,
    problems_as_drawn,
    reflow,
    text_width,
)

__all__ = ["scene_to_svg", "save_svg", "FONT_FAMILY"]

FONT_FAMILY = "Helvetica, Arial, sans-serif"
"""The font of every text in a scene, on the canvas and in the SVG picture."""
DEFAULT_W = 1000
DEFAULT_H = 700

_ANCHORS = {
    "left": "start",
    "start": "start",
    "center": "middle",
    "middle": "middle",
    "right": "end",
    "end": "end",
}
# Canvas textBaseline -> SVG dominant-baseline.
_BASELINES = {
    "top": "text-before-edge",
    "hanging": "hanging",
    "middle": "central",
    "alphabetic": None,
    "ideographic": "ideographic",
    "bottom": "text-after-edge",
}
# Characters XML 1.0 does not allow (control characters except tab, newline, carriage return).
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


@lru_cache(maxsize=1)
def _icons() -> dict[str, Any]:
    return json.loads((Path(__file__).parent / "icons.json").read_text(encoding="utf-8"))


def _num(value: Any, default: float = 0.0) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return default
    value = float(value)
    return value if math.isfinite(value) else default


def _fmt(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _clean(text: Any) -> str:
    return _XML_ILLEGAL.sub("", str(text))


def _attr(value: Any) -> str:
    return quoteattr(_clean(value), {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})


def _color(value: Any) -> str | None:
    return value if isinstance(value, str) and value and value != "none" else None


def _points(item: dict) -> list[tuple[float, float]]:
    out = []
    pts = item.get("pts")
    if isinstance(pts, list):
        for p in pts:
            if isinstance(p, (list, tuple)) and len(p) >= 2:
                out.append((_num(p[0]), _num(p[1])))
    return out


def _dash(value: Any) -> str | None:
    if not isinstance(value, list):
        return None
    parts = [_fmt(_num(d)) for d in value if _num(d, -1) >= 0]
    return " ".join(parts) if parts else None


def _paint_attrs(item: dict) -> list[str]:
    attrs = []
    fill = _color(item.get("fill"))
    attrs.append(f"fill={_attr(fill)}" if fill else 'fill="none"')
    stroke = _color(item.get("stroke"))
    lw = _num(item.get("lw"), 1.0)
    if stroke and lw > 0:
        attrs.append(f'stroke={_attr(stroke)} stroke-width="{_fmt(lw)}"')
        dash = _dash(item.get("dash"))
        if dash:
            attrs.append(f'stroke-dasharray="{dash}"')
    return attrs


def _common_attrs(item: dict) -> list[str]:
    attrs = []
    alpha = _num(item.get("alpha"), 1.0)
    if alpha < 1:
        attrs.append(f'opacity="{_fmt(max(alpha, 0.0))}"')
    ident = item.get("id")
    if isinstance(ident, str) and ident:
        attrs.append(f"data-id={_attr(ident)}")
    return attrs


def _element(tag: str, attrs: list[str], tip: Any = None) -> str:
    head = f"<{tag} {' '.join(attrs)}"
    if isinstance(tip, str) and tip:
        return f"{head}><title>{escape(_clean(tip))}</title></{tag}>"
    return f"{head}/>"


def _rect(item: dict) -> str:
    x, y, w, h = (_num(item.get(k)) for k in ("x", "y", "w", "h"))
    if w < 0:
        x, w = x + w, -w
    if h < 0:
        y, h = y + h, -h
    r = max(0.0, min(_num(item.get("r")), w / 2, h / 2))
    attrs = [f'x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(w)}" height="{_fmt(h)}"']
    if r:
        attrs.append(f'rx="{_fmt(r)}"')
    return _element("rect", attrs + _paint_attrs(item) + _common_attrs(item), item.get("tip"))


def _circle(item: dict) -> str:
    attrs = [
        f'cx="{_fmt(_num(item.get("x")))}" cy="{_fmt(_num(item.get("y")))}" '
        f'r="{_fmt(max(0.0, _num(item.get("r"))))}"'
    ]
    return _element("circle", attrs + _paint_attrs(item) + _common_attrs(item), item.get("tip"))


def _pts_attr(pts: list[tuple[float, float]]) -> str:
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in pts)


def _poly(item: dict) -> str:
    pts = _points(item)
    if not pts:
        return ""
    attrs = [f'points="{_pts_attr(pts)}"']
    return _element("polygon", attrs + _paint_attrs(item) + _common_attrs(item), item.get("tip"))


def _line(item: dict) -> str:
    pts = _points(item)
    if len(pts) < 2:
        return ""
    color = _color(item.get("color")) or "#000"
    attrs = [
        f'points="{_pts_attr(pts)}" fill="none" stroke={_attr(color)} '
        f'stroke-width="{_fmt(max(0.0, _num(item.get("lw"), 1.0)))}" '
        'stroke-linecap="round" stroke-linejoin="round"'
    ]
    dash = _dash(item.get("dash"))
    if dash:
        attrs.append(f'stroke-dasharray="{dash}"')
    return _element("polyline", attrs + _common_attrs(item))


def _first_line_offset(baseline: str, n: int, line_height: float) -> float:
    """Same as firstLineOffset in js/src/paint.js."""
    if n <= 1:
        return 0.0
    if baseline == "middle":
        return -((n - 1) * line_height) / 2
    if baseline in ("bottom", "alphabetic", "ideographic"):
        return -(n - 1) * line_height
    return 0.0


def _text(item: dict, min_size: float = 0.0) -> str:
    """A text item as the painter draws it (``textfit``: the minimum font size, wrapping, "…" only when
    even a squeezed line cannot fit; a line wider than ``maxw`` is squeezed to it, as ``fillText`` does)."""
    raw = item.get("s")
    if raw is None or not _clean(raw):
        return ""
    size = math.ceil(drawn_size(item, min_size) * 100 - 1e-6) / 100  # (written with 2 decimals: never less)
    bold = bool(item.get("bold"))
    lines, _cut = drawn_lines({**item, "s": _clean(raw)}, size)
    x, y = _num(item.get("x")), _num(item.get("y"))
    baseline = item.get("baseline") if item.get("baseline") in _BASELINES else "alphabetic"
    line_height = size * LINE_HEIGHT
    y0 = y + _first_line_offset(baseline, len(lines), line_height)
    color = _color(item.get("color")) or "#222"
    attrs = [f'x="{_fmt(x)}" y="{_fmt(y0)}" font-size="{_fmt(size)}" fill={_attr(color)}']
    anchor = _ANCHORS.get(item.get("align"), "start")
    if anchor != "start":
        attrs.append(f'text-anchor="{anchor}"')
    dominant = _BASELINES[baseline]
    if dominant:
        attrs.append(f'dominant-baseline="{dominant}"')
    if bold:
        attrs.append('font-weight="bold"')
    if item.get("italic"):
        attrs.append('font-style="italic"')
    attrs += _common_attrs(item)
    maxw = _num(item.get("maxw"))

    def squeeze(line: str) -> str:
        # canvas fillText(text, x, y, maxw) narrows a line wider than maxw (by the font's metrics)
        if maxw > 0 and text_width(line, size, bold) > maxw:
            return f' textLength="{_fmt(maxw)}" lengthAdjust="spacingAndGlyphs"'
        return ""

    if len(lines) == 1:
        return f"<text {' '.join(attrs)}{squeeze(lines[0])}>{escape(lines[0])}</text>"
    spans = []
    for i, line in enumerate(lines):
        dy = "" if i == 0 else f' dy="{_fmt(line_height)}"'
        spans.append(f'<tspan x="{_fmt(x)}"{dy}{squeeze(line)}>{escape(line)}</tspan>')
    return f"<text {' '.join(attrs)}>{''.join(spans)}</text>"


def _expand_icon(item: dict) -> list[dict]:
    """Same algorithm as expandIcon in js/src/paint.js."""
    data = _icons()
    name = item.get("name") if isinstance(item.get("name"), str) else ""
    spec = data["icons"].get(name, data["unknown"])
    size = max(0.0, _num(item.get("size"), 16.0))
    cx, cy = _num(item.get("x")), _num(item.get("y"))
    color = _color(item.get("color")) or spec["color"]
    label = (name.split(":")[-1] or "?")[:2]
    subst = {"$color": color, "$label": label}
    out = []
    for src in spec["items"]:
        part: dict[str, Any] = {}
        for key, value in src.items():
            if key == "x":
                part[key] = cx + value * size
            elif key == "y":
                part[key] = cy + value * size
            elif key in ("w", "h", "r", "lw", "size", "maxw", "maxh"):
                part[key] = value * size
            elif key == "pts":
                part[key] = [[cx + p[0] * size, cy + p[1] * size] for p in value]
            elif isinstance(value, str):
                part[key] = subst.get(value, value)
            else:
                part[key] = value
        if "alpha" in item:
            part["alpha"] = _num(part.get("alpha"), 1.0) * _num(item.get("alpha"), 1.0)
        out.append(part)
    return out


def _item(item: Any, min_size: float = 0.0) -> str:
    if not isinstance(item, dict):
        return ""
    if _num(item.get("alpha"), 1.0) <= 0:
        return ""
    kind = item.get("t")
    if kind == "rect":
        return _rect(item)
    if kind == "circle":
        return _circle(item)
    if kind == "poly":
        return _poly(item)
    if kind == "line":
        return _line(item)
    if kind == "text":
        return _text(item, min_size)
    if kind == "icon":
        parts = [_item(p, min_size) for p in _expand_icon(item)]
        return f"<g>{''.join(p for p in parts if p)}</g>"
    return ""  # unknown item types are skipped, like the canvas does


def _y_span(item: dict) -> tuple[float, float] | None:
    """How far up and down an item reaches (generously for text: a few lines either side)."""
    if item.get("t") in ("poly", "line"):
        ys = [p[1] for p in _points(item)]
        return (min(ys), max(ys)) if ys else None
    y = _num(item.get("y"))
    if item.get("t") == "rect":
        h = _num(item.get("h"))
        return (min(y, y + h), max(y, y + h))
    reach = {"circle": _num(item.get("r")), "icon": _num(item.get("size"), 16.0)}.get(
        item.get("t"), 4 * _num(item.get("size"), 12.0))
    return (y - reach, y + reach)


def scene_to_svg(scene: dict | None, width: float | None = None,
                 crop: tuple[float, float] | None = None, memo: dict | None = None) -> str:
    """The scene as a standalone SVG document (a string), drawn as the board's painter draws it at
    ``width`` CSS px (default: the scene's own width, scale 1): below 900 px its narrow layout, if it has
    one; no text under 11 CSS px at that width; names wrapped, not cut, where the painter wraps them.
    The document is ``width`` px wide (it shrinks to fit a narrower page: ``max-width:100%``).
    ``crop=(top, bottom)``: only that band of the drawn layout (its units), the whole width; items wholly
    outside the band are left out.

    ``memo``: a dict kept by the caller between calls, for scenes whose items are never changed in place (a
    board's: a new item replaces one, and an unchanged item is the very same dict in the next scene): each
    item's SVG is reused when the same item comes again at the same text size; it then holds this scene's."""
    return "\n".join(svg_parts(scene, width, crop, memo))


def svg_parts(scene: dict | None, width: float | None = None, crop: tuple[float, float] | None = None,
              memo: dict | None = None) -> Iterator[str]:
    """:func:`scene_to_svg`'s lines one by one (the document head, the background, each item's SVG, the end),
    so a caller can do other work between them (a board's store lets a click's act in)."""
    scene = scene if isinstance(scene, dict) else {}
    css_w = _num(width, 0.0) if width is not None else 0.0
    if isinstance(scene.get("items"), list):
        try:
            scene = layout_for_width(scene, css_w) if css_w > 0 else only_in(scene, "wide")
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):  # a malformed layout: as it is
            pass
    w = _num(scene.get("w"), DEFAULT_W)
    h = _num(scene.get("h"), DEFAULT_H)
    w = w if w > 0 else DEFAULT_W
    h = h if h > 0 else DEFAULT_H
    scale = css_w / w if css_w > 0 else 1.0
    min_size = MIN_FONT_PX / scale
    top, bottom = 0.0, h
    if crop is not None:
        top = max(0.0, min(_num(crop[0]), h))
        bottom = max(top + 1, min(_num(crop[1], h), h))
    yield (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_fmt(w * scale)}" '
           f'height="{_fmt((bottom - top) * scale)}" viewBox="0 {_fmt(top)} {_fmt(w)} {_fmt(bottom - top)}" '
           f'font-family={_attr(FONT_FAMILY)} style="max-width:100%;height:auto">')
    bg = _color(scene.get("bg"))
    if bg:
        yield f'<rect x="0" y="0" width="{_fmt(w)}" height="{_fmt(h)}" fill={_attr(bg)}/>'
    items = scene.get("items")
    kept: dict[int, tuple] = {}  # id(item) -> (item, min_size, its SVG): the item held keeps its id its own
    for item in items if isinstance(items, list) else []:
        span = _y_span(item) if crop is not None and isinstance(item, dict) else None
        if span is not None and (span[1] < top or span[0] > bottom):
            continue
        if memo is None:
            text = _item(item, min_size)
        else:
            known = memo.get(id(item))
            text = known[2] if known is not None and known[0] is item and known[1] == min_size \
                else _item(item, min_size)
            kept[id(item)] = (item, min_size, text)
        if text:
            yield text
    if memo is not None:
        memo.clear()
        memo.update(kept)
    yield "</svg>"


def save_svg(scene: dict, path: str | Path, width: float | None = None) -> Path:
    """Write the scene as an SVG file (drawn for ``width`` CSS px, see :func:`scene_to_svg`); returns the
    path."""
    path = Path(path)
    path.write_text(scene_to_svg(scene, width) + "\n", encoding="utf-8")
    return path


# An icon's letter is text too (the painter enlarges and counts it), so this check lives beside _expand_icon.
def problems_at_scale(scene: dict, layout: str, scale: float) -> list[str]:
    """Texts overlapping or leaving the canvas in ``layout`` (``"wide"`` or ``"narrow"``) drawn at ``scale``
    (CSS px per scene unit), every text enlarged to MIN_FONT_PX CSS px as the painter does (wrapped
    onto two lines where it has a ``maxw``; an icon's letter too), overlaps counted beyond 2 CSS px.  A
    layout's ``min_scale`` (the painter never draws it smaller for a short window) is the scale this must
    hold at."""
    drawn = reflow(scene, "narrow") if layout == "narrow" else only_in(scene, "wide")
    parts = (part for it in drawn["items"] for part in (_expand_icon(it) if it.get("t") == "icon" else [it]))
    return problems_as_drawn(drawn, parts, scale)
