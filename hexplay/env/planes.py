"""Observations as planes on the map's grid, computed from one side's view only.

An encoding turns ``view(side)`` into ``{"planes": float32 (C, H, W), "globals": float32 (G,)}``
where ``H x W`` is the map's offset grid (rows x columns: plane ``[c, row-1, col-1]`` is the hex
of 1-based column ``col`` and row ``row``). Every channel and global has a name and a line of
documentation (:class:`Channel`), so a learner's inputs can be read and listed in the docs.

The interface (:class:`PlaneEncoding`) is what a game's plugin record names with ``env=``
(``"module:Class"``, called with a game of the scenario): ``channels``, ``globals``, ``shape``,
``encode(view)`` and ``flat(hex)`` (a hex's grid index). :class:`GridEncoding` is the base
the shipped games build on: the map's own planes (terrain one-hot, elevation, hexside
features, roads: public, the same for every side), the helpers to stamp a view's units on the
grid, the hexes a side's units see, and the enemies last seen with their age;
:class:`DefaultPlanes` is the generic encoding a game gets without its own (units by side from
the view keys every game has).

The encoding also says which legal orders the environment's actions offer
(:func:`offered_orders`: a game may drop orders that are redundant for a learner, say a
second move straight after a move).

Only the *layout* (channels, the map, the unit table) comes from the scenario; every value
comes from the view, so two states a side cannot tell apart give it equal observations.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from .codec import unit_table

TURN_SCALE = 20.0
"""Turns are divided by this in the globals (most games end within 20 turns: values near 0..1)."""

AGE_SCALE = 10.0
"""The age of a last sighting (turns since) is divided by this, capped at 1."""


@dataclass(frozen=True)
class Channel:
    """One named input: a plane of the grid or a global number."""

    name: str
    doc: str


class PlaneEncoding(Protocol):
    """What a game's ``env=`` part builds from a game: the declared observation encoding."""

    channels: tuple[Channel, ...]
    globals: tuple[Channel, ...]

    @property
    def shape(self) -> tuple[int, int, int]: ...

    def encode(self, view: Mapping[str, Any]) -> dict[str, np.ndarray]: ...

    def flat(self, label: Any) -> int | None: ...


def _sides_with(m: Any, feature_sides: frozenset) -> np.ndarray:
    """Per hex (map index order): the fraction of its six sides in ``feature_sides``."""
    from ..hexgrid import hexside_of

    out = np.zeros(len(m.hexes), dtype=np.float32)
    if not feature_sides:
        return out
    for i, h in enumerate(m.hexes):
        out[i] = sum(hexside_of(h, d) in feature_sides for d in range(6)) / 6.0
    return out


class GridEncoding:
    """The base of a game's plane encoding (see the module docstring).

    A subclass sets ``VIEW_CHANNELS`` and ``GLOBALS`` (tuples of :class:`Channel`) and fills
    them in :meth:`fill`; the map's planes come first, made once per encoding.
    """

    VIEW_CHANNELS: tuple[Channel, ...] = ()
    GLOBALS: tuple[Channel, ...] = ()
    SEES = False
    """True: the encoding uses :meth:`seen_by` (the map's visibility matrix is built once)."""

    @staticmethod
    def offered(view: Mapping[str, Any], legal: list) -> list:
        """The orders the environment's actions offer the side whose ``view`` this is: its
        ``legal`` orders, less those a game drops as redundant for a learner (a game's own
        encoding may override this; here: all of them). See :func:`offered_orders`."""
        return legal

    def __init__(self, game: Any) -> None:
        m = game.map
        self.map = m
        self.sides = tuple(game.info.sides)
        self.units = unit_table(game)
        self.H, self.W = m.rows, m.cols
        col_row = np.array([m.layout.to_offset(h) for h in m.hexes], dtype=np.int64)
        self.hex_rc = np.stack([col_row[:, 1] - 1, col_row[:, 0] - 1], axis=1)
        self.flat_of = self.hex_rc[:, 0] * self.W + self.hex_rc[:, 1]
        self._flat = {lab: int(f) for lab, f in zip(m.hex_labels, self.flat_of)}
        self._index = {lab: i for i, lab in enumerate(m.hex_labels)}
        static, names = self.map_planes(m)
        self.static = static
        self.channels = (*names, *self.VIEW_CHANNELS)
        self.globals = self.GLOBALS
        self._vis = m.visibility_matrix() if self.SEES else None
        self._column = {c.name: i for i, c in enumerate(self.channels)}
        self._global = {c.name: i for i, c in enumerate(self.globals)}

    @property
    def shape(self) -> tuple[int, int, int]:
        return (len(self.channels), self.H, self.W)

    # --- the map -------------------------------------------------------------------------
    def map_planes(self, m: Any) -> tuple[np.ndarray, tuple[Channel, ...]]:
        """The map's public planes: on-map, terrain one-hot, elevation (scaled to its
        range), each hexside feature and roads (the fraction of a hex's sides carrying it)."""
        cols: list[np.ndarray] = [np.ones(len(m.hexes), np.float32)]
        names = [Channel("on_map", "1 on every hex of the map (0 off the grid)")]
        terrain = np.asarray(m.terrain_flat(), dtype=np.int64)
        for t, tname in enumerate(m.terrain_names):
            cols.append((terrain == t).astype(np.float32))
            names.append(Channel(f"terrain_{tname}", f"1 where the hex's terrain is {tname}"))
        if m.elevation is not None:
            e = np.array([m.elevation_at(h) or 0 for h in m.hexes], dtype=np.float32)
            span = float(e.max() - e.min()) or 1.0
            cols.append((e - e.min()) / span)
            names.append(Channel("elevation", "the hex's elevation, scaled 0..1 over the map"))
        for feat in sorted(m.hexside_features):
            cols.append(_sides_with(m, m.hexside_features[feat]))
            names.append(Channel(f"hexside_{feat}", f"fraction of the hex's sides with {feat}"))
        if m.roads:
            cols.append(_sides_with(m, m.roads))
            names.append(Channel("road", "fraction of the hex's sides a road crosses"))
        planes = np.zeros((len(cols), self.H * self.W), dtype=np.float32)
        for c, v in enumerate(cols):
            planes[c, self.flat_of] = v
        return planes.reshape(len(cols), self.H, self.W), tuple(names)

    # --- filling -------------------------------------------------------------------------
    def encode(self, view: Mapping[str, Any]) -> dict[str, np.ndarray]:
        """The observation of one side's view: planes and globals."""
        planes = np.zeros(self.shape, dtype=np.float32)
        n = len(self.static)
        planes[:n] = self.static
        glob = np.zeros(len(self.globals), dtype=np.float32)
        flat = planes.reshape(len(self.channels), -1)
        self.fill(view, flat, glob)
        np.clip(glob, -1e6, 1e6, out=glob)
        return {"planes": planes, "globals": glob}

    def fill(self, view: Mapping[str, Any], planes: np.ndarray, glob: np.ndarray) -> None:
        """Write the view's channels (``planes`` is (C, H*W): index a hex by :meth:`flat`)
        and globals. The subclass's part."""
        raise NotImplementedError

    def ch(self, name: str) -> int:
        """The index of channel ``name``."""
        return self._column[name]

    def gl(self, name: str) -> int:
        """The index of global ``name``."""
        return self._global[name]

    def flat(self, label: Any) -> int | None:
        """The flat grid index (row * W + col) of a hex label, None off the map or not a hex."""
        return self._flat.get(label) if isinstance(label, str) else None

    def put(self, planes: np.ndarray, name: str, label: Any, value: float = 1.0) -> None:
        """Add ``value`` on channel ``name`` at hex ``label`` (nothing for no hex)."""
        f = self.flat(label)
        if f is not None:
            planes[self._column[name], f] += value

    def seen_by(self, labels: Sequence[Any]) -> np.ndarray:
        """Flat grid (H*W) of 1 where a hex is in line of sight of any of ``labels`` (the
        map's sight model; a side's own units' hexes: what the side can observe)."""
        out = np.zeros(self.H * self.W, dtype=np.float32)
        idx = [self._index[h] for h in labels if isinstance(h, str) and h in self._index]
        if idx and self._vis is not None:
            out[self.flat_of[self._vis[idx].any(axis=0)]] = 1.0
        return out

    def last_seen(self, view: Mapping[str, Any], planes: np.ndarray, here: str, age: str) -> None:
        """Enemies last seen (``view["last_known"]``: id -> info with its hex and turn): 1 on
        ``here`` at the hex, and on ``age`` the turns since, scaled by :data:`AGE_SCALE`
        (capped at 1; the freshest sighting when two share a hex)."""
        turn = view.get("turn") or 0
        for info in (view.get("last_known") or {}).values():
            f = self.flat(info.get("hex"))
            if f is None:
                continue
            a = min(1.0, max(0.0, (turn - (info.get("turn") or 0)) / AGE_SCALE))
            planes[self._column[here], f] = 1.0
            c = self._column[age]
            planes[c, f] = a if planes[c, f] == 0 else min(planes[c, f], a)

    def common_globals(self, view: Mapping[str, Any], glob: np.ndarray) -> None:
        """The globals every encoding here starts with (``COMMON_GLOBALS``)."""
        side = view.get("side")
        glob[0] = (view.get("turn") or 0) / TURN_SCALE
        glob[1] = view.get("phase") == "setup"
        glob[2] = side in (view.get("to_act") or ())
        if side in self.sides:
            glob[3 + self.sides.index(side)] = 1.0


def common_globals(sides: Sequence[str]) -> tuple[Channel, ...]:
    """The globals every encoding here starts with: turn, set-up, to act, side one-hot."""
    return (
        Channel("turn", f"the turn, divided by {TURN_SCALE:g}"),
        Channel("setup", "1 during set-up"),
        Channel("to_act", "1 if the side must act now"),
        *(Channel(f"side_{s}", f"1 if the side is {s}") for s in sides),
    )


class DefaultPlanes(GridEncoding):
    """The generic encoding of any game (only the view keys every game has): the map's planes,
    the side's own units and the other sides' units its view shows, per hex, and enemies last
    seen when the view has ``last_known``."""

    def __init__(self, game: Any) -> None:
        self.VIEW_CHANNELS = (
            Channel("own_units", "the side's own units on the hex (count)"),
            Channel("enemy_units", "other sides' units the view shows on the hex (count)"),
            Channel("enemy_last_seen", "1 where an enemy was last seen (not seen now)"),
            Channel("enemy_last_seen_age", "turns since that sighting / 10, capped at 1"),
        )
        self.GLOBALS = (
            *common_globals(game.info.sides),
            Channel("over", "1 when the game is over"),
        )
        super().__init__(game)

    def fill(self, view: Mapping[str, Any], planes: np.ndarray, glob: np.ndarray) -> None:
        side = view.get("side")
        for u in (view.get("units") or {}).values():
            name = "own_units" if u.get("side") == side else "enemy_units"
            self.put(planes, name, u.get("hex"))
        self.last_seen(view, planes, "enemy_last_seen", "enemy_last_seen_age")
        self.common_globals(view, glob)
        glob[self.gl("over")] = bool(view.get("over"))


def _env_part(game: Any) -> Any:
    """The encoding the game's plugin record names (``env=``: a class or a function
    ``f(game)``), or :class:`DefaultPlanes` for a game without one (or not registered)."""
    from ..registry import game_entry

    try:
        make = game_entry(game.info.name).part("env")
    except KeyError:  # a game not in the registry: the default encoding
        make = None
    return DefaultPlanes if make is None else make


def offered_orders(
    game: Any, side: str, legal: list | None = None, kinds: Collection[str] | None = None
) -> list:
    """The orders the environment's actions (and the policies trained on them) offer ``side``
    now: ``legal`` (``game.legal_orders(side)`` if None) as the game's encoding's ``offered``
    filters them from the side's view (:meth:`GridEncoding.offered`; every legal order for a
    game whose encoding has none), and only those of ``kinds`` if given (a learner's
    repertoire: the order kinds its policy plays). The env's masks, its decoding and the
    learned players all use this one list, so a policy is trained and played on the same
    actions."""
    if legal is None:
        legal = game.legal_orders(side)
    keep = own_offered(_env_part(game))
    offered = legal if keep is None else keep(game.view(side), legal)  # a view only if it reads one
    return offered if kinds is None else [o for o in offered if o.kind in kinds]


def own_offered(encoding: Any) -> Any:
    """The ``offered`` filter an encoding (a class, or a game's ``env=`` factory) adds to
    :meth:`GridEncoding.offered`, or None if it keeps the base one (every legal order: no
    view needs computing) or has none."""
    keep = getattr(encoding, "offered", None)
    return None if keep is GridEncoding.offered else keep


def planes_for(game: Any) -> PlaneEncoding:
    """The plane encoding the game's plugin record names (``env=``: a class or function
    ``f(game)`` giving a :class:`PlaneEncoding`), else :class:`DefaultPlanes`."""
    return _env_part(game)(game)
