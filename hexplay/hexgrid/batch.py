"""numpy batch forms of the hot geometry operations."""

from __future__ import annotations

import numpy as np


def as_qr(hexes) -> np.ndarray:
    """Any sequence of (q, r) pairs → int array of shape (n, 2)."""
    a = np.asarray(hexes, dtype=np.int64)
    if a.ndim == 1:
        a = a.reshape(-1, 2)
    return a


def distances_from(origin: tuple[int, int], hexes) -> np.ndarray:
    """Distance from one hex to many (shape (n,))."""
    a = as_qr(hexes)
    dq = a[:, 0] - origin[0]
    dr = a[:, 1] - origin[1]
    return (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2


def pairwise_distances(hexes, others=None) -> np.ndarray:
    """All-pairs distance matrix (shape (n, m)); ``others`` defaults to ``hexes``."""
    a = as_qr(hexes)
    b = a if others is None else as_qr(others)
    dq = a[:, None, 0] - b[None, :, 0]
    dr = a[:, None, 1] - b[None, :, 1]
    return (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
