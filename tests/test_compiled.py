"""The optional compiled engine (``ILLUMI_WIDGETS_COMPILE=1``, built by js/hatch_build.py): the same rules.

A wheel of this checkout is built once for this module (its hot modules, ``COMPILED_MODULES``: the engine
core, the rules of all four games and the search bot, compiled by Cython; a C compiler needed) and
unpacked. The build is for proving sameness, not speed: ``CFLAGS=-O0`` (after Python's own flags, so it
wins) makes the C compiler several times quicker, and the hook runs Cython and the C compiler on every
CPU. Then a separate Python whose import path starts there

* imports every module of ``COMPILED_MODULES`` from its extension module, not from the ``.py``; with
  the benchmark's source-only import (``bench_engines.SOURCE_ONLY_FINDER``) the same installation runs pure
  Python;
* passes a representative subset of each game's rules tests (:data:`RULES_TESTS`, ``slow`` ones left out):
  the files that drive the compiled modules through the rulebook's cases — for the engine its contract,
  triggers and negotiation; for Pax its actions, claims and events, Oust, powers and schemes; for
  Illuminati its attacks, deals, gifts and throwing the game, special cards, goals, set-up and turn, and
  leaving; for Primordial Secrets
  its rules, card effects, cards, royal count and rulebook positions; for Gray Eminence its round, rulebook
  positions, bidding and roles, common objective and escalation slot (but for :data:`SOURCE_TESTS`, which
  read the ``.py`` sources themselves). (Every rules test runs in pure
  Python in the suite; the game-for-game comparison below covers what this subset leaves out.)
* plays random games of all four games with every invariant checked after every action, and plays the
  benchmark's random games of all four games, at each of their first three player counts (Gray Eminence's
  scenarios in turn), and a search-bot game, to the same records and final positions as the pure-Python
  engine here, action for action.
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
TESTS = REPO_ROOT / "tests"


def _hook_module():
    spec = importlib.util.spec_from_file_location("illumi_hatch_build", REPO_ROOT / "js" / "hatch_build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


HOOK = _hook_module()
EXPECTED = sorted(m[: -len(".py")].replace("/", ".") for m in HOOK.COMPILED_MODULES)
GAMES = ("pax", "illuminati", "primordial", "gray-eminence")
#: the rules tests run compiled (see the module's docstring), by folder under tests/
RULES_TESTS = {
    "engine": ("test_contract.py", "test_triggers.py", "test_negotiation.py"),
    "pax": ("test_actions.py", "test_claims_events.py", "test_oust.py", "test_powers.py", "test_schemes.py"),
    "illuminati": ("test_attacks.py", "test_deals.py", "test_anytime.py", "test_special_cards.py",
                   "test_goals.py", "test_setup_turn.py", "test_leaving.py"),
    "primordial": ("test_rules.py", "test_effects.py", "test_cards.py", "test_royal_count.py",
                   "test_rulebook_positions.py", "test_fast_legal.py"),
    "gray_eminence": ("test_round.py", "test_rulebook_positions.py", "test_bidding_roles.py",
                      "test_common_objective.py", "test_escalation_slot.py"),
}
#: tests that read the rules' source code (``inspect.getsource``): a property of the ``.py`` files, the same
#: whether or not they are compiled, and unreadable from an extension module
SOURCE_TESTS = ("test_every_signature_key_is_read_by_its_handler",)  # (tests/primordial/test_effects.py)
SEEDS = (5, 6)  # the benchmark's random games compared, per game and player count


def _c_compiler() -> str | None:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc)


def _digest(state) -> str:
    text = json.dumps(state.record(), sort_keys=True) + state.position()
    return hashlib.sha256(text.encode()).hexdigest()


def game_digests() -> dict:
    """{"game:players:seed": sha256 of the record and final position} of the benchmark's random games of every
    game, and of a Pax game of the search bot (a few playouts a decision) through ``bots.simulate``."""
    from illumi_widgets.bench import VARIANTS, play_random, player_counts
    from illumi_widgets.bots import simulate
    from illumi_widgets.engine import load_game

    out = {}
    for name in GAMES:
        variants = VARIANTS.get(name, ({},))
        for players in player_counts(name):
            for seed in SEEDS:
                game = load_game(name, players=players, **variants[seed % len(variants)])
                state, _, cut = play_random(game, seed)
                assert not cut, (name, players, seed)
                out[f"{name}:{players}:{seed}"] = _digest(state)
    (row,) = simulate("pax", games=1, bots=[("search", {"iterations": 5}), "random"], seed=3, workers=1,
                      progress=False, records=True)
    kept = {k: row[k] for k in ("record", "winners", "scores", "decisions")}  # (not its thinking times)
    out["pax:search"] = hashlib.sha256(json.dumps(kept, sort_keys=True).encode()).hexdigest()
    return out


@pytest.fixture(scope="module")
def compiled_site(tmp_path_factory) -> Path:
    if _c_compiler() is None:
        pytest.skip("no C compiler: the compiled engine cannot be built here (.ci/run installs gcc)")
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        pytest.skip("no Python C headers: the compiled engine cannot be built here (.ci/run installs them)")
    out = tmp_path_factory.mktemp("wheel")
    # -O0 (after Python's own -O3, so it wins): the same C code from Cython, unoptimized, compiled several
    # times faster; the rules and the games checked are the same (the benchmark measures an optimized build)
    cflags = f"{os.environ.get('CFLAGS', '')} -O0".strip()
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


def test_the_compiled_modules_cover_every_games_rules_and_the_search():
    for game in ("pax", "illuminati", "primordial", "gray_eminence"):
        assert f"illumi_widgets.games.{game}.rules" in EXPECTED, game
    assert "illumi_widgets.engine.game" in EXPECTED and "illumi_widgets.bots.search" in EXPECTED
    for m in HOOK.COMPILED_MODULES:
        assert (REPO_ROOT / m).is_file(), m


def test_this_checkout_is_pure_python():
    from illumi_widgets.bench_engines import engine_modules
    from illumi_widgets.engine import compiled_modules

    assert compiled_modules() == []  # (an editable install is never compiled: edits must take effect)
    assert engine_modules() == []


def test_every_hot_module_is_imported_compiled(compiled_site):
    from illumi_widgets.bench_engines import SOURCE_ONLY_FINDER

    show = ("import importlib, json, illumi_widgets\n"
            "from illumi_widgets.engine import compiled_modules\n"
            f"files = [importlib.import_module(m).__file__ for m in {EXPECTED!r}]\n"
            "from illumi_widgets.bench_engines import engine_modules\n"
            "print(json.dumps({'root': illumi_widgets.__file__, 'modules': compiled_modules(),\n"
            "                  'files': files, 'engine': engine_modules()}))\n")
    proc = _run(compiled_site, show)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert Path(got["root"]).is_relative_to(compiled_site)
    assert got["modules"] == EXPECTED and got["engine"] == EXPECTED
    for f in got["files"]:
        assert f.endswith(tuple(EXTENSION_SUFFIXES)) and Path(f).is_relative_to(compiled_site), f
    # the benchmark's pure-Python engine on this compiled installation: its sources, no extension module
    proc = _run(compiled_site, SOURCE_ONLY_FINDER + show)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert got["modules"] == EXPECTED and got["engine"] == []  # installed, and not imported
    for f in got["files"]:
        assert f.endswith(".py") and Path(f).is_relative_to(compiled_site), f


def test_the_benchmark_measures_both_engines_on_a_compiled_install(compiled_site, tmp_path):
    out = tmp_path / "bench.json"
    proc = _run(compiled_site, "", args=["-m", "illumi_widgets.bench", "--quick", "--games", "1",
                                         "--scaling-games", "0", "--json", str(out)], timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert f"engine: compiled ({len(EXPECTED)} modules built by Cython)" in proc.stdout
    assert "pure: pure Python, measured in a child process" in proc.stdout
    assert "compiled: compiled (" in proc.stdout and "measured in this process" in proc.stdout
    f = json.loads(out.read_text(encoding="utf-8"))
    pure, comp = f["engines"]["pure"], f["engines"]["compiled"]
    assert pure["engine"] == "pure" and pure["modules"] == []
    assert comp["engine"] == "compiled" and set(comp["modules"]) <= set(EXPECTED)
    assert "illumi_widgets.games.gray_eminence.rules" in comp["modules"]
    for e in (pure, comp):
        assert set(e["games"]) == set(e["latency"]) == set(GAMES)
    # the same games on both engines: the same decisions, game for game
    for name in GAMES:
        for p, v in pure["games"][name].items():
            assert v["decisions"] == comp["games"][name][p]["decisions"], (name, p)
    assert "compiled ÷ pure decisions/s:" in proc.stdout


def test_the_rules_tests_pass_compiled(compiled_site):
    paths = [str(TESTS / folder / f) for folder, files in RULES_TESTS.items() for f in files]
    skip = " and ".join(f"not {t}" for t in SOURCE_TESTS)
    args = [*paths, "-m", "not slow", "-k", skip, "-q", "-p", "no:cacheprovider", "-x"]
    proc = _run(compiled_site, (
        "import sys, pytest\n"
        "import illumi_widgets.games.gray_eminence.rules as rules\n"
        f"assert rules.__file__.endswith({tuple(EXTENSION_SUFFIXES)!r}), rules.__file__\n"
        f"sys.exit(pytest.main({args!r}))\n"), timeout=1800)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert " passed" in proc.stdout and " failed" not in proc.stdout


def test_random_games_compiled_keep_every_invariant_and_match_pure_python(compiled_site):
    here = str(Path(__file__).parent)
    proc = _run(compiled_site, (
        "import json, sys\n"
        f"sys.path.insert(1, {here!r})\n"
        "from test_compiled import GAMES, game_digests\n"
        "from illumi_widgets.bench import VARIANTS, player_counts\n"
        "from illumi_widgets.engine import load_game\n"
        "from illumi_widgets.engine.testing import random_games\n"
        "import illumi_widgets.games.primordial.rules as rules\n"
        f"assert rules.__file__.endswith({tuple(EXTENSION_SUFFIXES)!r}), rules.__file__\n"
        "for name in GAMES:\n"
        "    options = VARIANTS.get(name, ({},))[0]\n"
        "    game = load_game(name, players=player_counts(name)[1], **options)\n"
        "    stats = random_games(game, games=1, seed=41)\n"
        "    assert stats.games == 1, (name, stats)\n"
        "print(json.dumps(game_digests()))\n"))
    assert proc.returncode == 0, proc.stderr[-4000:]
    compiled = json.loads(proc.stdout.strip().splitlines()[-1])
    pure = game_digests()
    assert len(pure) == len(SEEDS) * 3 * len(GAMES) + 1
    assert compiled == pure
