"""Team play: a side divided into *commands*, each with its own commander.

A game declares how its sides divide (:class:`Commands`, the plugin record's ``commands``
part); :class:`CommandedGame` wraps one game for a table of several players a side:

* **Who orders what.** A commander (``"<side>/<command>"``) orders only the units of its
  command; the side's leader (``"<side>/leader"``) orders any unit of the side and the
  side-wide orders (``unit`` None). Anything else is refused with :class:`IllegalOrder`
  naming :data:`RULE` and changes nothing.
* **Submitting.** A side's plot (set-up, or turn under alternating turns) is submitted to the
  game when every command of the side has submitted; the leader may submit for one silent
  command (``for_command=``) or for all of them at once.
* **The record.** Every intent is logged with who gave it (:attr:`CommandedGame.log`); a
  save (:meth:`CommandedGame.to_json`) is the game's own save plus that log, and loading one
  replays the log through a fresh wrapper (who gave each order, the pictures and the
  messages come back), checked against the game's save.
* **Information.** ``"shared"``: every commander sees the side's view. ``"per_commander"``:
  a commander sees the side's view but for the enemies, of which only those its own units see
  now (the game's ``sightings``) and those reported to it (the game's ``links``: ``"now"``,
  or ``"turn"``: at the next turn boundary, as a last-known position) are shown; events that
  name an enemy it does not know are left out; the game may trim its own keys (``trim``).
  Every fact a commander's picture holds is a fact of the side's view at the time: a
  commander never knows more than its side.
* **Messages.** Short text between commanders of one side (:meth:`CommandedGame.message`),
  delivered as reports are (per commander: now, at the next turn boundary -- marked
  ``delayed`` -- or ``lost``), logged in the record; never to the other side.

The leader's picture is the side's view (the side's player of the two-player game) and
messages to or from the leader always arrive: the leader stands for the side's headquarters.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from .errors import IllegalOrder, SaveError
from .protocol import LegalOrder, Order

RULE = "chain of command"
"""The rule every refused team-play intent names."""
LEADER = "leader"
"""The name of each side's leader seat (no command may take it)."""
MODES = ("shared", "per_commander")
"""Information modes: every commander sees the side's view, or only its own picture."""
MESSAGE_MAX = 280
"""Longest message text, in characters (a short radio message; longer text is refused)."""
Delivery = Literal["now", "turn"]
FORMAT = "hexplay.commanded/1"

Division = Mapping[str, Mapping[str, Sequence[str]]]
"""side -> command name -> the unit ids of that command."""


@dataclass(frozen=True)
class Commands:
    """A game's team-play declaration (its plugin record's ``commands`` part).

    ``divisions``: name -> ``f(game) -> Division`` (how each side divides; a unit in no
    command is the leader's). ``default``: the division a table uses when none is chosen.
    ``information``: the game's default mode (:data:`MODES`).
    ``sightings(game, side, units) -> keys``: the view keys (in ``view(side)["units"]``) of the
    enemies those units see now. ``links(game, side, groups, options) -> [(from, to, delivery)]``:
    whose reports reach whom now (``"now"``) or at the next turn boundary (``"turn"``);
    ``groups`` maps each command of the side to its units. ``trim(view, side, units)``: the
    game's own keys of a side's view cut to one command (its plots, say). ``options``: option
    name -> its allowed values (the first is the default), passed to ``links``.
    ``memory_turns``: how many turns a last-known position stays in a picture (None: for
    good). ``rule``: the information rule in words (for the docs and the table's pages).
    """

    divisions: Mapping[str, Callable[[Any], Division]]
    default: str
    information: str = "shared"
    sightings: Callable[[Any, str, frozenset[str]], Iterable[str]] | None = None
    links: Callable[..., Iterable[tuple[str, str, Delivery]]] | None = None
    trim: Callable[[dict[str, Any], str, frozenset[str]], dict[str, Any]] | None = None
    options: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    memory_turns: int | None = None
    rule: str = ""

    def divide(self, game: Any, division: str | None = None) -> dict[str, dict[str, tuple]]:
        """The division ``division`` (default: :attr:`default`) of ``game``'s sides, checked:
        known sides, no empty or reserved name, no unit in two commands."""
        name = self.default if division is None else division
        fn = self.divisions.get(name) if isinstance(name, str) else None
        if fn is None:
            raise IllegalOrder(RULE, f"no division {name!r}; the game has {sorted(self.divisions)}")
        return check_division(game, fn(game))


def check_division(game: Any, d: Division) -> dict[str, dict[str, tuple]]:
    """``d`` as plain tuples, refused (IllegalOrder) if it names an unknown side, a reserved
    or empty command name, or a unit twice."""
    out: dict[str, dict[str, tuple]] = {}
    for side, cmds in d.items():
        if side not in game.sides:
            raise IllegalOrder(RULE, f"no side {side!r}; the game has {list(game.sides)}")
        seen: set[str] = set()
        out[side] = {}
        for name, units in cmds.items():
            if not isinstance(name, str) or not name or name == LEADER or "/" in name:
                raise IllegalOrder(RULE, f"{name!r} cannot name a command")
            us = tuple(units)
            twice = seen.intersection(us)
            if twice:
                raise IllegalOrder(RULE, f"{sorted(twice)} are in two commands")
            seen.update(us)
            out[side][name] = us
    return out


def seat(side: str, name: str) -> str:
    """A commander's id: ``"<side>/<name>"`` (``name`` a command or :data:`LEADER`)."""
    return f"{side}/{name}"


def _mentions(obj: Any, ids: set[str]) -> bool:
    """True if a string value anywhere in ``obj`` (dicts, lists) is one of ``ids``."""
    if isinstance(obj, str):
        return obj in ids
    if isinstance(obj, Mapping):
        return any(_mentions(v, ids) for v in obj.values())
    if isinstance(obj, (list, tuple)):
        return any(_mentions(v, ids) for v in obj)
    return False


def _without(lo: LegalOrder, hidden: set[str]) -> LegalOrder | None:
    """``lo`` without the options naming a hidden enemy; None if a need it must fill is
    left with none (or its fixed arguments name one)."""
    if _mentions(dict(lo.args), hidden):
        return None
    needs = []
    for n in lo.needs:
        if not any(_mentions(o, hidden) for o in n.options):
            needs.append(n)
            continue
        keep = [i for i, o in enumerate(n.options) if not _mentions(o, hidden)]
        if not keep and not n.optional:
            return None
        costs = tuple(n.costs[i] for i in keep) if len(n.costs) == len(n.options) else n.costs
        needs.append(replace(n, options=tuple(n.options[i] for i in keep), costs=costs))
    return replace(lo, needs=tuple(needs))


def _cut_events(side: str, events: list, hidden: set[str]) -> list:
    """The events naming no unit of ``hidden``."""
    return [e for e in events if not _mentions(e, hidden)]


_NONE = object()


def _same(a: Any, b: Any) -> bool:
    return a is b or (type(a) is type(b) and a == b)


def _intern(new: dict[str, Any], old: dict[str, Any] | None) -> dict[str, Any]:
    """``new`` with each value (and each entry of a dict value) equal to ``old``'s taken from
    ``old`` (same type, ``==``): a view whose unchanged parts are the last view's objects."""
    if not old:
        return new
    out = {}
    for k, v in new.items():
        o = old.get(k, _NONE)
        if _same(o, v):
            out[k] = o
        elif type(v) is dict and type(o) is dict:
            out[k] = {kk: oo if _same(oo := o.get(kk, _NONE), vv) else vv for kk, vv in v.items()}
        else:
            out[k] = v
    return out


class CommandedGame:
    """A game played by commanders (see the module docstring).

    ``game``: a protocol game (used as it is: its own save is part of this one).
    ``commands``: the game's :class:`Commands`. ``division``: a division's name (or a
    :data:`Division` of one's own). ``information``: :data:`MODES` (default: the game's).
    ``options``: the declaration's options (e.g. whether radios work).
    """

    def __init__(
        self,
        game: Any,
        commands: Commands,
        division: str | Division | None = None,
        information: str | Mapping[str, str] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.spec = commands
        self.division_name: str | None
        if division is None or isinstance(division, str):
            self.division_name = division or commands.default
            self.division = commands.divide(game, division)
        else:
            self.division_name = None
            self.division = check_division(game, division)
        self._frozen = self.division_name is None or game.phase != "setup"
        self.information = information or commands.information
        modes = (
            dict(self.information)
            if isinstance(self.information, Mapping)
            else dict.fromkeys(game.sides, self.information)
        )
        if set(modes) != set(game.sides) or any(m not in MODES for m in modes.values()):
            raise IllegalOrder(
                RULE, f"information is one of {MODES} (or one per side), not {self.information!r}"
            )
        self.modes: dict[str, str] = modes
        """side -> its information mode (``information`` may give one per side)."""
        opts = dict(options or {})
        for k, v in opts.items():
            allowed = commands.options.get(k)
            if allowed is None:
                raise IllegalOrder(
                    RULE, f"no option {k!r}; the game has {sorted(commands.options)}"
                )
            if v not in allowed:
                raise IllegalOrder(RULE, f"option {k} is one of {list(allowed)}, not {v!r}")
        self.options = {k: v[0] for k, v in commands.options.items() if v} | opts
        self._index()
        self.done: dict[str, set[str]] = {s: set() for s in game.sides}
        self._plot: dict[str, tuple] = {}
        self.log: list[dict[str, Any]] = []
        self.messages: list[dict[str, Any]] = []
        self.epoch = 0
        # per-commander pictures: seat -> key -> (entry, turn); seat -> keys known now
        self.memory: dict[str, dict[str, tuple[dict, int]]] = {}
        self.now: dict[str, set[str]] = {}
        self.pending: dict[str, dict[tuple[str, str], tuple[dict, int]]] = {}
        self.links_now: dict[str, list[tuple[str, str, str]]] = {}
        self._views: tuple[Any, dict[str, dict[str, Any]]] = (None, {})
        self._last_views: dict[str, dict[str, Any]] = {}  # side -> its latest view (interned)
        self._pictures: tuple[Any, dict[str, dict[str, Any]]] = (None, {})
        self._cuts: dict[str, tuple[Any, dict[frozenset[str], list]]] = {}  # side -> events cut
        self._update()

    def _index(self) -> None:
        self.unit_command = {
            (side, u): name
            for side, cmds in self.division.items()
            for name, us in cmds.items()
            for u in us
        }

    def _redivide(self) -> None:
        """A named division is taken again while the game sets up (units placed in set-up
        join the command their place gives them) and kept once play begins."""
        if self.division_name is None or self._frozen:
            return
        if self.game.phase != "setup":
            self._frozen = True
        self.division = self.spec.divide(self.game, self.division_name)
        self._index()

    # --- seats ------------------------------------------------------------------------------
    def commands_of(self, side: str) -> dict[str, tuple]:
        return dict(self.division.get(side, {}))

    def seats(self) -> list[str]:
        """Every commander's id, side by side: its commands, then its leader."""
        out = []
        for side in self.game.sides:
            out += [seat(side, n) for n in self.division.get(side, {})]
            out.append(seat(side, LEADER))
        return out

    def parse(self, who: Any) -> tuple[str, str]:
        """(side, command name or LEADER) of a commander id; IllegalOrder for an unknown one."""
        if isinstance(who, str) and "/" in who:
            side, _, name = who.partition("/")
            if side in self.game.sides and (name == LEADER or name in self.division.get(side, {})):
                return side, name
        raise IllegalOrder(RULE, f"{who!r} is no commander of this game; they are {self.seats()}")

    def units_of(self, who: str) -> frozenset[str]:
        """The units of ``who``'s command (a leader: none of its own; it may order every unit
        of its side)."""
        side, name = self.parse(who)
        if name == LEADER:
            return frozenset()
        return frozenset(self.division[side][name])

    def may_order(self, who: str, unit: str | None) -> bool:
        side, name = self.parse(who)
        return name == LEADER or (unit is not None and self.unit_command.get((side, unit)) == name)

    def _check(self, who: str, side: str, unit: str | None) -> str:
        s, name = self.parse(who)
        if s != side:
            raise IllegalOrder(RULE, f"{who} commands on the {s} side, not for {side}")
        if name == LEADER:
            return name
        if unit is None:
            raise IllegalOrder(RULE, f"{who}: a side-wide order is the {s} leader's")
        owner = self.unit_command.get((s, unit))
        if owner != name:
            whose = f"{owner}'s command" if owner else "the leader's"
            raise IllegalOrder(RULE, f"{unit} is in {whose}, not {name}'s: {who} may not order it")
        return name

    # --- orders -----------------------------------------------------------------------------
    def legal_orders(self, who: str, unit: str | None = None) -> list[LegalOrder]:
        """The side's legal orders that ``who`` may give (its units; a leader: all)."""
        side, name = self.parse(who)
        if side in self.game.to_act() and name in self.submitted(side):
            return []
        if unit is None and name != LEADER:  # its own units' (the side's may be many more)
            out = [
                lo
                for u in self.division[side][name]
                for lo in self.game.legal_orders(side, u)
                if lo.unit == u
            ]
        else:
            out = self.game.legal_orders(side, unit)
        out = [lo for lo in out if self.may_order(who, lo.unit)]
        hidden = self.hidden(who)
        return [x for x in (_without(lo, hidden) for lo in out) if x is not None] if hidden else out

    def hidden(self, who: str) -> set[str]:
        """Enemy keys the side's view holds that ``who``'s picture does not (per commander:
        a commander may not name them in an order; shared mode and leaders: none)."""
        side, name = self.parse(who)
        if name == LEADER or self.modes[side] != "per_commander" or self.spec.sightings is None:
            return set()
        known = self.now.get(who, set())
        units = self.side_view(side)["units"]
        return {k for k, u in units.items() if u.get("side") != side and k not in known}

    def order(self, order: Order | Mapping[str, Any], by: str) -> Any:
        """Give ``order`` as commander ``by`` (refused, nothing changed, if not theirs)."""
        o = order if isinstance(order, Order) else Order.from_dict(order)
        name = self._check(by, o.side, o.unit)
        if name != LEADER and name in self.submitted(o.side):
            raise IllegalOrder(RULE, f"{by} has submitted already this turn")
        hidden = self.hidden(by)
        if hidden and _mentions(dict(o.args), hidden):
            raise IllegalOrder(RULE, f"{by} has no report of the enemy that order names")
        out = self.game.order(o)
        self.log.append({"op": "order", "by": by, "turn": self.game.turn, "order": o.to_dict()})
        if not self.game.info.simultaneous or self.game.phase == "setup":
            self._update()  # (a plotted order moves nothing: what anyone sees is unchanged)
        return out

    def undo(self, by: str, unit: str | None = None) -> Any:
        """Take back ``by``'s last order not yet submitted (of ``unit``, if given)."""
        side, name = self.parse(by)
        if unit is None and name != LEADER:
            unit = next(
                (
                    e["order"]["unit"]
                    for e in reversed(self.log)
                    if e["op"] == "order" and e["by"] == by and e["order"]["unit"] is not None
                ),
                None,
            )
            if unit is None:
                raise IllegalOrder(RULE, f"{by} has no order to take back")
        if unit is not None:
            self._check(by, side, unit)
        out = self.game.undo(side, unit)
        self.log.append({"op": "undo", "by": by, "turn": self.game.turn, "unit": unit})
        self._update()
        return out

    def submit(self, by: str, for_command: str | None = None) -> bool:
        """``by`` submits (a leader: for ``for_command``, or for every command left). True
        when that completed the side's plot (the game's ``submit`` was called)."""
        side, name = self.parse(by)
        if side not in self.game.to_act():
            raise IllegalOrder(RULE, f"{side} has nothing to submit now")
        if for_command is not None:
            if name != LEADER:
                raise IllegalOrder(RULE, f"only the {side} leader submits for another command")
            self.parse(seat(side, for_command))
            targets = {for_command}
        elif name == LEADER:
            targets = set(self.division.get(side, {})) | {LEADER}
        else:
            targets = {name}
        done = self.submitted(side)
        already = targets & done - {LEADER}
        if name != LEADER and already:
            raise IllegalOrder(RULE, f"{by} has submitted already this turn")
        done = done | targets
        cmds = self.division.get(side, {})
        # (a command with no unit, e.g. before the set-up placed any, has nothing to submit)
        complete = {n for n, us in cmds.items() if us} <= done and (
            LEADER in done or any(cmds.values())
        )
        if complete:
            try:
                self.game.submit(side)
            except IllegalOrder as e:
                blamed = self._blame(side, str(e))
                if not blamed or blamed & targets:
                    raise  # the submitter's own part (or the side's): nothing changed
                done -= blamed  # another command's part is not complete: it plots again
                complete = False
        elif name != LEADER or for_command is not None:
            self._check_part(side, for_command if for_command is not None else name)
        self.log.append({"op": "submit", "by": by, "turn": self.game.turn, "for": for_command})
        self.done[side] = set() if complete else done
        if complete:
            if not self.game.info.simultaneous:
                self.epoch += 1
            self._update()
        return complete

    def _blame(self, side: str, message: str) -> set[str]:
        """The commands of ``side`` whose units a refusal's message names."""
        words = set(re.findall(r"[\w@?]+", message))
        return {n for (s, u), n in self.unit_command.items() if s == side and u in words}

    def _check_part(self, side: str, name: str) -> None:
        """Refuse a command's submit when the rules would refuse the side's plot for one of
        its own units (the game's ``check_submit``: the game is not touched)."""
        try:
            self.game.check_submit(side)
        except IllegalOrder as e:
            if name in self._blame(side, str(e)):
                raise

    def submitted(self, side: str) -> set[str]:
        """The commands of ``side`` that submitted in this plot or turn (forgotten when the
        game's turn or phase moved on without them)."""
        key = (self.game.turn, self.game.phase)
        if self._plot.get(side) != key:
            self._plot[side] = key
            self.done[side] = set()
        return self.done[side]

    def advance(self) -> list[dict[str, Any]]:
        """Resolve the turn (the game's ``advance``), then bring every picture up to date."""
        out = self.game.advance()
        self.log.append({"op": "advance", "turn": self.game.turn})
        self.epoch += 1
        self._update()
        return out

    def status(self) -> dict[str, dict[str, str]]:
        """side -> commander id -> ``"plotting"``, ``"submitted"`` (its part is in, or its
        side's plot while another side plots) or ``"waiting"`` (nothing to do now)."""
        acting = set(self.game.to_act())
        # a side whose plot is in while another still plots (simultaneous turns): submitted
        plotted = (
            bool(acting)
            and self.game.info.simultaneous
            and self.game.phase != "setup"  # (sides may set up one after the other)
            and not self.game.over
        )
        out: dict[str, dict[str, str]] = {}
        for side in self.game.sides:
            row = {}
            for n in [*self.division.get(side, {}), LEADER]:
                st = "plotting" if side in acting else "submitted" if plotted else "waiting"
                if side in acting and n in self.submitted(side):
                    st = "submitted"
                elif n != LEADER and not self.division[side][n]:
                    st = "waiting"  # no unit (yet): nothing to plot
                row[seat(side, n)] = st
            out[side] = row
        return out

    def orders_by(self) -> list[tuple[int, str, str]]:
        """(turn, commander, order label) of every order given, in order (for the review)."""
        return [
            (e["turn"], e["by"], Order.from_dict(e["order"]).label())
            for e in self.log
            if e["op"] == "order"
        ]

    def _read_only(self, who: str, fn: Callable[..., Any], a: tuple, k: dict) -> Any:
        """Call one of the game's own methods for ``who`` (a player's fast path, a query).
        One that changes the game (logs commands) is, for a leader, logged as given by the
        leader (op ``"game"``: the game's own commands, replayed through its command table);
        for a commander it is taken back and refused: a commander's orders go through
        :meth:`order` (so the chain of command holds)."""
        from .record import replay_only

        g = self.game
        n0 = len(g.commands.commands)
        out = fn(*a, **k)
        if len(g.commands.commands) != n0 and self.parse(who)[1] == LEADER:
            for c in g.commands.commands[n0:]:
                self.log.append({"op": "game", "by": who, "turn": c.turn, "command": c.to_dict()})
            self._update()
        elif len(g.commands.commands) != n0:
            twin = replay_only(g, g.commands.commands[:n0])
            g.__dict__.update(twin.__dict__)
            name = getattr(fn, "__name__", "that call")
            raise IllegalOrder(RULE, f"{who}: {name} changes the game; give orders by order()")
        return out

    # --- information ------------------------------------------------------------------------
    def version(self) -> tuple[int, int, int, str]:
        """A key that changes whenever a commander's picture may: every intent is logged
        (:attr:`log`), and the game's own commands, turn and phase are counted too."""
        g = self.game
        return (len(self.log), len(g.commands.commands), g.turn, g.phase)

    def side_view(self, side: str) -> dict[str, Any]:
        """``game.view(side)``, made once per state of the game (a state changes only by a
        logged command: the key is the command count): every commander's picture and check
        of a side reads the same view. Its parts equal to the last view's are that view's
        objects (two levels down), so pictures and their JSON made from unchanged parts are
        made once. Read it, do not change it."""
        key = (len(self.game.commands.commands), self.game.turn, self.game.phase)
        if self._views[0] != key:
            self._views = (key, {})
        got = self._views[1].get(side)
        if got is None:
            got = _intern(self.game.view(side), self._last_views.get(side))
            self._views[1][side] = self._last_views[side] = got
        return got

    def _update(self) -> None:
        """Bring every commander's picture up to date (after each intent): what its units
        see now, reports delivered now, and reports queued at the last turn boundary."""
        self._redivide()
        if self.spec.sightings is None:
            return
        g = self.game
        for side in g.sides:
            cmds = self.division.get(side, {})
            if not cmds or self.modes[side] != "per_commander":
                continue
            view = self.side_view(side)
            units = view["units"]
            enemies = {k for k, u in units.items() if u.get("side") != side}
            groups = {n: frozenset(us) for n, us in cmds.items()}
            own = {n: set(self.spec.sightings(g, side, us)) & enemies for n, us in groups.items()}
            links = (
                [(a, b, str(h)) for a, b, h in self.spec.links(g, side, groups, self.options)]
                if self.spec.links
                else []
            )
            self.links_now[side] = links
            turn = g.turn
            pend = self.pending.setdefault(side, {})
            for (to, key), (entry, ep) in list(pend.items()):
                if ep < self.epoch:  # queued before the last turn boundary: delivered
                    t = entry["_turn"]
                    mem = self.memory.setdefault(seat(side, to), {})
                    if key not in mem or mem[key][1] <= t:
                        mem[key] = ({a: b for a, b in entry.items() if a != "_turn"}, t)
                    del pend[(to, key)]
            for n in cmds:
                self.now[seat(side, n)] = set(own[n])
            for a, b, how in links:
                if how == "now" and a in own and b in cmds:
                    self.now[seat(side, b)] |= own[a]
            for n in cmds:
                mem = self.memory.setdefault(seat(side, n), {})
                for key in self.now[seat(side, n)]:
                    mem[key] = (units[key], turn)
            for a, b, how in links:
                if how == "turn" and a in own and b in cmds:
                    for key in own[a]:
                        pend[(b, key)] = ({**units[key], "_turn": turn}, self.epoch)
            # forget old last-known positions (the declaration's memory_turns)
            if self.spec.memory_turns is not None:
                for n in cmds:
                    mem = self.memory[seat(side, n)]
                    for key in [
                        k for k, (_e, t) in mem.items() if turn - t > self.spec.memory_turns
                    ]:
                        del mem[key]
            # a unit gone from the side's knowledge and the game (killed, removed) stays only
            # as memory, which is the commander's own

    def picture(self, who: str) -> dict[str, Any]:
        """``who``'s picture: a view of the side's view's shape (see the module docstring),
        with ``commander``, ``command`` (its units), ``last_known`` (key -> the entry as last
        known, with its ``turn``) and ``messages`` (those delivered to or sent by ``who``).
        Made once per :meth:`version` (every page of the seat reads the same; equal to
        :meth:`fresh_picture`); a new dict each call, its values shared: do not change them."""
        key = self.version()
        if self._pictures[0] != key:
            self._pictures = (key, {})
        got = self._pictures[1].get(who)
        if got is None:
            side = self.parse(who)[0]
            got = self._pictures[1][who] = self._picture(who, self.side_view(side), self._cut)
        return dict(got)

    view = picture

    def fresh_picture(self, who: str) -> dict[str, Any]:
        """:meth:`picture` made anew from ``game.view``, no cache read or filled (what the
        cached picture must equal)."""
        side = self.parse(who)[0]
        return self._picture(who, self.game.view(side), _cut_events)

    def _picture(self, who: str, view: dict[str, Any], cut: Callable[..., list]) -> dict[str, Any]:
        side, name = self.parse(who)
        if name == LEADER or self.modes[side] == "shared" or self.spec.sightings is None:
            out = dict(view)
        else:
            out = self._own_picture(who, side, view, cut)
        out["commander"] = who
        out["command"] = sorted(self.units_of(who)) if name != LEADER else []
        out["messages"] = self.messages_for(who)
        return out

    def _cut(self, side: str, events: list, hidden: set[str]) -> list:
        """:func:`_cut_events`, made once per events list and hidden set of ``side``."""
        got, cuts = self._cuts.get(side, (None, {}))
        if got is not events:
            cuts = {}
            self._cuts[side] = (events, cuts)
        key = frozenset(hidden)
        if key not in cuts:
            cuts[key] = _cut_events(side, events, hidden)
        return cuts[key]

    def _own_picture(
        self, who: str, side: str, view: dict[str, Any], cut: Callable[..., list]
    ) -> dict[str, Any]:
        known = self.now.get(who, set())
        mem = self.memory.get(who, {})
        units = {k: u for k, u in view["units"].items() if u.get("side") == side or k in known}
        last = {
            k: {**{a: b for a, b in e.items() if a != "_turn"}, "turn": t}
            for k, (e, t) in mem.items()
            if k not in units
        }
        out = dict(view)
        out["units"] = units
        out["last_known"] = last
        if isinstance(out.get("seen"), list):
            out["seen"] = [k for k in out["seen"] if k in units]
        hidden = {k for k, u in view["units"].items() if u.get("side") != side} - set(units)
        hidden |= set(view.get("last_known") or {}) - set(units) - set(last)
        if isinstance(out.get("events"), list):
            out["events"] = cut(side, out["events"], hidden)
        if self.spec.trim is not None:
            out = self.spec.trim(out, side, self.units_of(who))
        return out

    # --- messages ---------------------------------------------------------------------------
    def message(self, by: str, to: str, text: Any) -> dict[str, Any]:
        """Send ``text`` from ``by`` to ``to`` (a commander of the same side, or ``"<side>/*"``
        for every commander of it). Returns the logged message with its ``delivery`` per
        recipient: ``"now"``, ``"delayed"`` (at the next turn boundary) or ``"lost"``."""
        side, name = self.parse(by)
        if not isinstance(text, str) or not text.strip():
            raise IllegalOrder(RULE, "a message is some text")
        if len(text) > MESSAGE_MAX:
            raise IllegalOrder(RULE, f"a message is at most {MESSAGE_MAX} characters")
        if to == seat(side, "*"):
            rcpts = [s for s in self.seats() if s.startswith(side + "/") and s != by]
        else:
            s2, _ = self.parse(to)
            if s2 != side:
                raise IllegalOrder(RULE, "messages go to commanders of one's own side only")
            rcpts = [to]
        delivery = {r: self._delivery(side, name, self.parse(r)[1]) for r in rcpts}
        msg = {
            "n": len(self.messages),
            "turn": self.game.turn,
            "epoch": self.epoch,
            "side": side,
            "from": by,
            "to": to,
            "text": text,
            "delivery": delivery,
        }
        self.messages.append(msg)
        self.log.append({"op": "message", "by": by, "turn": self.game.turn, "to": to, "text": text})
        return copy.deepcopy(msg)

    def _delivery(self, side: str, a: str, b: str) -> str:
        if self.modes[side] == "shared" or LEADER in (a, b) or self.spec.links is None:
            return "now"
        links = self.links_now.get(side, [])
        if any(x == a and y == b and how == "now" for x, y, how in links):
            return "now"
        if any(x == a and y == b for x, y, _ in links):
            return "delayed"
        return "lost"

    def messages_for(self, who: str) -> list[dict[str, Any]]:
        """Messages ``who`` sent (with every recipient's delivery) or received (delivered now,
        or delayed and the turn boundary passed); lost ones never reach the recipient."""
        out = []
        for m in self.messages:
            if m["from"] == who:
                out.append(copy.deepcopy(m))
                continue
            how = m["delivery"].get(who)
            if how == "now" or (how == "delayed" and self.epoch > m["epoch"]):
                out.append({k: v for k, v in m.items() if k != "delivery"} | {"delivery": how})
        return out

    # --- review -----------------------------------------------------------------------------
    def review(self) -> list[dict[str, Any]]:
        """The after-action review's data, one dict per turn resolved (the log replayed on a
        fresh game through a new wrapper, the state taken after each turn's resolution):
        ``turn``, ``truth`` (the referee's view), ``pictures`` (commander id -> its picture
        then: a leader's is its side's view) and ``messages`` (those sent since the turn
        before's entry, with their delivery)."""
        from .record import replay_only

        twin = type(self)(
            replay_only(self.game, []), self.spec, self.division_name or self.division,
            self.information, self.options,
        )  # fmt: skip
        out: list[dict[str, Any]] = []
        sent = 0  # messages already in an earlier turn's entry
        for e in self.log:
            twin.apply(e)
            if e["op"] == "advance":
                turn = e["turn"] - 1 if twin.game.info.simultaneous else e["turn"]
                msgs = [copy.deepcopy(m) for m in twin.messages[sent:]]
                sent = len(twin.messages)
                out.append(
                    {
                        "turn": turn,
                        "truth": twin.game.view("referee"),
                        "pictures": {w: twin.picture(w) for w in twin.seats()},
                        "messages": msgs,
                    }
                )
        return out

    # --- record -----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The game's save, the division, the mode, the options and the log of intents."""
        return {
            "format": FORMAT,
            "game": self.game.to_json(),
            "division": {s: {n: list(us) for n, us in c.items()} for s, c in self.division.items()},
            "division_name": self.division_name,
            "information": dict(self.information)
            if isinstance(self.information, Mapping)
            else self.information,
            "options": dict(self.options),
            "log": copy.deepcopy(self.log),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any], game_class: Any, commands: Commands) -> CommandedGame:
        """Load a save by replaying its log on a fresh game through a new wrapper; the
        result's game must equal the game the save's own record loads (SaveError if not)."""
        from .record import replay_only

        if not isinstance(d, Mapping) or d.get("format") != FORMAT:
            raise SaveError("format", f"not a {FORMAT} save")
        loaded = game_class.from_json(d["game"])
        fresh = replay_only(loaded, [])
        try:
            cg = cls(
                fresh,
                commands,
                d.get("division_name") or d["division"],
                d["information"],
                d.get("options"),
            )
        except IllegalOrder as err:
            raise SaveError("division", str(err)) from None
        cg.division_name = d.get("division_name")
        for i, entry in enumerate(d.get("log", [])):
            try:
                cg.apply(entry)
            except (IllegalOrder, KeyError, TypeError) as err:
                raise SaveError(f"log[{i}]", f"cannot be replayed: {err}") from None
        if cg.game.snapshot() != loaded.snapshot():
            raise SaveError("log", "replaying the log does not give the saved game")
        return cg

    def apply(self, e: Mapping[str, Any]) -> Any:
        """Carry out one logged intent (what :meth:`from_json` replays)."""
        op = e["op"]
        if op == "order":
            return self.order(e["order"], by=e["by"])
        if op == "undo":
            return self.undo(e["by"], e.get("unit"))
        if op == "submit":
            return self.submit(e["by"], e.get("for"))
        if op == "advance":
            return self.advance()
        if op == "message":
            return self.message(e["by"], e["to"], e["text"])
        if op == "game":
            from .record import apply_commands

            if self.parse(e["by"])[1] != LEADER:
                raise IllegalOrder(RULE, "only a leader's intents are logged as the game's own")
            try:
                apply_commands(self.game, [e["command"]])
            except SaveError as err:
                raise IllegalOrder(RULE, str(err)) from None
            self.log.append(dict(e))
            self._update()
            return None
        raise IllegalOrder(RULE, f"no intent {op!r}")


class CommandSeat:
    """One commander's game, as a computer player (or a page) sees it: the game protocol with
    ``view(side)`` the commander's picture, ``legal_orders`` its own, ``order`` and ``submit``
    given as that commander. Other public attributes (info, map, turn, phase...) are the
    game's; a player's fast paths that read the game's state directly read it through here
    too, so only players reading views and legal orders alone decide from the picture."""

    def __init__(self, cg: CommandedGame, who: str) -> None:
        self.cg, self.who = cg, who
        self.side, self.name = cg.parse(who)

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("_"):
            raise AttributeError(attr)
        v = getattr(self.cg.game, attr)
        if not callable(v) or isinstance(v, type):
            return v
        return lambda *a, **k: self.cg._read_only(self.who, v, a, k)

    def _mine(self, side: Any) -> None:
        if side != self.side:
            raise IllegalOrder(RULE, f"{self.who} acts for {self.side}, not {side!r}")

    def to_act(self) -> tuple[str, ...]:
        acting = self.cg.game.to_act()
        if (
            self.side in acting
            and self.name != LEADER
            and self.name in self.cg.submitted(self.side)
        ):
            return tuple(s for s in acting if s != self.side)
        return acting

    def view(self, side: str, events: bool = True) -> dict[str, Any]:
        self._mine(side)
        out = self.cg.picture(self.who)
        return out if events else {**out, "events": []}

    def legal_orders(self, side: str, unit: str | None = None) -> list[LegalOrder]:
        self._mine(side)
        return self.cg.legal_orders(self.who, unit)

    def order(self, order: Any, /, **kw: Any) -> Any:
        from .protocol import Game

        return self.cg.order(Game._as_order(order, kw), by=self.who)

    def undo(self, side: str, unit: str | None = None) -> Any:
        self._mine(side)
        return self.cg.undo(self.who, unit)

    def submit(self, side: str) -> None:
        self._mine(side)
        self.cg.submit(self.who)

    def advance(self) -> list[dict[str, Any]]:
        return self.cg.advance()
