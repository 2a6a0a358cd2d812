"""DUEL, a small hex game plugged into hexplay from outside: its plugin record.

The record names the game class, its scenarios, its computer players and its hidden-state
sampler as ``"module:attr"`` references; hexplay imports them when the game is first used.
The package's ``pyproject.toml`` registers it under the ``hexplay.games`` entry point group.
"""

from hexplay.engine.plugin import GameEntry

PLUGIN = GameEntry(
    name="duel",
    title="Duel",
    game="hexplay_duel.game:DuelGame",
    scenarios="hexplay_duel.game:scenarios",
    players={"closer": "hexplay_duel.game:CloserPlayer"},
    sampler="hexplay_duel.game:sample",
)
