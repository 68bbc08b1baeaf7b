"""Hatch build hook: rebuild the front-end bundle when its sources changed, else ship the committed one.

``pyproject.toml`` declares ``[tool.hatch.build.hooks.custom] path = "js/hatch_build.py"``.

Staleness is decided by CONTENT, never by file times (a fresh clone sets them arbitrarily): the bundle
``illumi_widgets/widget/static/widget.js`` starts with the line
``// illumi_widgets bundle: sources sha256 <hex>``, written by ``js/build.mjs`` (``npm run build``), the
sha256 of the sources it was built from (:data:`SOURCES`: every file under ``js/src/``, the shared
``icons.json``, ``js/package.json`` and ``js/package-lock.json``, which pins the esbuild that made it).
:func:`sources_hash` computes the same hash here (files in the order of their paths relative to the
repository, written with ``/``; each adds ``<path>\n<byte length>\n<bytes as on disk>``).

* If ``node`` and ``npm`` are on PATH and the recorded hash differs from the sources' (or the bundle or its
  line is missing), run ``npm run build`` (after ``npm ci`` when ``js/node_modules`` is missing).
* Otherwise, or when that build fails while a committed bundle exists, package the committed bundle:
  users never need Node.js, and a fresh clone whose bundle matches its sources builds nothing.
* ``ILLUMI_JS_BUILD=0`` never builds; ``ILLUMI_JS_BUILD=1`` always builds (and fails loudly if it cannot).

It also builds the optional **compiled engine**: with ``ILLUMI_WIDGETS_COMPILE=1``, a regular (not editable)
wheel gets the hot modules (:data:`COMPILED_MODULES`: the engine core, the rules of every game and the
search bot) compiled by Cython from their unchanged Python sources, next to those sources (an extension
module is imported before the ``.py`` of the same name). The wheel is then tagged for this Python and
platform. Without the variable, and always for editable installs (whose edits must take effect), the
package is pure Python. The build needs a C compiler; Cython and setuptools are added to the build
requirements when the variable is set.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

BUNDLE = Path("illumi_widgets", "widget", "static", "widget.js")
#: what the bundle is built from (js/build.mjs lists the same): hashed, never compared by file time
SOURCES = (
    Path("js", "src"),
    Path("illumi_widgets", "widget", "icons.json"),
    Path("js", "package.json"),
    Path("js", "package-lock.json"),
)
#: the bundle's first line, then the sources' hex sha256 (written by js/build.mjs)
BANNER_PREFIX = "// illumi_widgets bundle: sources sha256 "

ON = ("1", "true", "yes", "always")  # the two switches (ILLUMI_JS_BUILD, ILLUMI_WIDGETS_COMPILE)
OFF = ("0", "false", "no", "never")
COMPILE_ENV = "ILLUMI_WIDGETS_COMPILE"
#: the modules compiled: where random play and the search bot spend their time (python -m illumi_widgets.bench
#: prints where each game's time goes); every one is also imported, tested and played as plain Python
COMPILED_MODULES = (
    "illumi_widgets/engine/action.py",
    "illumi_widgets/engine/arguments.py",
    "illumi_widgets/engine/errors.py",
    "illumi_widgets/engine/game.py",
    "illumi_widgets/engine/log.py",
    "illumi_widgets/engine/negotiation.py",
    "illumi_widgets/engine/rng.py",
    "illumi_widgets/engine/testing.py",
    "illumi_widgets/engine/triggers.py",
    "illumi_widgets/games/pax/board.py",
    "illumi_widgets/games/pax/favor.py",
    "illumi_widgets/games/pax/model.py",
    "illumi_widgets/games/pax/powers.py",
    "illumi_widgets/games/pax/rules.py",
    "illumi_widgets/games/pax/actions.py",
    "illumi_widgets/games/pax/candidates.py",
    "illumi_widgets/games/pax/challenges.py",
    "illumi_widgets/games/pax/claims.py",
    "illumi_widgets/games/pax/common.py",
    "illumi_widgets/games/pax/payments.py",
    "illumi_widgets/games/pax/turn.py",
    "illumi_widgets/games/pax/labels.py",  # (every decision's prompt)
    "illumi_widgets/games/pax/notation.py",  # (every deal and shuffle is an action in notation)
    "illumi_widgets/games/illuminati/attacks.py",
    "illumi_widgets/games/illuminati/candidates.py",
    "illumi_widgets/games/illuminati/common.py",
    "illumi_widgets/games/illuminati/deals.py",
    "illumi_widgets/games/illuminati/goals.py",
    "illumi_widgets/games/illuminati/groups.py",
    "illumi_widgets/games/illuminati/hidden.py",
    "illumi_widgets/games/illuminati/listing.py",
    "illumi_widgets/games/illuminati/model.py",
    "illumi_widgets/games/illuminati/rules.py",
    "illumi_widgets/games/illuminati/turn.py",
    "illumi_widgets/games/primordial/effects.py",
    "illumi_widgets/games/primordial/flow.py",
    "illumi_widgets/games/primordial/listing.py",
    "illumi_widgets/games/primordial/model.py",
    "illumi_widgets/games/primordial/rules.py",
    "illumi_widgets/games/primordial/scoring.py",
    "illumi_widgets/games/primordial/view.py",
    "illumi_widgets/games/gray_eminence/actions.py",
    "illumi_widgets/games/gray_eminence/effects.py",
    "illumi_widgets/games/gray_eminence/model.py",
    "illumi_widgets/games/gray_eminence/phases.py",
    "illumi_widgets/games/gray_eminence/rules.py",
    "illumi_widgets/games/gray_eminence/view.py",
    "illumi_widgets/bots/search.py",
)
#: Cython reads the sources as plain Python 3: annotations are not C types, so the semantics are Python's
CYTHON_DIRECTIVES = {"language_level": 3, "annotation_typing": False}


def compile_requested() -> bool:
    value = os.environ.get(COMPILE_ENV, "").strip().lower()
    if value in ("", *OFF):
        return False
    if value in ON:
        return True
    raise RuntimeError(f"illumi_widgets: {COMPILE_ENV} must be 1 or 0, not {value!r}")


def compile_modules(root: Path, work: Path, log=print) -> dict[str, str]:
    """Compile :data:`COMPILED_MODULES` with Cython in ``work``; returns {built file: path in the wheel}."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    flags = [] if sys.platform == "win32" else ["-g0"]  # (no debug information: a fifth of the size)
    exts = [Extension(m[: -len(".py")].replace("/", "."), [str(root / m)], extra_compile_args=flags)
            for m in COMPILED_MODULES]
    jobs = os.cpu_count() or 1
    log(f"illumi_widgets: compiling {len(exts)} modules with Cython ({jobs} jobs)")
    exts = cythonize(exts, build_dir=str(work / "c"), compiler_directives=CYTHON_DIRECTIVES,
                     nthreads=jobs, quiet=True)
    dist = Distribution({"name": "illumi-widgets", "ext_modules": exts})
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib, cmd.build_temp, cmd.parallel = str(work / "lib"), str(work / "tmp"), jobs
    cmd.ensure_finalized()
    cmd.run()
    out = {}
    for ext in exts:
        built = Path(cmd.get_ext_fullpath(ext.name))
        out[str(built)] = built.relative_to(work / "lib").as_posix()
    return out


def source_files(root: Path) -> list[str]:
    """The source files: paths from ``root`` with ``/``, in hashing order (missing ones skipped)."""
    out = []
    for rel in SOURCES:
        path = root / rel
        if path.is_dir():
            out += [p.relative_to(root).as_posix() for p in path.rglob("*") if p.is_file()]
        elif path.is_file():
            out.append(rel.as_posix())
    return sorted(out)


def sources_hash(root: Path) -> str:
    """The hex sha256 of the sources under ``root`` (the same as ``node js/build.mjs --hash``)."""
    h = hashlib.sha256()
    for rel in source_files(root):
        data = (root / rel).read_bytes()
        h.update(f"{rel}\n{len(data)}\n".encode())
        h.update(data)
    return h.hexdigest()


def recorded_hash(bundle: Path) -> str | None:
    """The sources' hash recorded on the bundle's first line, or None (no bundle, or no such line)."""
    try:
        with bundle.open("rb") as f:
            first = f.readline(len(BANNER_PREFIX) + 200).decode("utf-8", "replace").strip()
    except OSError:
        return None
    if not first.startswith(BANNER_PREFIX):
        return None
    return first[len(BANNER_PREFIX):].strip() or None


def bundle_is_stale(root: Path) -> bool:
    """True when the bundle is missing or was not built from the sources as they are (by content)."""
    return recorded_hash(root / BUNDLE) != sources_hash(root)


def run_build(root: Path, log=print) -> None:
    """``npm ci`` if needed, then ``npm run build`` in js/. Raises on failure."""
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        raise RuntimeError("node/npm not found")
    js = root / "js"
    if not (js / "node_modules").is_dir():
        cmd = [npm, "ci" if (js / "package-lock.json").exists() else "install", "--no-audit", "--no-fund"]
        log(f"illumi_widgets: {' '.join(cmd[1:])} in js/")
        subprocess.run(cmd, cwd=js, check=True, stdin=subprocess.DEVNULL, timeout=900)
    log("illumi_widgets: npm run build (js/src -> illumi_widgets/widget/static/widget.js)")
    subprocess.run([npm, "run", "build"], cwd=js, check=True, stdin=subprocess.DEVNULL, timeout=300)


class CustomBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return ["Cython>=3.0", "setuptools>=65"] if compile_requested() else []

    def initialize(self, version: str, build_data: dict) -> None:
        self._build_js(build_data)
        if compile_requested() and self.target_name == "wheel":
            if version == "editable":
                self.app.display_warning(f"illumi_widgets: {COMPILE_ENV} is ignored for an editable install "
                                         "(a compiled module would hide later edits of its source)")
            else:
                self._work = Path(tempfile.mkdtemp(prefix="illumi-compile-"))
                try:
                    built = compile_modules(Path(self.root), self._work, log=self.app.display_info)
                except BaseException:
                    shutil.rmtree(self._work, ignore_errors=True)  # (finalize is not called after a failure)
                    raise
                build_data.setdefault("force_include", {}).update(built)
                build_data["pure_python"] = False
                build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)

    def _build_js(self, build_data: dict) -> None:
        root = Path(self.root)
        bundle = root / BUNDLE
        mode = os.environ.get("ILLUMI_JS_BUILD", "auto").strip().lower()
        has_node = shutil.which("node") is not None and shutil.which("npm") is not None
        has_sources = (root / "js" / "src").is_dir()
        want = mode in ON or (
            mode not in OFF and has_node and has_sources and bundle_is_stale(root)
        )
        if want:
            try:
                run_build(root, log=self.app.display_info)
            except (OSError, RuntimeError, subprocess.SubprocessError) as exc:
                if mode in ON or not bundle.exists():
                    raise RuntimeError(f"illumi_widgets: building the JS bundle failed: {exc}") from exc
                self.app.display_warning(
                    f"illumi_widgets: building the JS bundle failed ({exc}); packaging the committed bundle"
                )
        if not bundle.exists():
            raise RuntimeError(
                f"illumi_widgets: {BUNDLE} is missing and cannot be built (needs node and npm: "
                "cd js && npm ci && npm run build)"
            )
        # Ship the bundle even if a .gitignore ever matches it.
        artifacts = build_data.setdefault("artifacts", [])
        artifacts.append(BUNDLE.as_posix())
