"""Text metrics for scene layout (pure Python): how wide a line of the painter's font is, and word wrap.

The painter draws with "Helvetica, Arial, sans-serif"; the advance widths below are Arial's (Liberation
Sans has the same metrics), in thousandths of an em, for printable ASCII.  Other characters use their base
letter (``ä`` -> ``a``) or an average width.  Game scenes use :func:`wrap` to break a name onto more lines
instead of truncating it, and the layout tests use :func:`text_box` to check overlaps and the canvas edge.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["LINE_HEIGHT", "MIN_FONT_PX", "MIN_SQUEEZE", "NARROW_PX", "drawn_lines", "drawn_size", "fit_line",
           "layout_problems", "layout_for_width", "problems_at", "reflow", "text_box",
           "text_width", "wrap", "wrap_line"]

LINE_HEIGHT = 1.2  #: the painter's line height (paint.js, svg.py)
# The painter's text rules (js/src/paint.js, layout.js), shared by the SVG picture (widget/svg.py):
MIN_FONT_PX = 11  #: no text is drawn smaller than this many CSS px
MIN_SQUEEZE = 0.85  #: a line may be narrowed to 85% of its width to fit its maxw, no more (then "…")
BALANCE_STEPS = 10  #: halvings of the width a wrapped text's lines are balanced to (paint.js wrapLine)
LOOSE = 0.4  #: a wrapped text whose last line is narrower than this share of its widest is loose
NARROW_PX = 900  #: below this width (CSS px) a scene's "narrow" layout is used, if it has one
ELLIPSIS = "\u2026"
_REGULAR = (
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
    500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
    556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
    278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584)
_BOLD = (
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
    556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584,
    556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
    333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584)
_WIDE = 1000  # symbols outside the table (arrows, dashes, bullets): counted generously
_SPECIAL = {ELLIPSIS: 1000}  # Arial's (NFKD would count it as one ".")


def _char(c: str, table) -> int:
    o = ord(c)
    if 32 <= o < 127:
        return table[o - 32]
    if c in _SPECIAL:
        return _SPECIAL[c]
    base = unicodedata.normalize("NFKD", c)[:1]
    if base and 32 <= ord(base) < 127:
        return table[ord(base) - 32]
    return 556 if c.isalpha() else _WIDE


@lru_cache(maxsize=8192)
def text_width(line: str, size: float, bold: bool = False) -> float:
    """The width of one line of text at ``size`` (scene units)."""
    table = _BOLD if bold else _REGULAR
    return sum(_char(c, table) for c in line) * size / 1000


@lru_cache(maxsize=4096)
def wrap(text: str, width: float, size: float, bold: bool = False, lines: int | None = None) -> str:
    """``text`` broken at spaces (or after a hyphen) into lines no wider than ``width``; a word longer than
    a line stays whole.  ``lines``: at most that many lines (the rest joins the last one, which may then be
    wider: callers make room rather than cut a name)."""
    pieces: list[tuple[str, str]] = []  # (piece, what joins it to the piece before: " " or "")
    for word in str(text).split():
        parts = re.findall(r"[^-]+-|[^-]+|-", word)
        for k, part in enumerate(parts):
            pieces.append((part, " " if k == 0 else ""))
    out: list[str] = []
    cur = ""
    for part, joint in pieces:
        cand = f"{cur}{joint}{part}" if cur else part
        if cur and text_width(cand, size, bold) > width:
            out.append(cur)
            cur = part
        else:
            cur = cand
    if cur:
        out.append(cur)
    if lines is not None and len(out) > lines:
        out = out[:lines - 1] + [" ".join(out[lines - 1:])]
    return "\n".join(out)


def _pieces(line: str) -> list[tuple[str, str]]:
    """The painter's ``breakPieces``: where a line may break (at spaces, after a hyphen): ``(piece,
    joint)``."""
    out: list[tuple[str, str]] = []
    for word in line.split(" "):
        parts = re.findall(r"[^-]+-|[^-]+|-", word) or [""]
        out.extend((part, " " if k == 0 else "") for k, part in enumerate(parts))
    return out


def _greedy(pieces: list[tuple[str, str]], maxw: float, max_lines: int, size: float,
            bold: bool) -> tuple[list[str], bool]:
    """The pieces filled line by line into lines no wider than ``maxw``: (lines, whether the last line,
    which takes the rest once ``max_lines`` are reached, is wider)."""
    out: list[str] = []
    cur = ""
    for i, (part, joint) in enumerate(pieces):
        nxt = f"{cur}{joint}{part}" if cur else part
        if cur and text_width(nxt, size, bold) > maxw:
            out.append(cur)
            if len(out) == max_lines - 1:
                rest = "".join(j + p if k else p for k, (p, j) in enumerate(pieces[i:]))
                out.append(rest)
                return out, text_width(rest, size, bold) > maxw
            cur = part
        else:
            cur = nxt
    if cur:
        out.append(cur)
    return out, False


def wrap_line(line: str, maxw: float, max_lines: int, size: float, bold: bool = False) -> list[str]:
    """The painter's ``wrapLine``: ``line`` split at spaces (or after a hyphen) into at most ``max_lines``
    lines no wider than ``maxw`` (the last line keeps the rest, however wide), balanced: as many lines as
    filling them to ``maxw`` takes, each filled only to the narrowest width that still needs no more
    lines (no word left alone on a last line)."""
    if not maxw > 0 or max_lines <= 1 or text_width(line, size, bold) <= maxw:
        return [line]
    pieces = _pieces(line)
    out, over = _greedy(pieces, maxw, max_lines, size, bold)
    if over or len(out) < 2:
        return out
    lo, hi = 0.0, float(maxw)
    for _ in range(BALANCE_STEPS):
        mid = (lo + hi) / 2
        lines, spill = _greedy(pieces, mid, max_lines, size, bold)
        if not spill and len(lines) <= len(out):
            hi = mid
        else:
            lo = mid
    return _greedy(pieces, hi, max_lines, size, bold)[0]


def fit_line(line: str, maxw: float, size: float, bold: bool = False) -> tuple[str, bool]:
    """The painter's ``fitLine``: ``(line, False)`` when it fits ``maxw`` squeezed to at most
    :data:`MIN_SQUEEZE`, else ``(the longest prefix + "…" that does, True)``."""
    if not maxw > 0 or text_width(line, size, bold) * MIN_SQUEEZE <= maxw:
        return line, False
    lo, hi = 0, len(line)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(line[:mid] + ELLIPSIS, size, bold) * MIN_SQUEEZE <= maxw:
            lo = mid
        else:
            hi = mid - 1
    return line[:lo].rstrip() + ELLIPSIS, True


def _num(value, default: float = 0.0) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        return default
    return float(value) if abs(value) != float("inf") else default


def drawn_size(item: dict, min_size: float = 0.0) -> float:
    """The font size (scene units) the painter draws a text item at: its ``size`` (default 12, at least 1),
    raised to ``min_size`` (:data:`MIN_FONT_PX` divided by the board's scale)."""
    return max(max(1.0, _num(item.get("size"), 12.0)), min_size)


def drawn_lines(item: dict, size: float) -> tuple[list[str], bool]:
    """The painter's ``layoutText``: the lines a text item is drawn as at font ``size`` (scene units), and
    whether a line was cut ("…").  A text with ``maxw`` wraps onto ``wrap`` lines (default: 2 when the
    painter enlarged it to the minimum size, else 1; with ``maxh`` too, as many lines as that box height
    holds at ``size``, at most ``wrap``), then each line is cut only when even squeezed to
    :data:`MIN_SQUEEZE` it would not fit."""
    raw = item.get("s")
    text = "" if raw is None else str(raw)
    maxw = _num(item.get("maxw"))
    bold = bool(item.get("bold"))
    base = _num(item.get("size"), 12.0)
    wrap_n = item.get("wrap")
    maxh = _num(item.get("maxh"))
    by_box = max(1, int(maxh / (size * LINE_HEIGHT) + 1e-6)) if maxw > 0 and maxh > 0 else 0
    if by_box:  # a box: as many lines as it holds at the size drawn (no more than ``wrap``)
        lines_n = max(1, int(min(by_box, _num(wrap_n, by_box))))
    else:
        lines_n = max(1, int(_num(wrap_n, 2 if maxw > 0 and size > base else 1)))
    out: list[str] = []
    cut = False
    for part in text.split("\n"):
        for line in wrap_line(part, maxw, lines_n, size, bold):
            fitted, was_cut = fit_line(line, maxw, size, bold)
            cut = cut or was_cut
            out.append(fitted)
    return out, cut


def layout_for_width(scene: dict, css_width: float | None) -> dict:
    """The scene the painter draws at ``css_width`` CSS px (no height limit): its ``layouts.narrow``
    (:func:`reflow`) below :data:`NARROW_PX`, else the scene itself."""
    narrow = (scene.get("layouts") or {}).get("narrow") if isinstance(scene.get("layouts"), dict) else None
    if css_width is None or not narrow or not css_width > 0 or css_width >= NARROW_PX:
        return only_in(scene, "wide")
    return {**reflow(scene, "narrow"), "narrow": True}


def only_in(scene: dict, layout: str) -> dict:
    """The scene without the items drawn only in the other layout (``"only": "wide"`` or ``"narrow"``)."""
    if not any(it.get("only") for it in scene["items"]):
        return scene
    return {**scene, "items": [it for it in scene["items"] if it.get("only") in (None, layout)]}


def shape_box(item: dict) -> tuple[float, float, float, float] | None:
    """``(x0, y0, x1, y1)`` of a scene shape as drawn: a ``rect`` (a negative width or height counts), a
    ``circle``, an ``icon`` (``size`` across, 16 when unset), a ``poly`` or ``line`` (its points); None for
    a text (see :func:`text_box`), another kind, or an item whose numbers are missing or not numbers."""
    kind = item.get("t")
    try:
        if kind == "rect":
            x, y, w, h = (float(item.get(k) or 0) for k in ("x", "y", "w", "h"))
            return min(x, x + w), min(y, y + h), max(x, x + w), max(y, y + h)
        if kind in ("circle", "icon"):
            r = abs(float(item.get("r") or 0)) if kind == "circle" else float(item.get("size") or 16) / 2
            x, y = float(item["x"]), float(item["y"])
            return x - r, y - r, x + r, y + r
        if kind in ("poly", "line"):
            pts = [(float(p[0]), float(p[1])) for p in item["pts"]]
            if not pts:
                return None
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            return min(xs), min(ys), max(xs), max(ys)
    except (KeyError, TypeError, ValueError, IndexError):
        return None
    return None


def text_box(item: dict) -> tuple[float, float, float, float]:
    """``(x0, y0, x1, y1)`` of a scene ``text`` item as the painter draws it at scale 1 (its lines as
    :func:`drawn_lines` wraps them; ``maxw`` squeezes lines)."""
    size = float(item.get("size", 12))
    lines = drawn_lines(item, size)[0] or [""]
    lh = size * LINE_HEIGHT
    w = max(text_width(line, size, bool(item.get("bold"))) for line in lines)
    if item.get("maxw"):
        w = min(w, float(item["maxw"]))
    x = float(item["x"])
    align = item.get("align")
    x0 = x - w / 2 if align == "center" else x - w if align in ("right", "end") else x
    baseline = item.get("baseline") or "alphabetic"
    n = len(lines)
    y = float(item["y"])
    if baseline == "top":
        y0 = y
    elif baseline == "middle":
        y0 = y - (n - 1) * lh / 2 - size / 2
    elif baseline == "bottom":
        y0 = y - (n - 1) * lh - size
    else:  # alphabetic: the first line's baseline sits ~0.8 em below its top
        y0 = y - (n - 1) * lh - size * 0.8
    return x0, y0, x0 + w, y0 + (n - 1) * lh + size


def layout_problems(scene: dict, min_size: float = 11, slack: float = 1.0, loose: bool = False) -> list[str]:
    """What is wrong with a scene's text layout at scale 1: text under ``min_size`` (``maxw`` squeezing
    counts), a line the painter cuts with "…", text outside the canvas, texts overlapping one another
    (by more than ``slack`` each way); with ``loose=True`` also a text wrapped loosely (its last line
    narrower than :data:`LOOSE` of its widest: a word left alone on a line).  Items drawn only in the other
    layout are left out: the scene's own width draws the wide layout (a scene reflowed for the narrow one
    says ``"narrow": True``)."""
    w, h = float(scene["w"]), float(scene["h"])
    problems: list[str] = []
    boxes = []
    for it in only_in(scene, "narrow" if scene.get("narrow") else "wide")["items"]:
        if it.get("t") != "text":
            continue
        size = float(it.get("size", 12))
        lines, cut = drawn_lines(it, size)
        if cut:
            problems.append(f"text {it['s']!r} is cut to {lines!r}")
        widths = [text_width(line, size, bool(it.get("bold"))) for line in lines]
        natural = max(widths)
        if loose and len(lines) > 1 and "\n" not in str(it["s"]) and not cut and widths[-1] < LOOSE * natural:
            problems.append(f"text {it['s']!r} is wrapped loosely: {lines!r}")
        squeeze = min(1.0, float(it["maxw"]) / natural) if it.get("maxw") and natural else 1.0
        if size * squeeze < min_size - 1e-9:
            problems.append(f"text {it['s']!r} at {size * squeeze:.1f} (size {size}, squeezed {squeeze:.2f})")
        x0, y0, x1, y1 = box = text_box(it)
        if x0 < -slack or y0 < -slack or x1 > w + slack or y1 > h + slack:
            problems.append(f"text {it['s']!r} outside the canvas: {tuple(round(v) for v in box)}")
        boxes.append((box, it["s"]))
    boxes.sort(key=lambda b: b[0][0])
    for i, ((ax0, ay0, ax1, ay1), sa) in enumerate(boxes):
        for (bx0, by0, bx1, by1), sb in boxes[i + 1:]:
            if bx0 >= ax1 - slack:
                break
            if min(ax1, bx1) - max(ax0, bx0) > slack and min(ay1, by1) - max(ay0, by0) > slack:
                problems.append(f"texts overlap: {sa!r} and {sb!r}")
    return problems


def problems_at(scene: dict, css_width: float) -> list[str]:
    """:func:`layout_problems` of the scene as the painter draws it ``css_width`` CSS px wide (no height
    limit): its layout for that width, every text enlarged to :data:`MIN_FONT_PX` CSS px (wrapped onto two
    lines where it has a ``maxw``), overlaps counted beyond 2 CSS px -- texts overlapping or leaving the
    canvas."""
    drawn = layout_for_width(scene, css_width)
    return problems_as_drawn(drawn, drawn["items"], css_width / float(drawn["w"]))


def problems_as_drawn(drawn: dict, items, scale: float, *, cut: bool = False,
                      loose: bool = False) -> list[str]:
    """Texts overlapping or leaving the canvas of layout ``drawn`` whose ``items`` are drawn at ``scale`` (CSS
    px per scene unit): every text enlarged to :data:`MIN_FONT_PX` CSS px as the painter does (wrapped onto
    two lines where it has a ``maxw``), overlaps counted beyond 2 CSS px; with ``cut=True`` also the texts
    the painter then cuts short with "…"; with ``loose=True`` also the texts wrapped loosely (a word alone
    on its last line)."""
    least = MIN_FONT_PX / scale
    shown = []
    for it in items:
        if it.get("t") == "text" and float(it.get("size", 12)) < least:
            it = {**it, "size": least}
            if it.get("maxw") and "wrap" not in it and not it.get("maxh"):  # (the painter's default)
                it["wrap"] = 2
        shown.append(it)
    return [p for p in layout_problems({**drawn, "items": shown}, min_size=0, slack=2 / scale, loose=loose)
            if "overlap" in p or "outside" in p or (cut and " is cut to " in p)
            or (loose and " is wrapped loosely: " in p)]


def reflow(scene: dict, layout: str = "narrow") -> dict:
    """The scene as the board draws it in ``layout`` (``scene["layouts"][layout]``: ``{"w", "h", "moves":
    [[x0, y0, x1, y1, dx, dy], ...]}``): every item whose anchor (``x, y``; a poly's or line's first point)
    lies in a region moves by ``(dx, dy)`` (the first region that holds it), as the painter does; items
    with ``"only": "wide"`` are left out (and ``"only": "narrow"`` ones kept)."""
    spec = (scene.get("layouts") or {}).get(layout)
    if not spec:
        return only_in(scene, "wide")
    # (the layout's own smallest scale, as the painter: not the wide one's)
    least = {"min_scale": spec["min_scale"]} if spec.get("min_scale") else {}
    base = {k: v for k, v in scene.items() if k != "min_scale"}
    if isinstance(spec.get("items"), list):  # a narrow layout drawn in full (its own items)
        return {**base, "w": spec.get("w", scene["w"]), "h": spec.get("h", scene["h"]),
                "items": spec["items"], **least}
    items = []
    for it in only_in(scene, layout)["items"]:
        ax, ay = it["pts"][0] if "pts" in it else (it["x"], it["y"])
        for x0, y0, x1, y1, dx, dy in spec.get("moves", []):
            if x0 <= ax < x1 and y0 <= ay < y1:
                it = dict(it)
                if "pts" in it:
                    it["pts"] = [[a + dx, b + dy] for a, b in it["pts"]]
                else:
                    it["x"], it["y"] = it["x"] + dx, it["y"] + dy
                break
        items.append(it)
    return {**base, "w": spec.get("w", scene["w"]), "h": spec.get("h", scene["h"]), "items": items, **least}
