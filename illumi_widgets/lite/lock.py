"""The site's Pyodide lock: what the kernel loads at start, every file beside the lock, hashes that match.

In the browser Pyodide loads each package of its lock (``pyodide-lock.json``) from the lock's own folder.
The npm package ``pyodide`` holds the runtime but none of those packages, so :func:`patch_lock` puts beside
the lock the pure-Python wheels the kernel loads at start (taken from PyPI at the lock's versions, whose
files hash differently from Pyodide's repacked ones: each entry's ``sha256`` is rewritten to the file's),
adds entries for the wheels that are not in Pyodide's lock (the kernel's own, the package and its runtime
dependencies) and drops every entry whose file is not there, so a missing package is a plain
``ModuleNotFoundError`` rather than a failed download.  The kernel is then told to load all of them before
the first cell (``loadPyodideOptions.packages``): the package starts ready, with no install cell.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import zipfile
from pathlib import Path

from .fetch import LiteBuildError, pip_wheel, wheel_name

__all__ = ["closure", "patch_lock", "wheel_entry"]


def _canon(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def closure(packages: dict, names) -> list[str]:
    """``names`` and everything they depend on in the lock's ``packages``, sorted."""
    index = {_canon(k): k for k in packages}
    seen: set[str] = set()
    todo = [_canon(n) for n in names]
    while todo:
        n = todo.pop()
        if n in seen or n not in index:
            continue
        seen.add(n)
        todo.extend(_canon(d) for d in packages[index[n]].get("depends", []))
    return sorted(index[n] for n in seen)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def wheel_entry(path: Path) -> dict:
    """A lock entry for a pure-Python wheel: its name, version, top-level imports and requirements (the
    unconditional ``Requires-Dist`` ones, which the lock's ``depends`` lists)."""
    name, version = wheel_name(path)
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        meta = next((n for n in names if n.endswith(".dist-info/METADATA")), None)
        text = z.read(meta).decode("utf-8") if meta else ""
    tops = sorted({n.split("/")[0].removesuffix(".py") for n in names
                   if "/" in n or n.endswith(".py")} - {n.split("/")[0] for n in names if ".dist-info/" in n
                                                        or ".data/" in n})
    depends = []
    for line in text.splitlines():
        if line.startswith("Requires-Dist:"):
            req = line.split(":", 1)[1].strip()
            if ";" in req:  # an extra or a marker: not needed to run
                continue
            depends.append(_canon(re.split(r"[\s<>=!~\[(]", req, maxsplit=1)[0]))
    return {"name": name, "version": version, "file_name": path.name, "install_dir": "site",
            "sha256": _sha256(path), "package_type": "package",
            "imports": [t for t in tops if t.isidentifier()], "depends": depends, "unvendored_tests": False}


def patch_lock(folder: Path, start: list[str], extra_wheels: list[Path], omit_depends=()) -> dict:
    """Rewrite ``folder/pyodide-lock.json`` so that ``start`` (lock names) and ``extra_wheels`` load from
    ``folder`` (see the module docstring); returns the new lock.  ``omit_depends``: requirements of the
    extra wheels that the browser does not need (a classic-notebook or JupyterLab extension's files)."""
    lock_path = folder / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    packages = lock["packages"]
    extra = {}
    for whl in extra_wheels:
        entry = wheel_entry(whl)
        entry["depends"] = [d for d in entry["depends"] if d not in omit_depends]
        extra[entry["name"]] = entry
        shutil.copyfile(whl, folder / whl.name)
    wanted = set(start)
    for entry in extra.values():
        wanted.update(d for d in entry["depends"] if d not in extra)
    keep = {}
    for key in closure(packages, wanted):
        pkg = dict(packages[key])
        if not pkg["file_name"].endswith("-none-any.whl"):
            raise LiteBuildError(f"the kernel needs {pkg['name']} {pkg['version']}, which Pyodide builds for "
                                 "the browser (not pure Python): it cannot be taken from PyPI")
        whl = pip_wheel(pkg["name"], pkg["version"])
        shutil.copyfile(whl, folder / whl.name)
        pkg.update(file_name=whl.name, sha256=_sha256(whl))
        keep[key] = pkg
    for name, entry in extra.items():
        keep[name] = entry
    missing = {d for e in keep.values() for d in e.get("depends", []) if _canon(d) not in
               {_canon(k) for k in keep}}
    if missing:
        raise LiteBuildError(f"the site's packages need {', '.join(sorted(missing))}, which neither "
                             "Pyodide's lock nor the site's wheels provide")
    lock["packages"] = dict(sorted(keep.items()))
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    return lock
