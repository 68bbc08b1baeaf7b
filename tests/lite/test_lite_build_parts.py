"""The site builder's parts that need no network (cheap): the lock's closure and entries, the cleaned
tutorials, and the sentences a failed build says."""

from __future__ import annotations

import json
import zipfile

import pytest

from illumi_widgets.lite import LiteBuildError, fetch
from illumi_widgets.lite.lock import closure, wheel_entry
from illumi_widgets.lite.site import _clean_notebook


def test_closure_follows_the_lock_dependencies():
    packages = {"ipython": {"depends": ["traitlets", "Prompt_Toolkit"]}, "traitlets": {"depends": []},
                "prompt-toolkit": {"depends": ["wcwidth"]}, "wcwidth": {"depends": []},
                "numpy": {"depends": []}}
    assert closure(packages, ["IPython"]) == ["ipython", "prompt-toolkit", "traitlets", "wcwidth"]


def test_a_wheel_entry_names_its_imports_and_plain_requirements(tmp_path):
    whl = tmp_path / "demo_pkg-1.2.0-py3-none-any.whl"
    with zipfile.ZipFile(whl, "w") as z:
        z.writestr("demo_pkg/__init__.py", "")
        z.writestr("demo_single.py", "")
        z.writestr("demo_pkg-1.2.0.dist-info/METADATA", "Name: demo-pkg\nRequires-Dist: anywidget>=0.9\n"
                   "Requires-Dist: pandas>=2; extra == 'analysis'\nRequires-Dist: Traitlets (>=5)\n")
    entry = wheel_entry(whl)
    assert (entry["name"], entry["version"], entry["file_name"]) == ("demo-pkg", "1.2.0", whl.name)
    assert entry["imports"] == ["demo_pkg", "demo_single"]
    assert entry["depends"] == ["anywidget", "traitlets"]  # the extra's requirement is not loaded
    assert len(entry["sha256"]) == 64


def test_tutorials_go_in_without_outputs(tmp_path):
    src = tmp_path / "01_demo.ipynb"
    src.write_text(json.dumps({"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# Demo game\n", "text"]},
        {"cell_type": "code", "metadata": {}, "execution_count": 4, "source": ["board"],
         "outputs": [{"output_type": "stream", "name": "stdout", "text": "old"}]}],
        "metadata": {"widgets": {"x": 1}}, "nbformat": 4, "nbformat_minor": 5}))
    dest = tmp_path / "out.ipynb"
    assert _clean_notebook(src, dest) == "Demo game"
    nb = json.loads(dest.read_text())
    assert nb["cells"][1]["outputs"] == [] and nb["cells"][1]["execution_count"] is None
    assert nb["metadata"]["widgets"] == {} and nb["metadata"]["kernelspec"]["name"] == "python"


def test_no_npm_and_no_cached_runtime_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.setenv("ILLUMI_LITE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(fetch.shutil, "which", lambda _name: None)
    with pytest.raises(LiteBuildError, match=r"npm was not found.*Install Node.js.*pyodide-314.0.6.tgz into"):
        fetch.pyodide_core("314.0.6", tmp_path / "out", ("pyodide.mjs",))


def test_a_build_never_replaces_a_folder_that_is_not_a_site(tmp_path, monkeypatch):
    import illumi_widgets.lite.site as site
    from illumi_widgets import lite

    class FakeTools:  # (no tools environment made: the refusal comes first)
        labextensions = tmp_path

        def pyodide_version(self):
            return lite.PYODIDE_VERSION

    monkeypatch.setattr(site, "tools", lambda pins, log: FakeTools())
    monkeypatch.setattr(site, "_labextensions", lambda _root: {})
    precious = tmp_path / "home"
    precious.mkdir()
    (precious / "thesis.txt").write_text("keep me")
    with pytest.raises(LiteBuildError, match="is not a site built before"):
        lite.build(precious, log=lambda *_: None)
    assert (precious / "thesis.txt").read_text() == "keep me"


def test_a_chart_line_is_left_out_of_the_site_copy_with_a_note(tmp_path):
    src = tmp_path / "03_demo.ipynb"
    src.write_text(json.dumps({"cells": [
        {"cell_type": "code", "id": "a1", "metadata": {}, "execution_count": 1, "outputs": [],
         "source": ["result = evaluate(bots)\n", "print(result)\n", "result.chart()"]},
        {"cell_type": "code", "id": "b2", "metadata": {}, "execution_count": 2, "outputs": [],
         "source": ["result.chart()\n"]},
        {"cell_type": "code", "id": "c3", "metadata": {}, "execution_count": 3, "outputs": [],
         "source": ["chart = result.summary()"]}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    dest = tmp_path / "out.ipynb"
    _clean_notebook(src, dest)
    cells = json.loads(dest.read_text())["cells"]
    assert [c["cell_type"] for c in cells] == ["code", "markdown", "markdown", "code"]
    assert "".join(cells[0]["source"]) == "result = evaluate(bots)\nprint(result)"
    assert "matplotlib" in cells[1]["source"][0] and cells[1]["id"] == "a1-note"
    assert "".join(cells[3]["source"]) == "chart = result.summary()"  # (not a chart drawn: kept)
    assert len({c["id"] for c in cells}) == 4


def test_the_landing_page_says_which_notebooks_are_not_there_and_why():
    from illumi_widgets.lite.site import _landing

    page = _landing([("01_demo.ipynb", "Demo", "A game.")],
                    {"illumi-widgets": "1", "jupyterlite-core": "2", "pyodide": "3"}, "<script></script>",
                    ["Simulation at scale", "Research"])
    assert '<p id="not-here">2 notebooks of the project are not here: <em>Simulation at scale</em>, ' in page
    assert "NumPy and pandas" in page and "PyPI or npm" in page


def _fake_tree(tmp_path, monkeypatch):
    import illumi_widgets.lite.site as site

    nbs = tmp_path / "nbs"
    nbs.mkdir()
    (nbs / "01_demo.ipynb").write_text("{}")
    monkeypatch.setenv("ILLUMI_LITE_CACHE", str(tmp_path / "cache"))
    builds = []

    def fake_build(out, **kwargs):
        out.mkdir(parents=True)
        (out / "jupyter-lite.json").write_text("{}")
        builds.append(out)
        return {"out": str(out), "bytes": 1, "files": 1, "packages": 0, "seconds": 0.1, "notebooks": []}

    monkeypatch.setattr(site, "build_site", fake_build)
    return site, nbs, builds


def test_the_cached_site_is_built_once_and_again_when_a_tutorial_changes(tmp_path, monkeypatch):
    site, nbs, builds = _fake_tree(tmp_path, monkeypatch)
    args = {"notebooks": nbs, "tutorials": ("01_demo",), "pins": {"x": "1"}, "log": lambda *_: None}
    first = site.cached_build(**args)
    again = site.cached_build(**args)
    assert len(builds) == 1 and again["cached"] and not first["cached"]
    assert again["out"] == first["out"] and (tmp_path / "cache" / "sites" / first["key"] / "site").is_dir()
    (nbs / "01_demo.ipynb").write_text('{"cells": []}')
    changed = site.cached_build(**args)
    assert len(builds) == 2 and changed["key"] != first["key"]
    assert site.cached_build(**{**args, "pins": {"x": "2"}})["key"] not in (first["key"], changed["key"])


def test_a_left_out_notebook_is_named_by_its_heading_without_its_number(tmp_path):
    from illumi_widgets.lite.site import _title

    nb = tmp_path / "07_demo.ipynb"
    heading = {"cell_type": "markdown", "source": ["# 07 — Analysis on the board\n"]}
    nb.write_text(json.dumps({"cells": [heading]}))
    assert _title(nb) == "Analysis on the board"
    assert _title(tmp_path / "08_absent.ipynb") == "08_absent"


def test_bytecode_replaces_a_dependency_source_and_sits_beside_the_package_source(tmp_path):
    from illumi_widgets.lite.bytecode import _repack

    whl = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(whl, "w") as z:
        z.writestr("demo/__init__.py", "X = 1\n")
        z.writestr("demo/data.json", "{}")
        z.writestr("demo-1.0.dist-info/RECORD", "demo/__init__.py,sha256=x,6\ndemo/data.json,,\n")
    for legacy, sourceless in ((True, True), (False, False)):
        src = tmp_path / f"src{legacy}"
        with zipfile.ZipFile(whl) as z:
            infos = z.infolist()
            z.extractall(src)
        pyc = src / ("demo/__init__.pyc" if legacy else "demo/__pycache__/__init__.cpython-314.pyc")
        pyc.parent.mkdir(exist_ok=True)
        pyc.write_bytes(b"bytecode")
        out = tmp_path / f"out{legacy}.whl"
        _repack(src, infos, out, record="demo-1.0.dist-info/RECORD", sourceless=sourceless)
        with zipfile.ZipFile(out) as z:
            names = set(z.namelist())
            record = z.read("demo-1.0.dist-info/RECORD").decode()
            assert z.read(pyc.relative_to(src).as_posix()) == b"bytecode"
        assert "demo/data.json" in names and pyc.relative_to(src).as_posix() in record
        # a dependency's source gives way to its bytecode; this package's stays beside it (tracebacks)
        assert ("demo/__init__.py" in names) is not sourceless
        assert ("demo/__init__.py," in record) is not sourceless


def test_no_node_says_what_to_do(tmp_path, monkeypatch):
    from illumi_widgets.lite import bytecode

    monkeypatch.setattr(bytecode.shutil, "which", lambda _name: None)
    with pytest.raises(LiteBuildError, match=r"node \(Node.js\) was not found.*Install Node.js"):
        bytecode._node(tmp_path, tmp_path, [])
