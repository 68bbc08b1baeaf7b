"""The Illuminati scene and widget: drawn from one seat's view, no hidden Special or goal in it."""

from __future__ import annotations

import json

import illumi_widgets
from illumi_widgets.engine.testing import _find_secrets
from illumi_widgets.games.illuminati.scene import illuminati_scene, option_targets
from illumi_widgets.match import Match

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
    assert "slush-fund" in json.dumps(illuminati_scene(state.view(0), g))
    assert option_targets(g, state.parse("spend 1 from mafia")) == ["mafia"]


def test_widget_and_match(table):
    board = illumi_widgets.Illuminati(players=3, seed=2, seat=0)
    assert board.match.game.name == "illuminati"
    snap = board.match.snapshot("seat:0")
    assert snap["scene"]["w"] == 1200 and snap["decisions"] is not None
    other = board.view_as(1)
    assert other.perspective == "seat:1"
    assert Match("illuminati", players=2, seed=1).snapshot("spectator")["scene"]["w"] == 1200
