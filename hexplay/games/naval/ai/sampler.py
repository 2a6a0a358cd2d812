"""The naval game's hidden-state sampler (the registry's ``sampler`` part, see
:mod:`hexplay.ai.samplers`), from the game's state, drawn from the side's view."""

from __future__ import annotations

from typing import Any

import numpy as np

from hexplay.ai.samplers import SAMPLER_TRIES, resample_plot
from hexplay.ai.worlds import rollout_copy

BAND = 3
"""Unspotted enemy ships are drawn among the sea hexes just beyond the side's spotting range:
from ``spotting_range + 1`` to ``spotting_range + BAND`` hexes of its nearest ship afloat
(the enemy it has lost sight of is likely still close)."""


def _pool(game: Any, side: str) -> list[Any]:
    """Free sea hexes beyond spotting range of ``side``'s ships (:data:`BAND`), in a
    fixed order; all free sea hexes if the band is empty."""
    from ..game import waters_of

    r = game.scenario.spotting_range
    own = [s.hex for s in game.ships.values() if s.side == side and s.afloat and s.hex]
    units = game.view(side)["units"]
    known = {s.hex for s in game.ships.values() if s.hex and s.id in units}
    sea = sorted(waters_of(game.map).sea - known, key=lambda h: (h.q, h.r))
    if not own:
        return sea
    q = np.array([h.q for h in sea])[:, None]
    rr = np.array([h.r for h in sea])[:, None]
    oq = np.array([h.q for h in own])[None, :]
    orr = np.array([h.r for h in own])[None, :]
    d = ((np.abs(q - oq) + np.abs(rr - orr) + np.abs(q + rr - oq - orr)) // 2).min(axis=1)
    band = [h for h, x in zip(sea, d) if r < x <= r + BAND]
    return band or sea


def sample(game: Any, side: str, rng: np.random.Generator) -> Any:
    """The naval game's sampler: the enemy ships ``side`` has not spotted sail elsewhere.

    Once orders are given this turn, the enemy's secret plot is drawn anew
    (:func:`resample_plot`). Otherwise each unspotted enemy ship afloat is put on a free sea
    hex drawn from :func:`_pool` (just beyond spotting range; where it really is plays
    no part, so two states the side cannot tell apart give the same sample), and the copy is
    kept only if rule (b) spotting (ships within spotting range) comes out as before and
    ``view(side)`` is unchanged (:data:`SAMPLER_TRIES` draws, else an unchanged copy).
    """
    from ..spotting import spotted_in_range

    cmds = game.commands.commands
    if len(cmds) > game.commands.marks.get(game.turn, len(cmds)):
        return resample_plot(game, side, rng)
    truth = game.view(side)
    hidden = sorted(
        s.id
        for s in game.ships.values()
        if s.side != side and s.afloat and s.hex is not None and s.id not in truth["units"]
    )
    if not hidden:
        return rollout_copy(game)
    pool = _pool(game, side)
    for _ in range(SAMPLER_TRIES):
        twin = rollout_copy(game)
        picks = rng.choice(len(pool), size=min(len(hidden), len(pool)), replace=False)
        for sid, j in zip(hidden, picks):
            twin.ships[sid].hex = pool[int(j)]
        rule_b = spotted_in_range(twin.ships.values(), twin.scenario.spotting_range)
        if rule_b == game.spotted_b and twin.view(side) == truth:
            return twin
    return rollout_copy(game)
