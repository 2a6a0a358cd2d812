"""The per-game UI adapter: what the app shell (:mod:`.game_app`) must know about one game.

The shell is game-independent and owns the gestures: select a unit (its reach and targets
marked), move by a click on a hex of the game's reach query, attack with the odds first (a
second click or the Attack button gives it), end the turn; a click that is no order says why,
naming the engine's rule. An adapter **describes**; it does not route orders. It names a game
in its registry entry (``ui=``); the plain :class:`GameUI` works for any game on the protocol
(:mod:`hexplay.engine.protocol`). What an adapter may provide:

- :attr:`style` and :meth:`counters` (a side's view -> board counters; **only** from the view),
  :meth:`extra_units` (units without a counter), :meth:`overlays` (markings, regions, plots),
  :meth:`status` and :meth:`turn_limit` (the status line);
- :meth:`panels` (tabs, and widgets above them) with :meth:`refresh_panels` / :meth:`blank_panels`;
- :meth:`GameUI.select` / :meth:`select_panels` / :meth:`inspect` (what a selection or a look
  shows), :meth:`target` (the unit a click on a counter names), :meth:`selectable`;
- words: :meth:`describe_event`, :meth:`describe_result`, :meth:`roster`,
  :meth:`events`, :meth:`record`, :meth:`shot_odds`;
- the game's turn: :meth:`new_game`, :meth:`start`, :meth:`advance`, :meth:`player`,
  :meth:`reset`, :meth:`win_probability` (:attr:`gauge_class`), :meth:`after_order`,
  :meth:`repeat_order`, :meth:`default_orders`;
- the order builder's controller (:class:`OrderController`: the engine's legal orders and
  reach, remembered per command; an adapter's subclass only titles or converts).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import ipywidgets as W

from ..engine.protocol import LegalOrder, Need, Order, Reach, reach_of
from .counters import CounterStyle, SideStyle


@dataclass
class Intents:
    """What an adapter may ask of the shell, passed in by the shell (``GameUI.intents``): the
    adapter never reaches into the shell's widgets. ``give(order)`` -> ``(True, result)`` or
    ``(False, the refusal's words)`` (the engine judges, the shell refreshes); ``select(unit)``
    as a click on its counter; ``show_tab(title)``; ``build(unit, legal_order)`` starts an
    order in the order builder (its needs asked there); ``listen_keys(fn)`` /
    ``listen_clicks(fn)``: the board's key presses / clicks also go to ``fn``."""

    give: Callable[[Order], tuple[bool, Any]] = lambda o: (False, "no app")  # noqa: E731
    select: Callable[[str], None] = lambda u: None  # noqa: E731
    show_tab: Callable[[str], None] = lambda t: None  # noqa: E731
    build: Callable[[str, LegalOrder], None] = lambda u, lo: None  # noqa: E731
    listen_keys: Callable[[Callable[..., Any]], None] = lambda fn: None  # noqa: E731
    listen_clicks: Callable[[Callable[..., Any]], None] = lambda fn: None  # noqa: E731


class Shell(Protocol):
    """What an adapter may read of the app it describes for (no import of the shell; it acts
    only through :class:`Intents`): the game, the viewer's view and counters, the side at the
    screen and the selection, the humans and computers, the order builder's controller (the
    engine's legal orders and reach, remembered)."""

    game: Any
    view: dict[str, Any]
    units_by_id: dict[str, dict[str, Any]]
    plotting_side: str
    viewer: str
    selected_unit: str | None
    referee: bool
    handover: bool
    over: bool
    humans: list[str]
    seed: int
    computer_name: str | None
    builder: Any


REFEREE = "referee"
#: Colours given to sides a game does not style itself (in order).
DEFAULT_SIDE_COLOURS = ("#b8322a", "#2f5fa8", "#2e8b57", "#8e44ad")


class OrderController:
    """The order builder's link to the game for the side at the screen (protocol games).

    Everything comes from the engine: ``legal_orders`` lists what the unit may do and what
    each order needs; ``order`` gives it (the rules judge it)."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        self._memo: tuple[Any, dict[tuple[str, ...], Any]] = (None, {})

    @property
    def side(self) -> str:
        return self.app.plotting_side

    def legal_orders(self, unit: str) -> list[LegalOrder]:
        return list(self.engine_legal_orders(unit))

    def engine_legal_orders(self, unit: str) -> tuple[LegalOrder, ...]:
        """Equal to ``game.legal_orders(side, unit)``; remembered until the game's next
        command (every change of a game is a logged command), so selecting units back and
        forth asks the engine once per unit and state."""
        g = self.app.game
        log = getattr(getattr(g, "commands", None), "commands", None)
        if log is None:
            return tuple(g.legal_orders(self.side, unit))
        key = (id(g), len(log), getattr(g, "turn", None), getattr(g, "phase", None))
        if self._memo[0] != key:
            self._memo = (key, {})
        table = self._memo[1]
        hit = table.get((self.side, unit))
        if hit is None:
            hit = table[(self.side, unit)] = tuple(g.legal_orders(self.side, unit))
        return hit

    def reach(self, unit: str) -> Reach:
        """The game's reach query for ``unit`` (:func:`~hexplay.engine.protocol.reach_of`),
        remembered with the legal orders until the game's next command; empty if refused."""
        legal = self.engine_legal_orders(unit)
        table = self._memo[1]
        hit = table.get(("reach", self.side, unit))
        if hit is None:
            try:
                hit = reach_of(self.app.game, self.side, unit, legal)
            except Exception:  # not the side's unit, gone...: nowhere to go
                hit = Reach(unit=unit)
            table[("reach", self.side, unit)] = hit
        return hit

    def order(self, order: Order) -> Any:
        return self.app.game.order(order)

    def undo(self, unit: str | None) -> None:
        self.app.game.undo(self.side, unit)

    def pick(self, need: Need, hex: str | None, unit: str | None, occupant: str | None) -> Any:
        """A unit need takes the most specific unit clicked; a hex need takes the hex."""
        if need.kind == "hex":
            return hex
        return occupant or unit or hex

    def plotted(self, unit: str) -> list[str]:
        return []

    def unit_hex(self, unit: str) -> str | None:
        u = self.app.units_by_id.get(unit)
        return None if u is None else u.get("hex")


class GameUI:
    """Base adapter: works for any protocol game with plain counters (see the module doc)."""

    #: Title shown in the status line (defaults to the game's info title).
    title: str = ""
    #: The board opens zoomed to the counters (for a map too big to read whole).
    fit_units: bool = False
    #: Counter size on the board (1: the default, at most 1.25).
    counter_scale: float = 1.0
    controller_class: type = OrderController
    #: The win-probability gauge's widget class (``n=``, ``seed=``; ``show(estimate)``,
    #: ``reset()``), None: the game offers none.
    gauge_class: type | None = None

    def __init__(self, app: Shell) -> None:
        self.app = app
        #: What the adapter may ask of the shell (set by the shell before it asks for panels).
        self.intents = Intents()

    # --- the game -------------------------------------------------------------------------------
    @classmethod
    def new_game(cls, seed: int = 0) -> Any:
        raise NotImplementedError("this adapter cannot start a game: pass game=")

    def start(self, game: Any) -> None:
        """Finish a game still in its set-up (the app plays from the first turn)."""

    def advance(self, game: Any) -> list[dict[str, Any]]:
        return list(game.advance() or [])

    def player(self, name: str | None, side: str, seed: int) -> Any:
        """The computer player ``name`` (the registry's; its first one when None)."""
        from ..registry import game_entry

        entry = game_entry(self.app.game.info.name)
        names = entry.player_names()
        if name is None:
            name = next((n for n in names if n != "random"), "random")
        return entry.player(name, side, seed=seed)

    def reset(self) -> None:
        """Forget per-game caches (a new game)."""

    def win_probability(self, game: Any, n: int, seed: int) -> Mapping[str, Any] | None:
        """An estimate for the gauge (``p_adversary``-style dict) or None: no gauge."""
        return None

    # --- what the board shows -------------------------------------------------------------------
    @property
    def style(self) -> CounterStyle:
        sides = tuple(self.app.game.info.sides)
        return CounterStyle(
            tuple(
                SideStyle(s, DEFAULT_SIDE_COLOURS[i % len(DEFAULT_SIDE_COLOURS)])
                for i, s in enumerate(sides)
            )
        )

    def counters(self, view: Mapping[str, Any], side: str) -> list[dict[str, Any]]:
        """Board counters of ``view`` (protocol views: ``units`` maps id -> {side, hex...})."""
        out = []
        for uid, u in (view.get("units") or {}).items():
            if u.get("hex") is None:
                continue
            out.append(
                {
                    "id": str(uid),
                    "side": str(u.get("side", "")),
                    "hex": u["hex"],
                    "glyph": {"kind": "text", "text": str(uid)[:3]},
                    "label": str(uid),
                }
            )
        return out

    def extra_units(self, view: Mapping[str, Any], side: str) -> list[dict[str, Any]]:
        """Units the side may select that have no counter (default: its units off the map,
        e.g. still to place in the set-up; the roster lists them)."""
        return [
            {"id": str(uid), "side": str(u.get("side", "")), "hex": None, "label": str(uid)}
            for uid, u in (view.get("units") or {}).items()
            if u.get("hex") is None and (side == REFEREE or u.get("side") == side)
        ]

    def overlays(self, view: Mapping[str, Any], side: str) -> dict[str, Any]:
        """The view's overlays (markings, regions, plotted paths...)."""
        return {}

    def status(self, view: Mapping[str, Any]) -> str:
        """The game's part of the status line (HTML-escaped by the adapter)."""
        return ""

    def turn_limit(self) -> int | None:
        return None

    # --- panels ---------------------------------------------------------------------------------
    def panels(self) -> list[tuple[str | None, W.Widget]]:
        """The game's own panels (title, widget): a tab each after "Plot"; title None: shown
        above the tabs."""
        return []

    def refresh_panels(self, view: Mapping[str, Any], side: str | None) -> None:
        """Fill the game's panels from ``view`` (``side`` None: the referee)."""

    def blank_panels(self) -> None:
        """Empty the game's panels: nobody's information on screen (hand-over)."""

    def events(self, view: Mapping[str, Any], viewer: str) -> list[dict[str, Any]] | None:
        ev = view.get("events")
        return list(ev) if ev is not None else None

    def record(self, viewer: str) -> tuple[list[Mapping[str, Any]], list[str] | None, str]:
        """(rows, columns, summary) of the record table a viewer may see."""
        return [], None, ""

    # --- clicks ---------------------------------------------------------------------------------
    def selectable(self, unit: Mapping[str, Any], side: str) -> bool:
        return unit.get("side") == side

    def target(
        self, unit: str | None, occupant: str | None, by_id: Mapping[str, Mapping[str, Any]]
    ) -> str | None:
        """The unit a click on ``unit`` (``occupant``: the man aboard clicked) names as a
        target (default: the most specific one)."""
        return occupant or unit

    def select(self, unit: str) -> dict[str, Any]:
        """Overlays for the selected unit (e.g. what it sees, where it can go)."""
        return {}

    def select_panels(self, unit: str) -> None:
        """The game's panels after a selection."""

    def inspect(self, unit: str, target: str) -> dict[str, Any] | None:
        """A look from the selected ``unit`` at ``target`` (a unit id or a hex): the game's
        panels show it (odds...); returns overlays for the board (e.g. ``los``: a LOS trace)."""
        return None

    # --- class play: roster, turn summary, defaults -----------------------------------------
    def roster(self, view: Mapping[str, Any], side: str) -> list[dict[str, Any]]:
        """The side's units to pick from: ``{id, text, status}`` rows (default: every
        selectable counter, with what it has plotted)."""
        c = self.app.builder.controller
        rows = []
        for uid, u in self.app.units_by_id.items():
            if side != REFEREE and not self.selectable(u, side):
                continue
            plotted = c.plotted(uid) if c is not None else []
            rows.append(
                {
                    "id": uid,
                    "text": f"{uid} · {u.get('hex') or 'off map'}",
                    "status": str(u.get("status", "")),
                    "plotted": " ".join(plotted),
                }
            )
        return rows

    def describe_event(self, event: Mapping[str, Any]) -> str:
        """One line for an event in the turn summary and the log."""
        from .log import describe_event

        return describe_event(event)

    def describe_result(self, order: Order, result: Any) -> str:
        """One line for an order the shell gave by a click and what the game returned (its
        events under alternating turns; default: the order)."""
        return f"ordered: {order.label()}"

    def shot_odds(self, event: Mapping[str, Any]) -> Mapping[str, float] | None:
        """The odds of a shot event of the log, for the after-action review (default: none)."""
        return None

    def after_order(self, order: Order) -> dict[str, Any] | None:
        """Called after an order of the side at the screen went through (e.g. show odds);
        returns overlays for the board, as :meth:`inspect`."""
        return None

    def repeat_order(self, game: Any, order: Order, given: Sequence[Order]) -> Order | None:
        """The order "Same as last turn" gives for last turn's ``order`` (``given``: those
        already given again in this pass); None leaves it out, IllegalOrder refuses it with
        its reason (default: the same order)."""
        return order

    def default_orders(self, game: Any, side: str) -> list[Order]:
        """Orders given for ``side`` when the turn timer ends a plot the rules refuse as it
        stands (default: none)."""
        return []


def describe_needs(needs: Sequence[Need]) -> str:
    """One line naming what an order still needs (for prompts and docs)."""
    return ", ".join(f"{n.name} ({n.kind}{', optional' if n.optional else ''})" for n in needs)
