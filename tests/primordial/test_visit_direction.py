""""Visit Left" visits the mat drawn on the left (issue 30 item 7; RULES-NOTES: left is the next player
clockwise): the board draws the mats as seen from the viewer's chair, the next clockwise on the viewer's left
and the one before on the right, and an Intent's label names the player it visits."""

from __future__ import annotations

import pytest

from illumi_widgets.engine import load_game
from illumi_widgets.games.primordial.flow import direction
from illumi_widgets.games.primordial.scene import PRESENTER


def _mat_x(scene, seat):
    return next(it["x"] for it in scene["items"] if it.get("id") == f"seat:{seat}" and it["t"] == "rect")


@pytest.mark.parametrize("players", [3, 4])
def test_left_is_drawn_on_the_left_and_named(players):
    game = load_game("primordial", players=players)
    st = game.new_state(seed=4)
    for me in range(players):
        scene = PRESENTER["scene"](st.view(me), game)
        left, right = direction(players, me, "left"), direction(players, me, "right")
        assert _mat_x(scene, left) < _mat_x(scene, me) < _mat_x(scene, right)
        plot = next(a for a in st.legal_actions(me) if a.args[1] == "left")
        assert st.label(plot, me).endswith(f"Intent Visit Left (to {game.seat_name(left)})")


def test_an_intent_tooltip_names_the_player_it_points_at():
    game = load_game("primordial", players=3)
    st = game.new_state(seed=4)
    scene = PRESENTER["scene"](st.view(0), game)
    tips = {it["tip"] for it in scene["items"] if "(Intent)" in it.get("tip", "")}
    left, right = game.seat_name(direction(3, 0, "left")), game.seat_name(direction(3, 0, "right"))
    for word, whom in (("Left", left), ("Right", right)):
        assert any(t.startswith(f"Visit {word} (Intent)") and t.endswith(f"For Red, that is {whom}.")
                   for t in tips), tips
