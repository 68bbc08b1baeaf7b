"""The API reference (``python -m illumi_widgets.docs``): every public name is documented, and pdoc builds
the reference of the public modules without a single warning.

The public modules are those :func:`illumi_widgets.docs.public_module_names` finds (no underscore in the
name, ``__all__`` declared); the names are each one's ``__all__``.  A name's docstring is the one the
reference shows (pdoc's, with the ``#:`` comments and re-exported constants that the command fills in); a
class must have its own docstring, not one inherited from its base class or made up by ``@dataclass``.
"""

from __future__ import annotations

import inspect
import sys
import warnings

import pytest

from illumi_widgets import docs

pytest.importorskip("pdoc", reason="the [docs] extra (pdoc) is in the [test] extra")

#: modules a user imports by name; the list of public modules must hold them (it is found, not written)
CORE = {"illumi_widgets", "illumi_widgets.engine", "illumi_widgets.widget", "illumi_widgets.match",
        "illumi_widgets.bots", "illumi_widgets.rl", "illumi_widgets.serve", "illumi_widgets.analysis",
        "illumi_widgets.branch", "illumi_widgets.editor", "illumi_widgets.lessons", "illumi_widgets.docs"}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The reference written once for this module: (folder, pdoc's documentation objects, warnings)."""
    out = tmp_path_factory.mktemp("api")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        modules = docs.reference()
        problems = docs.write_reference(out, modules=modules)
    return out, modules, problems + [f"{w.category.__name__}: {w.message}" for w in caught]


def test_the_public_modules_are_found():
    names = docs.public_module_names()
    assert names[0] == "illumi_widgets"
    assert CORE <= set(names), CORE - set(names)
    assert not [n for n in names if any(part.startswith("_") for part in n.split("."))]
    assert len(names) == len(set(names))


def _own_class_docstring(cls: type) -> str:
    text = vars(cls).get("__doc__") or ""
    return "" if text.startswith(f"{cls.__name__}(") else text.strip()  # @dataclass's made-up signature


def test_every_public_name_has_a_docstring(built):
    _, modules, _ = built
    missing = []
    for name, doc in modules.items():
        module = sys.modules[name]
        if not doc.docstring.strip():
            missing.append(f"{name} (the module)")
        for attr in module.__all__:
            member = doc.get(attr)
            if member is None or not member.docstring.strip():
                missing.append(f"{name}.{attr}")
            elif inspect.isclass(obj := getattr(module, attr)) and not _own_class_docstring(obj):
                missing.append(f"{name}.{attr} (only an inherited or generated docstring)")
    assert not missing, "public names without a docstring:\n" + "\n".join(missing)


def test_the_reference_builds_without_warnings(built):
    out, modules, problems = built
    assert not problems, "pdoc warned:\n" + "\n".join(problems)
    assert (out / "index.html").is_file() and (out / "search.js").is_file()
    index = (out / "index.html").read_text(encoding="utf-8")
    for name in modules:
        page = out / f"{name.replace('.', '/')}.html"
        assert page.is_file(), page
        assert f'href="{name.replace(".", "/")}.html"' in index, name


def test_the_reference_shows_the_docstrings_the_check_reads(built):
    out, _, _ = built
    package = (out / "illumi_widgets.html").read_text(encoding="utf-8")
    assert "The seat number of the chance actor" in package  # CHANCE, re-exported from engine.action
    textfit = (out / "illumi_widgets" / "textfit.html").read_text(encoding="utf-8")
    assert "no text is drawn smaller than this many CSS px" in textfit  # a ``#:`` comment
    for page in out.rglob("*.html"):  # reST that pdoc would print as it is (``:class:`~a.B```, ``::``)
        html = page.read_text(encoding="utf-8")
        assert "~illumi_widgets." not in html and "<p>::</p>" not in html, page


def test_the_command_writes_the_reference_and_says_where(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(docs, "public_module_names", lambda: ["illumi_widgets.editor"])
    assert docs.main(["--out", str(tmp_path / "api")]) == 0
    assert (tmp_path / "api" / "illumi_widgets" / "editor.html").is_file()
    assert str(tmp_path / "api" / "index.html") in capsys.readouterr().out


def test_the_command_refuses_a_file_as_its_folder(tmp_path, capsys):
    target = tmp_path / "not-a-folder"
    target.write_text("x")
    assert docs.main(["--out", str(target)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
