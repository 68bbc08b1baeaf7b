"""Assemble and build the static site (see :mod:`illumi_widgets.lite`)."""

from __future__ import annotations

import hashlib
import html
import importlib.metadata as md
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import fetch
from .bytecode import precompile
from .fetch import LiteBuildError
from .lock import patch_lock
from .tools import tools

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: the front-end extensions the site needs (the kernel's from the tools environment, the others from this one)
EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget")
#: the kernel's own wheels (in its extension's static/pypi), loaded at start like the lock's packages
KERNEL_WHEELS = ("ipykernel", "piplite", "pyodide_kernel")
#: the browser does not need these requirements of ipywidgets (the front end comes as extensions)
OMIT = ("widgetsnbextension", "jupyterlab-widgets")


def _labextensions(tools_dir: Path) -> dict[str, Path]:
    """``{extension: its folder}``: the kernel's from the tools environment, ipywidgets' and anywidget's from
    this environment (where the package's own requirements installed them)."""
    here = [Path(b) / "share" / "jupyter" / "labextensions" for b in (sys.prefix, sys.base_prefix)]
    roots = [tools_dir, *here]
    found = {}
    for e in EXTENSIONS:
        for root in roots:
            if (root / e / "package.json").is_file():
                found[e] = root / e
                break
        else:
            raise LiteBuildError(f"the front-end extension {e} was not found (looked in "
                                 f"{', '.join(map(str, roots))}): is illumi_widgets installed with its "
                                 "requirements in this environment?")
    return found


def _kernel_wheels(kernel_ext: Path) -> list[Path]:
    pypi = kernel_ext / "static" / "pypi"
    wheels = [w for w in sorted(pypi.glob("*.whl")) if w.name.split("-")[0] in KERNEL_WHEELS]
    if len(wheels) != len(KERNEL_WHEELS):
        raise LiteBuildError(f"the Pyodide kernel's own wheels are missing from {pypi}")
    return wheels


#: a line that only draws a chart (``result.chart()``, ``evaluation.charts()``): matplotlib is not in the site
CHART_LINE = re.compile(r"^\s*[A-Za-z_]\w*\.(chart|charts|length_chart|seat_chart)\(\)\s*;?\s*$")
CHART_NOTE = ("*In this browser site the chart is left out: it is drawn with matplotlib, which the site "
              "cannot carry (see its landing page). Run the notebook in JupyterLab to see it.*")


def _clean_notebook(src: Path, dest: Path) -> str:
    """Copy a notebook without outputs (a learner runs it); returns its title (first heading).  A line
    that only draws a chart is left out of the copy, with a note after its cell (:data:`CHART_LINE`)."""
    nb = json.loads(src.read_text(encoding="utf-8"))
    title = src.stem
    cells = []
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
            lines = "".join(cell.get("source", [])).splitlines(keepends=True)
            kept = [line for line in lines if not CHART_LINE.match(line)]
            if len(kept) != len(lines):
                note = {"cell_type": "markdown", "metadata": {}, "source": [CHART_NOTE]}
                if "id" in cell:  # (nbformat 4.5: every cell has an id of its own)
                    note["id"] = f"{cell['id']}-note"[:64]
                if "".join(kept).strip():
                    cell["source"] = "".join(kept).rstrip("\n").splitlines(keepends=True)
                    cells.extend([cell, note])
                else:
                    cells.append(note)
                continue
        elif cell.get("cell_type") == "markdown" and title == src.stem:
            for line in "".join(cell.get("source", [])).splitlines():
                if line.startswith("#"):
                    title = line.lstrip("#").strip()
                    break
        cells.append(cell)
    nb["cells"] = cells
    nb.setdefault("metadata", {})["widgets"] = {}
    nb["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                    "language": "python"}
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return title


#: the project's notebooks left out of the site (they need pandas and NumPy: see :data:`NOT_HERE`)
LEFT_OUT = ("06_simulation", "07_analysis", "08_research")
NOT_HERE = ("They need NumPy and pandas, which are compiled programs: Pyodide's builds of them for the "
            "browser (WebAssembly) are not published on PyPI or npm for this Pyodide release, so the site "
            "cannot carry them without fetching them from another server while you play, and this site asks "
            "nothing of any other server. For the same reason the charts at the end of the bots tutorial "
            "(matplotlib) are left out here. Run these notebooks in JupyterLab on a computer with Python "
            "(pip install \"illumi-widgets[analysis]\").")


def _title(src: Path) -> str:
    """A notebook's first heading (its file name if it has none or is not there)."""
    try:
        nb = json.loads(src.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return src.stem
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", [])).splitlines():
                if line.startswith("#"):  # (without a leading number: "07 — Analysis" reads "Analysis")
                    return re.sub(r"^\d+\s*[—–-]\s*", "", line.lstrip("#").strip())
    return src.stem


def _landing(titles: list[tuple[str, str, str]], versions: dict, config: str, left_out=()) -> str:
    missing = ""
    if left_out:
        names = ", ".join(f"<em>{html.escape(t)}</em>" for t in left_out)
        missing = (f'<h2>Not in this site</h2>\n<p id="not-here">{len(left_out)} notebooks of the project '
                   f"are not here: {names}. {html.escape(NOT_HERE)}</p>")
    rows = "\n".join(
        f'    <li><a href="notebooks/index.html?path={html.escape(name)}">{html.escape(title)}</a>'
        f"<br><span>{html.escape(blurb)}</span></li>" for name, title, blurb in titles)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Play illumi_widgets in your browser</title>
{config}
<style>
 body {{ font-family: system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem;
        line-height: 1.5; color: #1b1b1b; background: #fbfaf7; }}
 h1 {{ font-size: 1.7rem; }} h2 {{ font-size: 1.2rem; margin-top: 2rem; }}
 li {{ margin: 0.8rem 0; }} a {{ font-size: 1.15rem; color: #0b4f9c; }}
 span {{ color: #444; }} footer {{ margin-top: 2.5rem; font-size: 0.85rem; color: #555; }}
</style>
</head>
<body>
<main>
<h1>Play illumi_widgets in your browser</h1>
<p>Board games of conspiracy and intrigue, each with a tutorial you play as you read. Everything runs in
this page: Python itself runs in your browser, so there is nothing to install and no account to make.
The first start takes about half a minute while Python loads; after that the boards answer at once.</p>
<p>Open a game, then run its cells from the top (Shift+Enter runs one cell; "Run All" in the Run menu runs
them all). Your changes stay in this browser only.</p>
<ul>
{rows}
</ul>
<p>Prefer the full JupyterLab? <a href="lab/index.html">Open JupyterLab</a> with the same notebooks.</p>
{missing}
</main>
<footer>Built with illumi_widgets {html.escape(versions["illumi-widgets"])}, JupyterLite
{html.escape(versions["jupyterlite-core"])} and Pyodide {html.escape(versions["pyodide"])}.</footer>
</body>
</html>
"""


BLURBS = {
    "01": "The cooperative-competitive game of secret societies: learn a turn, then play against bots.",
    "02": "The classic card game of world domination: build a power structure and attack other groups.",
    "03": "Bots of different strengths: watch them play and take a seat against them.",
    "04": "A game of hidden plots and secrets: lessons, then a whole game.",
    "05": "Bids, votes and influence behind the throne: lessons, then a whole game.",
}


def _tutorial_files(notebooks: Path | None, tutorials: tuple[str, ...]) -> list[Path]:
    if notebooks is None:
        notebooks = _package_dir().parent / "notebooks"
    return [Path(notebooks) / f"{t}.ipynb" for t in tutorials]


def _package_dir() -> Path:
    import illumi_widgets

    return Path(illumi_widgets.__file__).resolve().parent


#: the distributions whose files or front-end extensions go into the site from this environment
_FROM_HERE = ("anywidget", "ipywidgets", "jupyterlab_widgets")


def site_key(*, notebooks: Path | None, tutorials: tuple[str, ...], **settings) -> str:
    """A hash of everything a site is made of: every file of the package (its code, its front-end bundle,
    this builder), ``pyproject.toml`` beside it, the tutorials, the versions of the distributions the site
    takes from this environment and the build's ``settings`` (pins, runtime wheels, Pyodide files)."""
    h = hashlib.sha256()
    pkg = _package_dir()
    files = sorted(p for p in pkg.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                   and p.suffix not in (".pyc", ".so", ".pyd"))
    for p in files:
        h.update(p.relative_to(pkg).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    pyproject = pkg.parent / "pyproject.toml"
    if pyproject.is_file():
        h.update(b"pyproject\0" + pyproject.read_bytes())
    for p in _tutorial_files(notebooks, tutorials):
        h.update(p.name.encode() + b"\0" + (p.read_bytes() if p.is_file() else b"(absent)") + b"\0")
    here = {}
    for dist in _FROM_HERE:
        try:
            here[dist] = md.version(dist)
        except md.PackageNotFoundError:
            here[dist] = None
    h.update(json.dumps([here, settings, list(tutorials)], sort_keys=True, default=str).encode())
    return h.hexdigest()[:16]


#: how many built sites the cache keeps (the newest; each is about 40 MB)
KEEP_SITES = 3


def cached_build(*, notebooks: Path | None = None, tutorials: tuple[str, ...], log=print, **settings) -> dict:
    """The site in ``cache_dir()/sites/<site_key>``, built there if it is not (see
    :func:`illumi_widgets.lite.cached_site`); older sites beyond :data:`KEEP_SITES` are removed."""
    key = site_key(notebooks=notebooks, tutorials=tutorials, **settings)
    sites = fetch.cache_dir() / "sites"
    home = sites / key
    done = home / "figures.json"
    if done.is_file() and (home / "site" / "jupyter-lite.json").is_file():
        figures = json.loads(done.read_text(encoding="utf-8"))
        figures.update(out=str(home / "site"), cached=True)
        os.utime(done)  # (recently used: kept)
        return figures
    sites.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f"{key}.", dir=sites))
    try:
        figures = build_site(stage / "site", notebooks=notebooks, tutorials=tutorials, log=log, **settings)
        (stage / "figures.json").write_text(json.dumps({**figures, "key": key}, indent=1), encoding="utf-8")
        if home.exists():  # (a site left half made)
            shutil.rmtree(home)
        os.replace(stage, home)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    built = sorted((p for p in sites.iterdir() if (p / "figures.json").is_file()),
                   key=lambda p: (p / "figures.json").stat().st_mtime, reverse=True)
    for old in built[KEEP_SITES:]:
        shutil.rmtree(old, ignore_errors=True)
    return {**figures, "out": str(home / "site"), "key": key, "cached": False}


def build_site(out: Path, *, notebooks: Path | None = None, pins: dict, runtime: dict, pyodide: str,
               core_files: tuple[str, ...], start: tuple[str, ...], tutorials: tuple[str, ...],
               log=print) -> dict:
    """Build the site into ``out`` (replaced); returns figures (size, files, seconds)."""
    t0 = time.perf_counter()
    env = tools(pins, log)
    if env.pyodide_version() != pyodide:
        raise LiteBuildError(f"jupyterlite-pyodide-kernel expects Pyodide {env.pyodide_version()}, the "
                             f"site pins {pyodide}: update PYODIDE_VERSION in illumi_widgets/lite with it")
    srcs = _tutorial_files(notebooks, tutorials)
    absent = [p.name for p in srcs if not p.is_file()]
    if absent:
        raise LiteBuildError(f"the tutorials {', '.join(absent)} are not in {srcs[0].parent}: build from a "
                             "source checkout, or pass --notebooks with the folder of the project's "
                             "notebooks")
    exts = _labextensions(env.labextensions)
    out = Path(out).resolve()
    a_site = (out / "jupyter-lite.json").is_file()
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not a_site)):
        raise LiteBuildError(f"{out} exists and is not a site built before: give an empty or new folder "
                             "(a build replaces the whole folder)")
    with tempfile.TemporaryDirectory(prefix="illumi-lite-") as tmp:
        work = Path(tmp)
        lite = work / "lite"
        pyo = lite / "static" / "pyodide"
        log(f"Pyodide {pyodide} runtime (npm package pyodide) ...")
        fetch.pyodide_core(pyodide, pyo, core_files)
        log("this package's wheel ...")
        wheels = [fetch.own_wheel(work / "wheels", python=env.python)]
        log("runtime wheels from PyPI ...")
        wheels += [fetch.pip_wheel(n, v) for n, v in runtime.items()]
        wheels += _kernel_wheels(exts["@jupyterlite/pyodide-kernel-extension"])
        lock = patch_lock(pyo, list(start), wheels, omit_depends=OMIT)
        log("Python bytecode, compiled ahead by the site's own Python (Node.js) ...")
        precompile(pyo, own=(wheels[0].name,), log=log)
        preload = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython",
                   "illumi-widgets"]
        ext_stage = work / "labextensions"
        for e in EXTENSIONS:
            shutil.copytree(exts[e], ext_stage / e, ignore=shutil.ignore_patterns("*.map"))
        files = lite / "files"
        files.mkdir(parents=True)
        titles = []
        for src in srcs:
            title = _clean_notebook(src, files / src.name)
            titles.append((src.name, title, BLURBS.get(src.name[:2], "")))
        (lite / "jupyter-lite.json").write_text(json.dumps({
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "illumi_widgets",
                # window.jupyterapp: lets a test (or a teacher's script) drive the page
                "exposeAppInBrowser": True,
                "litePluginSettings": {KERNEL_PLUGIN: {"loadPyodideOptions": {"packages": preload},
                                                       "disablePyPIFallback": True}},
                # JupyterLab 4.6's default "contentVisibility" windowing throws in the page ("Cannot read
                # properties of null (reading 'observe')") when a notebook's cells change just after it is
                # detached (another tab shown): its IntersectionObserver is already gone. "defer" renders
                # every cell progressively, with no observer; these notebooks are short.
                "settingsOverrides": {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "defer"}},
            }}, indent=1), encoding="utf-8")
        (lite / "jupyter_lite_config.json").write_text(json.dumps({
            "LiteBuildConfig": {"ignore_sys_prefix": ["federated_extensions"], "no_sourcemaps": True,
                                "contents": ["files"], "apps": ["lab", "notebooks", "tree"],
                                "no_unused_shared_packages": True},
            "FederatedExtensionAddon": {"extra_labextensions_path": [str(ext_stage)]},
        }, indent=1), encoding="utf-8")
        built = work / "site"
        log("jupyter lite build ...")
        done = subprocess.run([str(env.python), "-m", "jupyterlite_core", "build", "--lite-dir", str(lite),
                               "--output-dir", str(built)], cwd=lite, capture_output=True, text=True)
        if done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
            raise LiteBuildError(f"jupyter lite build failed:\n{tail}")
        versions = {"illumi-widgets": md.version("illumi-widgets"),
                    "jupyterlite-core": pins["jupyterlite-core"], "pyodide": pyodide}
        # every app page reads the site's settings from the root page's config element: keep it
        found = re.search(r'<script id="jupyter-config-data".*?</script>',
                          (built / "index.html").read_text(encoding="utf-8"), re.S)
        if found is None:
            raise LiteBuildError("jupyter lite build wrote a root index.html without its configuration")
        left_out = [_title(srcs[0].parent / f"{n}.ipynb") for n in LEFT_OUT if n not in tutorials]
        (built / "index.html").write_text(_landing(titles, versions, found.group(0), left_out),
                                          encoding="utf-8")
        for junk in built.rglob("*.map"):
            junk.unlink()
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(built, out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    figures = {"out": str(out), "bytes": size, "files": sum(1 for p in out.rglob("*") if p.is_file()),
               "packages": len(lock["packages"]), "seconds": round(time.perf_counter() - t0, 1),
               "notebooks": [t[0] for t in titles]}
    log(f"site: {out} ({size / 1e6:.1f} MB, {figures['files']} files, {figures['packages']} Python packages "
        f"preloaded or available, {figures['seconds']} s)")
    return figures
