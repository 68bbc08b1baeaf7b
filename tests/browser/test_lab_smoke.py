"""Smoke test of the harness: a minimal inline anywidget in real JupyterLab + Chromium.

Proves the chain the games rely on: the ESM loads, paints a canvas, a click is sent to Python, Python
changes a synced traitlet, and the view repaints with the new value.
"""

from __future__ import annotations

import nbformat
import pytest

WIDGET_CELL = '''
import anywidget
import traitlets


class Clicker(anywidget.AnyWidget):
    _esm = """
    function render({ model, el }) {
      const canvas = document.createElement("canvas");
      canvas.width = 160;
      canvas.height = 60;
      canvas.className = "smoke-canvas";
      const label = document.createElement("span");
      label.className = "smoke-count";
      const paint = () => {
        const ctx = canvas.getContext("2d");
        ctx.fillStyle = "#2a5db0";
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        ctx.fillStyle = "#ffffff";
        ctx.font = "16px sans-serif";
        ctx.fillText(`clicks: ${model.get("count")}`, 12, 36);
        label.textContent = String(model.get("count"));
        canvas.dataset.count = String(model.get("count"));
        canvas.dataset.painted = "1";
      };
      const onClick = () => model.send({ type: "click" });
      canvas.addEventListener("click", onClick);
      model.on("change:count", paint);
      paint();
      el.append(canvas, label);
      return () => {
        model.off("change:count", paint);
        canvas.removeEventListener("click", onClick);
      };
    }
    export default { render };
    """
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._on_custom_msg)  # never name it _handle_msg: that is ipywidgets

    def _on_custom_msg(self, _widget, content, _buffers):
        if content.get("type") == "click":
            self.count += 1


clicker = Clicker()
clicker
'''


@pytest.mark.browser
def test_inline_anywidget_click_roundtrip(tmp_path, page, open_notebook, run_all, save_screenshot):
    from playwright.sync_api import expect

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(WIDGET_CELL.strip())]
    path = tmp_path / "smoke.ipynb"
    nbformat.write(nb, path)

    panel = open_notebook(page, path)
    run_all(page)

    canvas = panel.locator('canvas.smoke-canvas[data-painted="1"]')
    expect(canvas).to_have_count(1)
    expect(canvas).to_be_visible()
    expect(canvas).to_have_attribute("data-count", "0")

    canvas.click()  # view -> model.send -> Python handler -> count traitlet -> sync -> repaint
    expect(canvas).to_have_attribute("data-count", "1")
    canvas.click()
    expect(canvas).to_have_attribute("data-count", "2")
    expect(panel.locator(".smoke-count")).to_have_text("2")

    shot = save_screenshot(panel, "lab_smoke")
    assert shot.exists() and shot.stat().st_size > 0
