"""Python bytecode compiled ahead for the site, by the site's own Python, so no kernel compiles it at start.

Every kernel the site starts is a new Pyodide, and Pyodide writes no bytecode (``sys.dont_write_bytecode``):
whatever it imports from source it compiles again, in every kernel.  The npm package ``pyodide`` ships its
standard library as source, and the wheels from PyPI are source too, so a kernel's start compiled the parts of
the standard library, IPython, jedi, prompt_toolkit and this package that it imports: measured in Node.js on
Pyodide 314.0.6, importing IPython took 8.2 s of CPU from source and 3.8 s with its wheels' bytecode.

So the build runs the site's own Pyodide once, in Node.js (:func:`precompile`), and compiles with it:

* the standard library zip and the wheels from PyPI: each module's bytecode takes the place of its source
  (``os.pyc`` for ``os.py``), as in Pyodide's own distribution, so the site is not larger by both (their
  tracebacks show no source lines, as with Pyodide's own packages);
* this package's wheel: each module's bytecode in its ``__pycache__``, beside its source (a learner's
  traceback through the package shows its lines).

The bytecode is *unchecked-hash* (PEP 552): used without comparing it with the source.  Compiled by the site's
own interpreter, its version is the kernel's exactly (bytecode is only read by the Python version that wrote
it).  Compiled files of the standard library and of the
wheels from PyPI are cached (:func:`illumi_widgets.lite.fetch.cache_dir`) under their source's hash: a later
build compiles only this package.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from .fetch import LiteBuildError, cache_dir

__all__ = ["precompile"]

#: the standard library zip of the npm package ``pyodide``
STDLIB = "python_stdlib.zip"

# Node.js: load the site's Pyodide, mount the host folder, compile each listed tree there (legacy: the
# bytecode in the source's place; else in __pycache__). Prints the interpreter's tag.
_NODE = r"""
const [pyodideDir, hostDir, jobs] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.mountNodeFS("/host", hostDir);
py.globals.set("jobs", jobs);
const out = py.runPython(`
import compileall, json, py_compile, sys
failed = []
for path, legacy in json.loads(jobs):
    ok = compileall.compile_dir("/host/" + path, quiet=2, legacy=legacy, workers=1,
                                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    if not ok:
        failed.append(path)
json.dumps({"tag": sys.implementation.cache_tag, "version": sys.version.split()[0], "failed": failed})
`);
console.log(out);
"""


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _node(pyodide_dir: Path, host: Path, jobs: list[tuple[str, bool]]) -> dict:
    node = shutil.which("node")
    if node is None:
        raise LiteBuildError("node (Node.js) was not found, and the build needs it to run the site's own "
                             "Python once, to compile the site's Python bytecode ahead. Install Node.js "
                             "(which brings npm) and build again.")
    script = host / "compile.mjs"
    script.write_text(_NODE, encoding="utf-8")
    done = subprocess.run([node, str(script), str(pyodide_dir.resolve()), str(host), json.dumps(jobs)],
                          capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-8:])
        raise LiteBuildError(f"the site's Pyodide could not compile its Python bytecode in Node.js:\n{tail}")
    got = json.loads(done.stdout.strip().splitlines()[-1])
    if got["failed"]:
        raise LiteBuildError(f"the site's Pyodide could not compile {', '.join(got['failed'])}")
    return got


def _extract(archive: Path, dest: Path) -> list[zipfile.ZipInfo]:
    with zipfile.ZipFile(archive) as z:
        z.extractall(dest)
        return z.infolist()


def _repack(src: Path, infos: list[zipfile.ZipInfo], out: Path, *, record: str | None = None,
            sourceless: bool = False) -> None:
    """``out``: the zip of ``infos`` (taken from the folder ``src``) and every bytecode file compiled there;
    ``sourceless``: a source with its bytecode beside it is left out; ``record``: the wheel's RECORD (the
    bytecode is added to it, the sources left out are taken from it)."""
    names = {i.filename for i in infos}
    added = sorted(p.relative_to(src).as_posix() for p in src.rglob("*.pyc")
                   if p.relative_to(src).as_posix() not in names)
    dropped = {a[:-1] for a in added if sourceless and a[:-1] in names}
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in infos:
            if info.filename in dropped:
                continue
            if info.filename == record:
                lines = (src / record).read_text(encoding="utf-8").splitlines()
                kept = [line for line in lines if line.split(",")[0] not in dropped]
                z.writestr(info, "\n".join([*kept, *(f"{a},," for a in added)]) + "\n")
            elif info.is_dir():
                z.writestr(info, b"")
            else:
                z.writestr(info, (src / info.filename).read_bytes())
        for name in added:
            z.write(src / name, name)


def _record(infos: list[zipfile.ZipInfo]) -> str | None:
    return next((i.filename for i in infos if i.filename.endswith(".dist-info/RECORD")), None)


def precompile(pyodide_dir: Path, *, own: tuple[str, ...] = (), log=print) -> dict:
    """Compile the standard library zip and every wheel in ``pyodide_dir`` (the site's ``static/pyodide``)
    with the site's own Pyodide (see the module docstring), rewriting each lock entry's ``sha256`` to its
    new file; ``own``: wheel file names never taken from the cache (this package, built from the checkout).
    Returns ``{"tag", "files", "compiled"}`` (the interpreter's cache tag, the files with bytecode, how
    many of them were compiled now rather than taken from the cache)."""
    pyodide_dir = Path(pyodide_dir)
    store = cache_dir() / "bytecode"
    store.mkdir(parents=True, exist_ok=True)
    runtime = _sha(pyodide_dir / "pyodide.asm.wasm")[:12]
    targets = [pyodide_dir / STDLIB, *sorted(pyodide_dir.glob("*.whl"))]
    cached = {t: store / f"{runtime}-{_sha(t)[:16]}-{t.name}" for t in targets}
    todo = [t for t in targets if t.name in own or not cached[t].is_file()]
    tag = None
    if todo:
        with tempfile.TemporaryDirectory(prefix="illumi-pyc-") as tmp:
            host = Path(tmp)
            unpacked = {}
            for i, t in enumerate(todo):
                unpacked[t] = (f"t{i}", _extract(t, host / f"t{i}"))
            got = _node(pyodide_dir, host, [(d, t.name not in own) for t, (d, _) in unpacked.items()])
            tag = got["tag"]
            for t, (d, infos) in unpacked.items():
                record = None if t.name == STDLIB else _record(infos)
                made = host / f"{t.name}.new"
                _repack(host / d, infos, made, record=record, sourceless=t.name not in own)
                if t.name in own:
                    shutil.move(made, t)
                else:
                    part = cached[t].with_suffix(".part")
                    shutil.move(made, part)
                    os.replace(part, cached[t])
    for t in targets:
        if t.name not in own:
            shutil.copyfile(cached[t], t)
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    for pkg in lock["packages"].values():
        whl = pyodide_dir / pkg["file_name"]
        if whl.is_file():
            pkg["sha256"] = _sha(whl)
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    log(f"bytecode compiled ahead by the site's Python for {len(targets)} files ({len(todo)} compiled now)")
    return {"tag": tag, "files": len(targets), "compiled": len(todo)}
