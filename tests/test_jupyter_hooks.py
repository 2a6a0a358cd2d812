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


def test_hook_strips_a_tracked_notebook_and_leaves_others():
    model = {"type": "notebook", "content": _nb()}
    J.strip_outputs(model, "notebooks/demo.ipynb")
    code, md = model["content"]["cells"]
    assert code["outputs"] == [] and code["execution_count"] is None
    assert "execution" not in code["metadata"] and code["source"] == "1 + 1"
    assert md == {"cell_type": "markdown", "source": "# hi", "metadata": {}}
    assert model["content"]["metadata"] == {"kernelspec": {"name": "python3"}}
    other = {"type": "notebook", "content": _nb()}
    J.strip_outputs(other, "mine/demo.ipynb")
    assert other["content"] == _nb()
    f = {"type": "file", "content": "x"}
    J.strip_outputs(f, "notebooks/x.ipynb")
    assert f == {"type": "file", "content": "x"}


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
    root = tmp_path / "root"
    (root / "notebooks").mkdir(parents=True)
    server = H.start_lab(
        root,
        tmp_path / "home",
        extra_args=["--ContentsManager.pre_save_hook=hexplay.jupyter_hooks.strip_outputs"],
    )
    try:
        for rel in ("notebooks/a.ipynb", "b.ipynb"):
            body = json.dumps({"type": "notebook", "format": "json", "content": _nb()}).encode()
            req = urllib.request.Request(
                server.page_url(f"api/contents/{rel}"), data=body, method="PUT"
            )
            req.add_header("Content-Type", "application/json")
            urllib.request.urlopen(req, timeout=30).read()
        a = json.loads((root / "notebooks" / "a.ipynb").read_text())
        b = json.loads((root / "b.ipynb").read_text())
        assert a["cells"][0]["outputs"] == [] and a["cells"][0]["execution_count"] is None
        assert b["cells"][0]["outputs"] != []  # outside notebooks/: as saved
    finally:
        server.stop()
