"""The site's build tools in an environment of their own.

JupyterLite and its Pyodide kernel are never installed beside JupyterLab: the kernel's front-end extension
is built for JupyterLite's page, and a JupyterLab that finds it among its extensions tries to load it and
reports an error on every page ("Shared module @jupyterlite/services doesn't exist").  So the build runs
them from a virtual environment kept in the build cache (:func:`illumi_widgets.lite.fetch.cache_dir`),
made on the first build with the pinned versions and reused by every later one.  It also holds hatchling,
which builds this package's wheel from a source checkout.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import venv
from pathlib import Path

from .fetch import LiteBuildError, _run, cache_dir

__all__ = ["Tools", "tools"]

#: what the tools environment holds besides the pinned JupyterLite packages
EXTRA = ("jupyter_server>=2", "hatchling>=1.27")


class Tools:
    """The tools environment: its ``python`` and the folder of its front-end extensions."""

    def __init__(self, root: Path):
        self.root = root
        bindir = "Scripts" if os.name == "nt" else "bin"
        self.python = root / bindir / ("python.exe" if os.name == "nt" else "python")
        self.labextensions = root / "share" / "jupyter" / "labextensions"

    def pyodide_version(self) -> str:
        """The Pyodide release the installed kernel runs."""
        out = _run([str(self.python), "-c", "from jupyterlite_pyodide_kernel import constants; "
                    "print(constants.PYODIDE_VERSION)"], "read the Pyodide kernel's Pyodide version")
        return out.strip()


def tools(pins: dict, log=print) -> Tools:
    """The tools environment for ``pins`` (``{distribution: version}``), made if it is not there yet."""
    wanted = sorted([f"{name}=={version}" for name, version in pins.items()] + list(EXTRA))
    key = hashlib.sha256(json.dumps([wanted, sys.version_info[:2]]).encode()).hexdigest()[:12]
    env = Tools(cache_dir() / "tools" / key)
    done = env.root / "illumi-tools.json"
    if done.is_file() and env.python.is_file():
        return env
    if env.root.exists():  # an environment left half made by a build that was stopped
        shutil.rmtree(env.root)
    log("the build tools (JupyterLite, in an environment of their own; once) ...")
    try:
        venv.EnvBuilder(with_pip=True).create(env.root)
    except (OSError, RuntimeError, SystemExit) as exc:
        shutil.rmtree(env.root, ignore_errors=True)
        raise LiteBuildError(f"Could not make a virtual environment for the build tools in {env.root} "
                             f"({exc}). On Debian: apt-get install python3-venv") from None
    try:
        _run([str(env.python), "-m", "pip", "install", "-q", "--disable-pip-version-check", *wanted],
             "install the site's build tools (JupyterLite) into their own environment")
    except LiteBuildError:
        shutil.rmtree(env.root, ignore_errors=True)
        raise
    done.write_text(json.dumps({"installed": wanted}) + "\n", encoding="utf-8")
    return env
