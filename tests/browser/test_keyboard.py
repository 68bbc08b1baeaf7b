"""Keyboard play on a real board (issue 31): in JupyterLab + Debian Chromium at 1400×900, a Pax board is
played for several decisions with the keyboard alone (Playwright ``keyboard.press`` only: Tab into the board,
arrow keys between its targets, Enter on a target, Enter on the chooser's entry), and

* the kernel's record holds exactly the actions chosen, in order;
* no key pressed inside the board changed the notebook: the number of cells and the active cell are the same.

The test reads the page (which element has focus, its name) and the kernel (the decisions, the record) to
choose and to check; every action on the board is a key press.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

pytestmark = pytest.mark.browser

BOARD = '[data-painted="1"]'
BOARD_CELL = """
from illumi_widgets import PaxIlluminaten

board = PaxIlluminaten(players=3, seed=7, seat=0)   # Blue's board (analysis mode: no bots)
board
"""

_NOTEBOOK_JS = """
() => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  return { cells: nb.widgets.length, active: nb.activeCellIndex, mode: nb.mode };
}
"""

_FOCUSED_JS = """
() => {
  const a = document.activeElement;
  const inBoard = !!(a && a.closest && a.closest('.illumi-sr'));
  const inMenu = !!(a && a.closest && a.closest('.illumi-chooser'));
  return { inBoard, inMenu, entity: a && a.dataset ? a.dataset.entity || null : null,
           name: a ? a.textContent : null, popup: a ? a.getAttribute('aria-haspopup') : null,
           option: a && a.dataset ? a.dataset.option || null : null };
}
"""

_BACK_ON_BOARD_JS = "() => !!(document.activeElement && document.activeElement.closest('.illumi-sr'))"

_DECISIONS = """
import json as _j
print(_j.dumps([[d["id"], [[o["id"], o.get("targets") or [], bool(o.get("confirm"))] for o in d["options"]]]
                for d in board.decisions]))
"""


def _targets(kernel, page) -> dict:
    """Entity -> [(decision, option, asks to confirm)] of the board's decisions now."""
    out: dict = {}
    for did, options in json.loads(kernel(page, _DECISIONS).strip().splitlines()[-1]):
        for oid, targets, confirm in options:
            for t in set(targets):
                out.setdefault(t, []).append((did, oid, confirm))
    return out


def _record(kernel, page) -> list[str]:
    out = kernel(page, "print(__import__('json').dumps([a.notation() for a in board.state.history]))")
    return json.loads(out.strip().splitlines()[-1])


def test_pax_played_by_keyboard_alone(tmp_path, page, open_notebook, run_all, kernel, save_screenshot):
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1400, "height": 900})
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(BOARD_CELL.strip())]
    path = tmp_path / "keyboard.ipynb"
    nbformat.write(nb, path)
    panel = open_notebook(page, path)
    run_all(page)
    widget = panel.locator(BOARD)
    expect(widget).to_have_count(1)
    notebook = page.evaluate(_NOTEBOOK_JS)
    start = _record(kernel, page)

    # Tab into the board (through whatever the page has before it)
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate(_FOCUSED_JS)["inBoard"]:
            break
    focused = page.evaluate(_FOCUSED_JS)
    assert focused["inBoard"], "Tab never reached the board"
    assert focused["entity"], "the board's Tab stop is not a target"
    expect(widget.locator(".illumi-focus-ring")).to_be_visible()

    chosen: list[str] = []
    # three decisions: a target with several actions (the chooser: its second entry), a target with one, then
    # the next decision's first target by "."
    for step in ("menu", "single", "next"):
        version = widget.get_attribute("data-version")
        targets = _targets(kernel, page)
        if step == "next":
            page.keyboard.press(".")
        for _ in range(200):  # walk the targets in reading order to one that fits this step
            f = page.evaluate(_FOCUSED_JS)
            assert f["inBoard"], f"focus left the board: {f}"
            choices = targets.get(f["entity"], [])
            fits = (step == "menu" and len(choices) > 1) or (
                step != "menu" and len(choices) == 1 and not choices[0][2])
            if fits:
                break
            page.keyboard.press("ArrowRight")
        else:
            pytest.fail(f"no target fits step {step!r}: {targets}")
        page.keyboard.press("Enter")
        if step == "menu":
            menu = widget.locator(".illumi-chooser")
            expect(menu).to_be_visible()
            page.keyboard.press("ArrowDown")
            f = page.evaluate(_FOCUSED_JS)
            assert f["inMenu"] and f["option"], f
            option = f["option"]
            confirm = dict((o, c) for _d, o, c in choices)[option]
            page.keyboard.press("Enter")
            if confirm:
                pytest.skip("the chooser's second entry asks to confirm")  # (not in this position)
        else:
            option = choices[0][1]
        chosen.append(option)
        expect(widget).not_to_have_attribute("data-version", version)
        # focus comes back to the board after the update
        page.wait_for_function(_BACK_ON_BOARD_JS)

    # Escape and the arrows inside the board
    page.keyboard.press("Escape")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    save_screenshot(widget, "pax_keyboard_focus")

    record = _record(kernel, page)
    assert record[len(start):] == chosen, (record[len(start):], chosen)
    after = page.evaluate(_NOTEBOOK_JS)
    assert (after["cells"], after["active"]) == (notebook["cells"], notebook["active"]), (notebook, after)
    # the board's accessibility tree holds, in words, every thing board.describe() names, the decision and the
    # last move
    import re

    norm = lambda s: re.sub(r"[^0-9A-Za-z]+", "", s)  # noqa: E731 (the YAML of a snapshot quotes some names)
    snapshot = norm(widget.aria_snapshot())
    words = kernel(page, "print(board.describe())").strip().splitlines()
    things = [ln[2:] for ln in words if ln.startswith("- ")]
    assert things and all(norm(x) in snapshot for x in things), [x for x in things if norm(x) not in snapshot]
    assert norm(kernel(page, "print(board.decisions[0]['prompt'])").strip()) in snapshot
    assert norm("Last move") in snapshot
    # Tab leaves the board
    page.keyboard.press("Tab")
    assert not page.evaluate(_FOCUSED_JS)["inBoard"]


AXE = Path(__file__).resolve().parents[2] / "js" / "node_modules" / "axe-core" / "axe.min.js"
_AXE_RUN_JS = """
async (el) => {
  const r = await window.axe.run(el, { runOnly: { type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] } });
  return { passes: r.passes.length, violations: r.violations.map((v) => ({ id: v.id, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${String(n.failureSummary).slice(0, 99)}`),
  })) };
}
"""


def test_axe_finds_no_wcag_violation_on_the_board(tmp_path, page, open_notebook, run_all):
    """axe-core (its WCAG 2.0-2.2 A and AA rules) on the Pax board at 1400×900, and with the chooser open."""
    from playwright.sync_api import expect

    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `cd js && npm install` (a devDependency)", pytrace=False)
    page.set_viewport_size({"width": 1400, "height": 900})
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(BOARD_CELL.strip())]
    path = tmp_path / "axe.ipynb"
    nbformat.write(nb, path)
    panel = open_notebook(page, path)
    run_all(page)
    widget = panel.locator(BOARD)
    expect(widget).to_have_count(1)
    page.add_script_tag(path=str(AXE))
    root = widget.locator(".illumi-widget").element_handle()
    found = page.evaluate(_AXE_RUN_JS, root)
    assert found["violations"] == [] and found["passes"] >= 5, found  # (rules did run on the board)
    # the chooser open (a hand card with several actions, opened by the keyboard)
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate(_FOCUSED_JS)["inBoard"]:
            break
    for _ in range(200):
        if page.evaluate(_FOCUSED_JS)["popup"] == "menu":
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(widget.locator(".illumi-chooser")).to_be_visible()
    found = page.evaluate(_AXE_RUN_JS, root)
    assert found["violations"] == [] and found["passes"] >= 5, found
