"""The position as plain words for one seat: what a screen-reader user hears of the board, and what a
teacher or a test can read.

``describe_scene(scene, status=…, decisions=…)`` is generic: it reads the SCENE a board draws for a seat
(already that seat's view: ``state.view(seat)`` is the only filter of hidden information) exactly as the front
end's accessible tree does (``js/src/a11y.js``) -- each entity (a shape with an ``id``) named by its tooltip,
else by the texts drawn inside it, in reading order (region by region, then row by row: a recursive XY cut
of the entities' boxes), never by its id -- with the status line and what the seat is asked to decide.

``describe_state(state, seat)`` draws the seat's view with the game's presenter and describes it; a game may
give a better text with a presenter hook ``"describe": (view, game) -> str``.  ``board.describe()`` and
``state.describe(seat)`` call these.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = ["describe_scene", "describe_snapshot", "describe_state", "entity_lines"]

_SHAPES = ("rect", "circle", "poly")
_END = ".!?:;,—…"


def _num(x: Any, default: float = 0.0) -> float:
    try:
        v = float(x)
    except (TypeError, ValueError):
        return default
    return v if v == v and abs(v) != float("inf") else default


def _bounds(it: dict) -> tuple[float, float, float, float] | None:
    t = it.get("t")
    if t == "rect":
        x, y, w, h = (_num(it.get(k)) for k in ("x", "y", "w", "h"))
        return min(x, x + w), min(y, y + h), max(x, x + w), max(y, y + h)
    if t == "circle":
        r = abs(_num(it.get("r")))
        x, y = _num(it.get("x")), _num(it.get("y"))
        return x - r, y - r, x + r, y + r
    pts = [p for p in it.get("pts") or [] if isinstance(p, (list, tuple)) and len(p) >= 2]
    if not pts:
        return None
    xs = [_num(p[0]) for p in pts]
    ys = [_num(p[1]) for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def one_line(text: str) -> str:
    """A tooltip's lines as one line of words ("Tabloids. Power 2, Resistance 3")."""
    lines = [ln.strip() for ln in str(text).split("\n") if ln.strip()]
    return " ".join(ln if i == len(lines) - 1 or ln[-1] in _END else ln + "." for i, ln in enumerate(lines))


def _rows(boxes: list[dict]) -> list[dict]:
    def cy(b):
        return (b["bounds"][1] + b["bounds"][3]) / 2

    def cx(b):
        return (b["bounds"][0] + b["bounds"][2]) / 2

    rows: list[dict] = []
    for b in sorted(boxes, key=lambda b: (cy(b), cx(b))):
        row = next((r for r in rows if r["top"] <= cy(b) <= r["bottom"]), None)
        if row:
            row["items"].append(b)
        else:
            rows.append({"top": b["bounds"][1], "bottom": b["bounds"][3], "items": [b]})
    rows.sort(key=lambda r: r["top"])
    return [b for r in rows for b in sorted(r["items"], key=cx)]


def _widest_gap(boxes: list[dict], axis: int):
    """(width, before, after) of the widest gap the boxes' projections on ``axis`` (0: x, 1: y) leave."""
    ordered = sorted(boxes, key=lambda b: b["bounds"][axis])
    reach = float("-inf")
    best = None
    for i, b in enumerate(ordered):
        gap = b["bounds"][axis] - reach
        if i and gap > 0 and (best is None or gap > best[0]):
            best = (gap, ordered[:i], ordered[i:])
        reach = max(reach, b["bounds"][axis + 2])
    return best


def _reading_order(boxes: list[dict], depth: int = 0) -> list[dict]:
    """Region by region: a recursive XY cut at the widest gap crossing the whole group (across: the part above
    first; down: the left part first); a group with no gap is read in rows (the front end's readingOrder)."""
    if len(boxes) <= 1:
        return list(boxes)
    y, x = _widest_gap(boxes, 1), _widest_gap(boxes, 0)
    cut = y if y and (not x or y[0] >= x[0]) else x
    if not cut or depth > 200:
        return _rows(boxes)
    return _reading_order(cut[1], depth + 1) + _reading_order(cut[2], depth + 1)


def entity_lines(scene: Any) -> list[str]:
    """The words naming each entity of ``scene`` in reading order (an entity with no words is left out: an id
    is never shown)."""
    items = scene.get("items") if isinstance(scene, dict) else None
    items = [it for it in items or [] if isinstance(it, dict)]
    boxes: dict[str, dict] = {}
    for it in items:
        ident = it.get("id")
        if it.get("t") not in _SHAPES or not isinstance(ident, str) or not ident:
            continue
        b = _bounds(it)
        if b is None:
            continue
        box = boxes.setdefault(ident, {"bounds": b, "tip": None})
        box["bounds"] = (min(box["bounds"][0], b[0]), min(box["bounds"][1], b[1]),
                         max(box["bounds"][2], b[2]), max(box["bounds"][3], b[3]))
        tip = it.get("tip")
        if box["tip"] is None and isinstance(tip, str) and tip.strip():
            box["tip"] = tip
    texts = [(_num(it.get("x")), _num(it.get("y")), it["s"]) for it in items
             if it.get("t") == "text" and isinstance(it.get("s"), str) and it["s"].strip()]
    out = []
    for b in _reading_order(list(boxes.values())):
        if b["tip"]:
            name = one_line(b["tip"])
        else:
            x0, y0, x1, y1 = b["bounds"]
            name = one_line("\n".join(s for x, y, s in texts if x0 <= x <= x1 and y0 <= y <= y1))
        if name:
            out.append(name)
    return out


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".!?" else text + "."


def describe_scene(scene: Any, status: str = "", decisions: list | None = None, title: str = "") -> str:
    """The words of a board: its title and status line, each entity in reading order, and what is asked."""
    parts = [_sentence(x) for x in (title, status) if isinstance(x, str) and x.strip()]
    lines = entity_lines(scene)
    if lines:
        parts.append("On the board:")
        parts += [f"- {line}" for line in lines]
    for d in decisions or []:
        prompt = d.get("prompt") if isinstance(d, dict) else None
        if isinstance(prompt, str) and prompt.strip():
            opts = [o for o in d.get("options") or [] if isinstance(o, dict)]
            labels = [str(o.get("label") or "") for o in opts if o.get("label")]
            more = f" ({len(labels)} choices: {', '.join(labels[:6])}{', …' if len(labels) > 6 else ''})" \
                if labels else ""
            parts.append(f"To decide: {prompt.strip()}{more}")
    return "\n".join(parts)


def describe_snapshot(snapshot: dict, title: str = "") -> str:
    """The words of a Match snapshot (``match.snapshot(perspective)``): what that board shows."""
    status = snapshot.get("status") or {}
    if status.get("curtain"):
        return _sentence(str(status.get("text") or f"Pass the screen to {status['curtain']}"))
    text = str(status.get("text") or "")
    return describe_scene(snapshot.get("scene"), text, snapshot.get("decisions"), title)


def _presenter(game) -> dict:
    module = getattr(game, "presenter", None)
    found = getattr(import_module(module), "PRESENTER", None) if module else None
    return found or {}


def describe_state(state, seat=None) -> str:
    """The position for ``seat`` (a seat number; ``None``: a spectator) in plain words, from its view only."""
    game = state.game
    view = state.view(seat)
    presenter = _presenter(game)
    hook = presenter.get("describe")
    if callable(hook):
        return str(hook(view, game))
    status_fn = presenter.get("status")
    status = status_fn(view, game) if callable(status_fn) else ""
    who = f", as {game.seat_name(seat)} sees it" if isinstance(seat, int) else ""
    scene_fn = presenter.get("scene")
    if not callable(scene_fn):
        log = [str(x) for x in view.get("log", [])[-10:]]
        return "\n".join([_sentence(f"{game.title}{who}"), *log])
    return describe_scene(scene_fn(view, game), status, None, f"{game.title}{who}")
