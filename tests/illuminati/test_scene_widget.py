"""The Illuminati scene and widget: drawn from one seat's view, no hidden Special or goal in it."""

from __future__ import annotations

import json

import pytest

import illumi_widgets
from illumi_widgets import OMNISCIENT, load_game
from illumi_widgets.engine import Rng
from illumi_widgets.engine.testing import _find_secrets, random_action
from illumi_widgets.games.illuminati.scene import illuminati_scene, option_targets
from illumi_widgets.match import Match
from illumi_widgets.textfit import layout_problems, reflow
from illumi_widgets.widget.svg import problems_at_scale

TYPES = {"rect", "circle", "poly", "line", "text", "icon"}


def test_scene_shows_structures_attack_and_dice(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "mafia", money=5)
        t.give(1, "fbi", money=4)
        t.special(0, "slush-fund")
        t.special(1, "murphys-law")
    state.apply("attack mafia control fbi")
    for seat in (0, 1, None):
        scene = illuminati_scene(state.view(seat), g)
        assert {it["t"] for it in scene["items"]} <= TYPES
        text = json.dumps(scene)
        assert "Attack to control" in text and "Roll" in text
        ids = {it.get("id") for it in scene["items"]}
        assert {"mafia", "fbi", "bavarian-illuminati"} <= ids
        assert not _find_secrets(text, g.secrets(state.data, seat))
    red = illuminati_scene(state.view(0), g)["items"]  # own Specials: named chips, clicked to play them
    assert any(it.get("id") == "special:slush-fund" for it in red)
    assert any(it.get("s") == "Slush Fund" for it in red)
    assert option_targets(g, state.parse("spend 1 from mafia")) == ["mafia"]


def test_widget_and_match(table):
    board = illumi_widgets.Illuminati(players=3, seed=2, seat=0)
    assert board.match.game.name == "illuminati"
    snap = board.match.snapshot("seat:0")
    assert snap["scene"]["w"] == 1000 and snap["decisions"] is not None
    other = board.view_as(1)
    assert other.perspective == "seat:1"
    assert Match("illuminati", players=2, seed=1).snapshot("spectator")["scene"]["w"] == 1000


@pytest.mark.parametrize("players", [3, 6])
def test_no_text_overlaps_when_the_board_is_drawn_at_its_smallest(players):
    """Issue 13: the board never draws a layout under its ``min_scale`` (a short window scrolls it); there,
    every text enlarged to 11 CSS px still overlaps nothing and stays inside: the wide layout wraps its
    attack panel for that size, the narrow one (one column, scrolled) lays its text out at it."""
    game = load_game("illuminati", players=players)
    state = game.new_state(seed=3)
    rng = Rng(players + 1)
    checked = 0
    for step in range(240):
        if state.is_terminal():
            break
        if step % 20 == 0:
            for seat in (0, OMNISCIENT):
                scene = illuminati_scene(state.view(seat), game)
                assert scene["layouts"]["narrow"]["scroll"] is True
                for layout in ("wide", "narrow"):
                    spec = scene if layout == "wide" else scene["layouts"]["narrow"]
                    problems = problems_at_scale(scene, layout, spec["min_scale"])
                    assert not problems, (step, seat, layout, problems[:5])
                    checked += 1
        state.apply(random_action(state, rng))
    assert checked >= 20


@pytest.mark.parametrize("players", [2, 4, 6])
def test_text_is_readable_inside_the_board_and_never_overlaps(players):
    """Issue 13 §4: at least 11 px at the default width, no name cut, every text inside the canvas, no two
    texts on top of each other, in the wide and the narrow layout."""
    game = load_game("illuminati", players=players)
    state = game.new_state(seed=5)
    rng = Rng(players)
    checked = 0
    for step in range(300):
        if state.is_terminal():
            break
        if step % 15 == 0:
            for seat in (0, None, OMNISCIENT):
                wide = illuminati_scene(state.view(seat), game)
                for scene in (wide, reflow(wide)):
                    problems = layout_problems(scene, min_size=11)
                    assert not problems, (step, seat, scene['w'], problems[:5])
                    texts = [it["s"] for it in scene["items"] if it["t"] == "text"]
                    assert not any("…" in t for t in texts)
                    checked += 1
        state.apply(random_action(state, rng))
    assert checked >= 30


def test_every_option_with_a_place_on_the_board_finds_it():
    """Issue 13 §2: an option's targets are drawn (arrows, groups, Specials, panels) in its seat's scene."""
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        game = load_game("illuminati", players=players)
        state = game.new_state(seed=seed)
        rng = Rng(seed)
        kinds = set()
        for _ in range(200):
            if state.is_terminal():
                break
            for d in state.decisions():
                if d.seat < 0 or d.options is None:
                    continue
                ids = {it.get("id") for it in illuminati_scene(state.view(d.seat), game)["items"]}
                for a in d.options:
                    targets = option_targets(game, a)
                    if targets:
                        kinds.add(a.kind)
                        assert any(t in ids for t in targets), (a.notation(), targets)
            state.apply(random_action(state, rng))
        assert {"attack", "gift"} <= kinds
