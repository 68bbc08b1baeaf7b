"""The package's import graph, read from the sources (ast): no import circles among ``illumi_widgets``
modules, a game's notation never imports its rules (notation is the lower layer the rules, the bots and the
boards all read), and nothing under ``games/`` reaches the tools above it — the benchmark, the boards, the
seat server or the Match (the architecture in ``illumi_widgets/DESIGN.md``).

Every import counts, also one inside a function (a deferred import hides a circle, it does not remove it);
only imports under ``if TYPE_CHECKING:`` are left out (they never run).
"""

from __future__ import annotations

import ast
import functools
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


@functools.cache
def _graph() -> dict[str, frozenset[str]]:
    modules = _modules()
    return {name: frozenset(_imports(name, path, modules)) for name, path in modules.items()}


def import_graph() -> dict[str, frozenset[str]]:
    """Each module of the package -> the package modules it imports (read once per test process: the
    sources do not change during a run)."""
    return dict(_graph())


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


#: the layers above the games: a module under games/ never imports these, directly or through another module
ABOVE_THE_GAMES = ("illumi_widgets.bench", "illumi_widgets.widget", "illumi_widgets.serve",
                   "illumi_widgets.match")


def _above_the_games(module: str) -> bool:
    return any(module == top or module.startswith(top + ".") for top in ABOVE_THE_GAMES)


def _reached(graph: dict[str, set[str]], start: str) -> dict[str, str]:
    """Every module ``start`` imports, directly or not, each with the module that imports it."""
    via, todo = {}, [start]
    while todo:
        here = todo.pop()
        for w in sorted(graph.get(here, ())):
            if w not in via and w != start:
                via[w] = here
                todo.append(w)
    return via


def _games_reaching_the_tools(graph: dict[str, set[str]]) -> list[str]:
    out = []
    for name in sorted(graph):
        if name.startswith("illumi_widgets.games."):
            via = _reached(graph, name)
            out += [f"{name} -> {w} (imported by {via[w]})" for w in sorted(via) if _above_the_games(w)]
    return out


def test_no_game_module_imports_the_benchmark_boards_server_or_match():
    """Game knowledge sits below the tools: a game folder holds no benchmark, board or server code, and what
    a game needs from the package is the engine (and the pure-Python scene, text and editor helpers)."""
    found = _games_reaching_the_tools(import_graph())
    assert found == [], "modules under games/ reach the layers above them:\n" + "\n".join(found)


def test_the_layer_check_catches_a_game_module_that_imports_a_tool():
    """The check itself: a planted import of each tool, direct or through another module, is caught."""
    graph = {"illumi_widgets.games.x.rules": {"illumi_widgets.engine"}, "illumi_widgets.engine": set(),
             "illumi_widgets.games.x.helper": {"illumi_widgets.games.x.rules"}}
    assert _games_reaching_the_tools(graph) == []
    for tool in ("illumi_widgets.bench", "illumi_widgets.widget.svg", "illumi_widgets.serve",
                 "illumi_widgets.match"):
        planted = {**graph, "illumi_widgets.games.x.rules": {"illumi_widgets.engine", tool}, tool: set()}
        found = _games_reaching_the_tools(planted)
        assert any(f.startswith(f"illumi_widgets.games.x.rules -> {tool}") for f in found), (tool, found)
        assert any(f.startswith(f"illumi_widgets.games.x.helper -> {tool}") for f in found), (tool, found)
    # a module merely named like a tool is not one
    assert not _above_the_games("illumi_widgets.benchmarks")
    assert not _above_the_games("illumi_widgets.matching")


@pytest.mark.parametrize("game", GAMES)
def test_no_rules_module_over_a_thousand_lines(game):
    """A rule is found in a module named for its topic, none of them a whole game (the architecture)."""
    long = {p.name: n for p in (ROOT / "games" / game).glob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 1000}
    assert long == {}


@pytest.mark.parametrize(("module", "names"), [
    ("illumi_widgets.games.pax.rules", ("PaxGame", "slug", "AREO", "FORCED", "EXCHANGE_RATE", "EDICTS_TO_END",
                                        "open_locations", "can_pay_any_need", "_FRAME_KINDS")),
    ("illumi_widgets.games.illuminati.rules", ("IlluminatiGame", "SEAT_NAMES", "BASIC_GOAL", "FRAME_KINDS",
                                               "ACCUSE_ALIAS", "_MaskedLog", "ALIGNMENTS")),
    ("illumi_widgets.games.pax.automa", ("Automaton", "format_bot", "parse_bot", "parse_bots_option")),
])
def test_names_stay_importable_where_they_were(module, names):
    import importlib

    mod = importlib.import_module(module)
    assert [n for n in names if not hasattr(mod, n)] == []
