"""The layout holds: shared layers name no game and import none, imports run down the layers,
and no modules import each other in a loop (every import counted, inside functions too)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "hexplay"

SHARED = ("engine", "ai", "analysis", "env", "widgets", "serve", "maps", "sight", "movement")
"""The shared layers (with ``hexgrid``): they reach a game only through its plugin record and
the protocol."""

GAME_NAMES = re.compile(r"skirmish|ambush|aggressor|naval", re.I)

RANK = {
    "hexgrid": 0,
    "sight": 1,
    "movement": 1,
    "maps": 2,
    "engine": 3,
    "registry": 4,
    "ai": 5,
    "analysis": 6,
    "env": 6,
    "widgets": 6,
    "serve": 7,
    "testing": 8,
    "games": 9,
    "cli": 10,
    "jupyter_hooks": 10,
    "__init__": 11,
}
"""Each top-level part of the package by floor: a module imports only parts on its floor or
below (``hexplay/__init__.py`` re-exports from below)."""


def _modules() -> dict[str, Path]:
    out = {}
    for p in PKG.rglob("*.py"):
        rel = p.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """Every hexplay module ``name`` imports (relative imports resolved; ``from x import m``
    counted as ``x.m`` alone when every name is a module)."""
    pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                mod = ".".join([*base, *([node.module] if node.module else [])])
            else:
                mod = node.module or ""
            subs = [f"{mod}.{a.name}" for a in node.names]
            # ``from pkg import mod``: the module, not the package (imported anyway as parent)
            targets = subs if all(t in MODULES for t in subs) else [mod, *subs]
        for t in targets:
            while t and t not in MODULES:
                t = t.rpartition(".")[0]
            if t.startswith("hexplay") and t != name:
                out.add(t)
    return out


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _part(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _shared_files() -> list[Path]:
    files = [p for layer in (*SHARED, "hexgrid") for p in sorted((PKG / layer).rglob("*.py"))]
    return [*files, PKG / "cli.py"]


@pytest.mark.parametrize("path", _shared_files(), ids=lambda p: str(p.relative_to(PKG)))
def test_shared_module_names_no_game(path: Path) -> None:
    hits = [
        f"{i}: {line.strip()}"
        for i, line in enumerate(path.read_text().splitlines(), 1)
        if GAME_NAMES.search(line)
    ]
    assert not hits, f"{path.relative_to(ROOT)} names a game:\n" + "\n".join(hits)


def test_shared_layers_import_no_game() -> None:
    bad = sorted(
        f"{m} -> {t}"
        for m, targets in GRAPH.items()
        if _part(m) in (*SHARED, "hexgrid", "registry", "cli")
        for t in targets
        if _part(t) == "games"
    )
    assert not bad, "shared modules import a game:\n" + "\n".join(bad)


def test_imports_run_down_the_layers() -> None:
    up = sorted(
        f"{m} -> {t}"
        for m, targets in GRAPH.items()
        for t in targets
        if RANK.get(_part(t), 99) > RANK.get(_part(m), 99)
    )
    assert not up, "imports running up the layers:\n" + "\n".join(up)


def test_every_top_level_part_has_a_floor() -> None:
    assert {_part(m) for m in MODULES} <= set(RANK)


def test_no_import_cycle() -> None:
    """Tarjan's strongly connected components of the module graph: each of size one."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    cycles: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in GRAPH[v]:
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
            # a package importing its own submodule and back is the one loop Python allows
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in GRAPH:
        if v not in index:
            visit(v)
    assert not cycles, "modules that import each other in a loop:\n" + "\n".join(
        " <-> ".join(c) for c in cycles
    )
