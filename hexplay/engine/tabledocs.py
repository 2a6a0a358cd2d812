"""Markdown for the documentation's rules pages, written from the games' own tables.

Each game's rules package may hold a ``docs`` module with ``tables_markdown() -> str``: its
tables as Markdown, built from the very data the engine reads, with the reason for every
reconstructed or designed value beside it. :func:`game_tables_markdown` finds that module for a
game's class (the docs build asks it of every registered game, so a game's page appears as soon
as the game is registered and has one), and :func:`markdown_table` / :func:`attribute_docs` are
the pieces the ``docs`` modules share.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
from collections.abc import Iterable, Sequence
from fractions import Fraction
from types import ModuleType
from typing import Any


def cell(value: Any) -> str:
    """One table cell: fractions as ``a/b``, None as an en dash, ``|`` and newlines escaped."""
    if value is None:
        text = "–"
    elif isinstance(value, Fraction):
        text = str(value.numerator) if value.denominator == 1 else f"{value}"
    elif isinstance(value, bool):
        text = "yes" if value else "no"
    elif isinstance(value, (tuple, list, frozenset, set)):
        text = ", ".join(cell(v) for v in value) if value else "–"
    else:
        text = str(value)
    return text.replace("|", "\\|").replace("\n", " ")


def markdown_table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A Markdown pipe table (every cell through :func:`cell`)."""
    lines = ["| " + " | ".join(cell(h) for h in headers) + " |"]
    lines.append("|" + "|".join(" --- " for _ in headers) + "|")
    for row in rows:
        if len(row) != len(headers):
            raise ValueError(f"row {row!r} has {len(row)} cells, the table {len(headers)}")
        lines.append("| " + " | ".join(cell(v) for v in row) + " |")
    return "\n".join(lines) + "\n"


def attribute_docs(module: ModuleType) -> dict[str, str]:
    """The docstrings written under a module's top-level assignments (``NAME = ...`` followed
    by a string, the convention Sphinx reads), by name. Python keeps no such docstring at run
    time, so they are read from the module's source."""
    tree = ast.parse(inspect.getsource(module))
    out: dict[str, str] = {}
    body = tree.body
    for stmt, nxt in zip(body, body[1:]):
        if not (
            isinstance(nxt, ast.Expr)
            and isinstance(nxt.value, ast.Constant)
            and isinstance(nxt.value.value, str)
        ):
            continue
        if isinstance(stmt, ast.Assign):
            targets = [t for t in stmt.targets if isinstance(t, ast.Name)]
            names = [t.id for t in targets]
            for t in stmt.targets:
                if isinstance(t, ast.Tuple):
                    names += [e.id for e in t.elts if isinstance(e, ast.Name)]
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            names = [stmt.target.id]
        else:
            continue
        for name in names:
            out[name] = inspect.cleandoc(nxt.value.value)
    return out


def one_line(doc: str) -> str:
    """A docstring as one Markdown paragraph (Sphinx roles such as ``:data:`X``` made code)."""
    text = " ".join(doc.split())
    for role in (":data:", ":func:", ":class:", ":mod:", ":meth:", ":attr:"):
        text = text.replace(role, "")
    return text.replace("`~", "`").replace("``", "`")


def docs_module(game: type) -> ModuleType | None:
    """The ``docs`` module of the rules package that defines the Game class ``game`` (a
    registered game's :attr:`~hexplay.registry.GameEntry.game_class`), or None if it has none."""
    module = importlib.import_module(game.__module__)
    package = module.__name__ if hasattr(module, "__path__") else module.__package__
    if not package:  # a game in a top-level module has no rules package
        return None
    name = f"{package}.docs"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def game_tables_markdown(game: type) -> str | None:
    """``tables_markdown()`` of the Game class ``game``'s ``docs`` module (None without one)."""
    module = docs_module(game)
    return None if module is None else module.tables_markdown()
