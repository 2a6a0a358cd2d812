"""skirmish's plugin record: everything the platform reaches of this game, by reference."""

from __future__ import annotations

from hexplay.engine.plugin import GameEntry

PLUGIN = GameEntry(
    "skirmish",
    "SKIRMISH",
    "hexplay.games.skirmish.game:SkirmishGame",
    scenarios="hexplay.games.skirmish.game:named_scenarios",
    commands="hexplay.games.skirmish.commanders:COMMANDS",
    players={
        "scripted": "hexplay.games.skirmish.ai.players:scripted",
        "tactic": "hexplay.games.skirmish.ai.tactics:tactic",
        "search": "hexplay.games.skirmish.ai.search:player",
        "learned": "hexplay.games.skirmish.ai.learned:player",
    },
    analysis="hexplay.games.skirmish.analysis.spec:SPEC",
    ui="hexplay.games.skirmish.ui.adapter:SkirmishUI",
    sampler="hexplay.games.skirmish.ai.sampler:sample",
    search="hexplay.games.skirmish.ai.search:SETTINGS",
    queries="hexplay.games.skirmish.side_queries:QUERIES",
    editor="hexplay.games.skirmish.ui.editor:SkirmishKind",
    docs="hexplay.games.skirmish.docs:tables_markdown",
    env="hexplay.games.skirmish.env_encoding:SkirmishPlanes",
    briefing="hexplay.games.skirmish.ui.briefing:briefing",
    rules="hexplay.games.skirmish.ui.rules_card:rules_card",
    summary="hexplay.games.skirmish.ui.summary:TERMS",
)
