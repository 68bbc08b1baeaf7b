"""Real-browser harness: one JupyterLab server and one Debian Chromium per pytest session.

Fixtures (all tests here are ``@pytest.mark.browser``):

* ``lab_server`` (session) -> ``LabServer``: ``.url``, ``.token``, ``.root``, ``.log``,
  ``.add_notebook(src) -> str`` (copy without outputs into the server root, return its server path),
  ``.lab_url(nb_path) -> str`` (a fresh workspace for that notebook).
* ``browser`` (session) -> ``playwright.sync_api.Browser``: Debian Chromium launched by
  ``illumi_widgets.serve.drive.chromium`` (the seat-server benchmark launches it the same way).
* ``page_errors`` -> ``list[str]``: uncaught page errors and ``console.error`` lines (resource 404s
  excepted) of this test's page; the ``page`` fixture fails the test at teardown if it is not empty
  (clear it in the test to accept an error you expect).
* ``page`` -> ``Page``: the worker's JupyterLab tab (one browser context per worker, JupyterLab loaded once:
  a JupyterLab load costs about 10 s of Chromium CPU, a notebook opened in a loaded JupyterLab about 2 s).
  Before each test its viewport and emulated media are reset and every open document is closed; after a
  test that failed, or whose tab did not tidy up, the tab is dropped and the next test loads a new one.
  ``@pytest.mark.fresh_page`` (a test that reloads the page, changes JupyterLab's settings, or measures a
  cold first paint) and ``ILLUMI_FRESH_PAGES=1`` (every test) give a new browser context instead.
* ``lab_as_shipped`` -> ``LabServer``: for a test that measures what a person's JupyterLab does (the widget
  figures): the worker's server with every JupyterLab plugin on (the test servers switch a few off that cost
  CPU and show nothing here: ``TEST_DISABLED``), and ``page`` a tab loaded on it.
* ``other_lab_server(*args) -> LabServer``: one more server with extra command-line arguments, for this test;
  ``open_notebook_on(server, page, path) -> Locator`` opens a notebook there.
* ``open_notebook(page, path) -> Locator``: copies ``path`` (a ``.ipynb`` file; relative paths are
  taken from the repository root) without outputs/widget state into the server, opens it (in the worker's
  JupyterLab tab: through JupyterLab's own "open" command; in a fresh page: in a new workspace), waits until
  its kernel is connected and idle; returns the notebook panel (scope your locators to it).
* ``run_all(page, timeout=120) -> None``: runs every cell through ``notebook:run-all-cells`` and fails,
  with the error outputs, if a cell raised.
* ``kernel(page, code) -> str``: runs ``code`` in the open notebook's kernel (not as a cell, through
  ``snippets/kernel_exec.js``), fails the test if it raised, and returns its stdout.
* ``board_probe(page, name="board") -> dict``: the probe of ``snippets/board_probe.py`` (run it first with
  ``kernel``) for the widget named ``name``.
* ``click_scene_point(page, widget, scene_w, scene_h, x, y)``: clicks scene point (x, y) of a board whose
  scene is ``scene_w`` x ``scene_h`` on its canvas (scene units -> CSS pixels of the canvas box).
* ``pick_option(page, widget, decision, option)``: takes an option from the board's action bar -- its button,
  else its entry in the bar's "On the board" / "More" menus -- and confirms when the board asks.
* ``notebook_file(name, *sources) -> Path``: a notebook of these code cells in this test's ``tmp_path``.
* ``widget_state_saving(on)``: JupyterLab's "Save Widget State Automatically" (``saveState``) for this test;
  the server's setting as it was is put back at teardown.
* ``board_thumbnail(widget) -> list[int]``: a board's canvas drawn into 100 x 72 pixels (RGB): the same
  position at any size compares alike; ``board_thumbnail.diff(a, b)``: their mean difference per channel.
* ``save_screenshot(target, name) -> Path``: PNG of a Page or Locator into ``$ILLUMI_ARTIFACTS`` or
  ``tests/.artifacts/``. A failing test's page is saved there automatically as ``FAILED-<test>.png``.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS_DIR = Path(os.environ.get("ILLUMI_ARTIFACTS") or REPO_ROOT / "tests" / ".artifacts")
DEFAULT_TIMEOUT_MS = 30_000

# Module runner: the server gets SIGTERM when pytest dies, even by SIGKILL (prctl PR_SET_PDEATHSIG = 1; the
# module runs in this same process, so the setting holds). And its jsonschema does without rfc3987_syntax, as
# the suite's own processes do (tests/plugin.py says why: 3-4 s of CPU at every server's start).
_PDEATHSIG_RUN = r"""
import ctypes, os, runpy, signal, sys
libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(1, int(signal.SIGTERM), 0, 0, 0) != 0:
    raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
if os.getppid() != int(os.environ.pop("ILLUMI_PARENT_PID")):
    sys.exit("parent already gone")
sys.modules.setdefault("rfc3987_syntax", None)
sys.argv = sys.argv[1:]
runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
"""

# --------------------------------------------------------------------------- JupyterLab server


#: JupyterLab plugins the test servers switch off (start_lab says why); ``lab_as_shipped`` turns them back on
TEST_DISABLED = {
    "@jupyterlab/notebook-extension:export": True,
    "@jupyterlab/notebook-extension:update-raw-mimetype": True,
    "@jupyterlab/application-extension:faviconbusy": True,
}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _strip_notebook(src: Path) -> dict:
    """The notebook as JSON, without outputs, execution counts or saved widget state."""
    nb = json.loads(src.read_text(encoding="utf-8"))
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    meta = nb.setdefault("metadata", {})
    meta.pop("widgets", None)
    meta.setdefault(
        "kernelspec", {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    )
    return nb


@dataclass
class LabServer:
    url: str
    token: str
    root: Path
    log: Path
    proc: subprocess.Popen = field(repr=False)

    def api(self, method: str, path: str) -> object:
        req = urllib.request.Request(
            f"{self.url}{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(req, timeout=10) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def add_notebook(self, src: str | os.PathLike) -> str:
        """Copy a notebook without outputs into a new folder of the server root; return its server path."""
        src = Path(src)
        if not src.is_absolute():
            src = REPO_ROOT / src
        folder = self.root / uuid.uuid4().hex[:8]  # a new path: no kernel session from an earlier test
        folder.mkdir()
        (folder / src.name).write_text(json.dumps(_strip_notebook(src), indent=1), encoding="utf-8")
        return f"{folder.name}/{src.name}"

    def lab_url(self, nb_path: str | None) -> str:
        """JupyterLab in a new workspace, showing ``nb_path`` (None: no document)."""
        tree = f"/tree/{nb_path}" if nb_path is not None else ""
        return f"{self.url}/lab/workspaces/{uuid.uuid4().hex}{tree}?token={self.token}"

    def shutdown_sessions(self) -> None:
        try:
            for session in self.api("GET", "/api/sessions") or []:
                self.api("DELETE", f"/api/sessions/{session['id']}")
        except (OSError, urllib.error.URLError):
            pass

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


@contextmanager
def start_lab(base: Path, extra_args: tuple[str, ...] = ()) -> Iterator[LabServer]:
    """A JupyterLab server in ``base`` (its own config, runtime, data and root folders) with ``extra_args``
    on its command line; stopped (with its process group) on exit."""
    dirs = {name: base / name for name in ("root", "config", "runtime", "data", "ipython", "settings", "ws")}
    for d in dirs.values():
        d.mkdir()
    notification = (
        dirs["settings"] / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    )
    notification.parent.mkdir(parents=True)
    notification.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    # The notebook's "Export As" menu and the raw cells' format list ask the server for nbconvert's export
    # formats when JupyterLab loads; the server answers by building every exporter (measured: about 3 s of
    # its CPU per JupyterLab load, a third of what the server spends in a browser test). No test exports.
    # The busy favicon: at each kernel status change (twice per message the kernel handles: every click's
    # act, every bot move the page asks for, every probe) JupyterLab swaps the tab's icon, which headless
    # Chromium then fetches and decodes, with no tab strip to show it in (measured: 55 ms of CPU per kernel
    # round trip across the page, the browser and its network process; 40% of what a round trip costs).
    # The widget-figures test measures a JupyterLab as shipped (the ``lab_as_shipped`` fixture).
    labconfig = dirs["config"] / "labconfig"
    labconfig.mkdir()
    (labconfig / "page_config.json").write_text(json.dumps({"disabledExtensions": dict(TEST_DISABLED)}))

    port, token = _free_port(), secrets.token_hex(16)
    cmd = [
        sys.executable, "-c", _PDEATHSIG_RUN, "jupyterlab",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={dirs['root']}",
        "--LabApp.expose_app_in_browser=True",
        f"--LabApp.user_settings_dir={dirs['settings']}",
        f"--LabApp.workspaces_dir={dirs['ws']}",
        *extra_args,
    ]  # fmt: skip
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    env = {
        **os.environ,
        "ILLUMI_PARENT_PID": str(os.getpid()),
        "JUPYTER_CONFIG_DIR": str(dirs["config"]),
        "JUPYTER_RUNTIME_DIR": str(dirs["runtime"]),
        "JUPYTER_DATA_DIR": str(dirs["data"]),
        "IPYTHONDIR": str(dirs["ipython"]),
        "JUPYTER_PLATFORM_DIRS": "1",
    }
    env.pop("JUPYTER_TOKEN", None)
    log = base / "server.log"
    with open(log, "wb") as log_file:
        proc = subprocess.Popen(
            cmd, env=env, cwd=dirs["root"], stdout=log_file, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,  # its own process group, for teardown
        )  # fmt: skip
    server = LabServer(url=f"http://127.0.0.1:{port}", token=token, root=dirs["root"], log=log, proc=proc)
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with {proc.returncode}:\n{server.log_tail()}")
            try:
                with urllib.request.urlopen(f"{server.url}/api/status?token={token}", timeout=2) as resp:
                    if resp.status == 200:
                        break
            except (OSError, urllib.error.URLError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterLab did not answer /api/status within 90 s:\n{server.log_tail()}")
            time.sleep(0.2)
        yield server
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)  # lets the server shut its kernels down
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # whatever is left of the group we created
        except (ProcessLookupError, PermissionError):
            pass
        proc.wait()


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    with start_lab(tmp_path_factory.mktemp("jupyterlab")) as server:
        yield server


@pytest.fixture
def other_lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., LabServer]]:
    """``other_lab_server(*args) -> LabServer``: one more JupyterLab server with these command-line
    arguments (e.g. an extension switched off), stopped at the end of the test."""
    with ExitStack() as stack:
        yield lambda *args: stack.enter_context(start_lab(tmp_path_factory.mktemp("jupyterlab"), args))


# --------------------------------------------------------------------------- Chromium / Playwright


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from illumi_widgets.serve import drive  # (the one Chromium launch, shared with the seat-server tests)

    if not os.path.exists(drive.CHROMIUM):
        pytest.fail(
            f"{drive.CHROMIUM} is missing: run `apt-get install -y chromium` (Debian), "
            "or set ILLUMI_SKIP_BROWSER=1 to skip the browser tests",
            pytrace=False,
        )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.fail('the Python package playwright is missing: pip install -e ".[test]"', pytrace=False)
    with drive.chromium() as browser:
        yield browser


_RESOURCE_404 = re.compile(r"Failed to load resource: .*\b404\b")
#: what a failed browser test's report adds (pytest_runtest_makereport): the page's console messages and what
#: the JupyterLab server and its kernels logged during the test (a kernel's traceback, a dropped websocket)
_DIAGNOSTICS = pytest.StashKey[dict]()
_CONSOLE_KEPT = 60


@pytest.fixture
def page_errors() -> list[str]:
    return []


VIEWPORT = {"width": 1400, "height": 1000}
#: the worker's JupyterLab tabs (``id`` of their Page): open_notebook opens a notebook in the loaded app
_SHARED_TABS: set[int] = set()

# Close every document of the tab's JupyterLab (disposing a panel never asks to save) and say whether the
# tab is clean: no dialog, nothing left in the main area.
_TIDY_JS = """
() => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return false;
  for (const w of Array.from(app.shell.widgets('main'))) w.dispose();
  return document.querySelector('.jp-Dialog') === null && Array.from(app.shell.widgets('main')).length === 0;
}
"""


def _new_context(browser):
    context = browser.new_context(viewport=dict(VIEWPORT))
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    return context


@pytest.fixture(scope="session")
def _lab_tab(browser, lab_server) -> Iterator[dict]:
    """The worker's JupyterLab tab, made when a test first needs it (``page``): ``{"context", "page"}``."""
    tab: dict = {}
    yield tab
    if tab.get("context") is not None:
        tab["context"].close()


def _drop_tab(tab: dict) -> None:
    page = tab.pop("page", None)
    if page is not None:
        _SHARED_TABS.discard(id(page))
    context = tab.pop("context", None)
    if context is not None:
        try:
            context.close()
        except Exception:  # noqa: BLE001 - a tab that is already gone
            pass


def _shared_tab(tab: dict, browser, server: LabServer):
    page = tab.get("page")
    if page is not None:
        try:
            page.set_viewport_size(dict(VIEWPORT))
            page.emulate_media(media="null", color_scheme="null", reduced_motion="null", forced_colors="null")
            if page.evaluate(_TIDY_JS):
                return page
        except Exception:  # noqa: BLE001 - the tab is unusable: a new one
            pass
        _drop_tab(tab)
    context = _new_context(browser)
    page = context.new_page()
    page.goto(server.lab_url(None))
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell && "
                           "document.querySelector('#jp-main-dock-panel') !== null", timeout=90_000)
    tab.update(context=context, page=page)
    _SHARED_TABS.add(id(page))
    return page


@pytest.fixture
def lab_as_shipped(lab_server: LabServer, _lab_tab: dict) -> Iterator[LabServer]:
    """The worker's JupyterLab with every plugin on, as shipped (none of :data:`TEST_DISABLED` off), for a
    test that measures what a person's JupyterLab does (the widget figures). JupyterLab reads its page config
    at each page load: the worker's tab is loaded again on it (the ``page`` fixture, which asks for this one
    first), and after the test the config is back and the next test's tab is loaded anew."""
    config = lab_server.root.parent / "config" / "labconfig" / "page_config.json"
    config.write_text(json.dumps({"disabledExtensions": {}}))
    _drop_tab(_lab_tab)
    try:
        yield lab_server
    finally:
        config.write_text(json.dumps({"disabledExtensions": dict(TEST_DISABLED)}))
        _drop_tab(_lab_tab)


@pytest.fixture
def page(browser, lab_server, _lab_tab, page_errors: list[str],
         request: pytest.FixtureRequest) -> Iterator[object]:
    if "lab_as_shipped" in request.fixturenames:  # (its config first, then the tab loaded on it)
        request.getfixturevalue("lab_as_shipped")
    fresh = (request.node.get_closest_marker("fresh_page") is not None
             or os.environ.get("ILLUMI_FRESH_PAGES") == "1")
    if fresh:
        context = _new_context(browser)
        pg = context.new_page()
    else:
        context, pg = None, _shared_tab(_lab_tab, browser, lab_server)

    def on_error(exc) -> None:
        page_errors.append(f"pageerror: {exc}")

    def on_console(msg) -> None:
        if msg.type == "error" and not _RESOURCE_404.search(msg.text):
            page_errors.append(f"console.error: {msg.text}")

    console: list[str] = []

    def keep_console(msg) -> None:
        console.append(f"{msg.type}: {msg.text}")
        del console[:-_CONSOLE_KEPT]

    try:
        log_from = lab_server.log.stat().st_size
    except OSError:
        log_from = 0
    request.node.stash[_DIAGNOSTICS] = {"server": lab_server, "log_from": log_from, "console": console}
    pg.on("pageerror", on_error)
    pg.on("console", on_console)
    pg.on("console", keep_console)
    failed = True
    try:
        yield pg
        report = getattr(request.node, "rep_call", None)
        failed = report is not None and report.failed
        if failed:
            _screenshot(pg, f"FAILED-{_safe(request.node.name)}")
    finally:
        if context is not None:
            context.close()
        else:
            try:
                pg.remove_listener("pageerror", on_error)
                pg.remove_listener("console", on_console)
                pg.remove_listener("console", keep_console)
                clean = not failed and pg.evaluate(_TIDY_JS)
            except Exception:  # noqa: BLE001
                clean = False
            if not clean:  # a failed test's tab may be in any state: the next test loads a new one
                _drop_tab(_lab_tab)
    if page_errors:
        pytest.fail("errors in the page:\n" + "\n".join(page_errors), pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    seen = item.stash.get(_DIAGNOSTICS, None)
    if report.when == "call" and report.failed and seen is not None:
        console = "\n".join(seen["console"]) or "(nothing)"
        report.sections.append(("the page's console during the test", console))
        report.sections.append(("what JupyterLab and its kernels logged during the test",
                                _log_since(seen["server"].log, seen["log_from"])))
    return report


def _log_since(log: Path, offset: int, most: int = 12_000) -> str:
    """The server log written after ``offset`` bytes (its last ``most`` characters)."""
    try:
        with open(log, "rb") as f:
            f.seek(offset)
            text = f.read().decode("utf-8", errors="replace")
    except OSError as exc:
        return f"(the log could not be read: {exc})"
    return (text[-most:] if len(text) > most else text) or "(nothing)"


# --------------------------------------------------------------------------- helpers

_KERNEL_READY_JS = """
(path) => {
  const app = window.jupyterapp;
  const w = app && app.shell && app.shell.currentWidget;
  if (!w || !w.context || w.context.path !== path || !w.sessionContext) return false;
  const kernel = w.sessionContext.session && w.sessionContext.session.kernel;
  if (!kernel || kernel.connectionStatus !== 'connected' || kernel.status !== 'idle') return false;
  return w.id;
}
"""

_RUN_ALL_JS = """
async (timeoutMs) => {
  const run = window.jupyterapp.commands.execute('notebook:run-all-cells');
  const timer = new Promise((resolve) => setTimeout(() => resolve('timeout'), timeoutMs));
  return await Promise.race([run, timer]);
}
"""


_OPEN_JS = """
async (path) => {
  const app = window.jupyterapp;
  for (const w of Array.from(app.shell.widgets('main'))) w.dispose();
  await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
}
"""


def _open_notebook_on(server: LabServer, page, path: str | os.PathLike, timeout: float = 60):
    nb_path = server.add_notebook(path)
    if id(page) in _SHARED_TABS and page.url.startswith(server.url + "/lab"):
        page.evaluate(_OPEN_JS, nb_path)  # the loaded JupyterLab opens it (and closes the last test's)
    else:
        page.goto(server.lab_url(nb_path))
    handle = page.wait_for_function(_KERNEL_READY_JS, arg=nb_path, timeout=timeout * 1000, polling=100)
    return page.locator(f'[id="{handle.json_value()}"]')


@pytest.fixture
def open_notebook(lab_server: LabServer, page_errors: list[str]) -> Iterator[Callable[..., object]]:
    pages = []

    def _open(page, path: str | os.PathLike, timeout: float = 60):
        pages.append(page)
        return _open_notebook_on(lab_server, page, path, timeout)

    yield _open
    seen = len(page_errors)
    for pg in pages:  # a shared tab closes its documents before their kernels go (no "kernel gone" dialog)
        if id(pg) in _SHARED_TABS:
            try:
                pg.evaluate(_TIDY_JS)
            except Exception:  # noqa: BLE001 - the page fixture drops a tab that cannot tidy up
                pass
    lab_server.shutdown_sessions()  # two cores: do not leave kernels running between tests
    if any(id(pg) in _SHARED_TABS for pg in pages):
        # what closing the documents and their kernels made the page say (a widget still being made when its
        # notebook closed) is the harness's doing, not the test's: a new page per test never said it
        del page_errors[seen:]


@pytest.fixture
def open_notebook_on() -> Callable[..., object]:
    """``open_notebook_on(server, page, path) -> Locator``: ``open_notebook`` on another server."""
    return _open_notebook_on


@pytest.fixture
def run_all() -> Callable[..., None]:
    def _run_all(page, timeout: float = 120) -> None:
        result = page.evaluate(_RUN_ALL_JS, timeout * 1000)
        if result == "timeout":
            pytest.fail(f"notebook:run-all-cells did not finish within {timeout} s", pytrace=False)
        if result is not True:
            errors = page.locator(
                ".jp-mod-current .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
            ).all_inner_texts()
            pytest.fail("a cell raised during run-all-cells:\n" + "\n---\n".join(errors), pytrace=False)

    return _run_all


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[:150]


def _screenshot(target, name: str) -> Path:
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS_DIR / f"{_safe(name)}.png"
    target.screenshot(path=str(path))
    return path


_KERNEL_EXEC_JS = (Path(__file__).parent / "snippets" / "kernel_exec.js").read_text()


def _kernel(page, code: str) -> str:
    res = page.evaluate(_KERNEL_EXEC_JS, code)
    assert res["status"] == "ok", res["out"]
    return res["out"]


@pytest.fixture
def kernel() -> Callable[[object, str], str]:
    return _kernel


@pytest.fixture
def board_probe() -> Callable[..., dict]:
    def probe(page, name: str = "board") -> dict:
        return json.loads(_kernel(page, f"print(_probe({name}))").strip().splitlines()[-1])

    return probe


@pytest.fixture
def save_screenshot() -> Callable[[object, str], Path]:
    return _screenshot


def _pick_option(page, widget, decision: str, option: str) -> None:
    """Take ``option`` of ``decision`` from the action bar of ``widget`` (a board's locator): its button, else
    from the bar's "On the board" / "More" menu (confirming when the board asks)."""
    sel = f'button[data-decision="{decision}"][data-option="{option}"]'
    direct = widget.locator(f".illumi-panel {sel}")
    if direct.count():
        direct.first.scroll_into_view_if_needed()
        direct.first.click()
    else:
        menus = widget.locator(".illumi-panel button.illumi-onboard, .illumi-panel button.illumi-more")
        for menu in menus.all():
            menu.click()
            item = widget.locator(f".illumi-chooser {sel}")
            if item.count():
                item.first.click()
                break
            page.keyboard.press("Escape")
        else:
            raise AssertionError(f"{option!r} of {decision!r} is not in the action bar or its menus")
    confirm = widget.locator(".illumi-confirm-yes")
    if confirm.is_visible():
        confirm.click()


@pytest.fixture
def pick_option() -> Callable[..., None]:
    return _pick_option


# --------------------------------------------------------------------------- notebooks and saved boards


@pytest.fixture
def notebook_file(tmp_path: Path) -> Callable[..., Path]:
    def make(name: str, *sources: str) -> Path:
        import nbformat

        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(src.strip()) for src in sources]
        path = tmp_path / name
        nbformat.write(nb, path)
        return path

    return make


_WIDGET_SETTINGS = ("settings", "@jupyter-widgets", "jupyterlab-manager", "plugin.jupyterlab-settings")


@pytest.fixture
def widget_state_saving(lab_server: LabServer) -> Iterator[Callable[[bool], None]]:
    path = lab_server.root.parent.joinpath(*_WIDGET_SETTINGS)
    before = path.read_text() if path.exists() else None

    def setting(on: bool) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"saveState": on}))

    yield setting
    if before is None:
        path.unlink(missing_ok=True)
    else:
        path.write_text(before)


_THUMB_JS = """
(el) => {
  const src = el.querySelector('canvas.illumi-base');
  const c = document.createElement('canvas');
  c.width = 100; c.height = 72;
  const ctx = c.getContext('2d');
  ctx.drawImage(src, 0, 0, 100, 72);
  return [...ctx.getImageData(0, 0, 100, 72).data].filter((_, i) => i % 4 !== 3);
}
"""


def _thumbnail(widget) -> list[int]:
    return widget.evaluate(_THUMB_JS)


def _thumbnail_diff(a: list[int], b: list[int]) -> float:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a)


_thumbnail.diff = _thumbnail_diff


@pytest.fixture
def board_thumbnail() -> Callable[[object], list[int]]:
    return _thumbnail


def _click_scene_point(page, widget, scene_w: float, scene_h: float, x: float, y: float) -> None:
    canvas = widget.locator("canvas.illumi-overlay")
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box and box["width"] > 0, "the board canvas has no size"
    page.mouse.click(box["x"] + x * box["width"] / scene_w, box["y"] + y * box["width"] / scene_w)


@pytest.fixture
def click_scene_point() -> Callable[..., None]:
    return _click_scene_point
