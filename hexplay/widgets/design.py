"""What the editors need to know of a game: its terrain and hexside types, its sight and
movement rules on a map being drawn, and whether a map is one the game accepts.

Nothing here is a list of names: the terrain and hexside types are those of the game's own
default map (the map its default scenario plays on), so a game that brings new terrain brings
it to the editor too.  The overlays use the game's own rules:

* line of sight: the edited map's own sight model, else the game's default map's, else open
  sight (:data:`~hexplay.maps.OPEN_SIGHT`: for a game that spots by range or observes by
  distance and terrain, tracing no lines);
* movement: :func:`design_reach`, one mover's reach from a hex in one turn by the game's rules
  (its scenario kind's :meth:`~hexplay.widgets.scenario_kinds.ScenarioKind.reach`; what it
  shows: :func:`reach_rule`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from ..maps import OPEN_SIGHT, BlockingModel, Map
from .scenario_kinds import OPEN_REACH, ScenarioKind, kind_class

__all__ = [
    "OPEN_REACH",
    "GameDesign",
    "design_reach",
    "game_design",
    "map_problems",
    "reach_rule",
    "sight_like",
]


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
    and the bundled maps named after it (``<game>`` or ``<game>_...``: a game's own maps).
    Terrain and hexside types are the union of theirs (the default map's first); the sight
    rules are the default map's, blocking every terrain and hexside type that blocks on any of
    the game's maps."""
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
        and like is not None
        and old is not s
        and like.layout == m.layout
        and s._templates is None
        and old._templates is not None
    ):
        s._templates, s._flat = old._templates, old._flat
    return s


def _kind(game: str) -> ScenarioKind:
    """The game's scenario kind for the overlays and checks (the generic base when the game
    has none: its overlay is open reach, its check the engine's)."""
    return (kind_class(game) or ScenarioKind)(game)


def design_reach(game: str, m: Map, start: str) -> dict[str, float]:
    """Label -> cost of every hex one mover reaches from ``start`` in a turn on ``m`` by the
    game's rules (:func:`reach_rule` says which).  ``start`` is a label of ``m``."""
    return _kind(game).reach(m, start)


def map_problems(game: str, m: Map, full: bool = True) -> list[str]:
    """Why ``game`` would refuse ``m`` (the engine's own errors), or [] when it plays on it
    (its scenario kind's :meth:`~hexplay.widgets.scenario_kinds.ScenarioKind.map_problems`:
    the game started on the map and asked for its first orders; with ``full`` also saved and
    loaded back)."""
    return _kind(game).map_problems(m, full)


def reach_rule(game: str) -> str:
    """What the game's movement overlay shows."""
    return _kind(game).reach_rule
