"""The README's Python examples run as written, and a result its comments state (a comment
that is a Python literal, e.g. ``hexplay.games()  # ['skirmish', ...]``) is what the line gives."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
SECTIONS = ("The game API", "From code", "Your own maps and scenarios (editors)")
"""Sections whose Python examples run here (in a temporary directory: they save files)."""


def python_blocks(section: str) -> list[str]:
    """The ```python blocks of the README section titled ``section``."""
    text = README.read_text(encoding="utf-8")
    m = re.search(rf"^## {re.escape(section)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert m, f"README has no section {section!r}"
    return re.findall(r"^```python\n(.*?)^```", m.group(1), re.S | re.M)


def stated_results(src: str) -> dict[int, object]:
    """Line number -> the literal a line's trailing comment states (lines whose comment is
    not a Python literal are left out)."""
    out: dict[int, object] = {}
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.COMMENT:
            try:
                out[tok.start[0]] = ast.literal_eval(tok.string[1:].strip())
            except (ValueError, SyntaxError):
                continue
    return out


def run_block(src: str) -> int:
    """Run ``src`` statement by statement; check each stated result; return how many."""
    stated = stated_results(src)
    env: dict[str, object] = {}
    checked = 0
    for stmt in ast.parse(src).body:
        code = ast.Module([stmt], type_ignores=[])
        if isinstance(stmt, ast.Expr) and stmt.end_lineno in stated:
            got = eval(compile(ast.Expression(stmt.value), README.name, "eval"), env)  # noqa: S307
            assert got == stated[stmt.end_lineno], ast.unparse(stmt)
            checked += 1
        else:
            exec(compile(code, README.name, "exec"), env)  # noqa: S102
    return checked


@pytest.fixture
def shipped_registry(monkeypatch):
    """The registry as a fresh process has it: the games hexplay ships, without those other
    test modules register on import (the table's TAG games), whatever was collected first."""
    from toy_games import shipped_games

    from hexplay import registry

    shipped = set(shipped_games())
    monkeypatch.setattr(
        registry, "_GAMES", {n: e for n, e in registry._GAMES.items() if n in shipped}
    )
    # games of installed packages (entry points, e.g. the example game) are not shipped
    monkeypatch.setattr(registry, "_PENDING", {})


@pytest.mark.parametrize("section", SECTIONS)
def test_readme_examples_run_as_written(section, tmp_path, monkeypatch, shipped_registry):
    monkeypatch.chdir(tmp_path)
    blocks = python_blocks(section)
    assert blocks
    checked = sum(run_block(b) for b in blocks)
    assert checked >= (0 if "editors" in section else 1)  # a stated result checked


def test_a_wrong_stated_result_is_caught():
    with pytest.raises(AssertionError):
        run_block("len('abc')  # 4\n")
    assert run_block("len('abc')  # 3\nx = 1  # 2\n") == 1
