"""Observations as numpy arrays, computed from one side's view only.

:class:`ViewEncoder` is the generic default for any game: a float32 vector with

* a header: the turn, set-up or not, over or not, the side one-hot, and whether the side must
  act now;
* one block per unit of the scenario's unit table (:func:`~hexplay.env.codec.unit_table`):
  known (the view lists it), its side one-hot, on the map, its hex as column and row scaled to
  0..1, and the unit's numeric and boolean view fields (the names are those the referee's view
  shows at the start, sorted; a field missing from the side's view reads 0);
* one block per *unidentified counter* the view lists (as many blocks as the unit table has
  units): a unit the side sees but may not identify is listed under an alias, an id outside
  the unit table (a face-down counter, an unidentified enemy); its block holds present, its
  side one-hot, and its hex as column and row scaled to 0..1, in the order of the counters'
  hexes (then sides), so neither the alias nor the view's order reaches the observation.

Only the *layout* (which unit goes in which block, which fields there are) comes from the
scenario; every value comes from ``view(side)``. This is the old observation, kept for
``observation="vector"``; the default is planes (:mod:`.planes`), where each game gives its
own encoding by its plugin record's ``env=``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..engine import REFEREE
from .codec import unit_table

LIMIT = 1e6
"""Every feature is clipped to ``[-LIMIT, LIMIT]`` (the observation space's finite bounds)."""


def _numeric(v: Any) -> bool:
    return isinstance(v, bool | int | float) and not isinstance(v, str)


class ViewEncoder:
    """The default observation encoder (see the module docstring)."""

    def __init__(self, game: Any) -> None:
        self.sides = tuple(game.info.sides)
        self.units = unit_table(game)
        self._slot = {u: i for i, u in enumerate(self.units)}
        self.layout = game.map.layout
        self.cols, self.rows = game.map.cols, game.map.rows
        self._hex = {
            h: game.map.layout.to_offset(x) for h, x in zip(game.map.hex_labels, game.map.hexes)
        }
        ref = game.view(REFEREE)["units"]
        keys = {k for u in ref.values() for k, v in u.items() if _numeric(v)}
        self.fields = tuple(sorted(keys - {"side", "hex"}))
        self.header = 4 + len(self.sides)
        self.per_unit = 4 + len(self.sides) + len(self.fields)
        self.per_alias = 3 + len(self.sides)
        self.aliases = self.header + self.per_unit * len(self.units)  # where their blocks start
        self.size = self.aliases + self.per_alias * len(self.units)

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        """The observation vector of one side's view."""
        out = np.zeros(self.size, dtype=np.float32)
        side = view["side"]
        out[0] = view.get("turn") or 0
        out[1] = view.get("phase") == "setup"
        out[2] = bool(view.get("over"))
        out[3] = side in (view.get("to_act") or ())
        if side in self.sides:
            out[4 + self.sides.index(side)] = 1
        n_sides = len(self.sides)
        unknown = []
        for uid, u in view.get("units", {}).items():
            i = self._slot.get(uid)
            if i is None:
                pos = self._hex.get(u.get("hex"))
                if pos is not None:
                    unknown.append((pos[0], pos[1], str(u.get("side"))))
                continue
            b = self.header + i * self.per_unit
            out[b] = 1
            if u.get("side") in self.sides:
                out[b + 1 + self.sides.index(u["side"])] = 1
            b += 1 + n_sides
            pos = self._hex.get(u.get("hex"))
            if pos is not None:
                out[b] = 1
                out[b + 1] = (pos[0] - 1) / max(1, self.cols - 1)
                out[b + 2] = (pos[1] - 1) / max(1, self.rows - 1)
            for j, k in enumerate(self.fields):
                v = u.get(k)
                if _numeric(v):
                    out[b + 3 + j] = float(v)
        unknown.sort(key=lambda x: (x[1], x[0], x[2]))
        for k, (col, row, sd) in enumerate(unknown[: len(self.units)]):
            b = self.aliases + k * self.per_alias
            out[b] = 1
            if sd in self.sides:
                out[b + 1 + self.sides.index(sd)] = 1
            out[b + 1 + n_sides] = (col - 1) / max(1, self.cols - 1)
            out[b + 2 + n_sides] = (row - 1) / max(1, self.rows - 1)
        np.clip(out, -LIMIT, LIMIT, out=out)
        return out


def encoder_for(game: Any) -> ViewEncoder:
    """The vector encoding (``observation="vector"``): :class:`ViewEncoder`, the same for
    every game (a game's own encoding is its planes: :func:`hexplay.env.planes.planes_for`)."""
    return ViewEncoder(game)
