"""The plugin record of a game: what the platform reaches of it, declared in one place.

A game registers one :class:`GameEntry` (a registry entry): its class and, as
``"module:attr"`` strings imported on first use (so ``import hexplay`` stays light), its
scenarios, its computer players by name, and the parts each shared layer uses: the analysis
description, the app adapter, the hidden-state sampler and search settings, the environment
encoding, the side queries, the scenario-editor kind, the docs tables, and the app's words for
a student: the briefing, the rules card and the turn summary's terms. Shared layers reach a
game only through this record and the protocol (:mod:`hexplay.engine.protocol`).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


def resolve(ref: str) -> Any:
    """Import ``"package.module:attr"`` (``attr`` may be dotted)."""
    mod, _, attr = ref.partition(":")
    obj: Any = importlib.import_module(mod)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


DEFAULT_PLAYERS: Mapping[str, str] = {"random": "hexplay.ai.random:RandomPlayer"}
"""Players every game has unless its entry names its own of the same name: the random player
(:class:`~hexplay.ai.random.RandomPlayer` reads only ``legal_orders``, so it plays any game)."""


@dataclass(frozen=True)
class GameEntry:
    """One registered game (references are ``"module:attr"`` strings, imported on use).

    ``game``: the Game class. ``scenarios``: a function returning ``{name: scenario dict}``.
    ``players``: name -> a factory ``f(side, seed=0)`` returning a computer player.
    ``analysis``: the game's analysis description (outcome columns, parameters, the side whose
    win probability is reported; see :mod:`hexplay.analysis`). ``ui``: the app adapter class.
    ``sampler``: the hidden-state sampler ``f(game, side, rng) -> game``
    (:mod:`hexplay.ai.samplers`).
    ``search``: the search player's settings for this game (:mod:`hexplay.ai.search`).
    ``env``: the environment encoding (:mod:`hexplay.env`). ``queries``: the side queries that
    panels and the table server call (:mod:`hexplay.serve.queries`). ``editor``: the scenario
    editor's kind (:mod:`hexplay.widgets.scenario_kinds`). ``docs``: ``tables_markdown() -> str``.
    ``commands``: how a side divides into commands for team play, and what each commander
    knows (a :class:`~hexplay.engine.commanders.Commands`).
    ``briefing``: ``f(game, side) -> str`` (HTML: sides, objective, victory levels and the score
    now, where the enemy may appear, turn limit, from the scenario's data and only what ``side``
    may know; :mod:`hexplay.widgets.briefing`). ``rules``: ``f(game) -> str`` (HTML: the rules
    card, from the game's own tables; :mod:`hexplay.widgets.rules_card`). ``summary``: the turn
    summary's terms (:class:`hexplay.widgets.summary.SummaryTerms`: which events are shots and
    hits, and the words for them).
    Every part but ``game`` is optional: the platform's generic default serves a game without it.
    """

    name: str
    title: str
    game: str
    scenarios: str | None = None
    players: Mapping[str, str] = field(default_factory=dict)
    analysis: str | None = None
    ui: str | None = None
    sampler: str | None = None
    search: str | None = None
    env: str | None = None
    queries: str | None = None
    editor: str | None = None
    docs: str | None = None
    commands: str | None = None
    briefing: str | None = None
    rules: str | None = None
    summary: str | None = None

    def part(self, name: str) -> Any:
        """The declared part ``name`` (one of the reference fields above), imported; None when
        the game declares none."""
        ref = getattr(self, name)
        return None if ref is None else resolve(ref)

    @property
    def game_class(self) -> Any:
        return resolve(self.game)

    @property
    def info(self) -> Any:
        return self.game_class.info

    def new(self, scenario: Any = None, seed: int = 0, **kw: Any) -> Any:
        if isinstance(scenario, str):
            scenario = self.scenario(scenario)
        return self.game_class.new(scenario, seed=seed, **kw)

    def scenario_names(self) -> list[str]:
        return list(resolve(self.scenarios)()) if self.scenarios else []

    def scenario(self, name: str) -> Any:
        table = resolve(self.scenarios)() if self.scenarios else {}
        if name not in table:
            raise KeyError(f"{self.name} has no scenario {name!r}; it has {sorted(table)}")
        return table[name]

    def player_refs(self) -> dict[str, str]:
        """Every player of the game by name: :data:`DEFAULT_PLAYERS`, then its own (which
        replace a default of the same name)."""
        return {**DEFAULT_PLAYERS, **self.players}

    def player_names(self) -> list[str]:
        return list(self.player_refs())

    def player(self, name: str, side: str, seed: int = 0, **knobs: Any) -> Any:
        """A computer player by name for ``side`` (``"random"`` works for every game);
        ``knobs`` are the player's own keyword arguments (a search's budgets, say)."""
        ref = self.player_refs().get(name)
        if ref is None:
            raise KeyError(f"{self.name} has no player {name!r}; it has {self.player_names()}")
        return resolve(ref)(side, seed=seed, **knobs)

    @property
    def analysis_spec(self) -> Any:
        if self.analysis is None:
            raise KeyError(f"{self.name} has no analysis description")
        return resolve(self.analysis)
