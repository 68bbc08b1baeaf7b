"""A lesson in a notebook cell (Lesson.show): the coach line under the live board follows the learner's
moves, a typed move is judged like a click (an illegal one gets the rules' own reason and changes nothing),
Hint gives the lesson's hints, Start again puts the lesson position back, and the picture fits the cell."""

from __future__ import annotations

from unittest import mock

import pytest

pytest.importorskip("ipywidgets")

from illumi_widgets.lessons import gray_eminence  # noqa: E402


def _show(lesson) -> list:
    shown = []
    with mock.patch("IPython.display.display", side_effect=lambda *a, **k: shown.extend(a)):
        lesson.show()
    return shown


def test_show_plays_a_lesson_on_the_live_board():
    lesson = gray_eminence.score()
    shown = _show(lesson)
    board, panel = lesson.live, shown[-1]
    assert board in shown
    (hint, again, typed), said = panel.children[1].children, panel.children[2]
    start = board.match.version
    assert board.coach_line.value.startswith("➜ Your move, Red")
    typed.value = "complete S99"
    assert said.value.startswith("✘ That is not allowed: ") and board.match.version == start
    typed.value = "pass"
    assert board.coach_line.value.startswith("That works too, but ")
    again.click()
    assert len(board.state.history) == board.match._lesson_start
    assert board.coach_line.value.startswith("➜ Your move, Red")
    board.play(next(a for a in board.legal_actions() if a.kind == "complete"))
    assert board.coach_line.value.startswith("✔ Completed")
    hint.click()
    assert lesson.hints[0] in said.value


def test_the_picture_fits_the_cell():
    html = _show(gray_eminence.score())[1].data
    assert "<svg style=\"max-width:100%;height:auto;display:block\"" in html
    assert "viewBox=" in html


@pytest.mark.parametrize("game", ["pax", "illuminati", "primordial", "gray_eminence"])
def test_every_lessons_picture_is_made_to_fit_the_cell(game):
    """Every lesson of every sequence (not only those the browser test measures at 1000 and 1400 px) shows
    its position before the move through the one fitting container: an SVG scaled down to the cell's
    width, never wider, with its caption."""
    import importlib
    import re

    mod = importlib.import_module(f"illumi_widgets.lessons.{game}")
    for key, lesson in mod.sequence().items():
        html = lesson.picture().data
        fitting = ("<div class='illumi-picture' style='max-width:100%;overflow:hidden'>"
                   "<svg style=\"max-width:100%;")
        assert fitting in html, key
        assert re.search(r'viewBox="0 0 [1-9]', html), key
        assert lesson.before and lesson.before.replace("'", "&#x27;") in html, key


def test_a_typed_moves_verdict_goes_when_the_learner_moves_on():
    """The line under the lesson's buttons said "✘ That is not allowed: …" for an illegal typed move and
    kept saying it after the learner finished the lesson on the board, under the coach's ✔ (the browser
    test's screenshot of a finished lesson showed both)."""
    lesson = gray_eminence.score()
    shown = _show(lesson)
    board, panel = lesson.live, shown[-1]
    (_hint, _again, typed), said = panel.children[1].children, panel.children[2]
    typed.value = "complete S99"
    assert said.value.startswith("✘ That is not allowed: ")
    board.play(next(a for a in board.legal_actions() if a.kind == "complete"))
    assert board.coach_line.value.startswith("✔ Completed")
    assert said.value == ""
