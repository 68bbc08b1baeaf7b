"""The suite's one-process groups under pytest-xdist (tests/plugin.py), proved on a small suite of its own run
in two worker processes: the tests of a group (a module sharing a module-scoped fixture, tests marked with
one ``xdist_group``, a notebook's cells) all run in one worker whatever versions of pytest and xdist are
installed, the other tests still spread over both workers, and a run whose groups were split fails."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO_ROOT = Path(__file__).resolve().parent.parent

SUITE = {
    "test_shared.py": """
        import pytest
        from record import record

        @pytest.fixture(scope="module")
        def made_once():
            return object()

        @pytest.mark.parametrize("i", range(8))
        def test_shares_a_module_fixture(made_once, i):
            record("shared")
    """,
    "test_marked.py": """
        import pytest
        from record import record

        @pytest.mark.xdist_group("together")
        @pytest.mark.parametrize("i", range(6))
        def test_marked(i):
            record("marked")
    """,
    "test_free.py": """
        import time
        import pytest
        from record import record

        @pytest.mark.parametrize("i", range(16))
        def test_free(i):
            time.sleep(0.05)
            record("free")
    """,
    "record.py": """
        import os
        from pathlib import Path

        def record(kind):
            folder = Path(os.environ["RECORD_DIR"])
            with open(folder / (kind + ".txt"), "a", encoding="utf-8") as out:
                out.write(os.environ.get("PYTEST_XDIST_WORKER", "main") + "\\n")
    """,
    "pytest.ini": """
        [pytest]
        pythonpath = .
        markers =
            xdist_group(name): one worker
    """,
}

# a conftest that takes the scheduling away from the plugin (xdist's plain one-test-at-a-time scheduler),
# so that groups split: the plugin's check must then fail the run
SPLITTING_CONFTEST = """
    import pytest

    @pytest.hookimpl(tryfirst=True)
    def pytest_xdist_make_scheduler(config, log):
        from xdist.scheduler import LoadScheduling
        return LoadScheduling(config, log)
"""


def _run(tmp_path: Path, *, split: bool = False) -> tuple[subprocess.CompletedProcess, dict[str, list[str]]]:
    suite = tmp_path / "suite"
    suite.mkdir()
    for name, text in SUITE.items():
        (suite / name).write_text(textwrap.dedent(text), encoding="utf-8")
    if split:
        (suite / "conftest.py").write_text(textwrap.dedent(SPLITTING_CONFTEST), encoding="utf-8")
    records = tmp_path / "records"
    records.mkdir()
    env = dict(os.environ, RECORD_DIR=str(records),
               PYTHONPATH=os.pathsep.join([str(REPO_ROOT), os.environ.get("PYTHONPATH", "")]))
    env.pop("PYTEST_XDIST_WORKER", None)
    env.pop("PYTEST_ADDOPTS", None)
    # only xdist and the suite's plugin: the three pytest processes start faster
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "xdist.plugin", "-p", "tests.plugin", "-n", "2", "--dist=load",
         "--no-loadscope-reorder", "-p", "no:cacheprovider", "-q", str(suite)],
        cwd=suite, env=env, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL,
    )
    ran = {path.stem: path.read_text(encoding="utf-8").split() for path in records.glob("*.txt")}
    return proc, ran


def test_a_group_runs_in_one_worker_and_the_rest_spreads(tmp_path: Path) -> None:
    proc, ran = _run(tmp_path)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    assert len(ran["shared"]) == 8 and len(set(ran["shared"])) == 1, ran   # one module-scoped fixture
    assert len(ran["marked"]) == 6 and len(set(ran["marked"])) == 1, ran   # one xdist_group marker
    assert len(ran["free"]) == 16
    assert set(ran["shared"]) | set(ran["marked"]) | set(ran["free"]) == {"gw0", "gw1"}, ran
    assert "split across workers" not in out


def test_a_split_group_fails_the_run_naming_it(tmp_path: Path) -> None:
    proc, ran = _run(tmp_path, split=True)
    out = proc.stdout + proc.stderr
    assert len(set(ran["shared"])) == 2 or len(set(ran["marked"])) == 2, ran  # (the split did happen)
    assert proc.returncode == 1, out
    assert "must run in one process but ran in gw0, gw1" in out, out


def test_the_suite_itself_is_scheduled_by_the_plugin() -> None:
    """pyproject's addopts load the plugin, and with the xdist mode it schedules (the check is then on)."""
    import tomllib

    opts = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    addopts = opts["tool"]["pytest"]["ini_options"]["addopts"]
    assert addopts[addopts.index("-p") + 1] == "tests.plugin"
    assert "--dist=load" in addopts
