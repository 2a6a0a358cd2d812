"""The pre-save hook that keeps the tracked notebooks free of outputs (issue 15), including a
real JupyterLab save through its contents API."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

from hexplay import jupyter_hooks as J

REPO = Path(__file__).resolve().parents[1]


def _nb() -> dict:
    return {
        "cells": [
            {
                "cell_type": "code",
                "source": "1 + 1",
                "metadata": {"execution": {"iopub.status.busy": "x"}},
                "outputs": [{"output_type": "execute_result", "data": {"text/plain": "2"}}],
                "execution_count": 3,
            },
            {"cell_type": "markdown", "source": "# hi", "metadata": {}},
        ],
        "metadata": {"kernelspec": {"name": "python3"}, "widgets": {"state": {}}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def test_tracked_paths():
    assert J.tracked("notebooks/demo.ipynb") and J.tracked("/notebooks/demo.ipynb")
    assert not J.tracked("demo.ipynb") and not J.tracked("mine/notebooks.ipynb")
    assert not J.tracked("notebooks/data.csv")


def checkout(root: Path) -> Path:
    """A folder that is a hexplay checkout (its mark) with a notebooks/ folder; returns it."""
    (root / "hexplay").mkdir(parents=True)
    (root / J.CHECKOUT_MARK).write_text("")
    (root / "notebooks").mkdir()
    return root


def test_tracked_by_the_real_location_whatever_jupyters_root(tmp_path):
    """scripts/demo.sh opens notebooks/demo.ipynb: Jupyter's root is notebooks/ itself and the
    path it saves is demo.ipynb; still the checkout's notebook, still stripped."""
    repo = checkout(tmp_path / "repo")
    assert J.tracked("demo.ipynb", repo / "notebooks")
    assert J.tracked("notebooks/demo.ipynb", repo)
    assert J.tracked("sub/x.ipynb", repo / "notebooks")
    assert J.tracked("demo.ipynb", J.HOME / "notebooks")  # this checkout's own folder
    assert not J.tracked("demo.ipynb", repo)  # the checkout's top: not tracked
    assert not J.tracked("data.csv", repo / "notebooks")
    assert not J.tracked("../mine.ipynb", repo / "notebooks")  # out of notebooks/ by ..
    other = tmp_path / "elsewhere" / "notebooks"  # a notebooks/ folder of no checkout
    other.mkdir(parents=True)
    assert not J.tracked("demo.ipynb", other) and not J.tracked(
        "notebooks/demo.ipynb", other.parent
    )
    link = tmp_path / "link"
    link.symlink_to(repo / "notebooks")  # a link into the checkout: where the file really is
    assert J.tracked("demo.ipynb", link)


class _CM:
    def __init__(self, root_dir: Path) -> None:
        self.root_dir = str(root_dir)


def test_hook_strips_a_tracked_notebook_and_leaves_others(tmp_path):
    repo = checkout(tmp_path / "repo")
    model = {"type": "notebook", "content": _nb()}
    J.strip_outputs(model, "demo.ipynb", contents_manager=_CM(repo / "notebooks"))
    code, md = model["content"]["cells"]
    assert code["outputs"] == [] and code["execution_count"] is None
    assert "execution" not in code["metadata"] and code["source"] == "1 + 1"
    assert md == {"cell_type": "markdown", "source": "# hi", "metadata": {}}
    assert model["content"]["metadata"] == {"kernelspec": {"name": "python3"}}
    for root, path in [(repo, "mine/demo.ipynb"), (repo, "demo.ipynb"), (tmp_path, "demo.ipynb")]:
        other = {"type": "notebook", "content": _nb()}
        J.strip_outputs(other, path, contents_manager=_CM(root))
        assert other["content"] == _nb(), (root, path)
    f = {"type": "file", "content": "x"}
    J.strip_outputs(f, "x.ipynb", contents_manager=_CM(repo / "notebooks"))
    assert f == {"type": "file", "content": "x"}
    plain = {"type": "notebook", "content": _nb()}  # no contents manager: this checkout's root
    J.strip_outputs(plain, "notebooks/demo.ipynb")
    assert plain["content"]["cells"][0]["outputs"] == []


def test_the_demo_script_starts_lab_with_the_hook():
    assert (
        "pre_save_hook=hexplay.jupyter_hooks.strip_outputs"
        in (REPO / "scripts" / "demo.sh").read_text()
    )


def test_the_tracked_notebooks_have_no_outputs():
    for p in sorted((REPO / "notebooks").glob("*.ipynb")):
        nb = json.loads(p.read_text())
        assert J.clear_outputs(json.loads(p.read_text())) == nb, p.name


def test_a_save_through_jupyterlab_writes_no_outputs(tmp_path):
    """JupyterLab started as scripts/demo.sh starts it: a notebook saved under notebooks/
    through the contents API lands on disk without outputs."""
    pytest.importorskip("jupyterlab")
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("h_harness", REPO / "tests/ui/harness.py")
    H = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = H
    spec.loader.exec_module(H)
    root = checkout(tmp_path / "root")
    hook = ["--ContentsManager.pre_save_hook=hexplay.jupyter_hooks.strip_outputs"]
    body = json.dumps({"type": "notebook", "format": "json", "content": _nb()}).encode()

    def put(server, rel: str) -> None:
        req = urllib.request.Request(
            server.page_url(f"api/contents/{rel}"), data=body, method="PUT"
        )
        req.add_header("Content-Type", "application/json")
        urllib.request.urlopen(req, timeout=30).read()

    def outputs(p: Path) -> list:
        return json.loads(p.read_text())["cells"][0]["outputs"]

    server = H.start_lab(root, tmp_path / "home", extra_args=hook)
    try:
        for rel in ("notebooks/a.ipynb", "b.ipynb"):
            put(server, rel)
        a = json.loads((root / "notebooks" / "a.ipynb").read_text())
        assert a["cells"][0]["outputs"] == [] and a["cells"][0]["execution_count"] is None
        assert outputs(root / "b.ipynb") != []  # outside notebooks/: as saved
    finally:
        server.stop()
    # as scripts/demo.sh starts it (jupyter lab notebooks/demo.ipynb): the root is notebooks/
    server = H.start_lab(root / "notebooks", tmp_path / "home2", extra_args=hook)
    try:
        put(server, "c.ipynb")
        assert outputs(root / "notebooks" / "c.ipynb") == []
    finally:
        server.stop()
