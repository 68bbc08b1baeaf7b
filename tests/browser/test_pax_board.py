"""The Pax Illuminaten board in real JupyterLab + Debian Chromium.

* The teaching notebook runs cell by cell in the browser and its boards paint.
* A click on a legal target of the canvas reaches Python: the kernel's state moves on, the canvas repaints
  with the new version, and the decision shown changes; a panel button ("end") does the same.
* Forged messages from the page (stale version, an option not offered, an unknown type, a trait update that
  would switch the board to the omniscient view) change nothing.

The click position is computed from the scene the kernel sent: the entity's rect in scene units, scaled by
the canvas' CSS box over the scene's ``w``/``h`` (exactly what the painter inverts in ``pointerOf``).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

pytestmark = pytest.mark.browser

BOARD = '[data-painted="1"]'
SNIPPETS = Path(__file__).parent / "snippets"  # shared with the other browser tests (see its README)

# Kernel-side helper: what the test needs to know about a board, as one JSON line.
PROBE_CELL = (SNIPPETS / "board_probe.py").read_text()

BOARD_CELL = """
from illumi_widgets import PaxIlluminaten

board = PaxIlluminaten(players=3, seed=7, seat=0)   # Blue's board
board
"""

# Sends a raw comm message on the widget's own comm (what model.send does, without the painter's checks).
_FORGE_JS = """
async ([modelId, data]) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const comms = kernel._comms;
  const comm = comms && typeof comms.get === 'function' ? comms.get(modelId) : null;
  if (!comm) return false;
  await comm.send(data).done;
  return true;
}
"""


# Scrolls to every cell that displayed a widget (a windowed notebook renders cells as they come into view)
# and waits until its board has painted; returns the cells whose board did not.
_EVERY_BOARD_PAINTED_JS = (SNIPPETS / "every_board_painted.js").read_text()


def write_notebook(tmp_path, *sources: str):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src.strip()) for src in sources]
    path = tmp_path / "pax_board.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.mark.runs_notebook("notebooks/01_pax_illuminaten.ipynb")
def test_teaching_notebook_runs_and_paints(page, open_notebook, run_all, save_screenshot):
    """Every cell of notebooks/01_pax_illuminaten.ipynb runs in JupyterLab and its boards paint."""
    from playwright.sync_api import expect

    panel = open_notebook(page, "notebooks/01_pax_illuminaten.ipynb")
    run_all(page, timeout=120)
    result = page.evaluate(_EVERY_BOARD_PAINTED_JS, 15_000)
    assert result["boards"] >= 10, f"expected the lesson boards, found {result['boards']} widget outputs"
    assert not result["unpainted"], f"cells whose board never painted: {result['unpainted']}"
    first = panel.locator(BOARD).first
    first.scroll_into_view_if_needed()
    expect(first).to_be_visible()
    save_screenshot(first, "pax_notebook_board")


def test_click_on_the_canvas_panel_button_and_forged_messages(tmp_path, page, page_errors, open_notebook,
                                                              run_all, save_screenshot, kernel, board_probe,
                                                              click_scene_point):
    from playwright.sync_api import expect

    panel = open_notebook(page, write_notebook(tmp_path, PROBE_CELL, BOARD_CELL))
    run_all(page)
    widget = panel.locator(BOARD)
    expect(widget).to_have_count(1)
    before = board_probe(page)
    expect(widget).to_have_attribute("data-version", str(before["version"]))
    assert before["perspective"] == "seat:0" and before["to_act"] == [0]

    # 1. A click on a legal target of the canvas.
    singles = [c for c in before["clicks"] if c["single"]]  # one option on that entity: no chooser menu
    assert singles, before["clicks"]
    # Extorting the Areopagus keeps Blue in its action phase, so "end" is offered next.
    target = next((c for c in singles if c["option"] == "extort areopagus"), singles[0])
    paints = page.evaluate("(el) => el.__illumi.paints", widget.element_handle())
    click_scene_point(page, widget, before["w"], before["h"], target["x"], target["y"])
    expect(widget).not_to_have_attribute("data-version", str(before["version"]))
    after = board_probe(page)
    assert after["version"] > before["version"], "Python's state did not move on"
    expect(widget).to_have_attribute("data-version", str(after["version"]))
    assert after["decisions"] != before["decisions"], "the decision did not change"
    assert after["log"] > before["log"]
    played = kernel(page, f"print({target['option']!r} in [a.notation() for a in board.state.history])")
    assert played.strip() == "True", f"{target['option']!r} is not in the kernel's history"
    assert page.evaluate("(el) => el.__illumi.paints", widget.element_handle()) > paints, "no repaint"
    save_screenshot(widget, "pax_board_after_click")

    # 2. A panel button: end the action phase (Blue has a full hand: the turn passes to Red).
    assert any("end" in options for _id, _prompt, options in after["decisions"]), after["decisions"]
    end = widget.locator('.illumi-panel button[data-option="end"]')
    expect(end).to_have_count(1)
    end.click()
    confirm = widget.locator(".illumi-confirm-yes")  # ending a turn with actions left asks first
    if confirm.is_visible():
        confirm.click()
    expect(widget).not_to_have_attribute("data-version", str(after["version"]))
    ended = board_probe(page)
    assert ended["version"] > after["version"]
    assert 0 not in ended["to_act"], ended["to_act"]
    expect(widget).to_have_attribute("data-version", str(ended["version"]))
    expect(widget.locator('button[data-option="end"]')).to_have_count(0)  # Blue decides nothing now

    # 3. Forged messages on the widget's comm change nothing.
    v = ended["version"]
    red_decision = kernel(page, "print(board.match.snapshot('seat:1')['decisions'][0]['id'])").strip()
    forged = [
        {"type": "act", "version": v - 1, "decision": red_decision, "option": "end"},  # stale
        {"type": "act", "version": v, "decision": red_decision, "option": "end"},  # Red's, not Blue's
        {"type": "act", "version": v, "decision": "turn:0", "option": "influence A1 x3"},  # not offered
        {"type": "undo", "version": v, "extra": "field"},  # bad shape
        {"type": "become", "perspective": "omniscient"},  # unknown type
    ]
    sent = [page.evaluate(_FORGE_JS, [ended["model_id"], {"method": "custom", "content": m}]) for m in forged]
    if not any(sent):
        pytest.skip("the widget's comm is not reachable from the page (kernel._comms)")
    # a trait update from the page: switch this board to the omniscient view (must be refused)
    page.evaluate(_FORGE_JS, [ended["model_id"], {"method": "update", "state": {"perspective": "omniscient"},
                                                  "buffer_paths": []}])
    expect(widget.locator(".illumi-error")).not_to_be_empty()  # the error replies reached the painter
    final = board_probe(page)
    assert final["version"] == v and final["decisions"] == ended["decisions"] and final["log"] == ended["log"]
    assert final["perspective"] == "seat:0"
    assert kernel(page, "print(board.perspective, board.state.version)").split() == ["seat:0", str(v)]
    expect(widget).to_have_attribute("data-version", str(v))
