"""What the editors need to know of a game: its terrain and hexside types, its sight and
movement rules on a map being drawn, and whether a map is one the game accepts.

Nothing here is a list of names: the terrain and hexside types are those of the game's own
default map (the map its default scenario plays on), so a game that brings new terrain (AMBUSH)
brings it to the editor too.  The overlays use the game's own rules:

* line of sight: the edited map's own sight model, else the game's default map's, else open
  sight (:data:`~hexplay.maps.OPEN_SIGHT`: the naval game spots by range, AGGRESSOR observes by
  distance and terrain, neither traces lines);
* movement: :func:`design_reach`, one mover's reach from a hex in one turn by the game's rules
  (see :data:`REACH_RULES` for what each game's overlay shows and why).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from types import SimpleNamespace

from ..maps import OPEN_SIGHT, BlockingModel, Map

#: What the movement overlay shows per game (the designer's question: "how far does a unit get
#: across this terrain in a turn?").  Games not listed get hexes within :data:`OPEN_REACH`.
REACH_RULES = {
    "skirmish": "a man's reach on foot in one turn (10 AP, Table VIII: the game's own costs)",
    "aggressor": "a range-3 battalion's move in one turn (range halved in rough, as the game)",
    "naval": "a ship's sea hexes within speed 5 (the scenarios' speed; land is never entered)",
}
OPEN_REACH = 5
"""Steps shown by the movement overlay of a game without rules of its own here."""
AGGRESSOR_RANGE = 3
"""The largest AGGRESSOR range (``PlacedUnit.range`` <= 3): the overlay shows the most a unit
can move."""
NAVAL_SPEED = 5
"""Both bundled naval scenarios start the ships at speed 5 (Kula Gulf) or near it."""


@dataclass(frozen=True)
class GameDesign:
    """A game as the editors see it (see the module doc)."""

    name: str
    title: str
    terrain_types: tuple[str, ...]
    feature_types: tuple[str, ...]
    sight: BlockingModel
    default_map: Map
    sides: tuple[str, ...]

    def sight_of(self, m: Map) -> BlockingModel:
        """The sight rules on ``m``: its own, else the game's (dropping terrain ``m`` lacks)."""
        if m.sight_model is not None:
            return m.sight_model
        s = self.sight
        if not s.blocking_terrain <= set(m.terrain_names):
            s = replace(s, blocking_terrain=s.blocking_terrain & frozenset(m.terrain_names))
        return s


@cache
def game_design(game: str) -> GameDesign:
    """The design view of a registered game, from the game's maps: the map of its default game
    and the bundled maps named after it (``<game>`` or ``<game>_...``, e.g. AMBUSH's nine
    maps).  Terrain and hexside types are the union of theirs (the default map's first); the
    sight rules are the default map's, blocking every terrain and hexside type that blocks on
    any of the game's maps."""
    from .. import registry
    from ..maps import bundled_maps, load_map

    entry = registry.game_entry(game)
    g = entry.new(seed=0)
    m = getattr(g, "map", None)
    if not isinstance(m, Map):
        raise ValueError(f"{game}: its games have no map the editor can start from")
    maps = [m] + [
        load_map(n)
        for n in bundled_maps()
        if n != m.name and (n == game or n.startswith(f"{game}_"))
    ]
    terrain = list(dict.fromkeys(t for x in maps for t in x.terrain_names))
    features = list(dict.fromkeys(f for x in maps for f in x.hexside_features))
    sights = [x.sight_model for x in maps if x.sight_model is not None]
    sight = m.sight_model or OPEN_SIGHT
    if sights:
        sight = replace(
            sight,
            blocking_terrain=frozenset().union(*(s.blocking_terrain for s in sights)),
            blocking_hexsides=frozenset().union(*(s.blocking_hexsides for s in sights)),
        )
    features += [f for f in sorted(sight.blocking_hexsides) if f not in features]
    return GameDesign(
        name=game,
        title=entry.title,
        terrain_types=tuple(terrain),
        feature_types=tuple(features),
        sight=sight,
        default_map=m,
        sides=tuple(entry.info.sides),
    )


def sight_like(m: Map, model: BlockingModel, like: Map | None):
    """``m.sight(model)`` with its line templates taken from ``like``'s (when ``like`` has the
    same layout and has built them) instead of built again.

    Equals ``m.sight(model)``: the templates are the hex offsets each line crosses within the
    layout's grid, which depend on the layout alone, not on terrain or hexsides (tested
    against a fresh build).  Building them takes seconds on a 30 x 36 map; an editor makes a
    new map at every stroke, of the same layout."""
    s = m.sight(model)
    old = None if like is None else like.__dict__.get("_sight_cache", {}).get(model)
    if (
        old is not None
        and old is not s
        and like.layout == m.layout
        and s._templates is None
        and old._templates is not None
    ):
        s._templates, s._flat = old._templates, old._flat
    return s


def _skirmish_like(game: str) -> bool:
    """A game played by SKIRMISH's rules on its terrain (SKIRMISH and its advanced forms)."""
    from .. import registry
    from ..games.skirmish.game import SkirmishGame

    try:
        return issubclass(registry.game_entry(game).game_class, SkirmishGame)
    except (KeyError, ImportError, TypeError):
        return False


def design_reach(game: str, m: Map, start: str) -> dict[str, float]:
    """Label -> cost of every hex one mover reaches from ``start`` in a turn on ``m`` by the
    game's rules (:data:`REACH_RULES`).  ``start`` is a label of ``m``."""
    from ..movement import Movement
    from ..movement.model import UniformCost

    h = m.require(start)
    if game == "aggressor":
        return _aggressor_reach(m, m.index(h))
    if game == "naval":
        reach = Movement(m, _SeaCost(), "ship").reachable(h, NAVAL_SPEED)
    elif _skirmish_like(game):
        from ..games.skirmish.tables import AP_PER_TURN
        from ..games.skirmish.terrain import terrain_for

        # the game's own per-map movement tables (so new terrain data comes with them)
        reach = terrain_for(m).movement.reachable(h, AP_PER_TURN)
    else:
        reach = Movement(m, UniformCost(), "person").reachable(h, OPEN_REACH)
    return {k: float(v) for k, v in reach.costs().items()}


class _SeaCost:
    """Ships enter sea hexes at one a hex and never enter land (the naval map's two terrains)."""

    def enter_cost(self, terrain, features, road, mover, road_hex=False):  # noqa: D102
        return None if terrain == "land" else Fraction(1)


def _aggressor_reach(m: Map, start: int) -> dict[str, float]:
    """Hexes a range-:data:`AGGRESSOR_RANGE` unit reaches with the game's own allowance rule
    (:func:`hexplay.games.aggressor.movement.allowance`), cost = hexes moved."""
    from ..games.aggressor.movement import allowance

    rough = tuple(t == "rough" for t in (m.terrain_at(h) for h in m.hexes))
    board = SimpleNamespace(rough=rough)
    index = {h: i for i, h in enumerate(m.hexes)}
    best = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for i in frontier:
            moved = best[i]
            unit = SimpleNamespace(rng=AGGRESSOR_RANGE, hex=i, moved=moved)
            if allowance(board, unit) < 1:
                continue
            for n in m.neighbors(m.hexes[i]):
                j = index[n]
                if j not in best:
                    best[j] = moved + 1
                    nxt.append(j)
        frontier = nxt
    return {m.hex_labels[i]: float(c) for i, c in best.items()}


def map_problems(game: str, m: Map, full: bool = True) -> list[str]:
    """Why ``game`` would refuse ``m`` (the engine's own errors), or [] when it plays on it.

    The game is started on the map with its default scenario and asked for its first orders;
    with ``full`` it is also saved and loaded back (a save's checks, e.g. that a changed map
    does not bear a bundled map's name; this rebuilds the map's tables, so the editor runs it
    when saving, not after every stroke).  Any error on the way is the game's answer.  The
    naval game builds its sea from a scenario's ``sea`` (size and land hexes), so a map it
    takes is one of ``sea`` and ``land``.
    """
    if game == "naval":
        from .scenario_kinds import sea_of_map

        try:
            sea_of_map(m)
        except ValueError as e:
            return [str(e)]
        return []
    from .. import registry

    cls = registry.game_entry(game).game_class
    try:
        g = cls.new(None, seed=0, map=m)
        for side in g.to_act():
            g.legal_orders(side)
        if full:
            cls.from_json(g.to_json())
    except Exception as e:  # the engine's refusal, whatever its class, is the answer shown
        return [str(e) or type(e).__name__]
    return []


def reach_rule(game: str) -> str:
    return REACH_RULES.get(game, f"hexes within {OPEN_REACH} steps")
