"""AGGRESSOR ("A wargame about a wargame"): the complete game on hexplay's game API.

Start one with ``hexplay.new_game("aggressor", seed=1)`` or :meth:`AggressorGame.new`. Sides are
``"west"`` (columns A-J) and ``"east"`` (L-U); column K is the border. Modules: :mod:`.units`
(the unit table, step loss), :mod:`.board` (per-map tables, keys 1-6), :mod:`.scenario`
(options), :mod:`.setup`, :mod:`.observation`, :mod:`.movement`, :mod:`.combat`,
:mod:`.features`, :mod:`.victory`, :mod:`.legal` (order kinds and legal orders), :mod:`.views`,
:mod:`.queries` (what an app shows beside the board), :mod:`.game`.

Driving a game (an app needs nothing else)::

    g = hexplay.new_game("aggressor", seed=1)          # set-up: both sides in to_act()
    g.legal_orders("west")       # [place: needs type (choice), hex (a free home hex)]
    g.order("west", kind="place", type="Armor", hex="@JH"); ...; g.submit("west")
    side = g.current                                   # play: alternating turns
    g.legal_orders(side, "W01")  # move (to), attack (target), fire/strike/recon/launch/decon
                                 # (target), supply (support), replace, contact
    g.order(g.key_order(side, "W01", 3))               # the original's keys 1-6 ...
    g.feature_orders(side, "W01")                      # ... and 0 (may need a target)
    g.reach(side, "W01"); g.attack_odds(side, "W01", "@KJ"); g.air_line(side, "W02", "@PJ")
    g.view(side); g.submit(side)                       # end of turn
    g.outcome()                  # winner, reason, turns, rounds, units and sectors per side

Decisions where the rules are open (each documented again where it is implemented):

* Sides: "west" and "east"; which one the computer plays is the scenario's ``computer``.
* Set-up: both sides place at once, each unseen by the other; ``remove`` takes a unit back; a
  side's set-up hex counts as the start of its first turn, so a unit not moved from it is
  emplaced from the opponent's first turn on. The first side is rolled on the game's dice
  after both set-ups are in (scenario ``first`` can fix it).
* Turn order at the start of a side's turn: the opponent's units' emplacement, observation (B),
  the victory check (F: it reads only sector control), CBR effects (C), partisans (D), then
  unit activity (E).
* Observation: a unit observes from each hex it enters during its turn, so units discovered by
  a move join the side's knowledge; a unit may not attack (ground or ranged) a unit that only
  its own move found. A carried-over identified unit is shown where it is at the start of that
  next turn. The hit value's "unobserved before the attack" applies when the target was not
  known to the side at the moment of the attack (prospecting fire).
* A move into a hex holding a hidden enemy "bumps": no move, the enemy is revealed as
  unidentified (found by that unit's own move), and the unit's movement ends.
* Zone of control is exerted by every enemy unit, seen or not. The border rule: before an
  aggressor exists, a step into the opponent's territory ends the unit's movement, and a unit
  that began its turn there may take only one step.
* After an attack or a special feature a unit does nothing more that turn (the original's
  order: move, then attack or feature).
* Prospecting (ranged fire at a hex with no known enemy) exists only with Observation; a
  missile may always target an empty hex (it makes a CBR hex); no ranged feature at a
  friendly unit's hex.
* Air missions overfly the line's hexes after the base, the target included; the anti-aircraft
  chance is in percentage points on a d100 (see :func:`.features.aa_chance`).
* Partisans: each group acts in every victim turn (``partisans_spent=True``: once); contact is
  refused at the limit of 4 groups; partisan spots are shown to the victim only.
* Replacement: the border column counts as home (60%).
* Sector control is updated at the end of every turn; a side left with no units loses at
  once; ``turn_limit`` (rounds) ends the game as a draw, after the victory check of the side
  whose turn would come next. It is off by default (the original has none): a game in play has
  no limit; batches and sweeps of the game by name (``hexplay simulate --game aggressor``,
  :func:`hexplay.analysis.run_batch`) play the ``batch`` scenario's 40 rounds
  (:func:`.scenario.batch_scenario`), so every game ends.
* "dieFac" (named, not defined, by the original) is ``die_factor``: the weight of the
  strength difference in the hit value (1 = the original).
"""

from .board import EAST, KEY_DIRECTIONS, SIDES, WEST, Board, board_of
from .combat import HitValue, hit_value, is_hit, p_hit
from .game import FORMAT, AggressorGame
from .scenario import ARMY_SIZE, SCENARIOS, Scenario, parse_scenario, scenarios
from .setup import COMPUTER_ARMY, computer_setup
from .units import DISPLAY_TYPES, TYPE_NAMES, UNIT_TYPES, Unit, UnitType, step_loss

__all__ = [
    "ARMY_SIZE",
    "COMPUTER_ARMY",
    "DISPLAY_TYPES",
    "EAST",
    "FORMAT",
    "KEY_DIRECTIONS",
    "SCENARIOS",
    "SIDES",
    "TYPE_NAMES",
    "UNIT_TYPES",
    "WEST",
    "AggressorGame",
    "Board",
    "HitValue",
    "Scenario",
    "Unit",
    "UnitType",
    "board_of",
    "computer_setup",
    "hit_value",
    "is_hit",
    "p_hit",
    "parse_scenario",
    "scenarios",
    "step_loss",
]
