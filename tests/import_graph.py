"""The import graph of the engine's Python modules, read from their source (nothing is imported).

A module is named as installed (rulebook.dsl.X, rulebook.interpreter.X, rulebook.X); each import
is an edge, with whether it runs when the module loads (`top`: at module level, outside an
`if TYPE_CHECKING:`) or later (inside a function: a lazy import). tests/test_layers.py reads it;
`python tests/import_graph.py` prints the circles among module-level imports.
"""
from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
# The layers, lowest first: a module may import its own layer and those below, never one above.
LAYERS = (("rulebook.dsl", "dsl"), ("rulebook.interpreter", "interpreter"), ("rulebook", "rulebook"))


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    line: int
    top: bool  # runs when the module loads


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the layers: installed name -> file."""
    out = {}
    for package, folder in LAYERS:
        for path in sorted((root / folder).rglob("*.py")):
            parts = path.relative_to(root / folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join((package, *parts))] = path
    return out


def layer(module: str) -> int:
    """0 dsl, 1 interpreter, 2 rulebook (the surfaces)."""
    for number, (package, _) in enumerate(LAYERS):
        if module == package or module.startswith(package + "."):
            return number
    return -1


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.Module) -> Iterator[tuple[ast.stmt, bool]]:
    """Every import statement, and whether it runs at module load."""
    def visit(nodes: list[ast.stmt], top: bool) -> Iterator[tuple[ast.stmt, bool]]:
        for node in nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                yield node, top
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield from visit(node.body, False)
            elif isinstance(node, ast.If) and _is_type_checking(node.test):
                yield from visit(node.body, False)
                yield from visit(node.orelse, top)
            else:
                for field in ("body", "orelse", "finalbody", "handlers"):
                    inner = getattr(node, field, None)
                    if isinstance(inner, list):
                        yield from visit([n for n in inner if isinstance(n, ast.stmt)] +
                                         [s for h in inner if isinstance(h, ast.ExceptHandler) for s in h.body], top)
    yield from visit(tree.body, True)


def edges(root: Path = ROOT) -> list[Edge]:
    """Every import between modules of the layers."""
    known = modules(root)
    out = []
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node, top in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[:len(parts) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
            for target in targets:
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    out.append(Edge(name, target, node.lineno, top))
    return out


def climbing(graph: list[Edge]) -> list[str]:
    """Imports of a higher layer by a lower one."""
    return [f"{e.source} (line {e.line}) imports {e.target}" for e in graph if layer(e.target) > layer(e.source)]


def circles(graph: list[Edge]) -> list[list[str]]:
    """The circles among module-level imports: each strongly connected group of two or more."""
    following: dict[str, set[str]] = {}
    for e in graph:
        if e.top:
            following.setdefault(e.source, set()).add(e.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def connect(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(following.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for v in sorted(following):
            if v not in index:
                connect(v)
    finally:
        sys.setrecursionlimit(limit)
    return sorted(out)


if __name__ == "__main__":
    graph = edges()
    for line in climbing(graph):
        print("climbs:", line)
    for group in circles(graph):
        print("circle:", " ".join(group))
