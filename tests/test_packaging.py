"""The package by today's standards: one version source, the licence shipped (PEP 639), typed
(py.typed), classifiers and URLs, developer tools in dependency groups rather than user extras,
and the core importable without the table server's tornado."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import tomllib

import hexplay

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_one_version_source():
    p = PROJECT["project"]
    assert "version" not in p and "version" in p["dynamic"]
    assert PROJECT["tool"]["hatch"]["version"]["path"] == "hexplay/__init__.py"
    from importlib.metadata import version

    assert version("hexplay") == hexplay.__version__


def test_metadata_licence_and_types():
    p = PROJECT["project"]
    assert p["license"] == "MIT" and p["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert (ROOT / "hexplay" / "py.typed").exists()
    assert "Typing :: Typed" in p["classifiers"] and p["urls"]["Changelog"]
    assert (ROOT / "CHANGELOG.md").exists()


def test_developer_tools_are_groups_not_extras():
    extras = PROJECT["project"]["optional-dependencies"]
    dev = ("pytest", "ruff", "playwright", "hypothesis", "sphinx")
    for name, reqs in extras.items():
        assert not [r for r in reqs if r.split(">")[0].split("=")[0] in dev], name
    groups = PROJECT["dependency-groups"]
    assert {"test", "docs", "lint"} <= set(groups)
    assert "tornado" not in " ".join(PROJECT["project"]["dependencies"])
    assert any(r.startswith("tornado") for r in extras["serve"])


def test_the_core_imports_without_tornado():
    code = (
        "import sys; sys.modules['tornado'] = None\n"
        "import hexplay, hexplay.widgets, hexplay.analysis\n"
        "g = hexplay.new_game('skirmish', seed=1); g.view('adversary')\n"
        "print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "ok", out.stderr[-2000:]
    import builtins

    from hexplay.cli import main

    real = builtins.__import__

    def no_tornado(name, *a, **k):
        if name == "tornado":
            raise ImportError("no tornado")
        return real(name, *a, **k)

    builtins.__import__ = no_tornado
    try:
        assert main(["serve", "--new", "skirmish"]) == 2
    finally:
        builtins.__import__ = real
