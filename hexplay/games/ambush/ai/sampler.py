"""AMBUSH's hidden-state sampler: SKIRMISH's (:func:`hexplay.games.skirmish.ai.sampler.sample`),
which draws SKIRMISH's hidden state and keeps AMBUSH's extra state (cargo, radio, the getaway
car's plan) as it is; the enemy's drawn plot is completed by the game's ``complete_plot``
(moving vehicles and the transporter: random plots rarely stop them)."""

from __future__ import annotations

from hexplay.games.skirmish.ai.sampler import sample

__all__ = ["sample"]
