"""Downloads for the static site, each kept in a cache so that a second build (or CI) fetches nothing.

Only the ordinary clients reach the registries: ``npm pack`` (the ``pyodide`` package's core files) and
``pip download`` (pure-Python wheels at exact versions).  The cache is ``ILLUMI_LITE_CACHE`` when set, else
``$XDG_CACHE_HOME/illumi_widgets/lite`` (``~/.cache/illumi_widgets/lite``).  Every failure is a
:class:`LiteBuildError` whose message says what went wrong and what to do.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

__all__ = ["LiteBuildError", "cache_dir", "own_wheel", "pip_wheel", "pyodide_core", "wheel_name"]


class LiteBuildError(RuntimeError):
    """The site cannot be built; the message says why and what to do."""


def cache_dir() -> Path:
    """Where downloads are kept between builds (see the module docstring)."""
    env = os.environ.get("ILLUMI_LITE_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "illumi_widgets" / "lite"


def _canon(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_name(path: Path | str) -> tuple[str, str]:
    """``(canonical project name, version)`` read from a wheel's file name."""
    parts = Path(path).name.split("-")
    return _canon(parts[0]), parts[1]


def _run(cmd: list[str], what: str, cwd: Path | None = None, env: dict | None = None) -> str:
    try:
        done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    except FileNotFoundError:
        raise LiteBuildError(f"{cmd[0]} was not found, and it is needed to {what}. Install it "
                             "(npm comes with Node.js) and build again.") from None
    except subprocess.TimeoutExpired:
        raise LiteBuildError(f"Gave up after 15 minutes trying to {what}: is the network very slow?"
                             ) from None
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-6:])
        hint = ""
        if re.search(r"network|resolve|connect|timed? ?out|ENOTFOUND|EAI_AGAIN|No matching distribution",
                     tail, re.I):
            hint = (" The package registries could not be reached (no network?); a build needs them once, "
                    "then its cache serves every later build.")
        raise LiteBuildError(f"Could not {what}.{hint}\nThe command was: {' '.join(cmd)}\nIt said:\n{tail}")
    return done.stdout


def pyodide_core(version: str, dest: Path, files: tuple[str, ...]) -> Path:
    """The core files of the npm package ``pyodide@version`` copied into ``dest``; the tarball is cached."""
    npm_dir = cache_dir() / "npm"
    tarball = npm_dir / f"pyodide-{version}.tgz"
    if not tarball.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise LiteBuildError("npm was not found, and it is needed once to download the Pyodide runtime "
                                 f"(the npm package pyodide@{version}). Install Node.js (which brings npm), "
                                 f"or put pyodide-{version}.tgz into {npm_dir}, then build again.")
        npm_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=npm_dir) as tmp:
            _run([npm, "pack", f"pyodide@{version}", "--pack-destination", tmp],
                 f"download the Pyodide runtime (npm package pyodide@{version})", cwd=Path(tmp))
            got = Path(tmp) / f"pyodide-{version}.tgz"
            if not got.is_file():
                raise LiteBuildError(f"npm pack did not write pyodide-{version}.tgz; the npm registry "
                                     "may have answered with something else.")
            os.replace(got, tarball)
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        for name in files:
            try:
                member = tar.getmember(f"package/{name}")
            except KeyError:
                raise LiteBuildError(f"The npm package pyodide@{version} has no {name}: is {tarball} "
                                     "complete? Delete it and build again.") from None
            src = tar.extractfile(member)
            assert src is not None
            (dest / name).write_bytes(src.read())
    return dest


def pip_wheel(name: str, version: str) -> Path:
    """The pure-Python wheel ``name==version`` from PyPI (``py3-none-any``), cached."""
    wheels = cache_dir() / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    for p in wheels.glob("*.whl"):
        if wheel_name(p) == (_canon(name), version) and p.name.endswith("-none-any.whl"):
            return p
    with tempfile.TemporaryDirectory(dir=wheels) as tmp:
        _run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
              "--platform", "any", "--python-version", "3.14", "--implementation", "py", "--abi", "none",
              "--disable-pip-version-check", "-q", "-d", tmp, f"{name}=={version}"],
             f"download the pure-Python wheel of {name} {version} from PyPI")
        got = [p for p in Path(tmp).glob("*.whl") if p.name.endswith("-none-any.whl")]
        if not got:
            raise LiteBuildError(f"PyPI has no pure-Python wheel of {name} {version}, and the site can only "
                                 "use pure-Python wheels beside the Pyodide runtime.")
        final = wheels / got[0].name
        os.replace(got[0], final)
    return final


def own_wheel(dest: Path, python: Path | str | None = None) -> Path:
    """A wheel of this package (the one imported now) written into ``dest``.

    From a source checkout (``pyproject.toml`` beside the package) it is built by ``pip wheel`` of
    ``python`` (default: this one; it needs hatchling) with the committed front-end bundle
    (``ILLUMI_JS_BUILD=0``: no Node.js step); from an installed package the installed files and metadata are
    packed as they are.
    """
    import illumi_widgets

    pkg = Path(illumi_widgets.__file__).resolve().parent
    root = pkg.parent
    dest.mkdir(parents=True, exist_ok=True)
    pyproject = root / "pyproject.toml"
    if pyproject.is_file() and 'name = "illumi-widgets"' in pyproject.read_text(encoding="utf-8"):
        with tempfile.TemporaryDirectory() as tmp:
            _run([str(python or sys.executable), "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                  "--disable-pip-version-check", "-q", "-w", tmp, str(root)],
                 "build this package's wheel", env={**os.environ, "ILLUMI_JS_BUILD": "0"})
            got = sorted(Path(tmp).glob("illumi_widgets-*.whl"))
            if not got:
                raise LiteBuildError("pip wheel wrote no illumi_widgets wheel")
            if not got[0].name.endswith("-none-any.whl"):
                raise LiteBuildError(f"the package's wheel {got[0].name} is not pure Python (unset "
                                     "ILLUMI_WIDGETS_COMPILE): the browser runs pure-Python wheels only")
            final = dest / got[0].name
            shutil.copyfile(got[0], final)
            return final
    return _repack_installed(pkg, dest)


def _repack_installed(pkg: Path, dest: Path) -> Path:
    import importlib.metadata as md

    dist = md.distribution("illumi-widgets")
    version = dist.version
    info = f"illumi_widgets-{version}.dist-info"
    out = dest / f"illumi_widgets-{version}-py3-none-any.whl"
    records = []
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for p in sorted(pkg.rglob("*")):
            rel = p.relative_to(pkg.parent).as_posix()
            if p.is_dir() or "__pycache__" in p.parts or p.suffix in (".pyc", ".so", ".pyd", ".c"):
                continue
            z.write(p, rel)
            records.append(rel)
        z.writestr(f"{info}/METADATA", dist.read_text("METADATA") or "")
        z.writestr(f"{info}/WHEEL", "Wheel-Version: 1.0\nGenerator: illumi_widgets.lite\nRoot-Is-Purelib: "
                                    "true\nTag: py3-none-any\n")
        z.writestr(f"{info}/RECORD", "".join(f"{r},,\n" for r in [*records, f"{info}/METADATA",
                                                                   f"{info}/WHEEL", f"{info}/RECORD"]))
    return out
