"""Hatch build hook: rebuild the front-end bundle when its sources changed, else ship the committed one.

``pyproject.toml`` declares ``[tool.hatch.build.hooks.custom] path = "js/hatch_build.py"``.

* If ``node`` and ``npm`` are on PATH and a file under ``js/src/`` (or the shared ``icons.json``, or
  ``js/package.json``) is newer than ``illumi_widgets/widget/static/widget.js``, run ``npm run build``
  (after ``npm ci`` when ``js/node_modules`` is missing).
* Otherwise, or when that build fails while a committed bundle exists, package the committed bundle:
  users never need Node.js.
* ``ILLUMI_JS_BUILD=0`` never builds; ``ILLUMI_JS_BUILD=1`` always builds (and fails loudly if it cannot).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

BUNDLE = Path("illumi_widgets", "widget", "static", "widget.js")
SOURCES = (Path("js", "src"), Path("illumi_widgets", "widget", "icons.json"), Path("js", "package.json"))


def newest_source_mtime(root: Path) -> float:
    newest = 0.0
    for rel in SOURCES:
        path = root / rel
        files = (
            [p for p in path.rglob("*") if p.is_file()] if path.is_dir() else [path] if path.exists() else []
        )
        for f in files:
            newest = max(newest, f.stat().st_mtime)
    return newest


def bundle_is_stale(root: Path) -> bool:
    bundle = root / BUNDLE
    if not bundle.exists():
        return True
    return newest_source_mtime(root) > bundle.stat().st_mtime


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

    def initialize(self, version: str, build_data: dict) -> None:
        root = Path(self.root)
        bundle = root / BUNDLE
        mode = os.environ.get("ILLUMI_JS_BUILD", "auto").strip().lower()
        has_node = shutil.which("node") is not None and shutil.which("npm") is not None
        has_sources = (root / "js" / "src").is_dir()
        want = mode in ("1", "true", "yes", "always") or (
            mode not in ("0", "false", "no", "never") and has_node and has_sources and bundle_is_stale(root)
        )
        if want:
            try:
                run_build(root, log=self.app.display_info)
            except (OSError, RuntimeError, subprocess.SubprocessError) as exc:
                if mode in ("1", "true", "yes", "always") or not bundle.exists():
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
