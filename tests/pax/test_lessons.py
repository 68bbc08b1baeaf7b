"""The tutorial helpers (illumi_widgets/lessons.py): the coach line answers the reader's moves."""

from __future__ import annotations

from illumi_widgets import PaxIlluminaten
from illumi_widgets.lessons import coach, legend_html, now


def test_the_coach_follows_the_lesson_moves_and_undo():
    board = PaxIlluminaten(players=3, seed=7, seat="omniscient")
    line = coach(board, ["extort areopagus"], "Blue extorted the Areopagus.")
    assert line.value.startswith("➜") and "Extort your Areopagus" in line.value
    board.play("extort areopagus")
    assert line.value.startswith("✔ Blue extorted the Areopagus.")
    board.undo()
    assert line.value.startswith("➜")
    other = next(a for a in board.legal_actions() if a.kind == "scheme")
    board.play(other)
    assert line.value.startswith("✘ That was “Scheme with") and "Press ↶" in line.value
    bundle, _ = line._repr_mimebundle_()
    assert bundle["text/html"] == line.value  # a saved notebook shows the line's text


def test_now_and_the_legend_are_plain_words():
    board = PaxIlluminaten(players=3, seed=7, seat=0)
    assert now(board) == "Blue: take an action (2 main actions left) or end the turn"
    table = legend_html(board.state.game)
    assert "row / out" in table and "Beige" not in table  # three players: Blue, Red, Green
