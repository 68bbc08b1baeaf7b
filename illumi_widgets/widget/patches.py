"""Scene patches: the ops that turn the scene the page shows into the new one (see the module docstring of
:mod:`.base`: ``{"base", "stamp", "ops", "set"}``), their size, and applying one as the page's painter does.

Items are compared with ``==`` (an item that is the very same dict, as a scene's unchanged parts reuse them
(:mod:`illumi_widgets.scene_memo`), is equal without comparing its keys)."""

from __future__ import annotations

import json
import math
from bisect import bisect_left
from typing import Any

__all__ = ["apply_scene_patch", "json_size", "make_scene_patch", "moved_item", "patch_size"]

_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def json_size(value: Any) -> int:
    """Bytes of ``value`` as compact JSON (UTF-8)."""
    return len(_COMPACT(value).encode())


def _items(scene: Any) -> list:
    items = scene.get("items") if isinstance(scene, dict) else None
    return items if isinstance(items, list) else []


RESYNC_WINDOW = 8  # how far past a difference the diff first looks for the next equal pair of items
_SIG_KEYS = ("t", "id", "s", "x", "y")
_SCALARS = (str, int, float, bool, type(None))
_SCALAR_CLASSES = frozenset(_SCALARS)


def _sig(item: Any) -> Any:
    """A cheap hashable signature of a scene item: equal items have equal signatures (not conversely)."""
    if item.__class__ is dict:  # (the usual item: its five keys as they are, when they are all scalars)
        g = item.get
        t, ident, text, x, y = g("t"), g("id"), g("s"), g("x"), g("y")
        c = _SCALAR_CLASSES
        if t.__class__ in c and ident.__class__ in c and text.__class__ in c and x.__class__ in c \
                and y.__class__ in c:
            return (t, ident, text, x, y)
    if isinstance(item, dict):
        return tuple(v if isinstance(v := item.get(k), _SCALARS) else type(v).__name__ for k in _SIG_KEYS)
    return repr(item)


def _positions(items: list, start: int = 0, stop: int | None = None) -> dict:
    """Signature -> the ascending indexes of the items with it (of those in ``[start, stop)``)."""
    out: dict = {}
    c = _SCALAR_CLASSES
    for k in range(start, len(items) if stop is None else stop):
        item = items[k]
        if item.__class__ is dict:  # (:func:`_sig` written out: this runs for every item of a scene)
            g = item.get
            t, ident, text, x, y = g("t"), g("id"), g("s"), g("x"), g("y")
            if t.__class__ in c and ident.__class__ in c and text.__class__ in c and x.__class__ in c \
                    and y.__class__ in c:
                sig = (t, ident, text, x, y)
            else:
                sig = _sig(item)
        else:
            sig = _sig(item)
        ks = out.get(sig)
        if ks is None:
            out[sig] = [k]
        else:
            ks.append(k)
    return out


def _find(item: Any, positions: dict, items: list, start: int, stop: int) -> int | None:
    """The first index in ``[start, stop)`` of an item ``== item`` (looked up by signature), else None."""
    ks = positions.get(_sig(item))
    if not ks:
        return None
    for n in range(bisect_left(ks, start), len(ks)):
        k = ks[n]
        if k >= stop:
            return None
        if items[k] is item or items[k] == item:
            return k
    return None


def _align(a: list, b: list, positions: dict | None = None) -> list[tuple[int, int, int, int]]:
    """Spans ``(i, di, j, dj)``: ``a[i:i + di]`` (indices of ``a`` itself) becomes ``b[j:j + dj]``, in order;
    every item outside them is matched by ``==`` (no encoding).

    Common prefix and suffix first; then a greedy walk: at each difference, the nearest pair of equal items
    ends one replace op -- looked for within :data:`RESYNC_WINDOW` of both lists, else (a longer block
    inserted or deleted) by looking each next item of ``b`` up in ``a`` by signature (``positions``:
    :func:`_positions` of ``a``, built here when not given).  Not always the smallest patch (a block moved
    far is re-sent), always a correct one: only equal items are kept."""
    n, m = len(a), len(b)
    lo = 0
    top = min(n, m)
    # (``x is y or x == y``: a scene's unchanged parts reuse their item dicts, see scene_memo)
    while lo < top and (a[lo] is b[lo] or a[lo] == b[lo]):
        lo += 1
    ea, eb = n, m
    while ea > lo and eb > lo and (a[ea - 1] is b[eb - 1] or a[ea - 1] == b[eb - 1]):
        ea -= 1
        eb -= 1
    spans: list[tuple[int, int, int, int]] = []
    i, j = lo, lo
    w = RESYNC_WINDOW
    while i < ea or j < eb:
        if i < ea and j < eb and (a[i] is b[j] or a[i] == b[j]):
            i += 1
            j += 1
            continue
        best = None
        for total in range(1, 2 * w + 1):
            for d in range(max(0, total - w), min(total, w) + 1):
                x, y = i + d, j + total - d
                if x < ea and y < eb and (a[x] is b[y] or a[x] == b[y]):
                    best = (d, total - d)
                    break
            if best:
                break
        if best is None and i < ea and j < eb:
            if positions is None:  # (only the items a later difference can reach: from here to ``ea``)
                positions = _positions(a, i, ea)
            cost = None
            for y in range(j, eb):  # the cheapest (x - i) + (y - j) with a[x] == b[y]
                if cost is not None and y - j >= cost:
                    break
                x = _find(b[y], positions, a, i, ea)
                if x is not None and (cost is None or x - i + y - j < cost):
                    best, cost = (x - i, y - j), x - i + y - j
        di, dj = best if best is not None else (ea - i, eb - j)  # no resync: the rest is one op
        spans.append((i, di, j, dj))
        i += di
        j += dj
    return spans


_NUM = (int, float)


def _shape(item: Any) -> Any:
    """An item without its place (of its ``pts``, how many): the same item drawn elsewhere has the same
    shape (what pairs them; :func:`_move_of` then checks the move)."""
    if item.__class__ is not dict:
        return repr(item)
    shape = item.copy()  # (a copy less three keys: cheaper than a comprehension over all of them)
    shape.pop("x", None)
    shape.pop("y", None)
    pts = shape.pop("pts", None)
    if pts is not None:
        shape["pts"] = len(pts) if isinstance(pts, list) else pts
    return shape


def moved_item(item: dict, dx: float, dy: float) -> dict:
    """``item`` drawn ``dx``, ``dy`` further (its numeric ``x``, ``y`` and ``pts`` points), as the painter's
    applyPatch moves it: a new dict."""
    out = dict(item)
    if dx and type(out.get("x")) in _NUM:
        out["x"] = out["x"] + dx
    if dy and type(out.get("y")) in _NUM:
        out["y"] = out["y"] + dy
    pts = out.get("pts")
    if isinstance(pts, list):
        out["pts"] = [[p[0] + dx, p[1] + dy] if isinstance(p, list) and len(p) == 2 and type(p[0]) in _NUM
                      and type(p[1]) in _NUM else p for p in pts]
    return out


def _move_of(a: Any, b: Any) -> tuple | None:
    """``(dx, dy)`` when ``b`` is exactly ``a`` moved (:func:`moved_item`), else None."""
    if a.__class__ is not dict or b.__class__ is not dict:
        return None
    pa, pb = a.get("pts"), b.get("pts")
    if isinstance(pa, list) and pa and isinstance(pb, list) and pb:
        p, q = pa[0], pb[0]
        if not (isinstance(p, list) and isinstance(q, list) and len(p) == 2 and len(q) == 2
                and all(type(v) in _NUM for v in (*p, *q))):
            return None
        dx, dy = q[0] - p[0], q[1] - p[1]
    else:
        xa, xb, ya, yb = a.get("x"), b.get("x"), a.get("y"), b.get("y")
        dx = xb - xa if type(xa) in _NUM and type(xb) in _NUM else 0
        dy = yb - ya if type(ya) in _NUM and type(yb) in _NUM else 0
    if not dx and not dy:
        return None
    # the move as the scene's layout wrote it (20.3, not 20.299999999999997: one move then gives a whole run
    # of items exactly), else as it came
    for move in ((round(dx, 6), round(dy, 6)), (dx, dy)):
        if moved_item(a, *move) == b:
            return move
    return None


def _ops(spans: list[tuple[int, int, int, int]], b: list,
         a: list | None = None) -> tuple[list[list], list[int]]:
    """The ops of :func:`_align`'s spans (each ``start`` an index into the list as the ops before left it),
    and the indices of ``a`` (the base's items) they replace.  With ``a``, items of a span that are the
    base's items drawn elsewhere (the same item, ``x``/``y``/``pts`` shifted: a board whose row grew moves
    everything below it) travel as a move, ``[start, count, {"dx": dx, "dy": dy}]`` (``dx`` left out when 0):
    the ``count`` items at ``start`` moved, not sent again."""
    ops: list[list] = []
    replaced: list[int] = []
    shift = 0  # how far the ops so far moved the indices of the base list

    def replace(i: int, di: int, j: int, dj: int) -> None:
        nonlocal shift
        if di or dj:
            ops.append([i + shift, di, b[j:j + dj]])
            replaced.extend(range(i, i + di))
            shift += dj - di

    for i, di, j, dj in spans:
        if a is None or not di or not dj:
            replace(i, di, j, dj)
            continue
        # within the span: the items of the same shape paired in order, then runs of one move each
        pairs: list[tuple[int, int]] = []
        x = y = 0
        for si, sdi, sj, sdj in _align([_shape(t) for t in a[i:i + di]], [_shape(t) for t in b[j:j + dj]]) + [
                (di, 0, dj, 0)]:
            while x < si and y < sj:
                pairs.append((x, y))
                x += 1
                y += 1
            x, y = si + sdi, sj + sdj
        x = y = 0  # (the span's first items not yet in an op)
        k = 0
        while k < len(pairs):
            pi, pj = pairs[k]
            move = _move_of(a[i + pi], b[j + pj])
            if move is None:
                k += 1
                continue
            n = 1
            while (k + n < len(pairs) and pairs[k + n] == (pi + n, pj + n)  # (the same move gives it exactly)
                   and isinstance(a[i + pi + n], dict) and moved_item(a[i + pi + n], *move) == b[j + pj + n]):
                n += 1
            replace(i + x, pi - x, j + y, pj - y)
            ops.append([i + pi + shift, n, {"dx": move[0], "dy": move[1]} if move[0] else {"dy": move[1]}])
            x, y = pi + n, pj + n
            k += n
        replace(i + x, di - x, j + y, dj - y)
    return ops, replaced


def make_scene_patch(base: dict, new: dict, spans: list | None = None) -> dict | None:
    """The patch that turns the scene ``base`` (with its ``stamp``) into ``new``, or ``None`` when no patch
    can express it (a top-level key went away; a new ``w``/``h`` is set as any other key).

    Items are matched by ``==`` (see :func:`_align`; ``spans`` may pass its result in): an item equal to
    the base's stays in the page, one only drawn elsewhere is moved there (:func:`_ops`).  (Python's ``==``
    also holds between ``1`` and ``1.0``, which paint the same.)
    """
    return _patch(base, new, spans)[0]


def _patch(base: dict, new: dict, spans: list | None = None,
           positions: dict | None = None) -> tuple[dict | None, list[int]]:
    """:func:`make_scene_patch`, and the indices of the base's items its ops replace (``positions``:
    :func:`_positions` of the base's items, when made beforehand)."""
    if any(k not in new for k in base if k not in ("items", "stamp")):
        return None, []
    new_items = _items(new)
    if spans is None:
        spans = _align(_items(base), new_items, positions)
    ops, replaced = _ops(spans, new_items, _items(base))
    patch: dict[str, Any] = {"base": base.get("stamp"), "ops": ops}
    changed = {k: v for k, v in new.items()
               if k not in ("items", "stamp") and (k not in base or base[k] != v)}
    if changed:
        patch["set"] = changed
    return patch, replaced


def items_bytes(items: list) -> int:
    """The JSON bytes of the ``items`` together: their list's, less its brackets and commas (one encoding)."""
    return json_size(items) - 2 - max(0, len(items) - 1)


def op_bytes(ops: list) -> tuple[int, int]:
    """``(the JSON bytes of all the ops' item lists and moves, those of the items in the lists)``, in two
    encodings (the items of all the lists, all the moves), not one per op."""
    lists = [op[2] for op in ops if op[2].__class__ is list]
    moves = [op[2] for op in ops if op[2].__class__ is not list]
    inside = items_bytes([it for items in lists for it in items])
    return inside + sum(2 + max(0, len(items) - 1) for items in lists) + items_bytes(moves), inside


def patch_size(patch: dict, op_items: list[int]) -> int:
    """``json_size(patch)`` for a patch of :func:`make_scene_patch`, given ``op_items``: the JSON bytes of
    each op's item list or move, or their sum (which the caller has already measured: :func:`op_bytes`);
    only the small rest is encoded."""
    ops = patch["ops"]
    size = json_size({k: v for k, v in patch.items() if k != "ops"}) + len(',"ops":[]')
    size += sum(len(f"[{start},{count},]") for start, count, _ in ops) + sum(op_items) + max(0, len(ops) - 1)
    return size


def _valid_ops(ops: Any, length: int) -> bool:
    if not isinstance(ops, list):
        return False
    for op in ops:
        if not (isinstance(op, list) and len(op) == 3):
            return False
        start, count, items = op
        if type(start) is not int or type(count) is not int:
            return False
        if start < 0 or count < 0 or start + count > length:
            return False
        if isinstance(items, dict):  # a move: {"dy": n} or {"dx": n, "dy": n}
            if not items or set(items) - {"dx", "dy"} or any(
                    type(v) not in _NUM or not math.isfinite(v) for v in items.values()):
                return False
            continue
        if not isinstance(items, list):
            return False
        length += len(items) - count
    return True


def apply_scene_patch(scene: Any, patch: Any, shown: Any = None) -> dict:
    """The scene to paint: ``scene`` itself when it is the patch's own (``patch["stamp"]``); else ``patch``
    applied to ``scene`` when ``patch["base"]`` is ``scene["stamp"]``, or to ``shown`` (the scene shown
    before, as the page keeps it) when it is ``shown["stamp"]``, and the patch applies cleanly (the result
    has the patch's ``stamp`` when it gives one); else ``scene`` itself.  A copy, nothing is mutated."""
    scene = scene if isinstance(scene, dict) else {}
    if not isinstance(patch, dict) or "stamp" not in scene:
        return dict(scene)
    if "stamp" in patch and patch["stamp"] == scene["stamp"]:
        return dict(scene)
    if patch.get("base") != scene["stamp"]:
        if not (isinstance(shown, dict) and "stamp" in shown and patch.get("base") == shown["stamp"]):
            return dict(scene)
        scene = shown
    items = list(_items(scene))
    ops = patch.get("ops", [])
    top = patch.get("set", {})
    if not _valid_ops(ops, len(items)) or not isinstance(top, dict):
        return dict(scene)
    for start, count, new in ops:
        if isinstance(new, dict):  # the items moved
            dx, dy = new.get("dx", 0), new.get("dy", 0)
            new = [moved_item(it, dx, dy) if isinstance(it, dict) else it
                   for it in items[start:start + count]]
        items[start:start + count] = new
    out = {**scene, **{k: v for k, v in top.items() if k not in ("items", "stamp")}}
    out["items"] = items
    if "stamp" in patch:
        out["stamp"] = patch["stamp"]
    return out
