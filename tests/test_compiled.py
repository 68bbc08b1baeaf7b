"""The optional compiled engine (``ILLUMI_WIDGETS_COMPILE=1``, built by js/hatch_build.py): the same rules.

A wheel of this checkout is built once with the hot modules compiled by Cython (a minute or two, a C
compiler needed) and unpacked; then a separate Python whose import path starts there

* imports every module of ``COMPILED_MODULES`` from its extension module, not from the ``.py``;
* passes the rules tests of tests/engine and tests/pax (all but the ``slow`` ones);
* plays random games with every invariant checked after every action, and plays the benchmark's random
  games to the same records and final positions as the pure-Python engine here, action for action.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent


def _hook_module():
    spec = importlib.util.spec_from_file_location("illumi_hatch_build", REPO_ROOT / "js" / "hatch_build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


HOOK = _hook_module()
EXPECTED = sorted(m[: -len(".py")].replace("/", ".") for m in HOOK.COMPILED_MODULES)


def _c_compiler() -> str | None:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc)


def _game_digests(players_and_seeds) -> dict:
    """{"players:seed": sha256 of the record and final position} of the benchmark's random games."""
    from illumi_widgets.bench import play_random
    from illumi_widgets.engine import load_game

    out = {}
    for players, seeds in players_and_seeds:
        game = load_game("pax", players=players)
        for seed in seeds:
            state, _, _ = play_random(game, seed)
            text = json.dumps(state.record(), sort_keys=True) + state.position()
            out[f"{players}:{seed}"] = hashlib.sha256(text.encode()).hexdigest()
    return out


GAMES = [(2, [5, 6, 7, 8]), (3, [9, 10, 11]), (4, [12, 13, 14])]


@pytest.fixture(scope="module")
def compiled_site(tmp_path_factory) -> Path:
    if _c_compiler() is None:
        pytest.skip("no C compiler: the compiled engine cannot be built here (.ci/run installs gcc)")
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        pytest.skip("no Python C headers: the compiled engine cannot be built here (.ci/run installs them)")
    out = tmp_path_factory.mktemp("wheel")
    # -O1 (after Python's own -O3, so it wins): the same C code from Cython, optimized, built in about 40% of
    # the CPU time of -O3 (rules.c: 4.1 s against 9.9 s); the rules and the games checked are the same
    cflags = f"{os.environ.get('CFLAGS', '')} -O1".strip()
    env = {**os.environ, HOOK.COMPILE_ENV: "1", "ILLUMI_JS_BUILD": "0", "CFLAGS": cflags}
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(out),
         str(REPO_ROOT)], env=env, capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-4000:]
    (wheel,) = out.glob("*.whl")
    assert not wheel.name.endswith("-none-any.whl"), f"{wheel.name} is tagged pure Python"
    site = tmp_path_factory.mktemp("site")
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
    return site


def _run(site: Path, code: str, timeout: float = 900, args=None) -> subprocess.CompletedProcess:
    """``code`` (or ``args``) in a new Python importing illumi_widgets from ``site`` (run from ``site``, not
    from the repo, whose sources would come first on the import path)."""
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run([sys.executable, *(args or ["-c", code])], cwd=site, env=env, capture_output=True,
                          text=True, timeout=timeout)


def test_the_compile_switch_reads_one_or_zero(monkeypatch):
    for value, want in (("1", True), ("yes", True), ("0", False), ("", False), ("no", False)):
        monkeypatch.setenv(HOOK.COMPILE_ENV, value)
        assert HOOK.compile_requested() is want, value
    monkeypatch.setenv(HOOK.COMPILE_ENV, "fast")
    with pytest.raises(RuntimeError, match="must be 1 or 0"):
        HOOK.compile_requested()


def test_this_checkout_is_pure_python():
    from illumi_widgets.engine import compiled_modules

    assert compiled_modules() == []  # (an editable install is never compiled: edits must take effect)


def test_every_hot_module_is_imported_compiled(compiled_site):
    proc = _run(compiled_site, (
        "import importlib, json, illumi_widgets\n"
        "from illumi_widgets.engine import compiled_modules\n"
        "mods = compiled_modules()\n"
        "print(json.dumps({'root': illumi_widgets.__file__, 'modules': mods,\n"
        "                  'files': [importlib.import_module(m).__file__ for m in mods]}))\n"))
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert Path(got["root"]).is_relative_to(compiled_site)
    assert got["modules"] == EXPECTED
    for f in got["files"]:
        assert f.endswith(tuple(EXTENSION_SUFFIXES)) and Path(f).is_relative_to(compiled_site), f
    bench = _run(compiled_site, "", args=["-m", "illumi_widgets.bench", "--quick"], timeout=300)
    assert bench.returncode == 0, bench.stderr
    assert f"engine: compiled ({len(EXPECTED)} modules built by Cython)" in bench.stdout


def test_the_rules_tests_pass_compiled(compiled_site):
    args = [str(REPO_ROOT / "tests" / "engine"), str(REPO_ROOT / "tests" / "pax"), "-m", "not slow", "-q",
            "-p", "no:cacheprovider", "-x"]
    proc = _run(compiled_site, (
        "import sys, pytest\n"
        "import illumi_widgets.games.pax.rules as rules\n"
        f"assert rules.__file__.endswith({tuple(EXTENSION_SUFFIXES)!r}), rules.__file__\n"
        f"sys.exit(pytest.main({args!r}))\n"), timeout=1800)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert " passed" in proc.stdout and " failed" not in proc.stdout


def test_random_games_compiled_keep_every_invariant_and_match_pure_python(compiled_site):
    here = str(Path(__file__).parent)
    proc = _run(compiled_site, (
        "import json, sys\n"
        f"sys.path.insert(1, {here!r})\n"
        "from test_compiled import GAMES, _game_digests\n"
        "from illumi_widgets.engine import load_game\n"
        "from illumi_widgets.engine.testing import random_games\n"
        "for p in (2, 3, 4):\n"
        "    stats = random_games(load_game('pax', players=p), games=3, seed=40 + p)\n"
        "    assert stats.games == 3, stats\n"
        "print(json.dumps(_game_digests(GAMES)))\n"))
    assert proc.returncode == 0, proc.stderr[-4000:]
    compiled = json.loads(proc.stdout.strip().splitlines()[-1])
    pure = _game_digests(GAMES)
    assert len(pure) == sum(len(s) for _, s in GAMES)
    assert compiled == pure
