"""The game API: what every hexplay ruleset implements, and all that widgets, players, analysis
and environments may call.

A game is a Python object driven by *intents*. Every intent is checked by the rules; an illegal
one raises :class:`~hexplay.engine.errors.IllegalOrder` naming the rule and changes nothing.

The loop every caller uses, whatever the turn structure::

    g = hexplay.new_game(name, seed=1)
    while not g.over:
        sides = g.to_act()
        if not sides:                  # everybody has submitted: the rules resolve the turn
            g.advance()
            continue
        for side in sides:
            for choice in g.legal_orders(side):        # LegalOrder: kind, unit, needs
                ...                                    # pick one and fill in what it needs
            g.order(choice.complete(target="G1"))
            g.submit(side)                              # end of plot / end of turn / set-up

Turn structures (``info.turns``):

``"simultaneous"`` (plotted turns)
    ``to_act()`` lists every side whose plot is still open; :meth:`Game.order` *plots* (secret
    until every side has submitted), :meth:`Game.undo` takes the last plotted order back,
    :meth:`Game.submit` locks the plot; when every side has submitted ``to_act()`` is empty and
    :meth:`Game.advance` resolves the turn.
``"alternating"`` (turns in turn)
    ``to_act()`` is the side whose turn it is; :meth:`Game.order` takes effect at once (its
    events are returned); :meth:`Game.undo` is refused; :meth:`Game.submit` ends the turn and
    the rules run the next side's start-of-turn phases.

Set-up (``phase == "setup"``) works the same under both: ``to_act()`` lists the sides whose
set-up is open, set-up orders (placements, choices) come from :meth:`Game.legal_orders`,
:meth:`Game.undo` takes back the side's last set-up order (``unit=``: that unit's placement)
until :meth:`Game.submit` locks the side's set-up. (A game without a set-up starts in its first
plot or turn.)

:meth:`Game.legal_orders` returns *complete orders with what each still needs*: a
:class:`LegalOrder` names the order kind and unit, the arguments already fixed, and one
:class:`Need` per argument still to choose, each with its legal values. No widget or player keeps
a copy of a rules table: the order builder asks for the needs, a random player picks among them.

Views (:meth:`Game.view`) are plain JSON holding only what a side may know; every view has the
keys of :data:`VIEW_KEYS`. ``"referee"`` sees everything. :meth:`Game.outcome` is one flat row
(``winner``, ``reason``, ``turns`` and the game's own figures) for batch analysis.

Saves, replay, rewind and copy are shared by every game: see :mod:`hexplay.engine.record`.
They use only what :class:`Game` declares: ``map``, ``dice``, ``commands``, ``FORMAT``,
``COMMANDS``, :meth:`Game._fresh`, :meth:`Game.snapshot` and :meth:`Game.scenario_dict`.
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from .commands import CommandLog
from .errors import IllegalOrder
from .log import REFEREE

if TYPE_CHECKING:
    from ..maps import Map
    from .dice import Dice

TurnStructure = Literal["simultaneous", "alternating"]
NeedKind = Literal["unit", "hex", "path", "choice", "int"]

VIEW_KEYS = ("game", "side", "turn", "phase", "to_act", "over", "winner", "units")
"""Keys every view has. ``units`` maps unit id -> a dict with at least ``side`` and ``hex``
(a map label, or None when the unit is not on the map) for every unit the side may know of."""


Capability = Literal["setup", "undo", "hidden_state"]
"""What a game may declare of itself (:attr:`GameInfo.capabilities`): ``"setup"`` (a new game
starts in its set-up phase), ``"undo"`` (:meth:`Game.undo` takes back a plotted or set-up
order), ``"hidden_state"`` (a side's view leaves out what only the enemy knows). Informative:
the platform never branches on them (it reads the protocol and the plugin record's parts);
the conformance kit (:mod:`hexplay.testing`) checks that what a game declares holds."""


@dataclass(frozen=True)
class GameInfo:
    """What a game is and what it provides, declared (as OpenSpiel's ``GameType`` declares a
    game's kind) so that the platform never probes a game with ``getattr``.

    ``name``, ``title``, ``sides``, ``turns`` (``"simultaneous"`` | ``"alternating"``).
    ``order_kinds``: every kind :meth:`Game.legal_orders` may list, in a fixed order (the
    environments' action tables). ``move_kinds`` / ``attack_kinds``: the kinds the shell's
    gestures give (click a hex the selected unit can reach / click an enemy it can attack).
    ``capabilities``: what the game declares of itself (:data:`Capability`; informative,
    checked by :mod:`hexplay.testing`).
    """

    name: str
    title: str
    sides: tuple[str, ...]
    turns: TurnStructure
    description: str = ""
    order_kinds: tuple[str, ...] = ()
    move_kinds: tuple[str, ...] = ()
    attack_kinds: tuple[str, ...] = ()
    capabilities: frozenset[str] = frozenset()

    @property
    def simultaneous(self) -> bool:
        return self.turns == "simultaneous"


@dataclass(frozen=True)
class Order:
    """One complete order: ``side`` orders ``unit`` (None for a side-wide order) to ``kind``
    with ``args`` (plain JSON values: labels, ids, ints, lists of labels)."""

    side: str
    kind: str
    unit: str | None = None
    args: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"side": self.side, "kind": self.kind, "unit": self.unit, "args": dict(self.args)}

    @classmethod
    def from_dict(cls, d: Any) -> Order:
        """An order from its plain form (a mapping; anything else is refused): IllegalOrder
        ("order", ...) for a malformed one."""
        if not isinstance(d, Mapping):
            raise IllegalOrder("order", f"an order is a JSON object, not {type(d).__name__}")
        extra = set(d) - {"side", "kind", "unit", "args"}
        if extra:
            raise IllegalOrder("order", f"unknown order fields {sorted(map(str, extra))}")
        side, kind, unit, args = d.get("side"), d.get("kind"), d.get("unit"), d.get("args", {})
        if not isinstance(side, str) or not isinstance(kind, str):
            raise IllegalOrder("order", "an order needs a 'side' and a 'kind' (strings)")
        if unit is not None and not isinstance(unit, str):
            raise IllegalOrder("order", f"'unit' must be a unit id (string), not {unit!r}")
        if not isinstance(args, Mapping) or not all(isinstance(k, str) for k in args):
            raise IllegalOrder("order", "'args' must be an object with string keys")
        return cls(side, kind, unit, dict(args))

    def label(self) -> str:
        extra = " ".join(f"{k}={_short(v)}" for k, v in self.args.items())
        who = f"{self.unit} " if self.unit else ""
        return f"{who}{self.kind}{' ' + extra if extra else ''}"


def _short(v: Any) -> str:
    if isinstance(v, (list, tuple)):
        return "-".join(map(str, v))
    return str(v)


@dataclass(frozen=True)
class Need:
    """An argument an order still needs, with its legal values.

    ``kind`` tells a user interface how to ask: ``"unit"`` (click a unit: ``options`` are ids),
    ``"hex"`` (click a hex: labels), ``"path"`` (a route: ``options`` hold one legal path per
    reachable end hex, each a tuple of labels from the first hex entered; ``costs`` gives what
    each costs; other legal paths to the same hex are accepted too), ``"choice"`` (a menu of
    names) or ``"int"`` (a number among ``options``). An ``optional`` need may be left out (the
    rules then pick, e.g. the best weapon).
    """

    name: str
    kind: NeedKind
    options: tuple[Any, ...]
    prompt: str = ""
    optional: bool = False
    costs: tuple[Any, ...] = ()

    def accepts(self, value: Any) -> bool:
        """True if ``value`` is among the listed options (paths: any path ending in one)."""
        if self.kind == "path":
            if not isinstance(value, (list, tuple)) or not value:
                return False
            return any(tuple(value)[-1] == tuple(p)[-1] for p in self.options)
        return any(value == o for o in self.options)


@dataclass(frozen=True)
class LegalOrder:
    """A legal order kind for one unit now: fixed ``args`` plus the ``needs`` still to fill.

    ``complete(**values)`` makes the :class:`Order`; ``orders()`` lists every complete order
    (the cartesian product of the needs' options, optional needs left out).
    """

    side: str
    kind: str
    unit: str | None = None
    args: Mapping[str, Any] = field(default_factory=dict)
    needs: tuple[Need, ...] = ()
    label: str = ""
    rule: str = ""

    @property
    def complete_now(self) -> bool:
        """True if the order needs nothing more (every need optional)."""
        return all(n.optional for n in self.needs)

    def need(self, name: str) -> Need | None:
        return next((n for n in self.needs if n.name == name), None)

    def complete(self, **values: Any) -> Order:
        """The order with ``values`` for its needs; IllegalOrder for a missing or unknown one
        (a value outside the listed options is left for the rules to judge)."""
        names = {n.name for n in self.needs}
        unknown = set(values) - names
        if unknown:
            raise IllegalOrder(
                self.rule or "order",
                f"{self.kind} takes no {sorted(unknown)}; it needs {sorted(names) or 'nothing'}",
            )
        missing = [n.name for n in self.needs if not n.optional and n.name not in values]
        if missing:
            raise IllegalOrder(self.rule or "order", f"{self.kind} still needs {missing}")
        return Order(self.side, self.kind, self.unit, {**self.args, **values})

    def orders(self) -> Iterator[Order]:
        """Every complete order this entry stands for (optional needs left to the rules)."""
        req = [n for n in self.needs if not n.optional]
        for combo in itertools.product(*(n.options for n in req)):
            yield Order(
                self.side,
                self.kind,
                self.unit,
                {**self.args, **{n.name: _plain(v) for n, v in zip(req, combo)}},
            )


def _plain(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v


REACH_TABLE_ROWS = 40
"""The most hexes a reach's notebook table lists (cheapest first)."""


class Reach(dict):
    """Where one unit can move now: label -> ``{"path": [labels entered, in order], "cost":
    number, "args": the move order's args (absent: one order per hex of the path), ...}`` plus
    what a game adds (e.g. a move's ``steps``/``stops``). A plain dict to JSON.

    ``kind``: the move order kind; ``need``: its hex need's name (entries without ``args``:
    one order per hex of the path); ``cost_unit``: what costs count ("AP", "MP", "hexes");
    ``left`` / ``total``: the unit's points left and per turn (None: unknown); ``map``: the
    board (what a notebook draws the reach on, :meth:`_repr_html_`; None: a table only)."""

    def __init__(
        self,
        entries: Mapping[str, Mapping[str, Any]] = (),  # type: ignore[assignment]
        *,
        unit: str | None = None,
        kind: str | None = None,
        need: str | None = None,
        cost_unit: str = "hexes",
        left: float | None = None,
        total: float | None = None,
        map: Map | None = None,
    ) -> None:
        super().__init__(entries)
        self.unit, self.kind, self.need, self.cost_unit = unit, kind, need, cost_unit
        self.left, self.total = left, total
        self.map = map

    def _repr_html_(self) -> str:
        """What a notebook shows: the reachable hexes shaded on the board (when the reach
        knows its map), cropped around them, and a table of each hex's cost and path."""
        from ..maps.svg import esc

        head = (
            f"<div class='hexplay-reach'><div style='font:13px sans-serif'>"
            f"<b>{esc(self.unit)}</b> can reach {len(self)} hexes"
            + (f" by {esc(self.kind)}" if self.kind else "")
            + (
                f" ({self.left:g} of {self.total:g} {esc(self.cost_unit)} left)"
                if self.left is not None and self.total is not None
                else ""
            )
            + "</div>"
        )
        svg = ""
        if self.map is not None and hasattr(self.map, "svg"):
            starts = [p[0] for p in (self.path(h) for h in self) if p]
            svg = self.map.svg(reach=self.costs(), focus=[*self, *starts])
        rows = "".join(
            f"<tr><td>{esc(h)}</td><td>{esc(e.get('cost'))}</td>"
            f"<td>{esc('-'.join(map(str, self.path(h) or [])))}</td></tr>"
            for h, e in sorted(self.items(), key=lambda he: (float(he[1].get("cost", 0)), he[0]))[
                :REACH_TABLE_ROWS
            ]
        )
        more = len(self) - REACH_TABLE_ROWS
        table = (
            f"<table><tr><th>hex</th><th>cost ({esc(self.cost_unit)})</th><th>path</th></tr>"
            f"{rows}</table>" + (f"<i>and {more} more</i>" if more > 0 else "")
        )
        return f"{head}{svg}<details><summary>costs</summary>{table}</details></div>"

    def path(self, hex: str) -> list[str] | None:
        e = self.get(hex)
        return None if e is None else list(e.get("path") or [hex])

    def cost(self, hex: str) -> float | None:
        e = self.get(hex)
        return None if e is None or e.get("cost") is None else float(e["cost"])

    def costs(self) -> dict[str, float]:
        """``{label: float(cost)}`` of every hex (the board's reach shading)."""
        return {h: float(e.get("cost", 0)) for h, e in self.items()}

    def move_order(self, side: str, hex: str) -> list[Order]:
        """The orders that take the unit to ``hex`` (one, or one per step); [] if unreached."""
        e = self.get(hex)
        if e is None or self.kind is None:
            return []
        if e.get("args") is not None:
            return [Order(side, e.get("kind", self.kind), self.unit, dict(e["args"]))]
        if self.need is None:
            return []
        return [Order(side, self.kind, self.unit, {self.need: h}) for h in self.path(hex) or []]


def default_reach(
    game: Any, side: str, unit: str, legal: Sequence[LegalOrder] | None = None
) -> Reach:
    """:meth:`Game.reach` from ``legal_orders(side, unit)`` (``legal``, if the caller has them)
    of the game's ``move_kinds``: a ``path`` need gives each listed path (cost from its
    ``costs``), a ``hex`` need each hex (cost 1). Works for any object with ``info`` and
    ``legal_orders`` (a remote game too)."""
    kinds = tuple(getattr(game.info, "move_kinds", ()) or ())
    out = Reach(unit=unit, map=getattr(game, "map", None))
    for lo in game.legal_orders(side, unit) if legal is None else legal:
        if lo.kind not in kinds or lo.unit != unit:
            continue
        req = [n for n in lo.needs if not n.optional]
        if len(req) != 1 or req[0].kind not in ("path", "hex"):
            continue
        n = req[0]
        out.kind = out.kind or lo.kind
        if lo.kind != out.kind:
            continue
        out.need = n.name
        costs = list(n.costs) if len(n.costs) == len(n.options) else [None] * len(n.options)
        for opt, c in zip(n.options, costs):
            path = [str(h) for h in opt] if n.kind == "path" else [str(opt)]
            if not path:
                continue
            cost = c if c is not None else len(path)
            end = path[-1]
            if end in out and out[end]["cost"] <= cost:
                continue
            out[end] = {"path": path, "cost": cost, "args": {**lo.args, n.name: _plain(opt)}}
    return out


def reach_of(game: Any, side: str, unit: str, legal: Sequence[LegalOrder] | None = None) -> Reach:
    """The game's :meth:`Game.reach` (``legal``: the unit's legal orders, passed on to a
    protocol game); for any object: a ``reach`` returning a plain dict of entries is wrapped,
    none at all gives :func:`default_reach`."""
    fn = getattr(game, "reach", None)
    if fn is None:
        return default_reach(game, side, unit, legal)
    r = fn(side, unit, legal=legal) if isinstance(game, Game) else fn(side, unit)
    if isinstance(r, Reach):
        return r
    return Reach(
        r or {},
        unit=unit,
        kind=next(iter(game.info.move_kinds), None),
        map=getattr(game, "map", None),
    )


KindReasons = dict[str, str | None]
"""Order kind -> None (the unit may give an order of it now) or the reason it may not, in the
rules' words (``"rule: message"``): :meth:`Game.order_kind_reasons`."""


def default_kind_reasons(
    game: Any, side: str, unit: str, legal: Sequence[LegalOrder] | None = None
) -> KindReasons:
    """:meth:`Game.order_kind_reasons` from ``legal_orders(side, unit)`` alone: every kind of
    ``info.order_kinds``, None where the unit has a legal order of it, else a generic reason
    (the game over, the side not to act, or no legal order of the kind now). Works for any
    object with ``info`` and ``legal_orders`` (a remote game too)."""
    legal = game.legal_orders(side, unit) if legal is None else legal
    can = {lo.kind for lo in legal if lo.unit == unit}
    if getattr(game, "over", False):
        why = "sequence of play: the game is over"
    elif side not in tuple(game.to_act()):
        why = f"sequence of play: the {side} may not order now"
    else:
        why = ""
    return {
        k: None if k in can else (why or f"orders: {unit} has no legal {k} order now")
        for k in game.info.order_kinds
    }


def kind_reasons_of(
    game: Any, side: str, unit: str, legal: Sequence[LegalOrder] | None = None
) -> KindReasons:
    """The game's :meth:`Game.order_kind_reasons` (``legal``: the unit's legal orders, passed
    on to a protocol game); an object whose class has none (e.g. a commander's seat, which
    forwards to the whole side's game) gets :func:`default_kind_reasons` from its own legal
    orders: no reason names what the asker may not know."""
    if isinstance(game, Game):
        return dict(game.order_kind_reasons(side, unit, legal=legal))
    if getattr(type(game), "order_kind_reasons", None) is None:
        return default_kind_reasons(game, side, unit, legal)
    return dict(game.order_kind_reasons(side, unit))


class Game(ABC):
    """Base class of every ruleset's game object; the whole protocol in one place.

    A subclass provides the class attributes :attr:`info` and :attr:`FORMAT` (and extends
    :attr:`COMMANDS` if it logs ops of its own), the abstract methods, and three instance
    attributes, set by its constructor (what :meth:`_fresh` returns):

    * :attr:`map` — the board, a :class:`hexplay.maps.Map`;
    * :attr:`dice` — its one seeded random stream, a :class:`hexplay.engine.dice.Dice`
      (``Dice(seed)``; every random draw of the rules is ``dice.roll(purpose, sides)``);
    * :attr:`commands` — a new :class:`~hexplay.engine.commands.CommandLog`.

    It logs each state-changing intent with ``self._log(op, **args)`` (an op listed in
    :attr:`COMMANDS`, the closed set of command kinds a save may hold) *before* carrying it
    out, once it is known to be legal; :mod:`~hexplay.engine.record` replays them. Turn marks
    (where each turn begins, for :meth:`rewind`) need nothing of the game: the log marks a turn
    at the first command logged in it (``_log`` passes :attr:`turn`). A game may still call
    ``commands.mark_turn(turn)`` when a turn begins (after the commands that began it).
    """

    info: ClassVar[GameInfo]
    FORMAT: ClassVar[str]
    """Save format tag, e.g. ``"hexplay.<game>.game/1"``."""
    COMMANDS: ClassVar[Mapping[str, str]] = {
        "order": "_replay_order",
        "undo": "undo",
        "submit": "submit",
        "advance": "advance",
    }
    """Command op -> the method that replays it with the logged keyword arguments."""

    map: Map
    """The board (:class:`hexplay.maps.Map`): saved with the game; shared, not copied, by
    :meth:`copy`."""
    dice: Dice
    """The game's one seeded random stream (:class:`hexplay.engine.dice.Dice`): saved as its
    seed and checked against the state its rolls reach."""
    commands: CommandLog
    """Every state-changing intent so far (what a save stores and a load replays)."""
    SIDE_COLOURS: ClassVar[Mapping[str, str]] = {}
    """Side -> colour in a notebook's drawing of the game (:meth:`picture`); a side not
    listed takes :data:`hexplay.maps.svg.DEFAULT_SIDE_COLOURS` by its order (red, blue...)."""

    # --- construction ---------------------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, scenario: Any = None, seed: int = 0, **kw: Any) -> Game:
        """A new game of ``scenario`` (a name, a dict, the game's scenario object, or None for
        the default) with dice seeded by ``seed``, in its set-up phase."""

    @classmethod
    @abstractmethod
    def _fresh(cls, scenario: Any, map: Any, dice: Any) -> Game:
        """A game in its initial state from a validated scenario, a map and dice (no
        commands): what :mod:`~hexplay.engine.record` replays a save onto."""

    # --- clock ----------------------------------------------------------------------------
    @property
    @abstractmethod
    def turn(self) -> int: ...

    @property
    @abstractmethod
    def phase(self) -> str:
        """``"setup"``, a play phase of the game's own, or ``"over"``."""

    @property
    @abstractmethod
    def over(self) -> bool: ...

    @property
    def sides(self) -> tuple[str, ...]:
        return self.info.sides

    @abstractmethod
    def to_act(self) -> tuple[str, ...]:
        """Sides that must act now (set-up, plot or turn); empty when :meth:`advance` is due
        or the game is over."""

    # --- orders ---------------------------------------------------------------------------
    @abstractmethod
    def legal_orders(self, side: str, unit: str | None = None) -> list[LegalOrder]:
        """What ``side`` may order now (for ``unit`` only, if given), with what each still
        needs. Empty when the side may not act."""

    def reach(self, side: str, unit: str, legal: Sequence[LegalOrder] | None = None) -> Reach:
        """Hexes ``unit`` can reach now by a move order (of :attr:`GameInfo.move_kinds`), each
        with one legal path and its cost (:class:`Reach`): what the app's click-to-move uses.
        ``legal``: ``legal_orders(side, unit)`` if the caller has them. Default: from those
        (:func:`default_reach`); a game may answer faster or better."""
        return default_reach(self, side, unit, legal)

    def order_kind_reasons(
        self, side: str, unit: str, legal: Sequence[LegalOrder] | None = None
    ) -> KindReasons:
        """Why ``unit`` may or may not give each order kind now: kind -> None (it has a legal
        order of that kind: :meth:`legal_orders` lists one) or the rules' reason, naming the
        rule (``"§4 turn 1: defenders may not fire before turn 2"``): what the order builder
        shows on a disabled button. The kinds are those of :attr:`GameInfo.order_kinds` that
        concern the unit now (a game may leave out kinds its units never give, e.g. another
        unit class's, or the set-up's during play). ``legal``: ``legal_orders(side, unit)`` if
        the caller has them. Default: :func:`default_kind_reasons` (generic words); a game
        gives its rules' reasons."""
        return default_kind_reasons(self, side, unit, legal)

    def order(self, order: Order | Mapping[str, Any] | str, /, **kw: Any) -> Any:
        """Give an order: an :class:`Order`, its dict form, or ``order(side, kind=, unit=,
        **args)``. Plots under simultaneous turns, applies at once under alternating ones.
        Returns what the game reports (the plotted entry, or the events). Strict: an argument
        the order kind does not take is refused."""
        o = self._as_order(order, kw)
        self._check_side(o.side)
        return self._order(o)

    @abstractmethod
    def _order(self, order: Order) -> Any:
        """Validate and carry out one order (logging it); IllegalOrder changes nothing."""

    def _replay_order(self, **d: Any) -> Any:
        return self.order(Order.from_dict(d))

    def undo(self, side: str, unit: str | None = None) -> Any:
        """Take back ``side``'s last plotted or set-up order (of ``unit``, if given)."""
        raise IllegalOrder("sequence of play", f"{self.info.title}: orders take effect at once")

    @abstractmethod
    def submit(self, side: str) -> None:
        """Lock ``side``'s set-up or plot, or end its turn (alternating)."""

    def check_submit(self, side: str) -> None:
        """Refuse (IllegalOrder, as :meth:`submit` would) ``side``'s submit now, changing
        nothing. By default tried on a copy; a game whose submit checks before it changes
        anything may check in place (a copy of a long game is slow)."""
        self.copy().submit(side)

    @abstractmethod
    def advance(self) -> list[dict[str, Any]]:
        """Resolve what needs no side (the turn, once every plot is in); returns its events
        as the referee sees them. IllegalOrder when some side must still act."""

    # --- information ----------------------------------------------------------------------
    @abstractmethod
    def view(self, side: str) -> dict[str, Any]:
        """What ``side`` (or ``"referee"``) may know now, as plain JSON (see :data:`VIEW_KEYS`)."""

    @abstractmethod
    def outcome(self) -> dict[str, Any]:
        """One flat row: ``winner`` (a side, or None for a draw/unfinished), ``reason``,
        ``turns``, and the game's own figures (numbers, strings, booleans)."""

    @property
    def winner(self) -> str | None:
        return self.outcome().get("winner")

    # --- notebook display ------------------------------------------------------------------
    def picture(self, side: str = REFEREE) -> Any:
        """The game as ``side`` sees it, for a notebook cell (a
        :class:`~hexplay.engine.pictures.Picture`: the board with the units of
        ``view(side)`` only, and a status line). Default: the referee, who sees everything."""
        from .pictures import Picture

        return Picture(self, side)

    def _repr_html_(self) -> str:
        """What a notebook shows for a game: the referee's picture (the true state)."""
        from .pictures import picture_html

        return picture_html(self, REFEREE)

    # --- what the app shell asks beside the turn (defaults serve any game) ------------------
    def default_setup(self, side: str, units: bool = True) -> None:
        """Place ``side`` by the game's default set-up (logged orders; called while the side
        sets up), as a computer side or a player who leaves it to the computer. ``units``
        False: only the side-wide choices a player's own placements need first (the default:
        none). A game with no set-up phase never has it called; IllegalOrder by default."""
        if units:
            raise IllegalOrder("setup", f"{self.info.title} has no default set-up")

    @property
    def turn_limit(self) -> int | None:
        """The scenario's last turn (the status line's "turn 3 of 12"), None: no limit."""
        return None

    def repeat_order(self, order: Order, given: Sequence[Order]) -> Order | None:
        """The order "Same as last turn" gives for last turn's ``order`` (``given``: those
        already given again in this pass); None leaves it out, IllegalOrder refuses it with
        its reason. The default: the same order."""
        return order

    def suggested_orders(self, side: str, unit: str) -> list[LegalOrder]:
        """Ready-made orders the order builder offers ``unit`` beside its legal orders (e.g.
        a walker's "keep going": last turn's steps again), each complete; default: none."""
        return []

    def default_orders(self, side: str) -> list[Order]:
        """Orders the app gives for ``side`` when the class turn timer ends a plot the rules
        refuse as it stands (default: none)."""
        return []

    @staticmethod
    def shot_odds(event: Mapping[str, Any]) -> Mapping[str, float] | None:
        """The odds of a shot event of the log from the rules' tables (the after-action
        review's expected hits; default: none)."""
        return None

    # --- look-ahead copies (hexplay.ai.worlds, record.copy_game) ----------------------------
    HISTORIES: ClassVar[tuple[str, ...]] = ()
    """Attributes that are append-only records of the past (lists whose items the rules never
    change once appended): a rollout copy may share their items (the event log, command log
    and dice rolls are such records for every game)."""

    def shared(self) -> tuple[Any, ...]:
        """Objects every copy of the game shares instead of copying (read-only per-map
        tables); by default the map."""
        return (self.map,)

    def reopen_plot(self, side: str) -> bool:
        """Take ``side``'s plot of this turn back in place, equal to replaying the game
        without its commands of this turn (for look-ahead copies: the rules give no such
        order). True if done; the default does nothing and returns False (callers replay)."""
        return False

    # --- persistence (state compared on load; shared machinery in record) ------------------
    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The full state as plain JSON (what a save stores to check its replay)."""

    @abstractmethod
    def scenario_dict(self) -> dict[str, Any]:
        """The scenario as plain JSON (what :meth:`new` accepts)."""

    def to_json(self) -> dict[str, Any]:
        """A plain-JSON save (scenario, map, dice, commands, checked state)."""
        from .record import save

        return save(self)

    @classmethod
    def from_json(cls, d: Mapping[str, Any] | str | bytes) -> Game:
        """Load a save (a dict, or its JSON text as :meth:`to_json` and ``json.dumps`` give
        it) by replaying its commands through the rules (see record.load)."""
        from .record import load

        return load(cls, d)

    def replay(self) -> Game:
        from .record import replay

        return replay(self)

    def rewind(self, turn: int) -> Game:
        from .record import rewind

        return rewind(self, turn)

    def copy(self) -> Game:
        from .record import copy_game

        return copy_game(self)

    # --- helpers for subclasses -----------------------------------------------------------
    def _log(self, op: str, **args: Any) -> None:
        from .serial import jsonable

        self.commands.add(op, jsonable(args), self.turn)

    def _check_side(self, side: Any, referee: bool = False) -> None:
        ok = self.info.sides + ((REFEREE,) if referee else ())
        if not isinstance(side, str) or side not in ok:
            raise IllegalOrder("order", f"side must be one of {list(ok)}, not {side!r}")

    @staticmethod
    def _as_order(order: Any, kw: Mapping[str, Any]) -> Order:
        if isinstance(order, Order):
            if kw:
                raise IllegalOrder("order", "give an Order or keyword arguments, not both")
            return order
        if isinstance(order, str):
            kw = dict(kw)
            kind, unit = kw.pop("kind", None), kw.pop("unit", None)
            args = kw.pop("args", None)
            if args is not None:
                if kw:
                    raise IllegalOrder("order", "give args= or keyword arguments, not both")
                kw = args
            return Order.from_dict({"side": order, "kind": kind, "unit": unit, "args": kw})
        if kw:
            raise IllegalOrder("order", "give an order dict or keyword arguments, not both")
        return Order.from_dict(order)


def check_args(order: Order, allowed: Sequence[str], rule: str = "order") -> None:
    """Refuse an argument the order kind does not take (strict orders)."""
    bad = sorted(set(order.args) - set(allowed))
    if bad:
        takes = ", ".join(allowed) if allowed else "no arguments"
        raise IllegalOrder(rule, f"{order.kind} takes {takes}; not {bad}")
