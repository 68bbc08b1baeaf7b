"""Primordial Secrets in real JupyterLab + Debian Chromium (issue 15).

``notebooks/04_primordial_secrets.ipynb`` runs (run all), its boards paint, and on its hot-seat board
(``hot``) a whole round is played with the mouse only — the privacy curtain clicked away between seats,
each sealed plot composed by clicking its three host cards and its Intent on the board and confirming it
(the compose selection, js/src/compose.js), then the visits' decisions, each clicked on its card on the board
where it has one (an effect's target, a visitor to lose), else as a button of the panel — until round 2
begins."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/04_primordial_secrets.ipynb"
BOARD = '[data-painted="1"]'
SNIPPETS = Path(__file__).parent / "snippets"
PROBE = (SNIPPETS / "board_probe.py").read_text()
_EVERY_BOARD_PAINTED_JS = (SNIPPETS / "every_board_painted.js").read_text()


@pytest.mark.runs_notebook(NOTEBOOK)
def test_primordial_round_by_mouse(page, open_notebook, run_all, save_screenshot, kernel, board_probe,
                                   click_scene_point):
    from playwright.sync_api import expect

    panel = open_notebook(page, NOTEBOOK)
    run_all(page, timeout=240)
    painted = page.evaluate(_EVERY_BOARD_PAINTED_JS, 20_000)
    assert painted["boards"] >= 3, painted
    assert not painted["unpainted"], painted
    widget = panel.locator(".jp-Cell").nth(painted["widgetCells"][-1]).locator(BOARD)  # `hot`, the last board
    widget.scroll_into_view_if_needed()
    kernel(page, PROBE)
    plots = 0
    for _ in range(60):
        if kernel(page, "print(hot.state.data['round'])").strip().splitlines()[-1] != "1":
            break
        probe = board_probe(page, "hot")
        if probe["curtain"] is not None:
            curtain = widget.locator(".illumi-curtain")
            expect(curtain).to_be_visible()
            curtain.click()
            expect(curtain).to_be_hidden()
            continue
        assert probe["decisions"], probe
        decision, _prompt, options = probe["decisions"][0]
        choice = next((o for o in options if o == "done"), options[0])
        if choice.startswith("plot "):  # compose the plot on the board: click its cards, then Confirm
            choice = options[len(options) // 2]
            cards = [c for c in probe["clicks"] if c["decision"] == decision and c["option"] == choice]
            assert len(cards) == 4, cards  # three hosts and an Intent, each drawn and clickable
            go = widget.locator(f'.illumi-panel .illumi-compose-go[data-decision="{decision}"]')
            for k, c in enumerate(cards):
                expect(go).to_be_disabled()  # not one choice yet
                click_scene_point(page, widget, probe["w"], probe["h"], c["x"], c["y"])
                expect(widget.locator(".illumi-compose-state")).to_contain_text(f"{k + 1} picked")
            expect(go).to_be_enabled()
            expect(go).to_have_attribute("data-option", choice)
            assert board_probe(page, "hot")["version"] == probe["version"]  # picking sent nothing
            if plots == 0:
                save_screenshot(widget, "primordial_plot_composed")
            go.click()
            expect(widget).not_to_have_attribute("data-version", str(probe["version"]))
            after = board_probe(page, "hot")
            assert choice in after["history"][len(probe["history"]):], (choice, after["history"][-3:])
            plots += 1
            continue
        spot = next((c for c in probe["clicks"] if c["decision"] == decision and c["option"] == choice
                     and c["single"]), None)
        if spot is not None:  # its own card on the board (a choice, a visitor to lose, an effect): clicked
            click_scene_point(page, widget, probe["w"], probe["h"], spot["x"], spot["y"])
        else:
            button = widget.locator(f'.illumi-panel button[data-decision="{decision}"]'
                                    f'[data-option="{choice}"]')
            expect(button.first).to_be_attached()
            details = button.first.locator("xpath=ancestor::details")
            if details.count():
                details.first.evaluate("(d) => { d.open = true; }")
            button.first.scroll_into_view_if_needed()
            button.first.click()
        confirm = widget.locator(".illumi-confirm-yes")  # ending recruiting with devotion unspent asks first
        if confirm.is_visible():
            confirm.click()
        expect(widget).not_to_have_attribute("data-version", str(probe["version"]))
        after = board_probe(page, "hot")
        assert choice in after["history"][len(probe["history"]):], (choice, after["history"][-3:])
        plots += choice.startswith("plot ")
    else:
        pytest.fail("round 2 did not begin within 60 clicks")
    assert plots == 2  # both sealed plots were clicked
    save_screenshot(widget, "primordial_round_two")
