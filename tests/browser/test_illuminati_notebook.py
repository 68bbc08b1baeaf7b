"""The Illuminati notebook in real JupyterLab + Debian Chromium (issue 6).

``notebooks/02_illuminati.ipynb`` runs in the browser (run all), every board in it paints, and its first
board (``board = Illuminati(players=4, seed=7)``, hot seat: Blue to act; its privacy curtain is clicked away
when shown) is played with the mouse: a click on a legal target of the canvas (through the chooser menu when
that Group is the target of several options) and then a decision button of the panel. Each time the kernel's
state moves on (version, log, decisions) and the canvas repaints with the new version. A screenshot of the
board goes to the artifacts.

Where to click is computed from the scene the kernel sent (an entity's rect in scene units, scaled by the
canvas' CSS box over the scene's ``w``/``h``), exactly what the painter inverts.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/02_illuminati.ipynb"
BOARD = '[data-painted="1"]'
SNIPPETS = Path(__file__).parent / "snippets"  # shared with the other browser tests (see its README)

PROBE = (SNIPPETS / "board_probe.py").read_text()  # run in the kernel after the notebook ran


# Scrolls to every cell that displayed a widget (a windowed notebook renders cells as they come into view)
# and waits until its board painted; returns how many there are and the cells whose board did not paint.
_EVERY_BOARD_PAINTED_JS = (SNIPPETS / "every_board_painted.js").read_text()


def reveal(page, widget) -> None:
    """Click the privacy curtain away (a message to Python, which then sends the seat's board)."""
    from playwright.sync_api import expect

    curtain = widget.locator(".illumi-curtain")
    expect(curtain).to_be_visible()
    curtain.click()
    expect(curtain).to_be_hidden()


@pytest.mark.runs_notebook(NOTEBOOK)
def test_illuminati_notebook_runs_paints_and_plays_by_mouse(page, open_notebook, run_all, save_screenshot,
                                                          kernel, board_probe, pick_option):
    from playwright.sync_api import expect

    panel = open_notebook(page, NOTEBOOK)
    run_all(page, timeout=180)
    painted = page.evaluate(_EVERY_BOARD_PAINTED_JS, 15_000)
    assert painted["boards"] >= 2, f"expected the notebook's boards, found {painted}"
    assert not painted["unpainted"], f"cells whose board never painted: {painted['unpainted']}"

    # The first board of the notebook is `board` (cell 2): the hot seat, Blue to act.
    first_cell = painted["widgetCells"][0]
    widget = panel.locator(".jp-Cell").nth(first_cell).locator(BOARD)
    widget.scroll_into_view_if_needed()
    expect(widget).to_have_count(1)
    kernel(page, PROBE)
    before = board_probe(page)
    if before["curtain"] is not None:  # the hot seat's privacy curtain: "Pass to Blue — click to reveal"
        reveal(page, widget)
        before = board_probe(page)
    assert before["curtain"] is None and before["decisions"], before
    expect(widget).to_have_attribute("data-version", str(before["version"]))
    expect(widget.locator(".illumi-panel button").first).to_be_visible()

    # 1. A legal target on the canvas (a Group to attack); through the chooser when it has several options.
    clicks = sorted(before["clicks"], key=lambda c: (c["uses"], c["entity"] == "network"))
    assert clicks, "no legal target is drawn on the board"
    target = clicks[0]
    paints = page.evaluate("(el) => el.__illumi.paints", widget.element_handle())
    canvas = widget.locator("canvas.illumi-overlay")
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box and box["width"] > 0, "the board canvas has no size"
    page.mouse.click(box["x"] + target["x"] * box["width"] / before["w"],
                     box["y"] + target["y"] * box["width"] / before["w"])
    if target["uses"] > 1:
        menu = widget.locator(".illumi-chooser:not([hidden])")
        expect(menu).to_be_visible()
        menu.locator(f'button[data-option="{target["option"]}"]').first.click()
    # an attack cannot be undone in play mode, so the board asks first, naming it; the player confirms
    confirm = widget.locator(".illumi-confirm-yes")
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and widget.get_attribute("data-version") == str(before["version"]):
        if confirm.is_visible():
            expect(widget.locator(".illumi-confirm")).to_contain_text("Are you sure?")
            confirm.click()
            break
        page.wait_for_timeout(100)
    expect(widget).not_to_have_attribute("data-version", str(before["version"]))
    after = board_probe(page)
    assert after["version"] > before["version"], "Python's state did not move on"
    assert after["history"][:len(before["history"])] == before["history"]
    assert target["option"] in after["history"][len(before["history"]):], (target, after["history"])
    assert after["log"] > before["log"]
    assert after["decisions"] != before["decisions"], "the decision did not change"
    expect(widget).to_have_attribute("data-version", str(after["version"]))
    assert page.evaluate("(el) => el.__illumi.paints", widget.element_handle()) > paints, "no repaint"
    save_screenshot(widget, "illuminati_board_after_click")

    # 2. A decision button of the panel (the first option of the first decision shown).
    if after["curtain"] is not None:  # the hot seat passed to another player: reveal first
        reveal(page, widget)
        after = board_probe(page)
    assert after["decisions"], after
    decision, _prompt, options = after["decisions"][0]
    pick_option(page, widget, decision, options[0])
    expect(widget).not_to_have_attribute("data-version", str(after["version"]))
    last = board_probe(page)
    assert last["version"] > after["version"]
    assert options[0] in last["history"][len(after["history"]):], (options[0], last["history"])
    expect(widget).to_have_attribute("data-version", str(last["version"]))
    save_screenshot(widget, "illuminati_notebook_board")
