"""The named, read-only queries a seat may ask beyond the game API, and the default set-up.

The app's adapters (:mod:`hexplay.widgets`) ask a game more than the protocol holds: AP left,
the odds of a shot, the reach of a unit, a plot chart. At the table each of these is one
declared :class:`Query`, a closed table per game (no generic call, no ``getattr`` by name, no
pickle): its name, its arguments with their JSON types checked, who may ask it, and the function
that answers from the game *for the asking seat's side only*. What each answers is what the same
call gives the local app for the side at the screen, with every argument that names another
side's data refused (403, logged).

A game declares its queries once, in its own package: a :class:`SideQueries` (its queries, the
scenario fields a side is shown, its default set-up) named by ``queries=`` in its plugin record.
The table dispatches from it (:func:`find`) and :class:`~hexplay.serve.client.RemoteGame` derives
a remote seat's methods from it. Every game has the four queries below besides its own:

=======================  =========================================================
query                    what, and who may ask it
=======================  =========================================================
scenario                 the scenario's public terms (the game's ``public_scenario``;
                         all of it for the referee)
replay [turn]            the referee's view at the end of ``turn`` (once the game is
                         over; the referee at any time)
reach unit               where the side's ``unit`` can move (the game's reach query,
                         with its cost unit and the points left)
order_kind_reasons unit  each order kind of the side's ``unit``: None (it may give one
                         now) or the rules' reason it may not (the game's
                         ``order_kind_reasons``)
=======================  =========================================================

The side a query is about is the seat's own; the referee may name one with ``side`` (and asks
as ``"referee"`` where the query is declared ``referee=True``). A refusal by the rules (an
unknown unit, a target out of reach) is the :class:`~hexplay.engine.IllegalOrder` the local call
raises, with its rule.

The default set-up (a game's ``SideQueries.setup``) is the one write beside the protocol:
``setup`` places the seat's side by the game's default set-up, as the local app does before its
first turn. It is logged commands like any order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine import REFEREE, IllegalOrder, jsonable

ID_MAX = 64
"""The longest unit id, hex label or kind a query takes (ids are a few characters)."""


class Refused(Exception):
    """A query names data of another side (the table answers 403 and logs it)."""


class BadArgs(Exception):
    """A query's arguments are not what it takes (the table answers 400)."""


# --- argument checks (JSON types only; values the rules judge) --------------------------------
def _text(v: Any, name: str) -> str:
    if type(v) is not str or not 0 < len(v) <= ID_MAX:
        raise BadArgs(f"{name!r} must be a string of 1 to {ID_MAX} characters, not {v!r}")
    return v


def _count(v: Any, name: str, hi: int = 10_000) -> int:
    if type(v) is not int or not 0 <= v <= hi:
        raise BadArgs(f"{name!r} must be a whole number from 0 to {hi}, not {v!r}")
    return v


def _flag(v: Any, name: str) -> bool:
    if type(v) is not bool:
        raise BadArgs(f"{name!r} must be true or false, not {v!r}")
    return v


def _texts(v: Any, name: str) -> list[str]:
    if type(v) is not list or len(v) > 64:
        raise BadArgs(f"{name!r} must be a list of at most 64 ids, not {v!r}")
    return [_text(x, name) for x in v]


CHECKS: dict[str, Callable[[Any, str], Any]] = {
    "text": _text,
    "count": _count,
    "flag": _flag,
    "texts": _texts,
}


@dataclass(frozen=True)
class Query:
    """One named query: ``run(game, side, args)`` answers for ``side`` (a seat's own side, or
    ``"referee"`` when ``referee`` is True and the referee asks without naming a side).

    ``required`` / ``optional``: argument name -> its JSON kind (a key of :data:`CHECKS`), in
    the order of the local call's arguments. ``side``: the local call takes the side asked about
    first (``reach(side, unit)``); False, it is the seat's own (``odds(firer, target)``).
    ``result``: turns the JSON answer back into what the local call returns (a remote seat's
    method; None: as is). ``method``: a remote seat has a method of this name."""

    name: str
    run: Callable[[Any, str, dict[str, Any]], Any]
    required: Mapping[str, str] = field(default_factory=dict)
    optional: Mapping[str, str] = field(default_factory=dict)
    referee: bool = False
    """True: the referee may ask it as ``"referee"`` (else the referee names a side)."""
    side: bool = True
    result: Callable[[Any], Any] | None = None
    method: bool = True

    def __post_init__(self) -> None:
        bad = {k for k in (*self.required.values(), *self.optional.values()) if k not in CHECKS}
        if bad:
            raise ValueError(f"query {self.name!r}: unknown argument kinds {sorted(bad)}")

    def parse(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """The query's arguments, checked (no unknown one, each of its JSON type)."""
        unknown = set(args) - set(self.required) - set(self.optional) - {"q", "side"}
        if unknown:
            raise BadArgs(f"query {self.name!r} takes no {sorted(unknown)}")
        out = {}
        for k, kind in self.required.items():
            if k not in args:
                raise BadArgs(f"query {self.name!r} needs {k!r}")
            out[k] = CHECKS[kind](args[k], k)
        for k, kind in self.optional.items():
            if args.get(k) is not None:
                out[k] = CHECKS[kind](args[k], k)
        return out


@dataclass(frozen=True)
class SideQueries:
    """What a game declares for the table (its plugin record's ``queries=``).

    ``queries``: its own named queries (besides :data:`GENERIC`). ``public_scenario``: the
    scenario fields a side is shown (its rules' public terms; the rest may place or arm the
    enemy and is the referee's). ``setup``: ``f(game, side)`` placing ``side`` by the game's
    default set-up (called only while that side sets up); None: the game has none."""

    queries: tuple[Query, ...] = ()
    public_scenario: tuple[str, ...] = ("name",)
    setup: Callable[[Any, str], None] | None = None

    def __post_init__(self) -> None:
        names = [q.name for q in self.queries]
        clash = {n for n in names if names.count(n) > 1 or n in {q.name for q in GENERIC}}
        if clash:
            raise ValueError(f"queries declared twice (or generic): {sorted(clash)}")

    def by_name(self) -> dict[str, Query]:
        """Every query a seat of the game may ask, by name (the generic ones first)."""
        return {q.name: q for q in (*GENERIC, *self.queries)}


# --- every game ---------------------------------------------------------------------------------
def _scenario(g, side: str, a: dict) -> Any:
    d = jsonable(g.scenario_dict())
    if side == REFEREE:
        return d
    keep = declared(g.info.name).public_scenario
    return {k: d[k] for k in keep if k in d}


def _replay(g, side: str, a: dict) -> Any:
    if side != REFEREE and not g.over:
        raise Refused("the replay is shown once the game is over")
    turn = a.get("turn", g.turn)
    if turn >= g.turn:
        return jsonable(g.view(REFEREE))
    return jsonable(g.copy().rewind(max(1, turn + 1)).view(REFEREE))


def rules_answer(fn: Callable[[], Any]) -> Any:
    """The answer of a side-knowledge query; its "no such unit" (a KeyError) as the rules'."""
    try:
        return jsonable(fn())
    except KeyError as e:
        raise IllegalOrder("order", str(e.args[0]) if e.args else "no such unit") from None


def _reach(g, side: str, a: dict) -> Any:
    from ..engine.protocol import reach_of

    if side == REFEREE:
        raise Refused("the referee names the side whose unit's reach it asks")
    own = (g.view(side).get("units") or {}).get(a["unit"]) or {}
    if own.get("side") != side:  # (the rules' refusal, as the local reach of it)
        raise IllegalOrder("order", f"{a['unit']} is not one of {side}'s units")
    r = reach_of(g, side, a["unit"])
    return {
        "entries": rules_answer(lambda: dict(r)),
        "unit": r.unit,
        "kind": r.kind,
        "need": r.need,
        "cost_unit": r.cost_unit,
        "left": None if r.left is None else float(r.left),
        "total": None if r.total is None else float(r.total),
    }


def _kind_reasons(g, side: str, a: dict) -> Any:
    from ..engine.protocol import kind_reasons_of

    if side == REFEREE:
        raise Refused("the referee names the side whose unit's orders it asks")
    own = (g.view(side).get("units") or {}).get(a["unit"]) or {}
    if own.get("side") != side:  # (the rules' refusal, as the local call's)
        raise IllegalOrder("order", f"{a['unit']} is not one of {side}'s units")
    return rules_answer(lambda: kind_reasons_of(g, side, a["unit"]))


def as_reach(d: Any) -> Any:
    """The ``reach`` answer as the local call's :class:`~hexplay.engine.protocol.Reach` (costs
    sent as fractions' text back to numbers)."""
    from fractions import Fraction

    from ..engine.protocol import Reach

    entries = {}
    for k, e in (d.get("entries") or {}).items():
        e = dict(e)
        if isinstance(e.get("cost"), str):
            e["cost"] = Fraction(e["cost"])
        entries[k] = e
    return Reach(
        entries,
        unit=d.get("unit"),
        kind=d.get("kind"),
        need=d.get("need"),
        cost_unit=d.get("cost_unit") or "hexes",
        left=d.get("left"),
        total=d.get("total"),
    )


GENERIC: tuple[Query, ...] = (
    Query("scenario", _scenario, referee=True, method=False),
    Query("replay", _replay, optional={"turn": "count"}, referee=True, method=False),
    Query("reach", _reach, {"unit": "text"}, result=as_reach),
    Query("order_kind_reasons", _kind_reasons, {"unit": "text"}),
)
"""The queries every game has (a remote seat has ``scenario`` and ``replay_view`` for them,
and ``reach``: the game's reach query with its points left, :func:`reach_of`, and
``order_kind_reasons``: why a unit may not give each kind now)."""

NONE = SideQueries()
"""The declaration of a game that declares none: the generic queries, its scenario's name."""


def declared(game: str) -> SideQueries:
    """The side queries the registered game ``game`` declares (its plugin record's
    ``queries=``); :data:`NONE` for a game that declares none or is not registered."""
    from ..registry import game_entry

    try:
        entry = game_entry(game)
    except KeyError:
        return NONE
    decl = entry.part("queries")
    if decl is None:
        return NONE
    if not isinstance(decl, SideQueries):
        raise TypeError(f"{entry.queries} is not a SideQueries declaration")
    return decl


def find(game: str, name: Any) -> Query:
    """The query ``name`` of ``game`` (BadArgs if it has none of that name)."""
    table = declared(game).by_name()
    q = table.get(name) if isinstance(name, str) else None
    if q is None:
        raise BadArgs(f"{game} has no query {name!r}; its queries are {sorted(table)}")
    return q


class _ByGame(Mapping[str, Any]):
    """A read-only view, by registered game name, of one part of the games' declarations."""

    def __init__(self, part: Callable[[SideQueries], Any]) -> None:
        self._part = part

    def __getitem__(self, game: str) -> Any:
        value = self._part(declared(game)) if isinstance(game, str) else None
        if value is None:
            raise KeyError(game)
        return value

    def __iter__(self) -> Iterator[str]:
        from ..registry import games

        return iter([g for g in games() if self._part(declared(g)) is not None])

    def __len__(self) -> int:
        return sum(1 for _ in self)


PUBLIC_SCENARIO: Mapping[str, tuple[str, ...]] = _ByGame(
    lambda d: d.public_scenario if d is not NONE else None
)
"""Game name -> the scenario fields a side is shown (from each game's declaration)."""

SETUPS: Mapping[str, Callable[[Any, str], None]] = _ByGame(lambda d: d.setup)
"""Game name -> the default set-up of one side (from each game's declaration)."""


class _AllQueries(Mapping[str, Query]):
    """Every query name some registered game has -> its first declaration (the table itself
    looks a query up per game with :func:`find`)."""

    def _table(self) -> dict[str, Query]:
        from ..registry import games

        out = {q.name: q for q in GENERIC}
        for g in games():
            for q in declared(g).queries:
                out.setdefault(q.name, q)
        return out

    def __getitem__(self, name: str) -> Query:
        return self._table()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


QUERIES: Mapping[str, Query] = _AllQueries()
"""Every named query of the registered games, by name (see :func:`find` for one game's)."""
