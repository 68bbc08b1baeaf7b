"""Bot seats play by themselves on a board in real JupyterLab, at ``bot_delay``, and the panel's button
pauses them (issue 5): the page asks for one bot decision at a time, Python checks and plays it."""

from __future__ import annotations

import json
import time

import nbformat
import pytest

pytestmark = pytest.mark.browser

BOARD = '[data-painted="1"]'

CELL = """
from illumi_widgets import PaxIlluminaten

bots = PaxIlluminaten(players=2, seed=3, seat="spectator", bots={0: "random", 1: "random"})
bots.bot_delay = 0.15
bots
"""


def kernel_state(kernel, page) -> dict:
    out = kernel(page, "import json; print(json.dumps({'version': bots.state.version, "
                       "'paused': bots.bots_paused, 'turn': bots.bot_turn}))")
    return json.loads(out.strip().splitlines()[-1])


def test_bots_play_at_a_visible_pace_and_pause(tmp_path, page, open_notebook, run_all, save_screenshot,
                                               kernel):
    from playwright.sync_api import expect

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(CELL.strip())]
    path = tmp_path / "bots.ipynb"
    nbformat.write(nb, path)
    panel = open_notebook(page, path)
    run_all(page)
    widget = panel.locator(BOARD)
    expect(widget).to_have_count(1)
    pause = widget.locator("button.illumi-bots")
    expect(pause).to_be_visible()
    start = kernel_state(kernel, page)
    assert start["turn"] is True

    # the bots play by themselves: one decision per bot_delay (0.15 s), not all at once
    v0 = int(widget.get_attribute("data-version"))
    t0 = time.monotonic()
    page.wait_for_function("([el, v]) => Number(el.dataset.version) >= v",
                           arg=[widget.element_handle(), v0 + 3], timeout=20_000)
    elapsed = time.monotonic() - t0
    assert kernel_state(kernel, page)["version"] >= v0 + 3 > start["version"]
    assert elapsed >= 0.15 * 2, f"3 bot decisions in {elapsed:.2f} s: faster than bot_delay"

    # the panel's button pauses them: the version stops moving
    pause.click()
    expect(pause).to_have_text("Resume bots")
    assert kernel_state(kernel, page)["paused"] is True
    held = kernel_state(kernel, page)["version"]
    page.wait_for_timeout(800)
    assert kernel_state(kernel, page)["version"] == held, "a bot played while paused"
    expect(widget).to_have_attribute("data-version", str(held))
    save_screenshot(widget, "bots_paused_board")

    # resumed from Python: they play on
    kernel(page, "bots.resume_bots()")
    expect(pause).to_have_text("Pause bots")
    page.wait_for_function("([el, v]) => Number(el.dataset.version) > v", arg=[widget.element_handle(), held],
                           timeout=20_000)
    pause.click()  # leave them paused: the kernel is shut down next
    expect(pause).to_have_text("Resume bots")
