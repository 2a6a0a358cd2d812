"""The board's terrain colours (``TERRAIN_PALETTE``): AMBUSH's trees, brush and orchard are
told apart in normal vision and by the two common red-green colour deficiencies."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from hexplay.widgets.board import TERRAIN_PALETTE

# Machado, Oliveira & Fernandes (2009), severity 1.0: linear-RGB matrices.
SIMULATION = {
    "normal": np.eye(3),
    "deutan": np.array(
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.01182, 0.04294, 0.968881],
        ]
    ),
    "protan": np.array(
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ]
    ),
}
VEGETATION = ("trees", "brush", "orchard")
AMBUSH_OTHERS = ("open", "water", "buildings", "rocks", "bridge")
MIN_DELTA_E = 15.0
"""Least CIELAB distance asked for (about 2.3 is a just-noticeable difference; map fills read
at a glance need far more)."""


def _lab(colour: str, vision: str) -> np.ndarray:
    rgb = np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)], float) / 255
    lin = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    lin = np.clip(SIMULATION[vision] @ lin, 0, 1)
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    x, y, z = xyz @ lin / np.array([0.95047, 1.0, 1.08883])

    def f(t: float) -> float:
        return float(np.cbrt(t)) if t > 0.008856 else 7.787 * t + 16 / 116

    return np.array([116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))])


def delta_e(a: str, b: str, vision: str) -> float:
    return float(np.linalg.norm(_lab(a, vision) - _lab(b, vision)))


def test_delta_e_is_zero_for_one_colour_and_large_for_black_and_white():
    assert delta_e("#569e44", "#569e44", "deutan") == 0
    assert delta_e("#000000", "#ffffff", "normal") == pytest.approx(100, abs=0.1)


@pytest.mark.parametrize("vision", list(SIMULATION))
def test_ambush_vegetation_fills_are_far_apart(vision):
    for a, b in itertools.combinations(VEGETATION, 2):
        d = delta_e(TERRAIN_PALETTE[a], TERRAIN_PALETTE[b], vision)
        assert d >= MIN_DELTA_E, (a, b, vision, d)
    for a in VEGETATION:
        for b in AMBUSH_OTHERS:
            d = delta_e(TERRAIN_PALETTE[a], TERRAIN_PALETTE[b], vision)
            assert d >= MIN_DELTA_E, (a, b, vision, d)


def test_the_old_greens_would_fail():
    """The check can fail: brush and orchard's former fills are too close for a protan."""
    assert delta_e("#c3c47e", "#a9d39a", "protan") < MIN_DELTA_E
