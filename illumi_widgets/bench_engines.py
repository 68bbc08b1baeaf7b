"""The two engines of the benchmark: pure Python and the optional compiled build, measured in one run.

``python -m illumi_widgets.bench`` measures the engine it runs on in its own process, and the other one in a
child process (``--engine-only``) that plays the same games with the same seeds, interleaved with its own
python-chess random play, so that every ratio compares figures taken side by side:

* on a compiled installation (a wheel built with ``ILLUMI_WIDGETS_COMPILE=1``), the pure-Python engine is the
  same installation with its extension modules ignored: the child imports the package's ``.py`` sources
  only (:data:`SOURCE_ONLY_FINDER`);
* on a pure-Python installation, the compiled engine is a directory holding the package with its hot modules
  compiled next to their sources (an unpacked compiled wheel): ``--compiled-site DIR`` names one; in a
  checkout of the repository a full run builds one itself (:func:`build_compiled_site`, with the build
  hook's own ``compile_modules``, into ``build/compiled/``, reused while the compiled sources, Python,
  Cython and ``CFLAGS`` stay the same).

:func:`engine_modules` says which engine a process measured: the package's modules it imported from
extension modules (``[]``: pure Python).
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
import tempfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parent  # the repository, when this is a checkout (it holds js/hatch_build.py)
HOOK_FILE = CHECKOUT / "js" / "hatch_build.py"
BUILD_DIR = CHECKOUT / "build" / "compiled"  # ignored by git (/build/)

#: a finder first on ``sys.meta_path``: the package's modules are imported from their ``.py`` sources even
#: where an extension module of the same name lies next to them (pure Python on a compiled install)
SOURCE_ONLY_FINDER = """\
import importlib.machinery as m, runpy, sys
class SourceOnly:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name != "illumi_widgets" and not name.startswith("illumi_widgets."):
            return None
        for entry in (sys.path if path is None else path):
            finder = m.FileFinder(entry or ".", (m.SourceFileLoader, m.SOURCE_SUFFIXES))
            spec = finder.find_spec(name)
            if spec is not None and spec.loader is not None:
                return spec
        return None
sys.meta_path.insert(0, SourceOnly)
"""
#: run by ``python -c`` (its arguments the benchmark's): the benchmark on pure Python
SOURCE_ONLY = SOURCE_ONLY_FINDER + (
    'runpy.run_module("illumi_widgets.bench", run_name="__main__", alter_sys=True)\n')


def engine_modules() -> list[str]:
    """Dotted names of the package's modules this process imported from extension modules (``[]``: the
    engine it runs is pure Python)."""
    out = []
    for name, mod in list(sys.modules.items()):
        if name == "illumi_widgets" or name.startswith("illumi_widgets."):
            origin = getattr(getattr(mod, "__spec__", None), "origin", None) or ""
            if origin.endswith(tuple(EXTENSION_SUFFIXES)):
                out.append(name)
    return sorted(out)


def describe(modules: list[str]) -> str:
    return f"compiled ({len(modules)} modules built by Cython)" if modules else "pure Python"


def _hook():
    spec = importlib.util.spec_from_file_location("illumi_hatch_build", HOOK_FILE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def cannot_build() -> str | None:
    """Why this installation cannot build the compiled engine itself, or ``None`` if it can."""
    if not HOOK_FILE.is_file():
        return "not a checkout of the repository (--compiled-site DIR measures an unpacked compiled wheel)"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python C headers"
    for module in ("Cython", "setuptools", "hatchling"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install cython setuptools hatchling)"
    return None


def build_compiled_site(say=lambda _msg: None) -> Path:
    """A directory holding the package of this checkout with its hot modules compiled (built once per content
    of the compiled sources, Python, Cython and ``CFLAGS``; the rest of the package is copied afresh)."""
    import Cython

    hook = _hook()
    h = hashlib.sha256(f"{sys.version}\n{Cython.__version__}\n{os.environ.get('CFLAGS', '')}\n".encode())
    for rel in hook.COMPILED_MODULES:
        data = (CHECKOUT / rel).read_bytes()
        h.update(f"{rel}\n{len(data)}\n".encode())
        h.update(data)
    key = h.hexdigest()[:16]
    lib = BUILD_DIR / f"lib-{key}"
    if not (lib / "done.json").is_file():
        for old in BUILD_DIR.glob("lib-*"):
            shutil.rmtree(old, ignore_errors=True)
        say(f"building the compiled engine ({len(hook.COMPILED_MODULES)} modules, Cython and a C compiler; "
            "minutes) into build/compiled/ …")
        with tempfile.TemporaryDirectory(prefix="illumi-compile-") as work:
            built = hook.compile_modules(CHECKOUT, Path(work), log=say)
            for src, rel in built.items():
                (lib / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, lib / rel)
            (lib / "done.json").write_text(json.dumps(sorted(built.values())), encoding="utf-8")
    site = BUILD_DIR / "site"
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(PACKAGE, site / PACKAGE.name,
                    ignore=shutil.ignore_patterns("__pycache__", *(f"*{s}" for s in EXTENSION_SUFFIXES)))
    for rel in json.loads((lib / "done.json").read_text(encoding="utf-8")):
        shutil.copy2(lib / rel, site / rel)
    return site


def run_engine(kind: str, games: int, seed: int, site: Path | None = None, timeout: float = 7200) -> dict:
    """The benchmark's per-engine figures (``bench.bench_engine``) measured in a child process: ``kind``
    ``"pure"`` (this installation, its extension modules ignored) or ``"compiled"`` (the package in
    ``site``)."""
    with tempfile.TemporaryDirectory(prefix="illumi-bench-") as tmp:
        out = Path(tmp) / "engine.json"
        args = ["--engine-only", "--games", str(games), "--seed", str(seed), "--json", str(out)]
        env = dict(os.environ)
        if kind == "pure":
            cmd, cwd = [sys.executable, "-c", SOURCE_ONLY, *args], PACKAGE.parent
        else:
            cmd, cwd = [sys.executable, "-m", "illumi_widgets.bench", *args], site
            env["PYTHONPATH"] = os.pathsep.join([str(site), *filter(None, [env.get("PYTHONPATH")])])
        proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0:
            raise RuntimeError(f"the {kind} engine's run failed: {proc.stderr.strip()[-600:]}")
        return json.loads(out.read_text(encoding="utf-8"))
