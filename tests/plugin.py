"""The test suite's pytest plugin (pyproject's addopts load it with ``-p tests.plugin``, so it is active for
every run from the repository, whole suite or one notebook alone).

**Notebook settings.** The tutorials' long studies read their size from the environment, set here before
nbval starts the kernels (which inherit it); an explicit value in the environment wins:
``ILLUMI_SIMULATION_GAMES`` (notebook 06: 1,000 games when unset, as a reader runs it; 10 here) and
``ILLUMI_ANALYSIS_PLAYOUTS`` (notebook 07: 400 when unset; 30 here).

**One-process groups under pytest-xdist** (``python -m pytest -n 2``). Some tests must run in one worker
process: a notebook's cells (one kernel runs them in order, so a later cell needs the earlier ones), a
file's doctests, and a module whose tests share a module-, class- or package-scoped fixture (made once: the
compiled wheel, a seat server), plus any test marked ``xdist_group(name)``. Everything else goes one test
at a time to whichever worker is free, in collection order (browser tests last: tests/conftest.py).

How, without depending on how xdist or pytest spell node ids inside (xdist's own ``--dist loadgroup``
appends ``@group`` to a private attribute, which pytest 9.2 no longer reads, so groups silently split):

* each worker, after collection, writes ``{node id: group}`` for the tests that have a group to a file in a
  folder the controller gave it (``pytest_configure_node``, a documented xdist hook);
* the controller's scheduler (``pytest_xdist_make_scheduler``, documented too) is xdist's scope scheduler
  with its scope read from that map: a group is one scope; a test without a group is a scope of its own;
* and the controller **checks** it afterwards: if the tests of one group ran in more than one worker, the
  run fails, naming the group and the workers (tests/test_xdist_groups.py proves both the grouping and the
  check in a small suite of its own).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import pytest

# Bytecode caches. Some machines (container images) set PYTHONDONTWRITEBYTECODE=1: then every process of the
# run (each worker, and every kernel, seat server and benchmark it starts) compiles the package from source
# again, and pytest rewrites every test module again (measured: collecting the suite takes 34 s of CPU
# without the caches, 15 s with them; importing the package in a new kernel 1.1 s, 0.6 s). The suite writes
# them as Python does by default (``__pycache__`` folders, ignored by git and by the browser site's hash).
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    sys.dont_write_bytecode = False

# jsonschema (which nbformat brings: nbval, nbclient, JupyterLab's server) imports rfc3987_syntax at its own
# import when that is installed (jsonschema[format-nongpl]), and rfc3987_syntax builds some 35 Earley parsers
# then: 3-4 s of CPU in every process of the run that touches a notebook (each worker, each JupyterLab
# server; python-jsonschema/jsonschema#1428). Without it, jsonschema leaves the "iri" formats unchecked, and
# no schema the suite or Jupyter validates uses them. Loaded with -p, this runs before nbval imports nbformat.
sys.modules.setdefault("rfc3987_syntax", None)

os.environ.setdefault("ILLUMI_SIMULATION_GAMES", "10")
os.environ.setdefault("ILLUMI_ANALYSIS_PLAYOUTS", "30")

WORKER_INPUT_KEY = "illumi_one_process_groups"  # the folder where workers write their group maps
GROUP_FILE_PREFIX = "groups-"


def one_process_group(item: pytest.Item, root: Path) -> str | None:
    """The name of the tests ``item`` must share a worker process with, or None (see the module's doc)."""
    names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                    for m in item.iter_markers("xdist_group")})
    if names:
        return "_".join(names)
    if not isinstance(item, pytest.Function):  # a notebook cell (nbval), a doctest
        return _relative(item.path, root)
    info = getattr(item, "_fixtureinfo", None)
    scopes = {d.scope for defs in (info.name2fixturedefs.values() if info else ()) for d in defs}
    if scopes & {"module", "class"}:
        return _relative(item.path, root)
    if "package" in scopes:
        return _relative(item.path.parent, root)
    return None


def _relative(path: Path, root: Path) -> str:
    path = path.resolve()
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)


# ------------------------------------------------------------------ worker side: write the group map


@pytest.hookimpl(trylast=True)  # after every other hook has marked and renamed the items
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    folder = getattr(config, "workerinput", {}).get(WORKER_INPUT_KEY)
    if folder is None:  # not an xdist worker of a run this plugin schedules
        return
    root = config.rootpath.resolve()
    groups = {}
    for item in items:
        group = one_process_group(item, root)
        if group is not None:
            groups[item.nodeid] = group
    worker = config.workerinput.get("workerid", "worker")
    path = Path(folder, f"{GROUP_FILE_PREFIX}{worker}.json")
    path.with_suffix(".tmp").write_text(json.dumps(groups), encoding="utf-8")
    path.with_suffix(".tmp").replace(path)  # (the controller never reads half a file)


# ------------------------------------------------------------------ controller side: schedule and check


class _Groups:
    """The controller's view: the group of each node id (read from the workers' files) and who ran what."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._map: dict[str, str] | None = None
        self.ran_in: dict[str, set[str]] = defaultdict(set)

    def of(self, nodeid: str) -> str | None:
        if self._map is None:
            self._map = {}
            for path in sorted(self.folder.glob(f"{GROUP_FILE_PREFIX}*.json")):
                self._map.update(json.loads(path.read_text(encoding="utf-8")))
        return self._map.get(nodeid)

    def split(self) -> dict[str, set[str]]:
        return {group: workers for group, workers in self.ran_in.items() if len(workers) > 1}


_GROUPS_KEY = pytest.StashKey[_Groups]()


def _controller_groups(config: pytest.Config) -> _Groups | None:
    return config.stash.get(_GROUPS_KEY, None)


def _wants_groups(config: pytest.Config) -> bool:
    xdist = any(config.pluginmanager.hasplugin(n) for n in ("xdist", "xdist.plugin"))  # (-p xdist.plugin)
    return (xdist and not hasattr(config, "workerinput")
            and getattr(config.option, "numprocesses", None)
            and config.getvalue("dist") in ("load", "loadgroup"))


def pytest_configure(config: pytest.Config) -> None:
    if _wants_groups(config):
        folder = Path(tempfile.mkdtemp(prefix="illumi-xdist-groups-"))
        config.stash[_GROUPS_KEY] = _Groups(folder)


def pytest_unconfigure(config: pytest.Config) -> None:
    groups = _controller_groups(config)
    if groups is not None:
        shutil.rmtree(groups.folder, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    groups = _controller_groups(node.config)
    if groups is not None:
        node.workerinput[WORKER_INPUT_KEY] = str(groups.folder)


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    groups = _controller_groups(config)
    if groups is None:
        return None
    from xdist.scheduler import LoadScopeScheduling

    class OneProcessGroupScheduling(LoadScopeScheduling):
        """xdist's scope scheduler whose scope is a test's one-process group, or the test itself."""

        def _split_scope(self, nodeid: str) -> str:
            group = groups.of(nodeid)
            return nodeid if group is None else f"group:{group}"

    return OneProcessGroupScheduling(config, log)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    node = getattr(report, "node", None)  # set by xdist on the controller: the worker that ran it
    if node is None or report.when != "call" and not (report.when == "setup" and report.skipped):
        return
    groups = _controller_groups(node.config)
    group = groups.of(report.nodeid) if groups is not None else None
    if group is not None:
        groups.ran_in[group].add(node.gateway.id)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    groups = _controller_groups(session.config)
    if groups is not None and groups.split() and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    groups = _controller_groups(config)
    split = groups.split() if groups is not None else {}
    if split:
        terminalreporter.section("one-process groups split across workers", red=True, bold=True)
        for group, workers in sorted(split.items()):
            where = ", ".join(sorted(workers))
            line = f"FAILED: the tests of {group} must run in one process but ran in {where}"
            terminalreporter.write_line(line)
