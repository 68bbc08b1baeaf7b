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

from .textfit import shape_box

__all__ = ["board_parts", "describe_scene", "describe_snapshot", "describe_state", "entity_lines",
           "game_summary", "seat_summary"]

_SHAPES = ("rect", "circle", "poly")
_END = ".!?:;,—…"


def _num(x: Any, default: float = 0.0) -> float:
    try:
        v = float(x)
    except (TypeError, ValueError):
        return default
    return v if v == v and abs(v) != float("inf") else default


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


HEADING_SIZE = 12  #: a caption drawn at least this large heads a region of the board (a11y.js: the same)


def _text_box(t: dict) -> tuple[float, float, float, float]:
    """About where a caption is drawn: its longest line at half an em a letter (at most ``maxw``), one em a
    line, placed by its ``align`` and ``baseline`` (a11y.js: the same estimate)."""
    x, y = _num(t.get("x")), _num(t.get("y"))
    size = _num(t.get("size"), 11.0) or 11.0
    lines = str(t["s"]).split("\n")
    w = max(len(ln) for ln in lines) * size * 0.5
    maxw = _num(t.get("maxw"))
    if maxw > 0:
        w = min(w, maxw)
    h = size * len(lines)
    align, base = t.get("align"), t.get("baseline")
    x0 = x - w / 2 if align == "center" else x - w if align in ("right", "end") else x
    y0 = y - h / 2 if base == "middle" else y if base in ("top", "hanging") else y - size
    return x0, y0, x0 + w, y0 + h


def _things(scene: Any) -> tuple[list[dict], list[dict]]:
    """The scene's things (shapes with an ``id`` or a tooltip, united by id) and its captions (texts drawn
    outside every thing), each ``{"bounds", "tip", "id"}`` / ``{"bounds", "s", "size"}``."""
    items = scene.get("items") if isinstance(scene, dict) else None
    items = [it for it in items or [] if isinstance(it, dict)]
    boxes: dict = {}
    for n, it in enumerate(items):
        ident = it.get("id")
        ident = ident if isinstance(ident, str) and ident else None
        tip = it.get("tip")
        tip = tip if isinstance(tip, str) and tip.strip() else None
        if it.get("t") not in _SHAPES or (ident is None and tip is None):
            continue
        b = shape_box(it)
        if b is None:
            continue
        box = boxes.setdefault(ident or ("", n), {"bounds": b, "tip": None, "id": ident})
        box["bounds"] = (min(box["bounds"][0], b[0]), min(box["bounds"][1], b[1]),
                         max(box["bounds"][2], b[2]), max(box["bounds"][3], b[3]))
        if box["tip"] is None and tip:
            box["tip"] = tip
    things = list(boxes.values())
    texts = [it for it in items if it.get("t") == "text" and isinstance(it.get("s"), str) and it["s"].strip()]
    for b in things:
        x0, y0, x1, y1 = b["bounds"]
        b["texts"] = [t["s"] for t in texts if x0 <= _num(t.get("x")) <= x1 and y0 <= _num(t.get("y")) <= y1]
    captions = []
    for t in texts:
        x, y = _num(t.get("x")), _num(t.get("y"))
        if not any(b["bounds"][0] <= x <= b["bounds"][2] and b["bounds"][1] <= y <= b["bounds"][3]
                   for b in things):
            captions.append({"bounds": _text_box(t), "s": t["s"], "size": _num(t.get("size"), 11.0)})
    return things, captions


def _inside(inner: tuple, outer: tuple) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def _containers(order: list[dict]) -> set[int]:
    """The things of ``order`` whose box holds at least two other things (panels: a seat's table, a power
    structure), each moved (in place) to just before the first thing it holds; returns their ``id()``s."""
    things = [b for b in order if "s" not in b]
    heads = []
    for b in things:
        held = [c for c in things if c is not b and _inside(c["bounds"], b["bounds"])
                and not _inside(b["bounds"], c["bounds"])]
        if len(held) >= 2:
            heads.append((b, held))
    def at(x):
        return next(i for i, y in enumerate(order) if y is x)

    for b, held in heads:
        first = min(at(c) for c in held)
        here = at(b)
        if first < here:
            order.insert(first, order.pop(here))
    return {id(b) for b, _held in heads}


def short_heading(words: str) -> str:
    """A panel's name as a heading: its words up to the first stop, colon or dash (at most 60 characters)."""
    for sep in (". ", ": ", " — ", " · "):
        words = words.split(sep)[0]
    return words if len(words) <= 60 else words[:59].rstrip() + "…"


def board_parts(scene: Any) -> list[tuple[str, list[str]]]:
    """The board in words, region by region: ``[(heading, lines)]`` in reading order. Every thing drawn (a
    shape with an id or a tooltip) is named by its tooltip, else by the texts drawn inside it; every caption
    drawn outside the things (with a letter: a lone count or symbol is left out) is a line too, and a caption
    drawn large (:data:`HEADING_SIZE`), or a thing whose box holds two things or more (a panel: "Blue's
    table"), heads the lines after it (the first part's heading is ``""``; a caption heading no line is a line
    of the part before). A thing with no words is left out: an id is never shown."""
    things, captions = _things(scene)
    parts: list[tuple[str, list[str]]] = [("", [])]
    order = _reading_order(things + [c for c in captions if any(ch.isalpha() for ch in c["s"])])
    heads = _containers(order)
    for b in order:
        if id(b) in heads:  # a panel holding other things ("Blue's table"): it heads their region
            words = one_line(b["tip"]) if b["tip"] else one_line("\n".join(b["texts"]))
            if words:
                if not parts[-1][1] and parts[-1][0] and len(parts) > 1:
                    heading = parts.pop()[0]
                    parts[-1][1].append(heading)
                parts.append((short_heading(words), [words]))
                continue
        if "s" in b:
            words = one_line(b["s"])
            if b["size"] >= HEADING_SIZE and sum(c.isalpha() for c in words) >= 2:
                if not parts[-1][1] and parts[-1][0] and len(parts) > 1:  # a heading of nothing: a line
                    heading = parts.pop()[0]
                    parts[-1][1].append(heading)
                parts.append((words, []))
                continue
        else:
            words = one_line(b["tip"]) if b["tip"] else one_line("\n".join(b["texts"]))
        if words:
            parts[-1][1].append(words)
    if len(parts) > 1 and not parts[-1][1]:
        heading = parts.pop()[0]
        parts[-1][1].append(heading)
    return [p for p in parts if p[1]]


def entity_lines(scene: Any) -> list[str]:
    """The words of every line of the board (``board_parts`` without the headings), in reading order."""
    return [line for _h, lines in board_parts(scene) for line in lines]


def _heading(text: str) -> str:
    return text if text[-1:] in _END else text + ":"


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".!?" else text + "."


def describe_scene(scene: Any, status: str = "", decisions: list | None = None, title: str = "") -> str:
    """The words of a board: its title and status line, each entity in reading order, and what is asked."""
    parts = [_sentence(x) for x in (title, status) if isinstance(x, str) and x.strip()]
    board = board_parts(scene)
    if board:
        parts.append("On the board:")
        for heading, lines in board:
            if heading:
                parts.append(_heading(heading))
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


def _with_summary(text: str, said: list[str]) -> str:
    """``text`` (a description) with the game's summary lines under "In short:" before the board's words."""
    if not said:
        return text
    head, board, rest = text.partition("\nOn the board:")
    return "\n".join([head, "In short:", *said]) + (f"{board}{rest}" if board else "")


def seat_summary(state, seat) -> list[str]:
    """The game's own sentences on ``seat``'s position (``game_summary``), from ``state.view(seat)`` only;
    none for a spectator or a game without them."""
    fn = game_summary(state.game) if isinstance(seat, int) else None
    return [_sentence(str(x)) for x in fn(state.view(seat), state.game, seat)] if fn else []


def describe_snapshot(snapshot: dict, title: str = "", summary: list[str] | None = None) -> str:
    """The words of a Match snapshot (``match.snapshot(perspective)``): what that board shows, with the game's
    ``summary`` of the seat's position (:func:`seat_summary`) when given."""
    status = snapshot.get("status") or {}
    if status.get("curtain"):
        return _sentence(str(status.get("text") or f"Pass the screen to {status['curtain']}"))
    text = str(status.get("text") or "")
    return _with_summary(describe_scene(snapshot.get("scene"), text, snapshot.get("decisions"), title),
                         summary or [])


def _presenter(game) -> dict:
    module = getattr(game, "presenter", None)
    found = getattr(import_module(module), "PRESENTER", None) if module else None
    return found or {}


def game_summary(game):
    """The game's own words for a seat: ``summary(view, game, seat) -> [sentence]`` of the module
    ``describe`` beside its presenter (``illumi_widgets/games/<game>/describe.py``), or None."""
    module = getattr(game, "presenter", None)
    if not module or "." not in module:
        return None
    try:
        found = import_module(module.rsplit(".", 1)[0] + ".describe")
    except ModuleNotFoundError:
        return None
    fn = getattr(found, "summary", None)
    return fn if callable(fn) else None


def describe_state(state, seat=None) -> str:
    """The position for ``seat`` (a seat number; ``None``: a spectator) in plain words, from its view only:
    the title and status, the game's own summary of the seat's position (``game_summary``), then the board
    region by region."""
    game = state.game
    view = state.view(seat)
    presenter = _presenter(game)
    hook = presenter.get("describe")
    if callable(hook):
        return str(hook(view, game))
    status_fn = presenter.get("status")
    status = status_fn(view, game) if callable(status_fn) else ""
    who = f", as {game.seat_name(seat)} sees it" if isinstance(seat, int) else ""
    said = seat_summary(state, seat)
    scene_fn = presenter.get("scene")
    if not callable(scene_fn):
        log = [str(x) for x in view.get("log", [])[-10:]]
        return "\n".join([_sentence(f"{game.title}{who}"), *said, *log])
    return _with_summary(describe_scene(scene_fn(view, game), status, None, f"{game.title}{who}"), said)
