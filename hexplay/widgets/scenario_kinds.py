"""How a game's scenario is edited: its typed model (the form's schema), the map it plays on,
the units a designer places (the roster) and where a placement goes in the scenario, the
engine's own check, the game it starts, and the map editor's movement overlay and map check.

The scenario is always plain data (the dict its JSON file holds): placing a unit changes a
field of it (a unit's start hex, a fixed position), and the check is the engine's: the game is
built from the data on the map and asked for its first orders; whatever it raises is shown
beside the field it names.

Each game's :class:`ScenarioKind` lives in its own package and its plugin record names it
(``editor="module:Class"``); :func:`kind_of` finds it there. A game whose record names none
shares the kind of the registered game it is built on (its game class a subclass of that
game's), as a game built on another's rules plays on its maps.
"""

from __future__ import annotations

import copy
from typing import Any

from ..engine import ScenarioError
from ..maps import Map

__all__ = ["OPEN_REACH", "ScenarioKind", "kind_class", "kind_of"]

OPEN_REACH = 5
"""Steps shown by the movement overlay of a game without a reach rule of its own."""


class ScenarioKind:
    """One game's scenario editing (see the module doc); a game subclasses it in its own
    package. The base alone serves the map editor's overlays and checks of any game."""

    game: str = ""
    roster_note = ""
    reach_rule = f"hexes within {OPEN_REACH} steps"
    """What the movement overlay shows (the designer's question: "how far does a unit get
    across this terrain in a turn?")."""

    def __init__(self, game: str) -> None:
        from .. import registry

        self.game = game
        self.entry = registry.game_entry(game)

    # the typed model and its data ------------------------------------------------------------
    @property
    def model(self) -> Any:
        raise NotImplementedError

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the scenario (the form is generated from its properties)."""
        return self.model.model_json_schema()

    def default(self) -> dict[str, Any]:
        names = self.entry.scenario_names()
        return copy.deepcopy(self.entry.scenario(names[0])) if names else {}

    def named(self, name: str) -> dict[str, Any]:
        return copy.deepcopy(self.entry.scenario(name))

    # the map ---------------------------------------------------------------------------------
    def map_of(self, data: dict[str, Any], m: Map | None) -> Map:
        """The map ``data`` plays on (``m``, the editor's map, when given)."""
        raise NotImplementedError

    def with_map(self, data: dict[str, Any], m: Map, ref: str) -> dict[str, Any]:
        """``data`` playing on ``m`` (saved as ``ref``: a bundled name or a file path)."""
        out = dict(data)
        out["map"] = ref
        return out

    # the check and the game ------------------------------------------------------------------
    def new_game(self, data: dict[str, Any], m: Map | None, seed: int = 0) -> Any:
        raise NotImplementedError

    def check(self, data: dict[str, Any], m: Map | None, full: bool = True) -> None:
        """Raise :class:`ScenarioError` naming the field the engine refuses (else return): the
        game is built and asked for its first orders, and the scenario passes the check a
        save's loader makes (:meth:`load_check`); with ``full`` the game is also saved and
        loaded back (which rebuilds the map's tables: done before saving and starting)."""
        try:
            self.load_check(data)
            g = self.new_game(data, m)
            for side in g.to_act():
                g.legal_orders(side)
            if full:
                type(g).from_json(g.to_json())
        except ScenarioError:
            raise
        except Exception as e:  # the engine's own refusal (IllegalOrder, MapError...)
            raise ScenarioError(getattr(e, "field", None) or "map", str(e)) from None

    def load_check(self, data: dict[str, Any]) -> None:
        """The scenario check a save's loader makes without the map (default: none)."""

    # placing units ---------------------------------------------------------------------------
    def roster(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """``[{"id", "label", "side", "hex" (None: not placed)}]``."""
        raise NotImplementedError

    def place(self, data: dict[str, Any], m: Map, unit: str, hex: str) -> dict[str, Any]:
        """``data`` with roster unit ``unit`` at ``hex`` (a label of ``m``); ScenarioError if
        the unit is not on the roster."""
        raise NotImplementedError

    def remove(self, data: dict[str, Any], unit: str) -> dict[str, Any]:
        raise NotImplementedError

    def counters(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """The placed units as board counters."""
        out = []
        for r in self.roster(data):
            if r.get("hex"):
                out.append(
                    {"id": r["id"], "side": r["side"], "hex": r["hex"], "label": r["label"]}
                    | self.glyph(r)
                )
        return out

    def glyph(self, r: dict[str, Any]) -> dict[str, Any]:
        return {"glyph": {"kind": "man"}}

    def highlight(self, data: dict[str, Any]) -> list[str] | None:
        """Hex labels the board marks for ``data`` besides its counters (default: none)."""
        return None

    # the map editor's overlay and check -----------------------------------------------------
    def reach(self, m: Map, start: str) -> dict[str, float]:
        """Label -> cost of every hex one mover reaches from ``start`` (a label of ``m``) in a
        turn by the game's rules (:attr:`reach_rule`); default: hexes within
        :data:`OPEN_REACH` steps."""
        from ..movement import Movement
        from ..movement.model import UniformCost

        reach = Movement(m, UniformCost(), "person").reachable(m.require(start), OPEN_REACH)
        return {k: float(v) for k, v in reach.costs().items()}

    def map_problems(self, m: Map, full: bool = True) -> list[str]:
        """Why the game would refuse ``m`` (the engine's own errors), or [] when it plays on it.

        The game is started on the map with its default scenario and asked for its first
        orders; with ``full`` it is also saved and loaded back (a save's checks, e.g. that a
        changed map does not bear a bundled map's name; this rebuilds the map's tables, so the
        editor runs it when saving, not after every stroke). Any error on the way is the game's
        answer."""
        cls = self.entry.game_class
        try:
            g = cls.new(None, seed=0, map=m)
            for side in g.to_act():
                g.legal_orders(side)
            if full:
                cls.from_json(g.to_json())
        except Exception as e:  # the engine's refusal, whatever its class, is the answer shown
            return [str(e) or type(e).__name__]
        return []

    def _unknown(self, unit: str, data: dict[str, Any]) -> ScenarioError:
        ids = [r["id"] for r in self.roster(data)]
        return ScenarioError("roster", f"{unit!r} is not on the roster ({', '.join(ids)})")


def kind_class(game: str) -> type[ScenarioKind] | None:
    """The scenario-editing class of the registered game ``game``: the one its plugin record
    names (``editor=``), else that of the registered game its game class is built on (the
    nearest in its class's MRO that names one); None if neither. KeyError for an unknown
    game (naming the registered ones)."""
    from .. import registry

    entry = registry.game_entry(game)
    own = entry.part("editor")
    if own is not None:
        return own
    mro = entry.game_class.__mro__[1:] if entry.game_class else ()
    owners: dict[Any, Any] = {}
    for name in registry.games():
        other = registry.game_entry(name)
        if name == game or other.editor is None:
            continue
        try:
            owners.setdefault(other.game_class, other)
        except (ImportError, AttributeError):  # a game that cannot load here lends nothing
            continue
    for base in (entry.game_class, *mro):
        if base in owners:
            return owners[base].part("editor")
    return None


def kind_of(game: str) -> ScenarioKind:
    """The scenario editing of the registered game ``game`` (see :func:`kind_class`);
    ValueError naming the game when it has none."""
    cls = kind_class(game)
    if cls is None:
        raise ValueError(
            f"no scenario editor for {game!r}: its plugin record names no editor= (and no "
            "registered game it is built on has one)"
        )
    return cls(game)
