"""A game is never lost to a kernel restart (issue 30 item 8), in real JupyterLab + Debian Chromium: a board
against a bot is played a few moves, the kernel restarts, the cell is run again -- the new board offers to
continue the game the cell showed, and "Continue" brings back the same game (its record), from the file the
displayed board kept beside its saved picture."""

from __future__ import annotations

import json

import nbformat
import pytest

pytestmark = pytest.mark.browser

BOARD = '[data-painted="1"]'
CELL = """from illumi_widgets import PaxIlluminaten
board = PaxIlluminaten(players=2, seed=7, seat=0, bots={1: "random"})
board"""
PLAY = """
for _ in range(4):
    board.run_bots()
    acts = [a for a in board.legal_actions() if a.kind not in board.match.game.withdraw_kinds]
    if acts:
        board.play(acts[0])
board.run_bots()
import json
print(json.dumps(board.match.record()["actions"]))
"""
KEPT = """
from illumi_widgets.widget import saved
game = saved.find_game("pax")
print(len(game["record"]["actions"]) if game else -1)
"""


def test_rerunning_the_cell_after_a_kernel_restart_continues_the_game(tmp_path, page, page_errors,
                                                                     open_notebook, run_all, kernel,
                                                                     save_screenshot):
    from playwright.sync_api import expect

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(CELL)]
    path = tmp_path / "resume.ipynb"
    nbformat.write(nb, path)
    panel = open_notebook(page, path)
    run_all(page)
    widget = panel.locator(BOARD)
    expect(widget).to_have_count(1)
    before = json.loads(kernel(page, PLAY).strip().splitlines()[-1])
    played = len(before)
    assert played > 4
    for _ in range(40):  # the board keeps its game (debounced, STORE_DELAY) beside its picture
        if int(kernel(page, KEPT).strip().splitlines()[-1]) == played:
            break
        page.wait_for_timeout(250)
    else:
        pytest.fail("the displayed board did not keep its game")
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.restart()")
    expect(widget.locator(".illumi-offline")).to_be_visible(timeout=30_000)
    page_errors.clear()  # JupyterLab logs the closed comms of the restarted kernel
    run_all(page)
    widget = panel.locator(BOARD)
    expect(widget).to_have_count(1)
    offer = widget.locator(".illumi-resume")
    expect(offer).to_be_visible(timeout=20_000)
    expect(offer).to_contain_text("Continue it?")
    save_screenshot(page, "resume-offer")
    assert int(kernel(page, 'print(len(board.match.record()["actions"]))').strip().splitlines()[-1]) < played
    offer.locator(".illumi-resume-yes").click()
    expect(offer).to_be_hidden()
    page.wait_for_function("(el) => el.dataset.version !== undefined", arg=widget.element_handle())
    for _ in range(40):
        now = int(kernel(page, 'print(len(board.match.record()["actions"]))').strip().splitlines()[-1])
        if now >= played:
            break
        page.wait_for_timeout(250)
    assert now >= played  # the game goes on (its bot may have moved since)
    after = json.loads(kernel(page, 'import json; print(json.dumps(board.match.record()["actions"]))')
                       .strip().splitlines()[-1])
    assert after[:played] == before  # the same game, continued
    assert not page_errors
