"""Hex geometry: axial/cube coordinates, offset labels, hexsides, lines, pixel layout.

Pure geometry: nothing here knows about terrain, units or any ruleset.
"""

from .batch import distances_from, pairwise_distances
from .coords import (
    DIRECTIONS,
    FLAT_DIRECTION_NAMES,
    POINTY_DIRECTION_NAMES,
    Hex,
    cube_round,
    distance,
    opposite,
    reflect_q,
    ring,
    rotate,
    spiral,
    within,
)
from .hexsides import Hexside, hexside_between, hexside_of, sides_of
from .layout import PixelLayout
from .lines import is_ambiguous, line, line_offsets, lines, segment, segment_offsets, sides_crossed
from .offset import LABEL_STYLES, CCRRLabels, LabelError, Labels, LetterLabels, OffsetLayout

__all__ = [
    "DIRECTIONS",
    "FLAT_DIRECTION_NAMES",
    "LABEL_STYLES",
    "POINTY_DIRECTION_NAMES",
    "CCRRLabels",
    "Hex",
    "Hexside",
    "LabelError",
    "Labels",
    "LetterLabels",
    "OffsetLayout",
    "PixelLayout",
    "cube_round",
    "distance",
    "distances_from",
    "hexside_between",
    "hexside_of",
    "is_ambiguous",
    "line",
    "line_offsets",
    "lines",
    "opposite",
    "pairwise_distances",
    "reflect_q",
    "ring",
    "rotate",
    "segment",
    "segment_offsets",
    "sides_crossed",
    "sides_of",
    "spiral",
    "within",
]
