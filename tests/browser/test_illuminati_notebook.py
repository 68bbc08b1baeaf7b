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

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/02_illuminati.ipynb"
BOARD = '[data-painted="1"]'

# Run in the notebook's kernel after the notebook ran (not a cell): what the test needs about a board.
PROBE = r'''
import json as _json


def _probe(b):
    snap = b.match.snapshot(b.perspective)
    scene = snap["scene"]
    shapes = [it for it in scene["items"] if it.get("t") in ("rect", "circle", "poly") and it.get("id")]

    def inside(it, x, y):
        if it["t"] == "rect":
            x0, x1 = sorted((it["x"], it["x"] + it["w"]))
            y0, y1 = sorted((it["y"], it["y"] + it["h"]))
            return x0 <= x <= x1 and y0 <= y <= y1
        if it["t"] == "circle":
            return (x - it["x"]) ** 2 + (y - it["y"]) ** 2 <= it["r"] ** 2
        xs, ys = [p[0] for p in it["pts"]], [p[1] for p in it["pts"]]
        return min(xs) <= x <= max(xs) and min(ys) <= y <= max(ys)

    def point(entity):
        for i, it in enumerate(shapes):
            if it["id"] != entity or it["t"] not in ("rect", "circle"):
                continue
            x, y = (it["x"] + it["w"] / 2, it["y"] + it["h"] / 2) if it["t"] == "rect" else (it["x"], it["y"])
            if not any(o["id"] != entity and inside(o, x, y) for o in shapes[i + 1:]):
                return [x, y]
        return None

    uses = {}
    for d in snap["decisions"]:
        for o in d["options"]:
            for t in set(o["targets"]):
                uses[t] = uses.get(t, 0) + 1
    clicks = []
    for d in snap["decisions"]:
        for o in d["options"]:
            for t in o["targets"]:
                p = point(t)
                if p is not None:
                    clicks.append({"decision": d["id"], "option": o["id"], "entity": t, "x": p[0], "y": p[1],
                                   "uses": uses[t]})
    return _json.dumps({
        "version": b.state.version, "perspective": b.perspective, "w": scene["w"], "h": scene["h"],
        "curtain": snap["status"].get("curtain"),
        "decisions": [[d["id"], [o["id"] for o in d["options"]]] for d in snap["decisions"]],
        "to_act": list(b.state.to_act()), "log": len(b.state.log), "clicks": clicks,
        "history": [a.notation() for a in b.state.history],
    })
'''

SNIPPETS = Path(__file__).parent / "snippets"  # shared with the other browser tests (see its README)

_KERNEL_EXEC_JS = (SNIPPETS / "kernel_exec.js").read_text()

# Scrolls to every cell that displayed a widget (a windowed notebook renders cells as they come into view)
# and waits until its board painted; returns how many there are and the cells whose board did not paint.
_EVERY_BOARD_PAINTED_JS = (SNIPPETS / "every_board_painted.js").read_text()


def kernel(page, code: str) -> str:
    res = page.evaluate(_KERNEL_EXEC_JS, code)
    assert res["status"] == "ok", res["out"]
    return res["out"]


def probe(page, name: str = "board") -> dict:
    return json.loads(kernel(page, f"print(_probe({name}))").strip().splitlines()[-1])


def reveal(page, widget) -> None:
    """Click the privacy curtain away (a message to Python, which then sends the seat's board)."""
    from playwright.sync_api import expect

    curtain = widget.locator(".illumi-curtain")
    expect(curtain).to_be_visible()
    curtain.click()
    expect(curtain).to_be_hidden()


def test_illuminati_notebook_runs_paints_and_plays_by_mouse(page, open_notebook, run_all, save_screenshot):
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
    before = probe(page)
    if before["curtain"] is not None:  # the hot seat's privacy curtain: "Pass to Blue — click to reveal"
        reveal(page, widget)
        before = probe(page)
    assert before["curtain"] is None and before["decisions"], before
    expect(widget).to_have_attribute("data-version", str(before["version"]))
    expect(widget.locator(".illumi-panel button[data-option]").first).to_be_visible()

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
                     box["y"] + target["y"] * box["height"] / before["h"])
    if target["uses"] > 1:
        menu = widget.locator(".illumi-chooser:not([hidden])")
        expect(menu).to_be_visible()
        menu.locator(f'button[data-option="{target["option"]}"]').first.click()
    expect(widget).not_to_have_attribute("data-version", str(before["version"]))
    after = probe(page)
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
        after = probe(page)
    assert after["decisions"], after
    decision, options = after["decisions"][0]
    button = widget.locator(f'.illumi-panel button[data-decision="{decision}"][data-option="{options[0]}"]')
    expect(button.first).to_be_attached()
    button.first.scroll_into_view_if_needed()
    button.first.click()
    expect(widget).not_to_have_attribute("data-version", str(after["version"]))
    last = probe(page)
    assert last["version"] > after["version"]
    assert options[0] in last["history"][len(after["history"]):], (options[0], last["history"])
    expect(widget).to_have_attribute("data-version", str(last["version"]))
    save_screenshot(widget, "illuminati_notebook_board")
