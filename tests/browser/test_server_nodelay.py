"""The server extension ``illumi_widgets._server`` in real JupyterLab (issue 3): with it, the kernel
websocket sets TCP_NODELAY and a widget's click -> Python -> repaint trip is no longer held back by Nagle's
algorithm and delayed ACKs.

The same one-integer anywidget (the transport floor of ``test_widget_figures.py``) is clicked 30 times on
the session's server (the extension is enabled by the installed ``jupyter_server_config.d`` file) and on a
second server started with the extension switched off.  The test proves what is functional: the extension
loads on the session's server from the installed config file, stays off where it is switched off, and the
widget's round trips work on both.  The two timings are printed and recorded in
``tests/.artifacts/widget_figures.json`` (section ``nodelay``) but not asserted: speed goals live in the
benchmark, not in timed tests (a loaded machine blurs a comparison of tens of milliseconds; the unit tests
of tests/widget/test_server_extension.py prove that every kernel websocket sets TCP_NODELAY).
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import nbformat
import pytest

# (one worker under pytest-xdist: both modules rewrite tests/.artifacts/widget_figures.json)
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("widget_figures.json")]

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS_DIR = Path(os.environ.get("ILLUMI_ARTIFACTS") or REPO_ROOT / "tests" / ".artifacts")
FIGURES = ARTIFACTS_DIR / "widget_figures.json"
CLICKS = 30
SNIPPETS = Path(__file__).parent / "snippets"  # shared with the other browser tests (see its README)
LOADED = "illumi_widgets: kernel websockets set TCP_NODELAY"
OFF = "--ServerApp.jpserver_extensions=illumi_widgets._server=False"

ECHO_CELL = (SNIPPETS / "echo_widget.py").read_text()

_ECHO_JS = (SNIPPETS / "echo_trips.js").read_text()


def p50(values):
    s = sorted(values)
    return s[max(0, math.ceil(len(s) / 2) - 1)]


def echo_trips(page, panel, run_all) -> list[float]:
    from playwright.sync_api import expect

    run_all(page)
    expect(panel.locator("canvas.echo-canvas")).to_have_count(1)
    page.evaluate(_ECHO_JS, [3, 20])  # warm up
    return page.evaluate(_ECHO_JS, [CLICKS, 20])


def test_nodelay_extension_loads_and_round_trips_work(tmp_path, browser, lab_server, other_lab_server,
                                                      open_notebook, open_notebook_on, run_all, capsys):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(ECHO_CELL.strip())]
    path = tmp_path / "echo.ipynb"
    nbformat.write(nb, path)

    def measure(server) -> list[float]:
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        try:
            page = context.new_page()
            if server is lab_server:
                panel = open_notebook(page, path)
            else:
                panel = open_notebook_on(server, page, path)
            return echo_trips(page, panel, run_all)
        finally:
            context.close()
            server.shutdown_sessions()

    on = measure(lab_server)
    assert LOADED in lab_server.log.read_text(errors="replace"), (
        "the server extension did not load: is illumi_widgets installed (pip install -e .) so that "
        "etc/jupyter/jupyter_server_config.d/illumi_widgets.json is in the environment?\n"
        + lab_server.log_tail())
    plain = other_lab_server(OFF)
    off = measure(plain)
    assert LOADED not in plain.log.read_text(errors="replace")

    data = {"clicks": CLICKS, "p50_ms_with_nodelay": round(p50(on), 1),
            "p50_ms_without": round(p50(off), 1),
            "p95_ms_with_nodelay": round(sorted(on)[math.ceil(0.95 * len(on)) - 1], 1),
            "p95_ms_without": round(sorted(off)[math.ceil(0.95 * len(off)) - 1], 1),
            "load_avg_1min": round(os.getloadavg()[0], 2)}
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    try:
        figures = json.loads(FIGURES.read_text())
    except (OSError, ValueError):
        figures = {}
    figures["nodelay"] = data
    FIGURES.write_text(json.dumps(figures, indent=1) + "\n")
    with capsys.disabled():
        print(f"\none-integer anywidget click -> Python -> repaint, {CLICKS} clicks: with the extension "
              f"(TCP_NODELAY) p50 {data['p50_ms_with_nodelay']} ms, p95 {data['p95_ms_with_nodelay']} ms; "
              f"without p50 {data['p50_ms_without']} ms, p95 {data['p95_ms_without']} ms "
              f"(load {data['load_avg_1min']})")
    assert len(on) == CLICKS and len(off) == CLICKS, data  # every click came back, on both servers
