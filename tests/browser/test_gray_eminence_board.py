"""The Gray Eminence notebook in real JupyterLab + Debian Chromium (issue 16).

``notebooks/05_gray_eminence.ipynb`` runs in the browser (run all), its boards paint, and its hot-seat board
``table`` plays the first round by mouse: the privacy curtain is clicked away whenever it shows, a legal
target drawn on the canvas is clicked when one option alone points at it (a visibility-track position, an
Action card to program or resolve), else the first button of the decision panel.  Every click must move the
kernel's state on.  In the suite the round is played through its sealed phases (bidding, programming) and
the tweets, up to its Action phase (the later phases are played to the end of a game by keyboard in
test_keyboard_games.py, and by clicks on the action bar in test_game_site.py); ``ILLUMI_WHOLE_GAMES=1``
plays the whole round.  A screenshot goes to the artifacts.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/05_gray_eminence.ipynb"
BOARD = '[data-painted="1"]'
SNIPPETS = Path(__file__).parent / "snippets"
PROBE = (SNIPPETS / "board_probe.py").read_text()
_EVERY_BOARD_PAINTED_JS = (SNIPPETS / "every_board_painted.js").read_text()
# where the clicking stops: the next round (a whole round), or this round's Action phase
STOP = ["2", "refresh"] if os.environ.get("ILLUMI_WHOLE_GAMES") == "1" else ["1", "action"]


@pytest.mark.runs_notebook(NOTEBOOK)
def test_gray_eminence_notebook_plays_a_round_by_mouse(page, open_notebook, run_all, save_screenshot, kernel,
                                                       board_probe, pick_option):
    from playwright.sync_api import expect

    panel = open_notebook(page, NOTEBOOK)
    run_all(page, timeout=240)
    painted = page.evaluate(_EVERY_BOARD_PAINTED_JS, 15_000)
    assert painted["boards"] >= 2, painted
    assert not painted["unpainted"], painted
    widget = panel.locator(".jp-Cell").nth(painted["widgetCells"][-1]).locator(BOARD)
    widget.scroll_into_view_if_needed()
    expect(widget).to_have_count(1)
    kernel(page, PROBE)
    canvas_clicks = 0
    for _ in range(400):
        where = kernel(page, "print(table.state.data['round'], table.state.data['phase'])").split()
        if where == STOP:
            break
        probe = board_probe(page, "table")
        if probe["curtain"] is not None:
            curtain = widget.locator(".illumi-curtain")
            expect(curtain).to_be_visible()
            curtain.click()
            expect(curtain).to_be_hidden()
            continue
        assert probe["decisions"], probe
        single = [c for c in probe["clicks"] if c["single"]]
        if single:
            target = single[0]
            canvas = widget.locator("canvas.illumi-overlay")
            canvas.scroll_into_view_if_needed()
            box = canvas.bounding_box()
            page.mouse.click(box["x"] + target["x"] * box["width"] / probe["w"],
                             box["y"] + target["y"] * box["width"] / probe["w"])
            canvas_clicks += 1
        else:
            decision, _prompt, options = probe["decisions"][0]
            pick_option(page, widget, decision, options[0])
        expect(widget).not_to_have_attribute("data-version", str(probe["version"]))
    else:
        pytest.fail(f"round {STOP[0]}'s {STOP[1]} phase not reached within 400 clicks")
    assert canvas_clicks >= 3, "the board's own targets were not clicked"
    if board_probe(page, "table")["curtain"] is not None:  # show the board, not the curtain
        widget.locator(".illumi-curtain").click()
        expect(widget.locator(".illumi-curtain")).to_be_hidden()
    save_screenshot(widget, f"gray_eminence_board_round_{STOP[0]}_{STOP[1]}")
