"""js/src/hexmath.js (the board's and the editor's cube rounding) against hexplay.hexgrid."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from hexplay.hexgrid import DIRECTIONS, cube_round

HEXMATH = Path(__file__).resolve().parents[1] / "js" / "src" / "hexmath.js"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def run_js(points: list[list[float]]) -> dict:
    """cubeRound of every point and DIRS, computed by node from the module's source."""
    script = (
        f"import {{ DIRS, cubeRound }} from {json.dumps(HEXMATH.as_uri())};\n"
        f"const pts = {json.dumps(points)};\n"
        "console.log(JSON.stringify({ dirs: DIRS, round: pts.map(([q, r]) => cubeRound(q, r)) }));"
    )
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    return json.loads(out.stdout)


def test_cube_round_and_directions_match_python() -> None:
    rng = np.random.default_rng(7)
    pts = rng.uniform(-40, 40, size=(400, 2))
    # points near hex corners and edges (where the rounding's third branch decides)
    base = rng.integers(-20, 20, size=(200, 2)).astype(float)
    offsets = rng.choice([-0.5, -1 / 3, 1 / 3, 0.5], size=(200, 2))
    near = base + offsets + rng.normal(0, 1e-3, (200, 2))
    points = np.vstack([pts, near]).tolist()
    got = run_js(points)
    assert got["dirs"] == [[d.q, d.r] for d in DIRECTIONS]
    want = [[h.q, h.r] for h in (cube_round(q, r) for q, r in points)]
    assert got["round"] == want
