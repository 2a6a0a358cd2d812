"""The naval game's hidden-state sampler (the registry's ``sampler`` part, see
:mod:`hexplay.ai.samplers`), from the game's state, drawn from the side's view.

A side sees every enemy ship on the map: the spotted ones face up, the others face down (their
hexes only, :func:`hexplay.games.naval.views.face_down`). What it cannot tell is which
unspotted ship is in which face-down hex, and their headings and speeds."""

from __future__ import annotations

from typing import Any

import numpy as np

from hexplay.ai.samplers import SAMPLER_TRIES, resample_plot
from hexplay.ai.worlds import rollout_copy


def sample(game: Any, side: str, rng: np.random.Generator) -> Any:
    """The naval game's sampler: the enemy ships ``side`` has not spotted trade places.

    Once orders are given this turn, the enemy's secret plot is drawn anew
    (:func:`resample_plot`). Otherwise the unspotted enemy ships afloat on the map are dealt
    anew to their face-down hexes (a random permutation), each with a random heading and a
    random speed from 0 to its top speed; the copy is kept only if ``view(side)`` is
    unchanged (:data:`SAMPLER_TRIES` draws, else an unchanged copy). Nothing the side sees
    changes: the hexes, so rule (b) spotting, are the same.
    """
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
    for _ in range(SAMPLER_TRIES):
        twin = rollout_copy(game)
        # the face-down hexes in their own order (not the ships'): a state the side cannot
        # tell from this one gives the same sample for the same random stream
        hexes = sorted((game.ships[sid].hex for sid in hidden), key=lambda h: (h[0], h[1]))
        order = rng.permutation(len(hidden))
        for sid, j in zip(hidden, order):
            s = twin.ships[sid]
            s.hex = hexes[int(j)]
            s.facing = int(rng.integers(6))
            s.speed = int(rng.integers(s.top_speed + 1))
        if twin.view(side) == truth:
            return twin
    return rollout_copy(game)
