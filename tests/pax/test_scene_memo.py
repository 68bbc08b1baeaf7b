"""The Pax scene built with scene_memo (only the parts whose inputs changed are built again) equals the scene
built from scratch, at every step of random games and for every perspective; and scene_memo's own rules."""

from __future__ import annotations

import json
import random

import pytest

from illumi_widgets import scene_memo
from illumi_widgets.engine import CHANCE
from illumi_widgets.games.pax.scene import pax_scene
from illumi_widgets.match import Match
from illumi_widgets.scene import SceneItems


def _exact(scene: dict) -> str:
    # (JSON keeps 1, 1.0 and True apart, and the items' order)
    return json.dumps(scene, sort_keys=True)


@pytest.fixture
def memo():
    scene_memo.clear()
    yield scene_memo
    scene_memo.ENABLED = True
    scene_memo.clear()


@pytest.mark.parametrize("seed, players", [(3, 3), (8, 4)])
def test_remembered_scene_equals_the_full_build_at_every_step(memo, seed, players):
    """(A few dozen steps of two games: the volume is the benchmark's, not the suite's.)"""
    rng = random.Random(seed)
    match = Match("pax", players=players, seed=seed)
    seats = [None, seed % players]  # the omniscient view and a seat's
    steps = 0
    while steps < 40 and not match.state.is_terminal():
        st = match.state
        for seat in seats:
            view = st.view(seat)
            memo.ENABLED = True
            remembered = pax_scene(view, st.game)
            memo.ENABLED = False
            built = pax_scene(view, st.game)
            assert _exact(remembered) == _exact(built), (seed, steps, seat)
        decisions = [d for d in st.decisions() if d.seat != CHANCE and d.options]
        if not decisions:
            break
        d = rng.choice(decisions)
        match.play(rng.choice(list(d.options)))
        steps += 1
    counts = memo.stats()
    assert steps == 40
    assert counts["hits"] > counts["misses"], counts  # the memory was used (most parts come out the same)


class _Out(SceneItems):
    pass


def _part(out, view, y):
    out.text(0, y, view["a"] + (view.get("b") or ""))
    return y + 1


def test_a_part_is_built_again_when_a_key_it_read_changes(memo):
    calls = []

    def part(out, view, y):
        calls.append(1)
        return _part(out, view, y)

    out = _Out()
    assert memo.part(part, out, {"a": "x", "c": 1}, None, 5) == 6
    assert memo.part(part, out, {"a": "x", "c": 2}, None, 5) == 6  # (c is not read: remembered)
    assert len(calls) == 1 and out.items[0] == out.items[1]
    memo.part(part, out, {"a": "x", "b": "y", "c": 2}, None, 5)  # (b was read, as missing)
    memo.part(part, out, {"a": "x", "b": "y"}, None, 6)  # another argument
    memo.part(part, out, {"a": "x", "b": "y", "c": 2}, None, 5.0)  # (5.0 is not 5)
    assert len(calls) == 4
    assert [it["s"] for it in out.items] == ["x", "x", "xy", "xy", "xy"]


def test_a_part_that_reads_all_of_the_view_or_changes_it(memo):
    runs = []

    def whole(out, view):
        runs.append(1)
        out.text(0, 0, ",".join(sorted(view)))

    def changes(out, view):
        runs.append(2)
        view.pop("a", None)

    out = _Out()
    memo.part(whole, out, {"a": 1}, None)
    memo.part(whole, out, {"a": 1, "z": 0}, None)  # iterating read every key: a new key counts
    memo.part(changes, out, {"a": 1}, None)
    memo.part(changes, out, {"a": 1}, None)  # never remembered
    assert runs == [1, 1, 2, 2]
    assert [it["s"] for it in out.items] == ["a", "a,z"]


def test_an_item_builder_is_remembered_per_arguments_and_builder(memo):
    runs = []

    def card(out, game, name, x):
        runs.append(name)
        out.rect(x, 0, 10, 10, tip=f"{game['title']} {name}")

    game, other = {"title": "G"}, {"title": "G"}
    wide, fitted = _Out(), _Out()
    fitted.fit = 17  # another text size to fit for: not the same items
    memo.items_of(card, wide, game, "a", 1)
    memo.items_of(card, wide, game, "a", 1)
    memo.items_of(card, wide, game, "a", 2)
    memo.items_of(card, wide, other, "a", 1)  # another game object
    memo.items_of(card, fitted, game, "a", 1)
    assert len(runs) == 4
    assert wide.items[0] == wide.items[1] and len(wide.items) == 4 and len(fitted.items) == 1
