"""The convoy-protection notebook executes (small sizes) and produces its results."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "convoy_protection.ipynb"


def test_convoy_protection_notebook_executes(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLAY_SMALL", "1")
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.chdir(tmp_path)
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    text = "\n".join(
        str(o.get("text", "")) + str(o.get("data", {}).get("text/plain", "")) for o in outputs
    )
    assert "p_adversary_win" in text  # the summary table
    assert "GridBox" in text and "Figure" in text  # the charts
    assert "WinProbabilityGauge" in text  # the gauge
    assert "enough guards:" in text and "excluded_by_bound" in text  # the enough query
