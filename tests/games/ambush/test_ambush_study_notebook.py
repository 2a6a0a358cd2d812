"""notebooks/ambush_study.ipynb executes (small sizes) and draws what it says: per factor a
bqplot chart of P(cargo away) whose band is the summary's confidence interval around it, from
AMBUSH games in which the adversary wins exactly when the cargo gets away."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOK = Path(__file__).resolve().parents[3] / "notebooks" / "ambush_study.ipynb"

CHECK = """
import bqplot as _bq
import numpy as _np

assert len(games) == GAMES * len(points) and games["factor"].nunique() == len(FACTORS)
assert (games["winner"] == "adversary").equals(games["cargo_away"].astype(bool))
assert len(charts) == len(FACTORS)
for _chart, _f in zip(charts, FACTORS):
    assert isinstance(_chart, _bq.Figure)
    _band, _line = _chart.marks
    _rows = summary[summary["factor"] == _f].sort_values("point")
    assert _band.fill == "between" and len(_band.y) == 2
    assert list(_band.x) == list(_line.x) == [str(v) for v in _rows[_f]]
    _lo, _hi = _np.asarray(_band.y[0]), _np.asarray(_band.y[1])
    assert _np.allclose(_lo, _rows["ci_low"]) and _np.allclose(_hi, _rows["ci_high"])
    _p = _np.asarray(_line.y)
    assert _np.allclose(_p, _rows["p_adversary_win"])
    assert ((_lo <= _p) & (_p <= _hi) & (_hi - _lo > 0)).all()
print("AMBUSH STUDY CHECKED")
"""


def test_ambush_study_draws_each_factors_estimate_inside_its_band(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLAY_SMALL", "1")
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.chdir(tmp_path)
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(CHECK))
    client = nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    errors = [o for o in outputs if o.get("output_type") == "error"]
    assert not errors, errors[0].get("evalue")
    text = "\n".join(
        str(o.get("text", "")) + str(o.get("data", {}).get("text/plain", "")) for o in outputs
    )
    assert "AMBUSH STUDY CHECKED" in text
    assert "p_adversary_win" in text and "ci_low" in text  # the summary table
