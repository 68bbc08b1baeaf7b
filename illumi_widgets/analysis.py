"""Engine evaluation of a position from one seat's information.

:func:`analyse` runs the search bot (:class:`~illumi_widgets.bots.search.SearchBot`) from a seat on a
:class:`~illumi_widgets.bots.SeatState` -- the seat's view, legal actions and public history, and worlds
re-dealt from that view alone -- and returns an :class:`Analysis`: for each legal action its visits, visit
share and estimated win probability (the mean playout value for the seat), plus the expected line (the most
visited continuation in the tree).  It reads nothing the seat cannot see: two real positions the seat cannot
tell apart give the same analysis for the same seed (``tests/analysis/test_overlay.py``).

:func:`overlay_items` turns an analysis into scene items drawn over a board's scene: a halo on each option's
target entity (its strength the visit share, its colour the win probability), "62%" labels on the best
three, and the expected line as text and dashed highlights.  A board (``board.analyse()``) runs this in a
background thread; see :mod:`illumi_widgets.widget.analysis`.

:func:`history_frame` is a game's history table (``state.history_table()``: attacks and rolls, actions and
Oust challenges, visits, bids and votes ...) as a pandas DataFrame, for a State or a Match.

Pure Python: pandas is only needed for :meth:`Analysis.frame` and :func:`history_frame`.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from .bots.base import SeatState
from .bots.search import SearchBot, principal_line, root_stats
from .engine import CHANCE, OMNISCIENT, EngineError, Rng
from .textfit import LINE_HEIGHT, drawn_lines, reflow, shape_box, text_box

__all__ = ["Analysis", "AnalysisCancelled", "analyse", "analyse_steps", "history_frame", "overlay_items",
           "with_overlay"]

COLUMNS = ("action", "label", "visits", "share", "win")
BAND = 56  # scene units added below a board for the analysis text (three lines)


class AnalysisCancelled(EngineError):
    """The analysis was cancelled (a new move, a click) before it finished."""


@dataclass
class Analysis:
    """The search's statistics for one seat at one position (``version``)."""

    game: str
    seat: int
    seat_name: str
    version: int
    iterations: int
    seconds: float
    #: one dict per legal action, most visited first: ``action`` (notation), ``label`` (plain words),
    #: ``visits``, ``share`` (of the root's visits), ``win`` (estimated win probability, 0..1),
    #: ``targets`` (the board entities the action names)
    rows: list = field(default_factory=list)
    #: the expected line: ``[{"seat", "name", "action", "label", "targets"}]``, the analysed move first
    line: list = field(default_factory=list)

    def frame(self):
        """The rows as a pandas DataFrame (columns ``action, label, visits, share, win``)."""
        try:
            import pandas as pd
        except ImportError as e:  # pragma: no cover - pandas is an optional extra
            raise ImportError("board.analysis needs pandas: pip install 'illumi-widgets[analysis]'") from e
        return pd.DataFrame([{k: r[k] for k in COLUMNS} for r in self.rows], columns=list(COLUMNS))

    def line_text(self) -> str:
        """The expected line in plain words: "Alice: Scheme with … → Bob: End the turn → …"."""
        return " → ".join(f"{m['name']}: {m['label']}" for m in self.line)

    def summary(self) -> str:
        best = self.rows[0] if self.rows else None
        head = (f"{self.seat_name}: best {best['label']} ({best['win']:.0%} estimated, "
                f"{best['share']:.0%} of {self.iterations} playouts)") if best else f"{self.seat_name}: —"
        return head + (f"\nExpected line: {self.line_text()}" if self.line else "")

    def to_dict(self) -> dict:
        return {"game": self.game, "seat": self.seat, "version": self.version, "iterations": self.iterations,
                "rows": [dict(r) for r in self.rows], "line": [dict(m) for m in self.line]}

    def __repr__(self) -> str:
        return (f"<Analysis v{self.version} {self.seat_name}, {self.iterations} playouts, "
                f"{len(self.rows)} actions>")


def analyse(state, seat: int, *, iterations: int | None = None, seconds: float | None = None, seed: int = 0,
            targets=None, progress=None, cancelled=None, line_length: int = 6) -> Analysis:
    """Analyse ``state`` for ``seat`` from that seat's information only (see the module docstring).

    ``iterations`` / ``seconds``: the search budget (default 400 playouts); ``seed``: the search's RNG.
    ``targets(game, action) -> entity ids`` (a board's presenter) names the entities drawn for an action.
    ``progress(done, total)`` is called as the search goes; ``cancelled() -> bool`` stops it (then
    :class:`AnalysisCancelled` is raised).  ``state`` may be a ``State`` or an already built ``SeatState``.
    """
    ss, legal, iterations, bot = _prepare(state, seat, iterations, seconds, seed)
    t0 = time.perf_counter()
    stop = [False]

    def tick(done: int) -> bool:
        if cancelled is not None and cancelled():
            stop[0] = True
            return True
        if progress is not None:
            progress(done, iterations)
        return False

    root = bot.search(ss, iterations=iterations, seconds=seconds, tick=tick)
    if stop[0]:
        raise AnalysisCancelled("the analysis was cancelled: the position changed", code="analysis-cancelled")
    return _result(ss, seat, bot, root, legal, t0, iterations, seed, targets, progress, line_length)


def analyse_steps(state, seat: int, *, iterations: int | None = None, seconds: float | None = None,
                  seed: int = 0, targets=None, progress=None, cancelled=None, line_length: int = 6,
                  step: int = 16):
    """:func:`analyse` in steps, for a caller with no threads (a browser: :mod:`illumi_widgets.platform`):
    a generator that runs ``step`` playouts per ``next()`` and yields the playouts done so far; its return
    value (``StopIteration.value``) is the :class:`Analysis`, the same as :func:`analyse` gives for the
    same arguments.  ``cancelled()`` is asked before each step (then :class:`AnalysisCancelled`)."""
    ss, legal, iterations, bot = _prepare(state, seat, iterations, seconds, seed)
    t0 = time.perf_counter()
    deadline = None if seconds is None else t0 + seconds
    root, done = None, 0
    while True:
        if cancelled is not None and cancelled():
            raise AnalysisCancelled("the analysis was cancelled: the position changed",
                                    code="analysis-cancelled")
        n = step if iterations is None else min(step, iterations - done)
        root = bot.search(ss, iterations=n, root=root)
        done += bot.last_stats["iterations"]
        if (iterations is not None and done >= iterations) or (
                deadline is not None and time.perf_counter() >= deadline):
            break
        if progress is not None:
            progress(done, iterations)
        yield done
    bot.last_stats["iterations"] = done
    return _result(ss, seat, bot, root, legal, t0, iterations, seed, targets, progress, line_length)


def _prepare(state, seat: int, iterations, seconds, seed):
    ss = state if isinstance(state, SeatState) else SeatState(state, seat)
    if ss.seat != seat:
        raise EngineError(f"this SeatState is seat {ss.seat}'s, not seat {seat}'s", code="bad-seat")
    legal = ss.legal_actions()
    if not legal:
        raise EngineError(f"{ss.game.seat_name(seat)} has nothing to decide now: nothing to analyse",
                          code="not-your-decision")
    if iterations is None and seconds is None:
        iterations = 400
    return ss, legal, iterations, SearchBot(seat, iterations=iterations, time_limit=seconds, seed=seed,
                                            per_action=None)


def _result(ss, seat, bot, root, legal, t0, iterations, seed, targets, progress, line_length) -> Analysis:
    game = ss.game
    done = bot.last_stats["iterations"]
    if progress is not None:
        progress(done, iterations)
    targets = targets or (lambda g, a: [])
    # labels are read in ONE world sampled from the seat's view (it looks the same to the seat as the real
    # position, so the seat's own options read as on its board), and the expected line is played in it
    world = ss.sample_world(Rng(seed ^ 0x5EED))
    total = sum(ch.n for ch in root.children.values()) or 1
    rows = []
    allowed = set(legal)
    for a, n, v in root_stats(root, seat):
        if a not in allowed:
            continue
        rows.append({"action": a.notation(), "label": _label(game, world.data, a, seat), "visits": n,
                     "share": n / total, "win": v, "targets": _targets(targets, game, a)})
    seen = {r["action"] for r in rows}
    for a in legal:  # never tried (a tiny budget): listed with no visits
        if a.notation() not in seen:
            rows.append({"action": a.notation(), "label": _label(game, world.data, a, seat), "visits": 0,
                         "share": 0.0, "win": 0.0, "targets": _targets(targets, game, a)})
    line = []
    # the expected line starts with the analysis's best move (the top row), then the most visited replies
    top = rows[0]["action"] if rows and rows[0]["visits"] else None
    first = next((a for a in root.children if a.notation() == top), None)
    moves = [] if first is None else [first, *principal_line(root.children[first], limit=line_length - 1)]
    for a in moves:
        if world.is_terminal() or a not in set(world.legal_actions(a.seat)):
            break
        name = game.seat_name(a.seat)
        label = _label(game, world.data, a, seat)
        if label.startswith(name + ": "):  # (a game that names another seat's mover: the line names it once)
            label = label[len(name) + 2:]
        line.append({"seat": a.seat, "name": name, "action": a.notation(), "label": label,
                     "targets": _targets(targets, game, a)})
        world.apply(a)
        while not world.is_terminal() and CHANCE in world.to_act():
            world.resolve_chance()
    return Analysis(game.name, seat, game.seat_name(seat), ss.version, done, time.perf_counter() - t0,
                    rows, line)


def history_frame(target, seat=OMNISCIENT):
    """The history table of ``target`` (an engine State or a Match) as a pandas DataFrame, as ``seat`` may
    read it (default: the analyst's omniscient table); ``state.history_table(seat, as_frame=True)``.  Needs
    the ``[analysis]`` extra."""
    state = getattr(target, "state", target)
    return state.history_table(seat, as_frame=True)


def _label(game, data, action, seat) -> str:
    try:
        return str(game.label(data, action, seat))
    except Exception:  # noqa: BLE001 - a label is text for a person: fall back to the notation
        return action.notation()


def _targets(targets, game, action) -> list:
    try:
        return [t for t in targets(game, action) if isinstance(t, str)]
    except Exception:  # noqa: BLE001 - a highlight is decoration
        return []


# ------------------------------------------------------------------------------------------ the overlay
def _bbox(items: list, entity: str):
    """The bounding box ``(x0, y0, x1, y1)`` of the scene shapes with id ``entity``, or ``None``."""
    boxes = [b for it in items if isinstance(it, dict) and it.get("id") == entity and it.get("t") != "text"
             and (b := shape_box(it)) is not None]
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


def _heat(win: float) -> str:
    """A colour from red (0) through amber to green (1)."""
    win = min(1.0, max(0.0, win))
    r = int(220 - 170 * win)
    g = int(60 + 140 * win)
    return f"#{r:02x}{g:02x}50"


def _overlap(a, b) -> float:
    """The area two boxes ``(x0, y0, x1, y1)`` share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _text_boxes(items: list) -> list:
    """The boxes of the scene's texts (as the painter draws them at scale 1)."""
    out = []
    for it in items:
        if isinstance(it, dict) and it.get("t") == "text" and not it.get("analysis"):
            try:
                out.append(text_box(it))
            except (KeyError, TypeError, ValueError):
                continue
    return out


def _label_spot(box, size, texts: list, avoid: list, w: float, h: float):
    """Where a "62%" label of ``size`` (w, h) goes for a target ``box``: the first of a few spots around it
    (its top-right corner, straddling the edge, as before; its bottom-right corner; beside it, right then
    left; its left corners) that covers the least of the board's texts and of the other options' targets
    and labels (``avoid``) and stays on the board.  Setup choices in a tight grid (Gray Eminence's Gray
    Eminences and Secret Objectives) have no free spot: the least covered one is taken."""
    x0, y0, x1, y1 = box
    lw, lh = size
    mid = (y0 + y1) / 2 - lh / 2
    spots = [(x1 - lw + 4, y0 - lh / 2 - 1), (x1 - lw + 4, y1 - lh / 2 + 1), (x1 + 2, mid),
             (x0 - lw - 2, mid), (x0 - 4, y0 - lh / 2 - 1), (x0 - 4, y1 - lh / 2 + 1)]
    best = None
    for i, (lx, ly) in enumerate(spots):
        r = (lx, ly, lx + lw, ly + lh)
        cost = sum(_overlap(r, t) for t in texts) + 4 * sum(_overlap(r, b) for b in avoid) + i * 0.01
        if lx < 0 or ly < 0 or lx + lw > w or ly + lh > h:
            cost += 1e6
        if best is None or cost < best[0]:
            best = (cost, lx, ly)
    return best[1], best[2]


def overlay_items(analysis: Analysis, scene: dict, best: int = 3) -> list[dict]:
    """Scene items that draw ``analysis`` over ``scene`` (appended after its items: painted on top; none
    of them is hit-testable, so the board's clicks are unchanged).  Each "62%" label is put where it
    covers the least of the board's text and of the other options (:func:`_label_spot`); the summary and
    the expected line go in a band below the board (:func:`band_height` units)."""
    return _overlay(analysis, scene, best)[0]


def band_height(analysis: Analysis, scene: dict) -> int:
    """The height of the band below ``scene`` that holds the analysis text (at least :data:`BAND`; more on
    a narrow board, where the text wraps)."""
    return _overlay(analysis, scene)[1]


def _overlay(analysis: Analysis, scene: dict, best: int = 3) -> tuple[list[dict], int]:
    items = scene.get("items", []) if isinstance(scene, dict) else []
    w = scene.get("w", 1000) if isinstance(scene, dict) else 1000
    h = scene.get("h", 700) if isinstance(scene, dict) else 700
    out: list[dict] = []
    placed: dict = {}
    ranked = [r for r in analysis.rows if r["visits"] > 0]
    top_share = max((r["share"] for r in ranked), default=1.0) or 1.0
    boxes = {}  # the haloed entities' boxes, for the labels to avoid
    for r in ranked:
        for ent in r["targets"]:
            if ent not in boxes:
                boxes[ent] = _bbox(items, ent)
    texts = _text_boxes(items) if ranked else []
    labels: list = []
    for rank, r in enumerate(ranked):
        labelled = False  # one "62%" label per option, on its first haloed entity (it may name several)
        for ent in r["targets"]:
            box = boxes.get(ent)
            if box is None or ent in placed:
                continue
            placed[ent] = rank
            x0, y0, x1, y1 = box
            pad = 4
            rel = r["share"] / top_share  # 1 for the most visited option
            halo = {"x": x0 - pad, "y": y0 - pad, "w": x1 - x0 + 2 * pad, "h": y1 - y0 + 2 * pad, "r": 8}
            out.append({"t": "rect", **halo, "fill": _heat(r["win"]), "alpha": round(0.12 + 0.3 * rel, 3),
                        "analysis": "halo"})
            out.append({"t": "rect", **halo, "stroke": _heat(r["win"]), "alpha": round(0.45 + 0.55 * rel, 3),
                        "lw": round(2 + 3 * rel, 2), "analysis": "halo-edge"})
            if rank < best and not labelled:
                labelled = True
                small = y1 - y0 < 48  # a small target (a card in a row): a smaller label
                size = (40, 18) if small else (48, 22)
                others = [b for e, b in boxes.items() if b is not None and e not in r["targets"]]
                lx, ly = _label_spot(box, size, texts, others + labels, w, h)
                labels.append((lx, ly, lx + size[0], ly + size[1]))
                out.append({"t": "rect", "x": lx, "y": ly, "w": size[0], "h": size[1], "r": 6,
                            "fill": "#1d2330", "alpha": 0.9, "analysis": "label"})
                out.append({"t": "text", "x": lx + size[0] / 2, "y": ly + size[1] / 2, "s": f"{r['win']:.0%}",
                            "size": 12 if small else 14, "bold": True, "color": "#ffffff", "align": "center",
                            "baseline": "middle", "analysis": "label"})
    for k, m in enumerate(analysis.line[1:], start=1):  # the line after the analysed move: dashed outlines
        for ent in m["targets"]:
            box = _bbox(items, ent)
            if box is None:
                continue
            x0, y0, x1, y1 = box
            out.append({"t": "rect", "x": x0 - 2, "y": y0 - 2, "w": x1 - x0 + 4, "h": y1 - y0 + 4, "r": 6,
                        "stroke": "#3b6fd8", "lw": 2, "dash": [6, 4], "analysis": "line"})
            out.append({"t": "text", "x": x0 + 4, "y": y1 - 4, "s": str(k + 1), "size": 12, "bold": True,
                        "color": "#3b6fd8", "analysis": "line"})
    best_rows = ranked[:best]
    text = "Analysis for " + analysis.seat_name + f" ({analysis.iterations} playouts): " + "; ".join(
        f"{r['label']} {r['win']:.0%}" for r in best_rows)
    if analysis.line:
        text += "\nExpected line: " + analysis.line_text()
    words = {"t": "text", "x": 12, "y": h + 6, "s": text, "size": 13, "color": "#ffffff", "maxw": w - 24,
             "baseline": "top", "wrap": 3, "analysis": "text"}
    lines = len(drawn_lines(words, 13)[0])
    band = max(BAND, math.ceil(lines * 13 * LINE_HEIGHT * 1.15 + 14))  # (room for text enlarged to 11 px)
    out.append({"t": "rect", "x": 0, "y": h, "w": w, "h": band, "fill": "#1d2330", "analysis": "text"})
    out.append(words)
    return out, band


def with_overlay(scene: dict, analysis: Analysis) -> dict:
    """``scene`` with the overlay of ``analysis``: the items on top, and a band of :data:`BAND` units below
    the board for the summary and the expected line (the board itself is not covered).

    Each of the scene's other layouts (``layouts.narrow``) gets its own overlay, drawn over that layout as
    the painter draws it (:func:`~illumi_widgets.textfit.reflow`: moved items, or its own items) and given
    as that layout's own items: the halos sit on the moved entities and the band under the narrow board
    (a layout drawn in full, like Primordial's, would otherwise show no overlay at all)."""
    over, band = _overlay(analysis, scene)
    out = {**scene, "h": scene.get("h", 700) + band, "items": [*scene.get("items", []), *over]}
    layouts = scene.get("layouts")
    if isinstance(layouts, dict) and layouts:
        drawn_layouts = {}
        for name, spec in layouts.items():
            if not isinstance(spec, dict):
                drawn_layouts[name] = spec
                continue
            drawn = reflow(scene, name)
            extra = {k: v for k, v in spec.items() if k not in ("moves", "items", "h")}
            over, band = _overlay(analysis, drawn)
            drawn_layouts[name] = {**extra, "w": drawn["w"], "h": drawn["h"] + band,
                                   "items": [*drawn["items"], *over]}
        out["layouts"] = drawn_layouts
    return out
