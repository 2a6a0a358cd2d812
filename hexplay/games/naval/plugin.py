"""naval's plugin record: everything the platform reaches of this game, by reference."""

from __future__ import annotations

from hexplay.engine.plugin import GameEntry

PLUGIN = GameEntry(
    name="naval",
    title="Naval night action (CA)",
    game="hexplay.games.naval.game:NavalGame",
    scenarios="hexplay.games.naval.scenarios:scenarios",
    commands="hexplay.games.naval.commanders:COMMANDS",
    players={
        "scripted": "hexplay.games.naval.ai.players:scripted",
        "random": "hexplay.games.naval.ai.players:random_player",
        "search": "hexplay.games.naval.ai.search:player",
    },
    analysis="hexplay.games.naval.analysis:SPEC",
    ui="hexplay.games.naval.ui.adapter:NavalUI",
    sampler="hexplay.games.naval.ai.sampler:sample",
    search="hexplay.games.naval.ai.search:SETTINGS",
    queries="hexplay.games.naval.side_queries:QUERIES",
    editor="hexplay.games.naval.ui.editor:NavalKind",
    docs="hexplay.games.naval.docs:tables_markdown",
    env="hexplay.games.naval.env_encoding:NavalPlanes",
    briefing="hexplay.games.naval.ui.briefing:briefing",
    rules="hexplay.games.naval.ui.rules_card:rules_card",
    summary="hexplay.games.naval.ui.summary:TERMS",
)
