"""The package's import graph, read from the sources (ast): no import circles among ``illumi_widgets``
modules, and a game's notation never imports its rules (the architecture in README.md: notation is the
lower layer the rules, the bots and the boards all read).

Every import counts, also one inside a function (a deferred import hides a circle, it does not remove it);
only imports under ``if TYPE_CHECKING:`` are left out (they never run).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "illumi_widgets"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in ROOT.rglob("*.py") if "node_modules" not in p.parts}


def _type_checking_nodes(tree) -> set[int]:
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                skip.update(id(n) for n in ast.walk(inner))
    return skip


def _imports(name: str, path: Path, modules: dict) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_nodes(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                base = ".".join(base + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            # "from pkg import sub" imports the submodule; "from mod import name" the module
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        else:
            continue
        out.update(t for t in targets if t in modules and t != name)
    return out


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_graph_sees_the_imports_it_should():
    graph = import_graph()
    # a sanity check of the reader itself: known edges of each kind (relative, from-package, deferred)
    assert "illumi_widgets.games.pax.model" in graph["illumi_widgets.games.pax.rules"]
    assert "illumi_widgets.games.pax.board" in graph["illumi_widgets.games.pax.rules"]  # from . import board
    assert "illumi_widgets.engine" in graph["illumi_widgets.games.pax.rules"]
    assert "illumi_widgets.games.pax.automa" in graph["illumi_widgets.games.pax.rules"]  # inside __init__
    # and the cycle finder finds a planted circle
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circles_in_the_package():
    cycles = _cycles(import_graph())
    assert cycles == [], "import circles: " + "; ".join(" <-> ".join(c) for c in cycles)


def _rules_layer(game: str) -> set[str]:
    """The game's rules: ``rules.py`` and the topic modules whose mixins make up its game class."""
    out = {f"illumi_widgets.games.{game}.rules"}
    for path in (ROOT / "games" / game).glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.ClassDef) and n.name.endswith("Mixin") for n in tree.body):
            out.add(_module_name(path))
    return out


GAMES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "notation.py").exists())


@pytest.mark.parametrize("game", GAMES)
def test_notation_never_imports_rules(game):
    graph = import_graph()
    seen, todo = set(), [f"illumi_widgets.games.{game}.notation"]
    while todo:  # everything the notation reaches, directly or not
        for w in graph[todo.pop()]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    layer = _rules_layer(game)
    assert f"illumi_widgets.games.{game}.rules" in layer
    reached = sorted(seen & layer)
    assert reached == [], f"{game} notation imports its rules: {reached}"
