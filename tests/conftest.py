"""Test-suite wiring shared by every test.

* Notebooks: pyproject's addopts turn on nbval in lax mode in the current Python environment
  (``--nbval-lax --nbval-current-env``), and testpaths include ``notebooks/``: every cell of
  ``notebooks/*.ipynb`` must run without error; only cells marked ``# NBVAL_CHECK_OUTPUT`` have their
  saved output compared. ``.ipynb`` files under ``tests/`` are test data and are not collected.
* Hypothesis profiles (tests/fuzz/): ``ci`` (the default: a bounded, derandomized example count and no
  shrinking, so CI runs are repeatable and short) and ``release`` (long, random, shrinking:
  ``--hypothesis-profile=release``).
* Runs the real-browser tests (``@pytest.mark.browser``) after all the fast ones, and the seat-server tests
  of tests/serve after everything (a Solara server in the test process patches ipywidgets for good); with
  ``ILLUMI_SKIP_BROWSER=1`` the browser tests are skipped (otherwise a missing Chromium fails them).
* A notebook that a browser test runs whole (``@pytest.mark.runs_notebook(path)``: run all in JupyterLab,
  failing with the error outputs if a cell raises) is not run a second time by nbval in the same session:
  its nbval cells are skipped, naming that test (no notebook has ``# NBVAL_CHECK_OUTPUT`` cells, so the
  check is the same). Without that test (``-m "not browser"``, ``ILLUMI_SKIP_BROWSER=1``, one notebook
  alone) nbval runs it.
* Two processes (pytest-xdist, ``python -m pytest -n 2``): tests go one by one to whichever worker is free,
  in the order above, except what must stay in one process (a notebook's cells, a module sharing a
  module-scoped fixture...), which goes to one worker as a group: tests/plugin.py, which pyproject's addopts
  load for every run, does the grouping and checks it. Session fixtures (JupyterLab, Chromium) are made
  once per worker; ports are picked free and files go to each test's own ``tmp_path``.
* Notebook settings (the size of notebook 06's study, notebook 07's playouts) are set in tests/plugin.py too,
  so that they hold for a notebook run alone.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings

# ci: no shrinking either (a failure is reported at once, as found; the release profile shrinks)
settings.register_profile("ci", max_examples=150, deadline=None, derandomize=True, database=None,
                          phases=[Phase.explicit, Phase.reuse, Phase.generate],
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("release", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))  # --hypothesis-profile=... overrides

REPO_ROOT = Path(__file__).resolve().parent.parent
BROWSER_DIR = REPO_ROOT / "tests" / "browser"
SERVE_DIR = REPO_ROOT / "tests" / "serve"
# The real-browser modules that take longest (minutes in a full run), longest first: they start first among
# the browser tests, so that the two processes finish together instead of one waiting on a long last test.
LONG_BROWSER_MODULES = ("test_lite_site", "test_seat_server", "test_whole_games", "test_seat_server_games",
                        "test_game_site", "test_keyboard_games", "test_seat_server_seats",
                        "test_gray_eminence_board")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    # --nbval-lax (pyproject addopts) collects every .ipynb it meets; notebooks under tests/ are data.
    if collection_path.suffix == ".ipynb":
        return True
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:  # a safety net: tests under tests/browser/ are browser tests, marked or not
        if BROWSER_DIR in item.path.resolve().parents and item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.browser)
    if os.environ.get("ILLUMI_SKIP_BROWSER") == "1":
        skip = pytest.mark.skip(reason="ILLUMI_SKIP_BROWSER=1")
        for item in items:
            if item.get_closest_marker("browser") is not None:
                item.add_marker(skip)
    # stable sort: the real-browser tests after the others, and the seat-server tests of tests/serve after
    # everything, since a Solara server started in the test process patches ipywidgets for good (a board
    # made after it in the same worker sends nothing; the browser tests make boards in-process too)
    def long_first(item: pytest.Item) -> int:
        stem = item.path.stem
        return LONG_BROWSER_MODULES.index(stem) if stem in LONG_BROWSER_MODULES else len(LONG_BROWSER_MODULES)

    items.sort(key=lambda item: (SERVE_DIR in item.path.resolve().parents,
                                 item.get_closest_marker("browser") is not None, long_first(item)))


def pytest_collection_finish(session: pytest.Session) -> None:
    # (after -m/-k deselection: only a browser test that will run here replaces a notebook's nbval run)
    whole: dict[Path, str] = {}
    for item in session.items:
        marker = item.get_closest_marker("runs_notebook")
        if marker is not None and item.get_closest_marker("skip") is None:
            whole[(REPO_ROOT / marker.args[0]).resolve()] = item.nodeid
    if not whole:
        return
    for item in session.items:
        by = whole.get(item.path.resolve()) if item.path.suffix == ".ipynb" else None
        if by is not None and item.get_closest_marker("browser") is None:
            reason = f"every cell runs in {by.split('@')[0]} (run all, JupyterLab)"
            item.add_marker(pytest.mark.skip(reason=reason))
