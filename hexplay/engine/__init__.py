"""Generic game machinery shared by the rulesets.

The game API every ruleset implements is :mod:`.protocol`; saves, replay, rewind and copy are
:mod:`.record`.

Seeded dice with every roll recorded, an event log with per-side visibility, secret plots with
submission, simultaneous and alternating turn drivers, fog-of-war helpers, a command log for
save/replay/rewind, JSON helpers and the errors every ruleset raises.
"""

from .commands import Command, CommandLog
from .dice import Dice, ForcedDice, Roll, fresh_like
from .errors import IllegalOrder, SaveError, ScenarioError
from .log import REFEREE, Event, EventLog
from .plots import PlotBook
from .protocol import VIEW_KEYS, Game, GameInfo, LegalOrder, Need, Order, check_args
from .serial import dumps, fraction, jsonable, map_from_dict, map_to_dict, roundtrip
from .turns import AlternatingTurns, SimultaneousTurns
from .views import LastKnown

__all__ = [
    "REFEREE",
    "VIEW_KEYS",
    "AlternatingTurns",
    "Command",
    "CommandLog",
    "Dice",
    "Event",
    "EventLog",
    "ForcedDice",
    "Game",
    "GameInfo",
    "IllegalOrder",
    "LastKnown",
    "LegalOrder",
    "Need",
    "Order",
    "PlotBook",
    "Roll",
    "SaveError",
    "ScenarioError",
    "SimultaneousTurns",
    "dumps",
    "check_args",
    "fraction",
    "fresh_like",
    "jsonable",
    "map_from_dict",
    "map_to_dict",
    "roundtrip",
]
