"""The scene diff's shortcuts give what the plain computation gives: the signatures of only the items a later
difference can reach (not of all the base's items), an item's shape made from a copy of it, and the size of
the items a patch replaces measured in one encoding, on the scenes of a random Pax game and odd items."""

from __future__ import annotations

import random

import pytest

from illumi_widgets import Match
from illumi_widgets.engine import CHANCE
from illumi_widgets.widget import GameWidget
from illumi_widgets.widget.patches import (
    _align,
    _items,
    _patch,
    _positions,
    _shape,
    items_bytes,
    json_size,
    op_bytes,
)


def pax_scenes(seed: int, steps: int, perspective: str = "omniscient") -> list[list]:
    """The scene items of ``steps`` random decisions of a Pax game, in order."""
    match = Match("pax", players=3, seed=seed)
    rng = random.Random(seed)
    out = [_items(match.snapshot(perspective)["scene"])]
    for _ in range(steps):
        decisions = [d for d in match.state.decisions() if d.seat != CHANCE and d.options]
        if not decisions:
            break
        match.play(rng.choice(list(rng.choice(decisions).options)))
        out.append(_items(match.snapshot(perspective)["scene"]))
    return out


def plain_shape(item):
    """An item's shape as the diff first made it (a comprehension over its keys)."""
    if item.__class__ is not dict:
        return repr(item)
    shape = {k: v for k, v in item.items() if k not in ("x", "y", "pts")}
    pts = item.get("pts")
    if pts is not None:
        shape["pts"] = len(pts) if isinstance(pts, list) else pts
    return shape


def test_the_diff_of_pax_scenes_is_the_plain_computation():
    scenes = pax_scenes(3, 30) + pax_scenes(4, 12, "seat:1")
    searched = 0
    for k, (a, b) in enumerate(zip(scenes, scenes[1:], strict=False)):
        # the plain computation: the signatures of all the base's items
        assert _align(a, b) == _align(a, b, positions=_positions(a)), k
        for item in a:
            assert _shape(item) == plain_shape(item) and list(_shape(item)) == list(plain_shape(item))
        shapes = [_shape(t) for t in a], [_shape(t) for t in b]
        assert _align(*shapes) == _align(*shapes, positions=_positions(shapes[0])), k
        searched += _align(a, b) != _align(a, b, positions={})  # (the signatures were used)
    assert searched, "no diff needed the signatures: the test shows nothing"


def odd_item(rng: random.Random) -> object:
    if rng.random() < 0.05:
        return rng.choice([None, "text", 3, ["rect"]])
    item = {"t": rng.choice(["rect", "text"]), "x": rng.choice([1, 1.0, 2]), "y": rng.choice([0, 5])}
    for key, values in (("id", ["a", "b"]), ("s", ["x", 1]), ("fill", ["#fff", None, [1, 2]]),
                        ("pts", [[[0, 0], [1, 1]], [[0, 0]], 2, None, [[2, 2], [3, 3]]])):
        if rng.random() < 0.6:
            item[key] = rng.choice(values)
    if rng.random() < 0.2:
        item.pop(rng.choice(["x", "y"]))
    return item


@pytest.mark.parametrize("seed", range(3))
def test_an_items_shape_is_the_plain_one(seed):
    rng = random.Random(seed)
    for _ in range(200):
        item = odd_item(rng)
        shape = _shape(item)
        assert shape == plain_shape(item) and repr(shape) == repr(plain_shape(item)), item



def test_sizes_in_one_encoding_are_the_sums_of_each_ones():
    """The size of the items a patch replaces, in one encoding of their list, is the sum of their sizes; the
    size of a patch's item lists and moves, and of the items in the lists, likewise."""
    scenes = pax_scenes(6, 12, "seat:0")
    for items in scenes + [[], [{"s": "é—✓ \"x\""}], [1, "two", None, [3.5]]]:
        assert items_bytes(items) == sum(json_size(it) for it in items)
        assert items_bytes(items[5:9]) == sum(json_size(it) for it in items[5:9])
    moves = 0
    for a, b in zip(scenes, scenes[1:], strict=False):
        ops = _patch({"items": a}, {"items": b})[0]["ops"] + [[0, 0, []], [0, 1, {"dx": 0.5, "dy": -2}]]
        inside = sum(json_size(it) for op in ops if isinstance(op[2], list) for it in op[2])
        assert op_bytes(ops) == (sum(json_size(op[2]) for op in ops), inside)
        moves += sum(isinstance(op[2], dict) for op in ops) > 1
    assert moves, "no move in the Pax patches: the test shows less than it says"


@pytest.mark.parametrize("perspective", ["omniscient", "seat:1"])
def test_what_is_made_when_idle_changes_no_update(perspective):
    """A board that made the next patch's signatures, the full scene's size and its text for the secrets check
    when idle (``_prepare``, on the kernel's event loop once an update is sent) sends the very updates of one
    that makes them when needed."""
    match = Match("pax", players=3, seed=8)
    idle, busy = (GameWidget(match, perspective=perspective) for _ in range(2))
    sent: dict = {idle: [], busy: []}
    for board in sent:
        board._send = lambda msg, buffers=None, board=board: sent[board].append(msg)
    rng = random.Random(8)
    for step in range(90):
        if step >= 30 and any("scene" in m["state"] for m in sent[idle]):
            break
        idle._prepare()
        decisions = [d for d in match.state.decisions() if d.seat != CHANCE and d.options]
        if not decisions:
            break
        match.play(rng.choice(list(rng.choice(decisions).options)))
    assert sent[idle] == sent[busy] and len(sent[idle]) >= 25
    assert idle._prepared is not None and busy._prepared is None
    assert any("scene" in m["state"] for m in sent[idle]), "no full scene: its size was not made when idle"
    for board in sent:
        board.close()
