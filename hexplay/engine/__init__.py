"""Generic game machinery shared by the rulesets.

Seeded dice with every roll recorded, an event log with per-side visibility, secret plots with
submission, simultaneous and alternating turn drivers, fog-of-war helpers, a command log for
save/replay/rewind, JSON helpers and the errors every ruleset raises.
"""

from .commands import Command, CommandLog
from .dice import Dice, ForcedDice, Roll, fresh_like
from .errors import IllegalOrder, ScenarioError
from .log import REFEREE, Event, EventLog
from .plots import PlotBook
from .serial import dumps, fraction, jsonable, map_from_dict, map_to_dict, roundtrip
from .turns import AlternatingTurns, SimultaneousTurns
from .views import LastKnown, side_may_see

__all__ = [
    "REFEREE",
    "AlternatingTurns",
    "Command",
    "CommandLog",
    "Dice",
    "Event",
    "EventLog",
    "ForcedDice",
    "IllegalOrder",
    "LastKnown",
    "PlotBook",
    "Roll",
    "ScenarioError",
    "SimultaneousTurns",
    "dumps",
    "fraction",
    "fresh_like",
    "jsonable",
    "map_from_dict",
    "map_to_dict",
    "roundtrip",
    "side_may_see",
]
