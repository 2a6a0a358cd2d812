"""aggressor's plugin record: everything the platform reaches of this game, by reference."""

from __future__ import annotations

from hexplay.engine.plugin import GameEntry

PLUGIN = GameEntry(
    name="aggressor",
    title="AGGRESSOR",
    game="hexplay.games.aggressor:AggressorGame",
    scenarios="hexplay.games.aggressor.scenario:scenarios",
    commands="hexplay.games.aggressor.commanders:COMMANDS",
    players={
        "random": "hexplay.games.aggressor.ai.players:random_player",
        "scripted": "hexplay.games.aggressor.ai.players:scripted",
        "search": "hexplay.games.aggressor.ai.search:player",
        "army": "hexplay.games.aggressor.ai.search:army_player",
    },
    analysis="hexplay.games.aggressor.analysis:SPEC",
    ui="hexplay.games.aggressor.ui.adapter:AggressorUI",
    sampler="hexplay.games.aggressor.ai.sampler:sample",
    search="hexplay.games.aggressor.ai.search:SETTINGS",
    queries="hexplay.games.aggressor.side_queries:QUERIES",
    editor="hexplay.games.aggressor.ui.editor:AggressorKind",
    docs="hexplay.games.aggressor.docs:tables_markdown",
    env="hexplay.games.aggressor.env_encoding:AggressorPlanes",
    briefing="hexplay.games.aggressor.ui.briefing:briefing",
    rules="hexplay.games.aggressor.ui.rules_card:rules_card",
    summary="hexplay.games.aggressor.ui.summary:TERMS",
)
