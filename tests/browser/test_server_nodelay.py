"""The server extension ``illumi_widgets._server`` in real JupyterLab (issue 3): with it, the kernel
websocket sets TCP_NODELAY and a widget's click -> Python -> repaint trip is no longer held back by Nagle's
algorithm and delayed ACKs.

The same one-integer anywidget (the transport floor of ``test_widget_figures.py``) is clicked 30 times on
the session's server (the extension is enabled by the installed ``jupyter_server_config.d`` file), in the
worker's shared JupyterLab tab.  The test proves what is functional: the extension loads on the session's
server from the installed config file, and the widget's round trips work there.  With
``ILLUMI_NODELAY_COMPARE=1`` the same clicks are also made on a second server started with the extension
switched off (a JupyterLab server and a page load more: about 20 s, so not in the default suite), which
must not load it.  The timings are printed and recorded in ``tests/.artifacts/widget_figures.json``
(section ``nodelay``) but not asserted: speed goals live in the benchmark, not in timed tests (a loaded
machine blurs a comparison of tens of milliseconds; the unit tests of tests/widget/test_server_extension.py
prove that every kernel websocket sets TCP_NODELAY)."""

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
COMPARE = os.environ.get("ILLUMI_NODELAY_COMPARE") == "1"  # also a server without the extension
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


def test_nodelay_extension_loads_and_round_trips_work(tmp_path, page, browser, lab_server, request,
                                                      open_notebook, run_all, capsys):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(ECHO_CELL.strip())]
    path = tmp_path / "echo.ipynb"
    nbformat.write(nb, path)

    on = echo_trips(page, open_notebook(page, path), run_all)
    assert LOADED in lab_server.log.read_text(errors="replace"), (
        "the server extension did not load: is illumi_widgets installed (pip install -e .) so that "
        "etc/jupyter/jupyter_server_config.d/illumi_widgets.json is in the environment?\n"
        + lab_server.log_tail())
    data = {"clicks": CLICKS, "p50_ms_with_nodelay": round(p50(on), 1),
            "p95_ms_with_nodelay": round(sorted(on)[math.ceil(0.95 * len(on)) - 1], 1),
            "load_avg_1min": round(os.getloadavg()[0], 2)}
    off = None
    if COMPARE:  # a second server with the extension switched off, its own page
        plain = request.getfixturevalue("other_lab_server")(OFF)
        open_on = request.getfixturevalue("open_notebook_on")
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        try:
            other = context.new_page()
            off = echo_trips(other, open_on(plain, other, path), run_all)
        finally:
            context.close()
            plain.shutdown_sessions()
        assert LOADED not in plain.log.read_text(errors="replace")
        data.update({"p50_ms_without": round(p50(off), 1),
                     "p95_ms_without": round(sorted(off)[math.ceil(0.95 * len(off)) - 1], 1)})
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    try:
        figures = json.loads(FIGURES.read_text())
    except (OSError, ValueError):
        figures = {}
    figures["nodelay"] = data
    FIGURES.write_text(json.dumps(figures, indent=1) + "\n")
    without = (f"; without p50 {data['p50_ms_without']} ms, p95 {data['p95_ms_without']} ms" if off
               else " (ILLUMI_NODELAY_COMPARE=1 measures a server without it too)")
    with capsys.disabled():
        print(f"\none-integer anywidget click -> Python -> repaint, {CLICKS} clicks: with the extension "
              f"(TCP_NODELAY) p50 {data['p50_ms_with_nodelay']} ms, p95 {data['p95_ms_with_nodelay']} ms"
              f"{without} (load {data['load_avg_1min']})")
    assert len(on) == CLICKS and (off is None or len(off) == CLICKS), data  # every click came back
