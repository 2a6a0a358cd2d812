"""Every notebook in notebooks/ executes headless without errors (small sizes)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    names = {p.name for p in NOTEBOOKS}
    assert "demo.ipynb" in names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_executes(path, tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLAY_SMALL", "1")
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    monkeypatch.chdir(tmp_path)
    client.execute()
    errors = [
        o
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if o.get("output_type") == "error"
    ]
    assert not errors
    assert any(c.get("outputs") for c in nb.cells if c.cell_type == "code")


def _git_status(repo: Path, folder: str) -> list[str]:
    out = subprocess.run(
        ["git", "-C", str(repo), "status", "--porcelain", "--untracked-files=all", folder],
        capture_output=True,
        text=True,
        check=True,
    )
    return sorted(out.stdout.splitlines())


def test_make_your_own_writes_nothing_into_the_repository(tmp_path, monkeypatch):
    """Run as Jupyter runs it (its folder, notebooks/, as the working directory): the map and
    scenario files go to a temporary folder, none into notebooks/ (issue 30, item 5)."""
    repo = NOTEBOOKS[0].parents[1]
    if shutil.which("git") is None or not (repo / ".git").exists():
        pytest.skip("not a git checkout")
    before = _git_status(repo, "notebooks/")
    monkeypatch.setenv("HEXPLAY_SMALL", "1")
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    path = repo / "notebooks" / "make_your_own.ipynb"
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    monkeypatch.chdir(path.parent)
    client.execute()
    assert _git_status(repo, "notebooks/") == before
    written = {p.name for p in (tmp_path / "tmp").rglob("hill_farm*")}
    assert written == {"hill_farm.hexmap", "hill_farm_ambush.json", "hill_farm_ambush.hexmap"}
