"""Play with nothing installed: a static JupyterLite site with every game's tutorial.

``python -m illumi_widgets.lite build --out site/`` builds a folder that any static
web host serves as it is (GitHub Pages, a school's web server, ``python -m http.server``).  A learner opens
its landing page, picks a game and runs the notebook: Python runs in the browser (Pyodide, in a JupyterLite
kernel), the package is loaded before the first cell, and the site asks nothing of any other server.

What the build does (each download is cached, see :func:`illumi_widgets.lite.fetch.cache_dir`):

* the Pyodide runtime: the core files of the npm package ``pyodide`` at :data:`PYODIDE_VERSION` (the
  kernel's own version) go to ``static/pyodide/``; the kernel is pointed at them (no CDN);
* the Pyodide lock: the pure-Python wheels the kernel loads at start, from PyPI at the lock's versions,
  beside the lock with its sha256 values rewritten to match, plus entries for the kernel's own wheels, this
  package and its runtime dependencies (:data:`RUNTIME`); all are loaded before the first cell
  (:mod:`illumi_widgets.lite.lock`), and piplite's PyPI fallback is off;
* the front-end extensions of the kernel (from the build tools' own environment, :mod:`.tools`: never
  installed beside JupyterLab), ipywidgets and anywidget (from this environment);
* the Python bytecode of the standard library and of every wheel, compiled ahead by the site's own Pyodide in
  Node.js (:mod:`illumi_widgets.lite.bytecode`): no kernel compiles what it imports at its start;
* the tutorials (:data:`TUTORIALS`, outputs cleared) and a landing page with a link per game.

Each notebook a learner opens starts a kernel of its own, which loads the same 30 MB of Pyodide, the lock's
wheels and the bytecode again: a host that lets the browser cache them (``Cache-Control`` and
``Last-Modified`` or ``ETag``, as GitHub Pages sends) serves every kernel after the first from the browser's
cache.
``python -m http.server`` sends ``Last-Modified`` only, which browsers cache for a while by their own rule.

The versions are pinned here and tested together (``tests/browser/test_lite_site.py``).  The notebooks
that need NumPy and pandas (simulation, analysis tables, research: :data:`.site.LEFT_OUT`) are left out, and
the landing page says so and why: those are compiled packages, and Pyodide's browser builds of them are on
neither PyPI nor npm for this Pyodide release (checked for 314.0.6: NumPy publishes no Pyodide wheel on PyPI;
pandas publishes them only for the 2024 Pyodide ABI, Python 3.12; the npm package ``pyodide`` holds the core
files only), so the site could only get them from a CDN at run time.  For the same reason a notebook line
that only draws a matplotlib chart is left out of the site's copy, with a note (:data:`.site.CHART_LINE`).
Built once, a site is kept in the build cache under a hash of what it is made of (:func:`cached_site`).
"""

from __future__ import annotations

from pathlib import Path

from .fetch import LiteBuildError, cache_dir

__all__ = ["JUPYTERLITE", "PYODIDE_VERSION", "RUNTIME", "TUTORIALS", "LiteBuildError", "build", "cache_dir",
           "cached_site"]

#: the build tools, installed in an environment of their own on the first build (:mod:`.tools`)
JUPYTERLITE = {"jupyterlite-core": "0.8.6", "jupyterlite-pyodide-kernel": "0.8.6"}
#: the Pyodide release jupyterlite-pyodide-kernel 0.8.6 runs (its ``constants.PYODIDE_VERSION``)
PYODIDE_VERSION = "314.0.6"
#: the files of the npm package ``pyodide`` the site needs
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
#: Pyodide-lock packages the kernel loads at start (their dependencies come along)
KERNEL_START = ("micropip", "ipython", "jedi")
#: this package's runtime dependencies that Pyodide's lock does not have: pure-Python wheels from PyPI
RUNTIME = {"anywidget": "0.11.0", "ipywidgets": "8.1.9", "comm": "0.2.3", "psygnal": "0.16.1"}
#: the notebooks in the site (notebooks/<name>.ipynb), in the landing page's order
TUTORIALS = ("01_pax_illuminaten", "02_illuminati", "04_primordial_secrets", "05_gray_eminence", "03_bots")


def build(out: str | Path, *, notebooks: str | Path | None = None, log=print) -> dict:
    """Build the site into ``out`` (replaced if it exists) and return its figures: ``{"out", "bytes",
    "files", "packages", "seconds", "notebooks"}``.  Raises :class:`LiteBuildError` with a sentence saying
    what is missing (a build tool, npm, the network on a first build, the notebooks)."""
    from .site import build_site

    return build_site(Path(out), notebooks=None if notebooks is None else Path(notebooks), pins=JUPYTERLITE,
                      runtime=RUNTIME, pyodide=PYODIDE_VERSION, core_files=PYODIDE_FILES, start=KERNEL_START,
                      tutorials=TUTORIALS, log=log)


def cached_site(*, notebooks: str | Path | None = None, log=print) -> dict:
    """The site for this package as it is now, built once into the build cache and reused while nothing it
    is made of changed (the package's files, the tutorials, the pinned versions: :func:`.site.site_key`);
    returns the same figures as :func:`build`, whose ``"out"`` is the cached folder (serve it, never write
    into it).  A test or a teacher's preview calls this instead of rebuilding the same site."""
    from .site import cached_build

    return cached_build(notebooks=None if notebooks is None else Path(notebooks), pins=JUPYTERLITE,
                        runtime=RUNTIME, pyodide=PYODIDE_VERSION, core_files=PYODIDE_FILES,
                        start=KERNEL_START, tutorials=TUTORIALS, log=log)
