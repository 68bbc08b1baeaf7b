"""Test-suite wiring shared by every test.

* Notebooks: pyproject's addopts turn on nbval in lax mode in the current Python environment
  (``--nbval-lax --nbval-current-env``), and testpaths include ``notebooks/``: every cell of
  ``notebooks/*.ipynb`` must run without error; only cells marked ``# NBVAL_CHECK_OUTPUT`` have their
  saved output compared. ``.ipynb`` files under ``tests/`` are test data and are not collected.
* Hypothesis profiles (tests/fuzz/): ``ci`` (the default: a bounded, derandomized example count and no
  shrinking, so CI runs are repeatable and short) and ``release`` (long, random, shrinking:
  ``--hypothesis-profile=release``).
* Runs the real-browser tests (``@pytest.mark.browser``) last, after all the fast ones; with
  ``ILLUMI_SKIP_BROWSER=1`` they are skipped (otherwise a missing Chromium fails them).
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
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)  # stable sort
