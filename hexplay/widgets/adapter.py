"""The per-game UI adapter: what the app shell (:mod:`.game_app`) asks a game to *describe*.

The shell is game-independent and owns the turn and the gestures: it starts a game and its
set-up (the registry's scenarios, the plugin record's default set-up), plays the computer
sides (the registry's players), resolves turns (the protocol's ``advance``), selects a unit
(its reach and targets marked), moves it by a click on a hex of the game's reach query,
attacks with the odds first (a second click or the Attack button gives it), answers the keys
an adapter declares, ends the turn; a click that is no order says why, naming the engine's
rule. The turn limit, "same as last turn" and the timer's default orders are the game's
(:class:`~hexplay.engine.protocol.Game`); the win-probability estimate is the analysis
layer's, for any game.

An adapter **describes**; it never routes an order and never holds the shell. Each hook gets
what it needs as arguments: a side's view, the side, and a read-only :class:`Context` (the
game, the selection, the counters, the engine's legal orders and reach for the side at the
screen). It names a game in its registry entry (``ui=``); the plain :class:`GameUI` works
for any game on the protocol (:mod:`hexplay.engine.protocol`). The hooks (:data:`HOOKS`):

- :meth:`~GameUI.style` and :meth:`~GameUI.counters` (a side's view -> board counters, units
  without a hex included: the roster lists them), :meth:`~GameUI.overlays` (markings,
  regions, plots, and the selected unit's: sight, reach, rings), :meth:`~GameUI.status`;
- :meth:`~GameUI.panels` (tabs, and widgets above them) with :meth:`~GameUI.refresh_panels`
  (a view, or None: blank for a hand-over);
- :meth:`~GameUI.inspect` (a look at a unit or hex: odds in the panels, a LOS trace);
- words: :meth:`~GameUI.describe_event`, :meth:`~GameUI.describe_result`,
  :meth:`~GameUI.roster`, :meth:`~GameUI.record` (the log's events and the record table).

Declared data besides (no code): :attr:`~GameUI.title`, :attr:`~GameUI.fit_units`,
:attr:`~GameUI.counter_scale`, :attr:`~GameUI.gauge_class`, :attr:`~GameUI.order_titles`
(the order builder's button titles), :attr:`~GameUI.keys` (key -> :class:`Key`: a direction
or order kinds) with :attr:`~GameUI.key_rows`, and per adapter :attr:`~GameUI.choices`
(need name -> a panel widget whose value fills that need of a side-wide order a hex click
completes, e.g. the type a set-up click places) and :attr:`~GameUI.requests` (what a panel's
own buttons ask: a unit selected, an order given; the shell listens, as to the board's
clicks).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import ipywidgets as W

from ..engine.protocol import LegalOrder, Need, Order, Reach, kind_reasons_of, reach_of
from .counters import CounterStyle, SideStyle

REFEREE = "referee"
#: Colours given to sides a game does not style itself (in order).
DEFAULT_SIDE_COLOURS = ("#b8322a", "#2f5fa8", "#2e8b57", "#8e44ad")


class OrderController:
    """The engine's legal orders and reach for the side at the screen (the shell's; the order
    builder's link to the game). ``game()`` / ``side()`` name the game and side now;
    ``units()`` the viewer's counters by id; ``plotted(unit)`` the unit's plotted orders in
    words (the roster's); ``titles`` the adapter's :attr:`GameUI.order_titles`.

    Everything comes from the engine: ``legal_orders`` lists what the unit may do and what each
    order needs; ``order`` gives it (the rules judge it). An ``int`` need whose values are not
    1..n is offered as a menu (the builder's number field runs from 1: a ship's final speed,
    3 to 6 or 0, is a menu) and given back as the number."""

    def __init__(
        self,
        game: Callable[[], Any],
        side: Callable[[], str],
        units: Callable[[], Mapping[str, Mapping[str, Any]]] = dict,
        plotted: Callable[[str], list[str]] | None = None,
        titles: Mapping[str, str] | None = None,
    ) -> None:
        self._game, self._side, self._units = game, side, units
        self._plotted = plotted
        self.titles = dict(titles or {})
        self._memo: tuple[Any, dict[tuple[str, ...], Any]] = (None, {})
        self._as_int: set[tuple[str, str]] = set()

    @property
    def game(self) -> Any:
        return self._game()

    @property
    def side(self) -> str:
        return self._side()

    def legal_orders(self, unit: str) -> list[LegalOrder]:
        """The engine's legal orders of ``unit``, titled (``titles``), a listed ``int``
        need as a menu."""
        out = []
        for lo in self.engine_legal_orders(unit):
            needs = []
            for n in lo.needs:
                if n.kind == "int" and n.options and not _one_to_n(n.options):
                    self._as_int.add((lo.kind, n.name))
                    n = Need(n.name, "choice", tuple(str(o) for o in n.options), n.prompt)
                needs.append(n)
            out.append(replace(lo, needs=tuple(needs), label=self.title(lo)))
        if out:  # the game's ready-made orders besides (e.g. last turn's steps again)
            out += list(self.game.suggested_orders(self.side, unit))
        return out

    def _table(self) -> dict[tuple[Any, ...], Any] | None:
        """The answers remembered for the game's state now (None: a game without a command
        log, asked every time)."""
        g = self.game
        log = getattr(getattr(g, "commands", None), "commands", None)
        if log is None:
            return None
        key = (id(g), len(log), getattr(g, "turn", None), getattr(g, "phase", None))
        if self._memo[0] != key:
            self._memo = (key, {})
        return self._memo[1]

    def title(self, lo: LegalOrder) -> str:
        """The builder's title of ``lo``: the adapter's for its kind, formatted with the
        order's fixed arguments (``"place in {where}"``; the kind alone when one is missing),
        else the engine's label."""
        t = self.titles.get(lo.kind)
        if t is None:
            return lo.label
        try:
            return t.format_map(dict(lo.args))
        except (KeyError, IndexError, ValueError):
            return lo.kind

    def engine_legal_orders(self, unit: str | None) -> tuple[LegalOrder, ...]:
        """Equal to ``game.legal_orders(side, unit)``; remembered until the game's next
        command (every change of a game is a logged command), so selecting units back and
        forth asks the engine once per unit and state."""
        return self.remember(
            (self.side, unit), lambda: tuple(self.game.legal_orders(self.side, unit))
        )

    def reach(self, unit: str) -> Reach:
        """The game's reach query for ``unit`` (:func:`~hexplay.engine.protocol.reach_of`),
        remembered with the legal orders until the game's next command; empty if refused."""

        def make() -> Reach:
            try:
                return reach_of(self.game, self.side, unit, self.engine_legal_orders(unit))
            except Exception:  # not the side's unit, gone...: nowhere to go
                return Reach(unit=unit)

        return self.remember(("reach", self.side, unit), make)

    def kind_reasons(self, unit: str) -> dict[str, str | None]:
        """The game's :meth:`~hexplay.engine.protocol.Game.order_kind_reasons` for ``unit``
        (:func:`~hexplay.engine.protocol.kind_reasons_of`), remembered with the legal orders
        until the game's next command; empty if refused."""

        def make() -> dict[str, str | None]:
            try:
                return kind_reasons_of(self.game, self.side, unit, self.engine_legal_orders(unit))
            except Exception:  # not the side's unit, gone...: nothing to say
                return {}

        return self.remember(("kind_reasons", self.side, unit), make)

    def remember(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        """``make()``, remembered under ``key`` until the game's next command (the engine's
        answers for the side: legal orders, reach, an adapter's queries such as the hexes the
        side observes)."""
        table = self._table()
        if table is None:
            return make()
        if key not in table:
            table[key] = make()
        return table[key]

    def order(self, order: Order) -> Any:
        args = dict(order.args)
        for k, v in args.items():
            if (order.kind, k) in self._as_int and isinstance(v, str):
                with contextlib.suppress(ValueError):  # else the engine names the rule
                    args[k] = int(v)
        return self.game.order(Order(order.side, order.kind, order.unit, args))

    def undo(self, unit: str | None) -> None:
        self.game.undo(self.side, unit)

    def pick(self, need: Need, hex: str | None, unit: str | None, occupant: str | None) -> Any:
        """A hex need takes the hex; a unit need the unit clicked (the man aboard whose pip
        was clicked, else the counter: the engine says why it is no target), or for a hex
        alone the one unit in it the need accepts (:func:`pick_unit`)."""
        if need.kind == "hex":
            return hex
        return pick_unit(need, hex, unit, occupant, self._units(), aboard=False)

    def plotted(self, unit: str) -> list[str]:
        return list(self._plotted(unit)) if self._plotted is not None else []

    def unit_hex(self, unit: str) -> str | None:
        u = self._units().get(unit)
        if not u:
            return None
        if u.get("hex") is None and u.get("position"):
            return f"{u['position']} (off map)"
        return u.get("hex")


class EngineQueries:
    """Read-only: the engine's legal orders and reach for the side at the screen, remembered
    until the game's next command (an :class:`OrderController`'s, without its ``order`` /
    ``undo``): what a :class:`Context` gives an adapter."""

    def __init__(self, controller: OrderController) -> None:
        self._c = controller

    def engine_legal_orders(self, unit: str | None) -> tuple[LegalOrder, ...]:
        return self._c.engine_legal_orders(unit)

    def reach(self, unit: str) -> Reach:
        return self._c.reach(unit)

    def remember(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        return self._c.remember(key, make)


def _one_to_n(options: Sequence[Any]) -> bool:
    """Are ``options`` exactly 1, 2, ..., n (what a number field from 1 can hold)?"""
    return list(options) == list(range(1, len(options) + 1))


def pick_unit(
    need: Need,
    hex: str | None,
    unit: str | None,
    occupant: str | None,
    units: Mapping[str, Mapping[str, Any]],
    aboard: bool = True,
) -> str | None:
    """The unit a click names for a unit ``need``: the man aboard whose pip was clicked, else
    the counter clicked (with ``aboard``, the first of them the need accepts, then of the
    living men aboard it: fire is at men), else for a hex alone the one unit in it the need
    accepts; else the most specific one clicked (the engine says why it is no target)."""
    if not aboard and (occupant or unit):
        return occupant or unit
    cands: list[str] = [x for x in (occupant, unit) if x]
    u = units.get(unit or "")
    if u is not None:
        cands += [o for o in u.get("occupants") or () if units.get(o, {}).get("status") != "K"]
    if not cands and hex is not None:
        here = [k for k, v in units.items() if v.get("hex") == hex and need.accepts(k)]
        cands = here[:1] if len(here) == 1 else []
    for c in cands:
        if not need.options or need.accepts(c):
            return c
    return occupant or unit or hex


@dataclass(frozen=True)
class Context:
    """What an adapter may read when the shell asks it (built by the shell for each call).

    ``game``: the game (its public parts and its queries for ``side``); ``view``: the
    viewer's view; ``side``: the side at the screen (the referee's chosen side in referee
    mode); ``viewer``: ``side`` or ``"referee"``; ``selected``: the selected unit or None;
    ``units``: the viewer's counters by id (:meth:`GameUI.counters`); ``orders``: the
    engine's legal orders and reach for ``side``, remembered (:class:`EngineQueries`: it
    gives no order)."""

    game: Any
    view: Mapping[str, Any] = field(default_factory=dict)
    side: str = ""
    viewer: str = REFEREE
    selected: str | None = None
    units: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    orders: Any = None

    @property
    def referee(self) -> bool:
        return self.viewer == REFEREE


@dataclass(frozen=True)
class Key:
    """A key the shell answers for the selected unit (declared by an adapter, :attr:`GameUI.keys`).

    ``direction`` (a hexside, 0 up, clockwise): the first of the unit's legal orders of
    ``kinds`` (in that order) that takes the neighbouring hex that way, or a unit in it, is
    given at once. No direction: the unit's one legal order of ``kinds`` is given (its target
    asked in the order builder when it needs one); two or more: the Plot tab offers them."""

    title: str
    kinds: tuple[str, ...]
    direction: int | None = None


class Requests:
    """What a panel's own buttons ask (``emit("select", unit)`` / ``emit("give", order)``):
    the shell listens (``connect(fn)``), as it listens to the board's clicks; the adapter never
    calls the shell."""

    KINDS = ("select", "give")

    def __init__(self) -> None:
        self._listeners: list[Callable[[str, Any], Any]] = []

    def connect(self, fn: Callable[[str, Any], Any]) -> None:
        self._listeners.append(fn)

    def emit(self, kind: str, value: Any) -> None:
        if kind not in self.KINDS:
            raise ValueError(f"a panel asks one of {self.KINDS}, not {kind!r}")
        for fn in list(self._listeners):
            fn(kind, value)


class GameUI:
    """Base adapter: works for any protocol game with plain counters (see the module doc)."""

    #: Title shown in the status line (defaults to the game's info title).
    title: str = ""
    #: The board opens zoomed to the counters (for a map too big to read whole).
    fit_units: bool = False
    #: Counter size on the board (1: the default, at most 1.25).
    counter_scale: float = 1.0
    #: The win-probability gauge's widget class (``n=``, ``seed=``; ``show(estimate)``,
    #: ``reset()``), None: the game offers none.
    gauge_class: type | None = None
    #: The order builder's title of each order kind (default: the engine's label).
    order_titles: Mapping[str, str] = {}
    #: Keys the shell answers for the selected unit (``"1"`` -> :class:`Key`), and the rows
    #: its key pad shows them in (empty: no key pad).
    keys: Mapping[str, Key] = {}
    key_rows: tuple[tuple[str, ...], ...] = ()

    def __init__(self) -> None:
        #: Panel widgets whose value fills a need of that name (see the module doc).
        self.choices: dict[str, Any] = {}
        #: What the panels' own buttons ask (the shell listens).
        self.requests = Requests()

    # --- what the board shows -------------------------------------------------------------------
    def style(self, game: Any) -> CounterStyle:
        """The sides' colours, badges and legend of ``game``."""
        sides = tuple(game.info.sides)
        return CounterStyle(
            tuple(
                SideStyle(s, DEFAULT_SIDE_COLOURS[i % len(DEFAULT_SIDE_COLOURS)])
                for i, s in enumerate(sides)
            )
        )

    def counters(self, view: Mapping[str, Any], side: str, ctx: Context) -> list[dict[str, Any]]:
        """The counters of ``view`` as ``side`` (or the referee) sees it, **only** from the view
        (protocol views: ``units`` maps id -> {side, hex...}); a unit with no hex (off the map,
        still to place) has ``hex`` None: no counter, the roster lists it. A counter the side
        may not select though its own has ``selectable`` False (a faded ``stale`` one never is)."""
        out = []
        for uid, u in (view.get("units") or {}).items():
            if u.get("hex") is None and side != REFEREE and u.get("side") != side:
                continue
            out.append(
                {
                    "id": str(uid),
                    "side": str(u.get("side", "")),
                    "hex": u.get("hex"),
                    "glyph": {"kind": "text", "text": str(uid)[:3]},
                    "label": str(uid),
                }
            )
        return out

    def overlays(self, view: Mapping[str, Any], side: str, ctx: Context) -> dict[str, Any]:
        """The view's overlays (``markings``, ``regions``, plotted ``paths`` and ``fires``...)
        and, with ``ctx.selected``, the selected unit's (``visible``, ``reachable``,
        ``highlight``; the shell marks the reach query's and the attack targets where none is
        given)."""
        return {}

    def status(self, view: Mapping[str, Any], ctx: Context) -> str:
        """The game's part of the status line (HTML-escaped by the adapter)."""
        return ""

    # --- panels ---------------------------------------------------------------------------------
    def panels(self) -> list[tuple[str | None, W.Widget]]:
        """The game's own panels (title, widget): a tab each after "Plot"; title None: shown
        above the tabs."""
        return []

    def refresh_panels(
        self, view: Mapping[str, Any] | None, side: str | None, ctx: Context
    ) -> None:
        """Fill the game's panels from ``view`` for ``side`` (None: the referee) and the
        selection ``ctx.selected``; ``view`` None: blank them (a hand-over: nobody's
        information on screen)."""

    def inspect(self, unit: str, target: str, ctx: Context) -> dict[str, Any] | None:
        """A look from the selected ``unit`` at ``target`` (a unit id or a hex): the game's
        panels show it (odds...); returns overlays for the board (e.g. ``los``: a LOS trace)
        and, under ``"tab"``, the title of the panel to bring on screen."""
        return None

    # --- words ----------------------------------------------------------------------------------
    def roster(self, view: Mapping[str, Any], side: str, ctx: Context) -> list[dict[str, Any]]:
        """The side's units to pick from: ``{id, text, status, plotted}`` rows (default: every
        own counter, with what it has plotted: ``plotted`` is also the order builder's)."""
        rows = []
        for uid, u in ctx.units.items():
            if side != REFEREE and (u.get("side") != side or u.get("stale")):
                continue
            rows.append(
                {
                    "id": uid,
                    "text": f"{uid} · {u.get('hex') or 'off map'}",
                    "status": str(u.get("status", "")),
                    "plotted": "",
                }
            )
        return rows

    def describe_event(self, event: Mapping[str, Any]) -> str:
        """One line for an event in the turn summary and the log."""
        from .log import describe_event

        return describe_event(event)

    def describe_result(self, order: Order, result: Any) -> str:
        """One line for an order the shell gave and what the game returned (its events under
        alternating turns; default: the order)."""
        return f"ordered: {order.label()}"

    def record(self, view: Mapping[str, Any], viewer: str, ctx: Context) -> GameRecord:
        """What the log and the record table show ``viewer`` (default: the view's events)."""
        ev = view.get("events")
        return GameRecord(list(ev) if ev is not None else None)


@dataclass
class GameRecord:
    """The log's events a viewer may see (None: the game keeps none) and the record table's
    rows, columns (None: every key) and summary line."""

    events: list[Mapping[str, Any]] | None = None
    rows: Sequence[Mapping[str, Any]] = ()
    columns: list[str] | None = None
    summary: str = ""


HOOKS = (
    "style",
    "counters",
    "overlays",
    "status",
    "panels",
    "refresh_panels",
    "inspect",
    "roster",
    "describe_event",
    "describe_result",
    "record",
)
"""Every hook of :class:`GameUI` (the adapter surface the shell calls)."""


def describe_needs(needs: Sequence[Need]) -> str:
    """One line naming what an order still needs (for prompts and docs)."""
    return ", ".join(f"{n.name} ({n.kind}{', optional' if n.optional else ''})" for n in needs)
