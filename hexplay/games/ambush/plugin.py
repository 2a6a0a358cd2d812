"""ambush's plugin record: everything the platform reaches of this game, by reference."""

from __future__ import annotations

from hexplay.engine.plugin import GameEntry

PLUGIN = GameEntry(
    "ambush",
    "AMBUSH",
    "hexplay.games.ambush.game:AmbushGame",
    scenarios="hexplay.games.ambush.game:named_scenarios",
    commands="hexplay.games.ambush.commanders:COMMANDS",
    players={
        "scripted": "hexplay.games.ambush.ai.players:scripted",
        "tactic": "hexplay.games.ambush.ai.players:tactic",
        "search": "hexplay.games.ambush.ai.search:player",
    },
    analysis="hexplay.games.ambush.analysis:SPEC",
    ui="hexplay.games.ambush.ui.adapter:AmbushUI",
    sampler="hexplay.games.ambush.ai.sampler:sample",
    search="hexplay.games.ambush.ai.search:SETTINGS",
    queries="hexplay.games.skirmish.side_queries:QUERIES",
    editor="hexplay.games.skirmish.ui.editor:SkirmishKind",
    docs="hexplay.games.ambush.docs:tables_markdown",
    env="hexplay.games.ambush.env_encoding:AmbushPlanes",
    briefing="hexplay.games.ambush.ui.briefing:briefing",
    rules="hexplay.games.ambush.ui.rules_card:rules_card",
    summary="hexplay.games.skirmish.ui.summary:TERMS",
)
