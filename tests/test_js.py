"""Runs the front end's unit tests (``node --test`` + jsdom) from pytest.

Test files: ``js/test/**/*.test.js``, ``*.test.mjs`` or ``*.test.cjs``. ``js/node_modules`` is installed
first when it is missing or older than ``js/package-lock.json`` (``npm ci`` with a lock file, else
``npm install``).

The files run in ONE node process, in order (an entry module that imports each of them; ``node:test`` runs
the tests of every imported file and exits 1 if any failed), not ``node --test``'s process per file: eleven
of the files load jsdom, whose import alone costs 1.9 s of CPU, and the run took 40 s of CPU one process per
file against 14 s in one (the same 174 tests). ``cd js && npm test`` still runs them
a process per file.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

JS_DIR = Path(__file__).resolve().parent.parent / "js"
TEST_PATTERNS = ("*.test.js", "*.test.mjs", "*.test.cjs")


def _run(cmd: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "FORCE_COLOR": "0"}
    return subprocess.run(
        cmd, cwd=JS_DIR, env=env, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL
    )


def _ensure_node_modules() -> None:
    lock = JS_DIR / "package-lock.json"
    stamp = JS_DIR / "node_modules" / ".package-lock.json"  # written by npm on every install
    if stamp.exists() and (not lock.exists() or stamp.stat().st_mtime >= lock.stat().st_mtime):
        return
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail("npm not found: install Node.js and npm (Debian: apt-get install -y nodejs npm)")
    cmd = [npm, "ci" if lock.exists() else "install", "--no-audit", "--no-fund"]
    proc = _run(cmd, timeout=600)
    if proc.returncode != 0:
        pytest.fail(f"`{' '.join(cmd[1:])}` in js/ failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")


def test_js_unit_tests(tmp_path: Path) -> None:
    if not (JS_DIR / "package.json").exists():
        pytest.skip("js/package.json does not exist yet: no front end to test")
    node = shutil.which("node")
    if node is None:
        pytest.fail("node not found: install Node.js (Debian: apt-get install -y nodejs npm)")
    files = sorted(
        {p for pat in TEST_PATTERNS for p in (JS_DIR / "test").rglob(pat) if "node_modules" not in p.parts}
    )
    if not files:
        pytest.fail("no JS unit tests: expected js/test/*.test.js or js/test/*.test.mjs")
    _ensure_node_modules()

    entry = tmp_path / "all.test.mjs"
    entry.write_text("".join(f"await import({json.dumps(p.as_uri())});\n" for p in files), encoding="utf-8")
    cmd = [node, "--test-reporter=spec", str(entry)]
    proc = _run(cmd, timeout=300)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"the JS unit tests (one node process) exited {proc.returncode}:\n{output}"
    m = re.search(r"^(?:\S+\s+)?tests (\d+)\s*$", output, re.MULTILINE)
    assert m and int(m[1]) > 0, f"the JS unit tests ran none:\n{output}"
    print(output)
