"""The API reference, generated from the docstrings by pdoc.

    pip install "illumi-widgets[docs]"
    python -m illumi_widgets.docs --out api        # then open api/index.html
    python -m illumi_widgets.docs                  # into a new temporary folder

The reference covers the public modules: every module whose dotted name has no part starting with an
underscore and that declares ``__all__`` (found by reading the sources, see :func:`public_module_names`).
Each page shows the names of that module's ``__all__``.  The command prints where ``index.html`` is, prints
any warning pdoc gave (a name in ``__all__`` that does not resolve, an annotation it cannot read) and exits
with status 1 when there was one; the test suite (tests/test_docstrings.py) requires none, and a docstring
for every public name.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import importlib.util
import re
import sys
import tempfile
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pdoc.doc

__all__ = ["main", "public_module_names", "reference", "write_reference"]

PACKAGE = "illumi_widgets"
_ROOT = Path(__file__).resolve().parent
_INSTALL_HINT = 'The API reference needs pdoc: pip install "illumi-widgets[docs]"'


def _declares_all(tree: ast.Module) -> bool:
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, ast.AnnAssign) else [])
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            return True
    return False


def public_module_names() -> list[str]:
    """The public modules' dotted names, the package first, then in alphabetical order.

    A module is public when no part of its name starts with an underscore and its source declares
    ``__all__``.  The sources are read, not imported.
    """
    names = []
    for path in sorted(_ROOT.rglob("*.py")):
        parts = list(path.relative_to(_ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if any(part.startswith("_") for part in parts):
            continue
        text = path.read_text(encoding="utf-8")
        if "__all__" in text and _declares_all(ast.parse(text, str(path))):
            names.append(".".join(parts))
    return sorted(names, key=lambda name: (name != PACKAGE, name))


def _import_public(name: str):
    """Import a module and bind the names of its ``__all__`` that it loads on first use."""
    module = importlib.import_module(name)
    for attr in module.__all__:
        if attr not in vars(module):  # a lazy name (a module-level __getattr__): pdoc reads vars()
            setattr(module, attr, getattr(module, attr))
    return module


def _origin(module_name: str, name: str) -> str | None:
    """The package module that ``module_name`` imports ``name`` from, or None."""
    spec = importlib.util.find_spec(module_name)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None
    package = module_name if spec.submodule_search_locations else module_name.rpartition(".")[0]
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and any(alias.asname is None and alias.name == name
                                                     for alias in node.names):
            source = importlib.util.resolve_name("." * node.level + (node.module or ""), package)
            if source == PACKAGE or source.startswith(PACKAGE + "."):
                return source
    return None


def _comment_docstrings(module_name: str) -> dict[str, str]:
    """The ``#:`` comments of a module's top-level variables (the Sphinx convention, which pdoc does not
    read): the comment lines just above the assignment, or one at the end of its line."""
    spec = importlib.util.find_spec(module_name)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return {}
    text = Path(spec.origin).read_text(encoding="utf-8")
    lines = text.splitlines()
    found = {}
    for node in ast.parse(text).body:
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, ast.AnnAssign) else [])
        names = [t.id for t in targets if isinstance(t, ast.Name)]
        if not names:
            continue
        above = []
        row = node.lineno - 2
        while row >= 0 and lines[row].lstrip().startswith("#:"):
            above.insert(0, lines[row].lstrip()[2:].strip())
            row -= 1
        _, mark, after = lines[node.end_lineno - 1].partition("  #: ")
        doc = "\n".join(above) if above else (after.strip() if mark else "")
        for name in names:
            if doc:
                found[name] = doc
    return found


def _variable_docstring(module_name: str, name: str, depth: int = 0) -> str:
    """A variable's docstring (or ``#:`` comment) where it is written; a re-exported one is followed to
    the module it comes from."""
    import pdoc.doc

    member = pdoc.doc.Module.from_name(module_name).get(name)
    if member is not None and member.docstring.strip():
        return member.docstring
    comment = _comment_docstrings(module_name).get(name)
    if comment:
        return comment
    origin = _origin(module_name, name)
    return _variable_docstring(origin, name, depth + 1) if origin and depth < 5 else ""


_TILDE_ROLE = re.compile(r"(:(?:py:)?[a-z]+:`)~")
_LONE_LITERAL_MARK = re.compile(r"^[ \t]*::[ \t]*\n", re.M)
_END_LITERAL_MARK = re.compile(r"(?<=\S)::[ \t]*$", re.M)


def _plain_rst(text: str) -> str:
    """Two reST habits of these docstrings that pdoc would print as they are: ``:class:`~a.B``` (the tilde
    goes; the full name is shown and linked) and the ``::`` that opens a literal block (a line of only
    ``::`` goes, ``text::`` becomes ``text:``; the indented block is code either way)."""
    text = _TILDE_ROLE.sub(r"\1", text)
    text = _LONE_LITERAL_MARK.sub("", text)
    return _END_LITERAL_MARK.sub(":", text)


def _tidy(doc, seen: set) -> None:
    """Apply :func:`_plain_rst` to a documentation object and everything it holds."""
    if id(doc) in seen:
        return
    seen.add(id(doc))
    if doc.docstring:
        doc.docstring = _plain_rst(doc.docstring)
    for member in getattr(doc, "own_members", ()):
        _tidy(member, seen)


def reference(names: list[str] | None = None) -> dict[str, pdoc.doc.Module]:
    """pdoc's documentation objects of the public modules (or of ``names``), keyed by module name.

    A constant documented by a ``#:`` comment gets that comment as its docstring, and one that a module
    re-exports (``CHANCE`` in :mod:`illumi_widgets`) gets the docstring written where it is defined, so
    that every page that shows it explains it.
    """
    try:
        import pdoc.doc
    except ImportError as exc:
        raise ImportError(_INSTALL_HINT) from exc
    modules = {}
    for name in names if names is not None else public_module_names():
        doc = pdoc.doc.Module(_import_public(name))
        for member in doc.variables:
            if not member.docstring.strip():
                member.docstring = _variable_docstring(name, member.name)
        _tidy(doc, set())
        modules[name] = doc
    return modules


def write_reference(out: Path, names: list[str] | None = None, *,
                    modules: dict[str, pdoc.doc.Module] | None = None) -> list[str]:
    """Write the HTML reference into the folder ``out`` (created if missing); returns pdoc's warnings.

    One page a module (``illumi_widgets/engine.html`` ...), ``index.html`` and the search index.  The
    modules are those of ``reference(names)``, or ``modules`` when given (made by :func:`reference`).
    """
    try:
        import pdoc.render
    except ImportError as exc:
        raise ImportError(_INSTALL_HINT) from exc
    out = Path(out)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if modules is None:
            modules = reference(names)
        # (no "view source" buttons: they double the time and the size; the sources are in the package)
        pdoc.render.configure(docformat="restructuredtext", show_source=False,
                              footer_text=f"{PACKAGE} API reference")
        for module in modules.values():
            page = out / f"{module.fullname.replace('.', '/')}.html"
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(pdoc.render.html_module(module, modules), encoding="utf-8")
        # pdoc's module list with its search box (by default pdoc redirects to the package's page, which
        # lists no modules: the package's __all__ names none)
        index = pdoc.render.env.get_template("index.html.jinja2").render(all_modules=modules,
                                                                         root_module_name=None)
        (out / "index.html").write_text(index, encoding="utf-8")
        search = pdoc.render.search_index(modules)
        if search:
            (out / "search.js").write_text(search, encoding="utf-8")
    return [f"{w.category.__name__}: {w.message}" for w in caught]


def main(argv: list[str] | None = None) -> int:
    """The command ``python -m illumi_widgets.docs [--out DIR]``; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m illumi_widgets.docs",
                                     description="Write the HTML API reference of illumi_widgets's public "
                                                 "modules, generated from the docstrings by pdoc.")
    parser.add_argument("--out", metavar="DIR", type=Path,
                        help="the folder to write into (created if missing; default: a new temporary folder)")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("pdoc") is None:
        print(_INSTALL_HINT, file=sys.stderr)
        return 2
    out = args.out if args.out is not None else Path(tempfile.mkdtemp(prefix="illumi_widgets-api-"))
    if out.exists() and not out.is_dir():
        print(f"--out {out} is a file, not a folder.", file=sys.stderr)
        return 2
    problems = write_reference(out)
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"The API reference of {len(public_module_names())} modules is in {out / 'index.html'}")
    if problems:
        print(f"pdoc gave {len(problems)} warning(s) (above).", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
