"""The board's "Analyse" button in real JupyterLab + Debian Chromium (issue 18): a click runs the analysis in
the kernel (in the background), the button shows the progress and then "Analysed", and the board's scene
carries the overlay (halos, "62%" labels, the expected line under the board)."""

from __future__ import annotations

import nbformat
import pytest

pytestmark = pytest.mark.browser

BOARD = '[data-painted="1"]'

CELLS = ("""
from illumi_widgets import Match, PaxIlluminaten

match = Match("pax", players=3, seed=5)
board = PaxIlluminaten(match=match, seat=match.state.to_act()[0])   # the board of the seat to act
board.analysis_budget = 80
board
""",)


def test_analyse_button_draws_the_overlay(tmp_path, page, open_notebook, run_all, kernel, save_screenshot):
    from playwright.sync_api import expect

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src.strip()) for src in CELLS]
    path = tmp_path / "analysis_button.ipynb"
    nbformat.write(nb, path)
    panel = open_notebook(page, path)
    run_all(page, timeout=120)
    widget = panel.locator(BOARD).first
    widget.scroll_into_view_if_needed()
    button = widget.locator("button.illumi-analyse")
    expect(button).to_be_visible(timeout=30_000)
    expect(button).to_have_text("Analyse")
    before = widget.locator("canvas.illumi-base").bounding_box()
    button.click()
    expect(button).to_have_text("Analysed ✓", timeout=120_000)
    out = kernel(page, "import json\n"
                 "items = [it for it in board.effective_scene['items'] if it.get('analysis')]\n"
                 "print(json.dumps({'rows': len(board.analysis), 'halos': sum(i['analysis'] == 'halo' "
                 "for i in items), 'labels': [i['s'] for i in items if i['analysis'] == 'label' "
                 "and i['t'] == 'text'], 'visits': int(board.analysis['visits'].sum())}))")
    got = __import__("json").loads(out.strip().splitlines()[-1])
    assert got["rows"] >= 2 and got["visits"] == 80
    assert got["halos"] >= 2 and 1 <= len(got["labels"]) <= 3
    assert all(s.endswith("%") for s in got["labels"])
    # the painted board grew by the analysis band (the expected line under the board): taller for its width
    # (the board is scaled to fit the notebook's visible height, so it may get narrower rather than taller)
    after = widget.locator("canvas.illumi-base").bounding_box()
    assert before and after and after["height"] / after["width"] > before["height"] / before["width"]
    save_screenshot(widget, "analysis_overlay")
