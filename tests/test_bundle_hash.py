"""The front-end bundle is stale by CONTENT, never by file times (issue 34).

``js/build.mjs`` (``npm run build``) writes the sha256 of the bundle's sources on the bundle's first line;
``js/hatch_build.py`` computes the same hash and rebuilds only when they differ, so a fresh clone (arbitrary
file times) installs the committed bundle without node, npm or a network.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent


def _hook_module():
    path = REPO_ROOT / "js" / "hatch_build.py"
    spec = importlib.util.spec_from_file_location("illumi_hatch_build_hash", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


HOOK = _hook_module()


def _copy_tree(dest: Path) -> Path:
    """The sources, the bundle and js/build.mjs copied under ``dest`` (the same layout as the repository)."""
    for rel in (*HOOK.SOURCES, HOOK.BUNDLE, Path("js", "build.mjs")):
        src = REPO_ROOT / rel
        if src.is_dir():
            shutil.copytree(src, dest / rel)
        else:
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    return dest


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node not found: install Node.js (Debian: apt-get install -y nodejs npm)")
    return node


def test_the_committed_bundle_was_built_from_the_committed_sources() -> None:
    recorded = HOOK.recorded_hash(REPO_ROOT / HOOK.BUNDLE)
    assert recorded is not None, (
        f"{HOOK.BUNDLE} does not start with {HOOK.BANNER_PREFIX!r}: run `cd js && npm run build`")
    assert recorded == HOOK.sources_hash(REPO_ROOT), (
        "the sources changed since the bundle was built: run `cd js && npm run build` and commit the bundle")
    assert HOOK.bundle_is_stale(REPO_ROOT) is False


def test_the_hash_covers_every_source_file() -> None:
    files = HOOK.source_files(REPO_ROOT)
    assert files == sorted(files)
    assert "js/src/index.js" in files and "illumi_widgets/widget/icons.json" in files
    assert {"js/package.json", "js/package-lock.json"} <= set(files)
    assert all("\\" not in f for f in files)
    n_src = sum(1 for p in (REPO_ROOT / "js" / "src").rglob("*") if p.is_file())
    assert len(files) == n_src + 3


def test_file_times_do_not_make_the_bundle_stale(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    assert HOOK.bundle_is_stale(root) is False
    future = time.time() + 10 * 24 * 3600  # a fresh clone: every source newer than the bundle
    for rel in HOOK.source_files(root):
        os.utime(root / rel, (future, future))
    old = time.time() - 10 * 24 * 3600
    os.utime(root / HOOK.BUNDLE, (old, old))
    assert HOOK.bundle_is_stale(root) is False


def test_a_changed_byte_added_file_or_missing_line_makes_it_stale(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    src = root / "js" / "src" / "patch.js"
    data = src.read_bytes()
    src.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    assert HOOK.bundle_is_stale(root) is True
    src.write_bytes(data)
    assert HOOK.bundle_is_stale(root) is False
    (root / "js" / "src" / "extra.js").write_text("export const x = 1;\n")
    assert HOOK.bundle_is_stale(root) is True
    (root / "js" / "src" / "extra.js").unlink()
    lock = root / "js" / "package-lock.json"
    lock.write_bytes(lock.read_bytes() + b"\n")
    assert HOOK.bundle_is_stale(root) is True
    shutil.copy2(REPO_ROOT / "js" / "package-lock.json", lock)
    bundle = root / HOOK.BUNDLE
    body = bundle.read_bytes().split(b"\n", 1)[1]
    bundle.write_bytes(body)  # a bundle built without the line
    assert HOOK.recorded_hash(bundle) is None
    assert HOOK.bundle_is_stale(root) is True
    bundle.unlink()
    assert HOOK.bundle_is_stale(root) is True


def test_node_and_python_compute_the_same_hash(tmp_path: Path) -> None:
    node = _node()
    root = _copy_tree(tmp_path)
    for tree in (REPO_ROOT, root):
        out = subprocess.run([node, str(tree / "js" / "build.mjs"), "--hash"], capture_output=True, text=True,
                             timeout=120, check=True, stdin=subprocess.DEVNULL)
        assert out.stdout.strip() == HOOK.sources_hash(tree)
    (root / "js" / "src" / "sub").mkdir()
    (root / "js" / "src" / "sub" / "Zeta ü.js").write_bytes(b"// \xc3\xbc\r\n")  # nested, non-ASCII, CRLF
    out = subprocess.run([node, str(root / "js" / "build.mjs"), "--hash"], capture_output=True, text=True,
                         timeout=120, check=True, stdin=subprocess.DEVNULL)
    assert out.stdout.strip() == HOOK.sources_hash(root) != HOOK.sources_hash(REPO_ROOT)


def test_the_build_writes_the_hash_line_and_makes_the_committed_bundle(tmp_path: Path) -> None:
    node = _node()
    if not (REPO_ROOT / "js" / "node_modules" / "esbuild").is_dir():
        pytest.skip("js/node_modules is not installed (tests/test_js.py installs it)")
    out = tmp_path / "widget.js"
    subprocess.run([node, str(REPO_ROOT / "js" / "build.mjs"), "--outfile", str(out)], capture_output=True,
                   text=True, timeout=300, check=True, stdin=subprocess.DEVNULL)
    built = out.read_bytes()
    first = built.split(b"\n", 1)[0].decode()
    assert first == HOOK.BANNER_PREFIX + HOOK.sources_hash(REPO_ROOT)
    committed = (REPO_ROOT / HOOK.BUNDLE).read_bytes()
    assert built == committed, "the committed bundle is not what `npm run build` makes from the sources"


class _App:
    def __init__(self) -> None:
        self.said: list[str] = []

    def display_info(self, text: str) -> None:
        self.said.append(text)

    display_warning = display_info


def _hook(root: Path):
    return HOOK.CustomBuildHook(str(root), {}, None, None, str(root / "dist"), "wheel", app=_App())


@pytest.mark.parametrize("mode, stale, builds", [
    ("", False, False),  # auto, the committed bundle matches: no npm at all (a fresh clone)
    ("", True, True),  # auto, a source changed: rebuilt
    ("0", True, False),  # never
    ("1", False, True),  # always
])
def test_the_hook_builds_only_when_the_content_differs(tmp_path: Path, monkeypatch, mode, stale, builds):
    root = _copy_tree(tmp_path)
    future = time.time() + 3600
    for rel in HOOK.source_files(root):
        os.utime(root / rel, (future, future))
    if stale:
        (root / "js" / "src" / "index.js").write_text("// changed\n", encoding="utf-8")
    calls = []
    monkeypatch.setattr(HOOK, "run_build", lambda r, log=print: calls.append(r))
    monkeypatch.setattr(HOOK.shutil, "which", lambda name: f"/usr/bin/{name}")  # node and npm "present"
    monkeypatch.setenv("ILLUMI_JS_BUILD", mode)
    data: dict = {}
    _hook(root)._build_js(data)
    assert calls == ([root] if builds else [])
    assert data["artifacts"] == [HOOK.BUNDLE.as_posix()]
