"""The naval night action: SPI's "CA" with the Moves #11 simultaneous movement system.

The source (Jerrold Thomas, "CA: Adding Simultaneity", Moves #11) gives the SMS turn A-F, the
new torpedo procedure, night spotting, the special rules after 8/1/43 and scenarios 11 (Kula
Gulf) and 12 (Horaniu). The base game's ratings and tables are not in it: **the ship ratings,
the gunnery CRT, the ranges, movement and turning costs, the land configuration "C" and the
Torpedo Hit Chart are hexplay's own designs, not SPI's**, each written as named data with its
reason beside it. Fixed points kept from the source: Kagero defense 2, gunnery at extended
range halved, a single gunnery attack never sinks, TEV = speed + 1 (DIW 1), three hits sink.

Modules: :mod:`.classes` (ship classes and ranges), :mod:`.crt`, :mod:`.torpedo`,
:mod:`.damage`, :mod:`.movement`, :mod:`.spotting`, :mod:`.scenarios`, :mod:`.plots`,
:mod:`.resolve`, :mod:`.victory`, :mod:`.views`, :mod:`.game` (:class:`NavalGame`).
"""

from .classes import CLASSES, ShipClass
from .game import NavalGame
from .scenarios import Scenario, load_scenario, scenarios

__all__ = ["CLASSES", "NavalGame", "Scenario", "ShipClass", "load_scenario", "scenarios"]
