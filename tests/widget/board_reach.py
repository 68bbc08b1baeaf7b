"""How a person reaches each option of a board, computed exactly as the front end maps options to clicks.

Shared by ``tests/widget/test_every_option_reachable.py`` (Python-level, over many random games) and the
whole-game browser tests (``tests/browser/test_whole_games.py``), which run this file's source in the
notebook's kernel to learn where to click.  Needs only the standard library and numpy.

It mirrors ``js/src`` (keep the two in step):

* ``hit.js``: only ``rect``/``circle``/``poly`` items with an ``id`` are entities; the topmost (latest)
  entity under the pointer wins; a tip-only item never hides one.  :func:`hit_map` paints every entity's
  index into a grid of one scene unit (cell centres), so an entity is clickable iff some cell shows it.
* ``state.js`` ``buildTargets`` / ``board.js`` ``onClick``: a click on an entity first picks it into a
  compose selection if a compose decision can use it (the first such decision), else sends the option it
  is the only target of, else opens a chooser listing every option naming it (a stepper for options that
  differ only by an amount, a button for the others).
* ``bar.js`` ``renderPanel``: a decision's options WITHOUT board targets are the action bar's buttons
  (``groupOptions``: one stepper per amount group; past ``MAX_BAR_BUTTONS`` buttons, a "More" menu); its
  options WITH targets are also listed in the bar's "On the board" menu (a fallback: an option that is
  ONLY there is not on the board, and counts as a failure here).
* ``compose.js``: a compose decision is built by clicking its entities (``toggle``) and "Confirm: <label>"
  when ``confirmable`` names exactly one option.

:func:`reach` returns, per ``(decision id, option id)``, HOW it is reached, or a problem.
"""

from __future__ import annotations

import numpy as np

SHAPES = ("rect", "circle", "poly")
MAX_BAR_BUTTONS = 5  # js/src/bar.js


# ------------------------------------------------------------------------------------------- hit-testing
def _num(v) -> float:
    try:
        v = float(v)
    except (TypeError, ValueError):
        return 0.0
    return v if np.isfinite(v) else 0.0


def entities(scene: dict) -> list[dict]:
    """The scene's entities in paint order (shapes with an id, as hit.js's buildIndex keeps them)."""
    out = []
    for it in scene.get("items", []):
        if isinstance(it, dict) and it.get("t") in SHAPES and isinstance(it.get("id"), str) and it["id"]:
            out.append(it)
    return out


def hit_map(scene: dict) -> tuple[np.ndarray, list[str], list]:
    """(grid, ids, boxes): ``grid[y, x]`` is 1 + the index into ``ids`` of the entity a click at the centre of
    scene cell (x, y) hits (0: none), over the canvas ``[0, w) x [0, h)``; ``boxes[k]``: the cells entity k
    may cover (``(j0, j1, i0, i1)``, inclusive) or None."""
    w = max(1, int(np.ceil(_num(scene.get("w")))))
    h = max(1, int(np.ceil(_num(scene.get("h")))))
    grid = np.zeros((h, w), dtype=np.int32)
    ids: list[str] = []
    boxes: list = []
    for it in entities(scene):
        ids.append(it["id"])
        boxes.append(None)
        k = len(ids)
        t = it["t"]
        if t == "rect":
            x, y, ww, hh = _num(it.get("x")), _num(it.get("y")), _num(it.get("w")), _num(it.get("h"))
            x0, x1 = min(x, x + ww), max(x, x + ww)
            y0, y1 = min(y, y + hh), max(y, y + hh)
        elif t == "circle":
            r = abs(_num(it.get("r")))
            cx, cy = _num(it.get("x")), _num(it.get("y"))
            x0, x1, y0, y1 = cx - r, cx + r, cy - r, cy + r
        else:
            pts = [(_num(p[0]), _num(p[1])) for p in it.get("pts") or [] if isinstance(p, (list, tuple))]
            if len(pts) < 3:
                continue
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        # the cells whose centre c + 0.5 lies in [x0, x1]
        i0, i1 = max(0, int(np.ceil(x0 - 0.5))), min(w - 1, int(np.floor(x1 - 0.5)))
        j0, j1 = max(0, int(np.ceil(y0 - 0.5))), min(h - 1, int(np.floor(y1 - 0.5)))
        if i1 < i0 or j1 < j0:
            continue
        boxes[-1] = (j0, j1, i0, i1)
        if t == "rect":
            grid[j0:j1 + 1, i0:i1 + 1] = k
            continue
        X, Y = np.meshgrid(np.arange(i0, i1 + 1) + 0.5, np.arange(j0, j1 + 1) + 0.5)
        if t == "circle":
            inside = (X - cx) ** 2 + (Y - cy) ** 2 <= r * r
        else:  # hit.js inPolygon: even-odd ray casting
            inside = np.zeros(X.shape, dtype=bool)
            for a in range(len(pts)):
                xi, yi = pts[a]
                xj, yj = pts[a - 1]
                if yi == yj:
                    continue
                cross = (yi > Y) != (yj > Y)
                inside ^= cross & (X < (xj - xi) * (Y - yi) / (yj - yi) + xi)
        sub = grid[j0:j1 + 1, i0:i1 + 1]
        sub[inside] = k
    return grid, ids, boxes


def click_points(scene: dict, wanted=None) -> dict[str, tuple[float, float]]:
    """For every entity a click can hit (of ``wanted`` ids, if given): a point (scene units) where a click
    hits it, well inside the part of it that shows (a cell whose 3x3 neighbourhood is the same entity, the
    nearest such to the middle of it)."""
    grid, ids, boxes = hit_map(scene)
    points: dict[str, tuple[float, float]] = {}
    loose: dict[str, tuple[float, float]] = {}
    for k, ident in enumerate(ids):
        if ident in points or boxes[k] is None or (wanted is not None and ident not in wanted):
            continue
        j0, j1, i0, i1 = boxes[k]
        sub = grid[max(0, j0 - 1):j1 + 2, max(0, i0 - 1):i1 + 2]
        oy, ox = max(0, j0 - 1), max(0, i0 - 1)
        mask = np.isin(sub, [q + 1 for q, x in enumerate(ids) if x == ident])
        if not mask.any():
            continue
        core = mask.copy()
        core[1:, :] &= mask[:-1, :]
        core[:-1, :] &= mask[1:, :]
        core[:, 1:] &= mask[:, :-1]
        core[:, :-1] &= mask[:, 1:]
        ys, xs = np.nonzero(core if core.any() else mask)
        cy, cx = ys.mean(), xs.mean()
        best = int(np.argmin((xs - cx) ** 2 + (ys - cy) ** 2))
        point = (float(xs[best] + ox) + 0.5, float(ys[best] + oy) + 0.5)
        if core.any():
            points[ident] = point
        else:
            loose.setdefault(ident, point)
    return {**loose, **points}


# ------------------------------------------------------------------------------------------- compose.js
def _class_of(compose: dict, ident: str) -> str:
    alike = compose.get("alike") if isinstance(compose.get("alike"), dict) else None
    c = alike.get(ident) if alike else None
    return c if isinstance(c, str) and c else ident


def _counts(compose: dict, ids) -> dict[str, int]:
    m: dict[str, int] = {}
    for i in ids:
        c = _class_of(compose, i)
        m[c] = m.get(c, 0) + 1
    return m


def is_compose(d: dict) -> bool:
    return isinstance(d, dict) and isinstance(d.get("compose"), dict) and isinstance(d.get("options"), list)


def compose_model(d: dict) -> dict:
    compose = d["compose"]
    options = []
    for o in d["options"]:
        if not isinstance(o, dict) or not isinstance(o.get("targets"), list):
            continue
        ids = [t for t in o["targets"] if isinstance(t, str) and t]
        if not ids:
            continue
        options.append({"option": o, "need": _counts(compose, ids), "size": len(ids)})
    classes = {c for x in options for c in x["need"]}
    selectable: list[str] = []  # (a JS Set keeps insertion order)
    for x in options:
        for t in x["option"]["targets"]:
            if isinstance(t, str) and t and t not in selectable:
                selectable.append(t)
    alike = compose.get("alike") if isinstance(compose.get("alike"), dict) else {}
    for ident in alike:
        if _class_of(compose, ident) in classes and ident not in selectable:
            selectable.append(ident)
    return {"decision": d, "compose": compose, "options": options, "selectable": selectable}


def _fits(need, have) -> bool:
    return all(need.get(c, 0) >= n for c, n in have.items())


def narrow(m: dict, selection) -> list[dict]:
    have = _counts(m["compose"], selection)
    return [x["option"] for x in m["options"] if _fits(x["need"], have)]


def confirmable(m: dict, selection) -> dict | None:
    have = _counts(m["compose"], selection)
    ex = [x["option"] for x in m["options"] if x["size"] == len(selection) and _fits(x["need"], have)]
    return ex[0] if len(ex) == 1 else None


def toggle(m: dict, selection: list, ident: str) -> list:
    """compose.js toggle: the selection after clicking ``ident`` (unchanged when refused)."""
    if ident in selection:
        return [x for x in selection if x != ident]
    if ident not in m["selectable"]:
        return selection
    added = [*selection, ident]
    if narrow(m, added):
        return added
    for k in range(len(selection)):
        trial = [*selection[:k], *selection[k + 1:], ident]
        if narrow(m, trial):
            return trial
    if narrow(m, [ident]):
        return [ident]
    return selection


# ------------------------------------------------------------------------------------------- state.js
def _has_targets(o: dict) -> bool:
    return isinstance(o.get("targets"), list) and any(isinstance(t, str) and t for t in o["targets"])


def build_targets(decisions: list[dict]) -> dict[str, list[tuple[dict, dict]]]:
    """state.js buildTargets: entity -> [(decision, option)] over the non-compose decisions."""
    out: dict[str, list] = {}
    for d in decisions:
        if not isinstance(d, dict) or not isinstance(d.get("options"), list) or is_compose(d):
            continue
        for o in d["options"]:
            if not isinstance(o, dict) or not isinstance(o.get("targets"), list):
                continue
            for t in dict.fromkeys(o["targets"]):
                if isinstance(t, str) and t:
                    out.setdefault(t, []).append((d, o))
    return out


def bar_rows(options: list[dict]) -> list[dict]:
    """layout.js groupOptions: rows ``{"kind": "stepper", "group", "options"}`` or
    ``{"kind": "button", "option"}``."""
    rows: list[dict] = []
    steppers: dict[str, dict] = {}
    for o in options:
        if not isinstance(o, dict):
            continue
        amount, group = o.get("amount"), o.get("group")
        number = isinstance(amount, (int, float)) and not isinstance(amount, bool)
        if number and isinstance(group, str) and group:
            row = steppers.get(group)
            if row is None:
                row = steppers[group] = {"kind": "stepper", "group": group, "options": []}
                rows.append(row)
            row["options"].append(o)
        else:
            rows.append({"kind": "button", "option": o})
    for row in steppers.values():
        row["options"].sort(key=lambda o: o["amount"])
    return [{"kind": "button", "option": r["options"][0]} if r["kind"] == "stepper" and len(r["options"]) == 1
            else r for r in rows]


def reach(decisions: list[dict], scene: dict, points: dict | None = None) -> dict:
    """How each option of ``decisions`` (the ``decisions`` trait) is taken on a board painting ``scene``.

    Returns ``{(decision id, option id): way}``; ``way`` is a dict with ``"how"``:

    * ``"click"``: click ``entity`` at ``point``; ``chooser``: then the option's entry in the menu that
      opens (``"button"``, or ``"stepper"`` with the ``step`` index among ``amounts``);
    * ``"bar"``: the action bar: ``"button"`` (``more``: inside the "More" menu) or ``"stepper"``;
    * ``"compose"``: click ``entities`` at ``points`` in order, then "Confirm";
    * ``"menu"``: ONLY in the bar's "On the board" / "All choices" menu -- a problem: ``why`` says why;
    * ``"none"``: not reachable at all (``why``).
    """
    if points is None:
        wanted = {t for d in decisions if isinstance(d, dict) for o in d.get("options") or []
                  if isinstance(o, dict) for t in o.get("targets") or [] if isinstance(t, str)}
        points = click_points(scene, wanted)
    decisions = [d for d in decisions if isinstance(d, dict)]
    out: dict = {}
    targets = build_targets(decisions)
    models: dict = {}
    compose_of: dict[str, dict] = {}
    for d in decisions:
        if is_compose(d):
            m = models[d["id"]] = compose_model(d)
            for ident in m["selectable"]:
                compose_of.setdefault(ident, m)

    def in_chooser(choices, d, o) -> dict:
        """openChooser: steppers per (decision, group) of >= 2 options, buttons for the rest."""
        same = [x for dd, x in choices if dd is d and isinstance(x.get("amount"), (int, float))
                and isinstance(x.get("group"), str) and x["group"] and x["group"] == o.get("group")]
        if isinstance(o.get("amount"), (int, float)) and len(same) >= 2:
            row = next(r for r in bar_rows(same) if r["kind"] == "stepper")
            return {"kind": "stepper", "step": row["options"].index(o),
                    "amounts": [x["amount"] for x in row["options"]]}
        return {"kind": "button"}

    for d in decisions:
        options = [o for o in d.get("options", []) if isinstance(o, dict)]
        seen: set = set()
        for o in options:
            key = (d["id"], o["id"])
            if o["id"] in seen:
                out[(d["id"], o["id"], "dup")] = {"how": "none", "why": "another option of the decision has "
                                                  "the same id: the board sends the first"}
                continue
            seen.add(o["id"])
            if d["id"] in models:
                out[key] = _compose_way(models[d["id"]], o, compose_of, points)
                continue
            if not _has_targets(o):
                rows = bar_rows([x for x in options if not _has_targets(x)])
                buttons = 0
                for r in rows:
                    if r["kind"] == "stepper":
                        if o in r["options"]:
                            out[key] = {"how": "bar", "kind": "stepper", "step": r["options"].index(o),
                                        "amounts": [x["amount"] for x in r["options"]]}
                            break
                    else:
                        buttons += 1
                        if r["option"] is o:
                            out[key] = {"how": "bar", "kind": "button", "more": buttons > MAX_BAR_BUTTONS}
                            break
                else:
                    out[key] = {"how": "none", "why": "not in the action bar"}
                continue
            way = None
            misses = []
            for t in dict.fromkeys(x for x in o["targets"] if isinstance(x, str) and x):
                if t not in points:
                    misses.append(f"{t}: not clickable in the scene")
                    continue
                if t in compose_of:
                    misses.append(f"{t}: a click picks it into a compose selection instead")
                    continue
                choices = targets[t]
                if len(choices) == 1:
                    way = {"how": "click", "entity": t, "point": points[t], "chooser": None}
                else:
                    way = {"how": "click", "entity": t, "point": points[t],
                           "chooser": in_chooser(choices, d, o)}
                break
            out[key] = way or {"how": "menu", "why": "; ".join(misses)}
    return out


def _compose_way(m: dict, o: dict, compose_of: dict, points: dict) -> dict:
    ids = [t for t in o.get("targets") or [] if isinstance(t, str) and t]
    if not ids:
        return {"how": "menu", "why": "a compose option that names no entity (only in the bar's menu)"}
    for t in ids:
        if t not in points:
            return {"how": "menu", "why": f"{t}: not clickable in the scene"}
        if compose_of.get(t) is not m:
            return {"how": "menu", "why": f"{t}: a click picks it into another decision's selection"}
    sel: list = []
    for t in ids:
        sel = toggle(m, sel, t)
    got = confirmable(m, sel)
    if got is not o:
        other = "no option" if got is None else f"{got.get('id')!r}"
        return {"how": "menu", "why": f"clicking {ids} confirms {other}, not this option"}
    return {"how": "compose", "entities": ids, "points": [points[t] for t in ids]}


def problems(decisions: list[dict], scene: dict) -> list[str]:
    """Every option that a click on the board or the action bar does not reach, with why."""
    out = []
    for key, way in reach(decisions, scene).items():
        if way["how"] in ("menu", "none"):
            out.append(f"{key[0]} / {key[1]}: {way['why']}")
    return out
