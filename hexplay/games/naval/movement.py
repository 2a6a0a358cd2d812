"""Ship movement (hexplay's costs on the source's system of movement points).

A ship starts the turn with its speed and facing (one of the six hexsides, N NE SE S SW NW of
the flat-topped grid). Its movement points this turn are that speed. Steps:

* ``"A"`` ahead: enter the hex in front (1 MP). Land is impassable; ahead off the map edge the
  ship *leaves the map* (removed from play, counted as left) and its movement ends.
* ``"L"`` / ``"R"``: turn one hexside to port / starboard in the hex it is in
  (:data:`~.classes.TURN_COST`: 1 MP for a destroyer, 2 for a cruiser); at most
  :data:`MAX_TURN_PER_HEX` hexsides in one hex (no pirouettes), the start hex included.

A ship may not plot more than its points. Points left unplotted at submission are spent ahead
while the sea ahead is open (the ship holds its course; :func:`complete`). The final speed is
the start speed changed by at most :data:`ACCELERATION` up or :data:`DECELERATION` down, never
above the ship's current top speed; speed 0 is dead in the water (TEV 1).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...engine import IllegalOrder
from ...hexgrid import DIRECTIONS, FLAT_DIRECTION_NAMES, Hex

STEPS = ("A", "L", "R")
STEP_NAMES = {"A": "ahead", "L": "turn left", "R": "turn right"}
FACINGS = tuple(n.lower() for n in FLAT_DIRECTION_NAMES)
"""Facing names by index: n ne se s sw nw (clockwise)."""

MAX_TURN_PER_HEX = 2
"""Hexsides a ship may turn in one hex (hexplay's: 120 degrees, about a destroyer's turn in
1,000 yd)."""
ACCELERATION = 1
"""Speed points gained per turn at most (hexplay's: 5 knots in six minutes)."""
DECELERATION = 2
"""Speed points lost per turn at most (hexplay's: ships lose way faster than they gain it)."""

RULE = "6.0 movement"


def facing_index(f: int | str) -> int:
    """A facing from its index (0-5) or name (``"n"``, ``"nw"``, ...)."""
    if isinstance(f, bool):
        raise ValueError(f"not a facing: {f!r}")
    if isinstance(f, int):
        if 0 <= f < 6:
            return f
        raise ValueError(f"facing index must be 0-5, not {f}")
    if isinstance(f, str) and f.lower() in FACINGS:
        return FACINGS.index(f.lower())
    raise ValueError(f"facing must be one of {list(FACINGS)}, not {f!r}")


class Waters:
    """Which hexes a ship may enter: the map's sea hexes (land impassable; off the map = leave)."""

    def __init__(self, m, land_terrain: Iterable[str] = ("land",)) -> None:
        self.map = m
        land = m.terrain_mask(*land_terrain)
        self.land: frozenset[Hex] = frozenset(h for h, x in zip(m.hexes, land) if x)
        self.sea: frozenset[Hex] = frozenset(h for h, x in zip(m.hexes, land) if not x)
        self.walks: dict[tuple, Walk] = {}  # the memo of :func:`walk_memo`
        self.completes: dict[tuple, tuple] = {}  # the memo of :func:`complete_walk_memo`

    def on_map(self, h: Hex) -> bool:
        return h in self.sea or h in self.land


@dataclass(frozen=True, slots=True)
class Walk:
    """Where plotted steps take a ship: the hexes entered (in order), the hex and facing at
    the end, the points spent, the turns made in the last hex, and whether it left the map."""

    hexes: tuple[Hex, ...]
    end: Hex
    facing: int
    spent: int
    turned_here: int
    exited: bool


def walk(
    start: Hex, facing: int, steps: Sequence[str], mp: int, turn_cost: int, waters: Waters
) -> Walk:
    """Follow ``steps`` from ``start``; IllegalOrder naming the first step the rules refuse."""
    h, f, spent, turned, exited = start, facing, 0, 0, False
    entered: list[Hex] = []
    land, sea = waters.land, waters.sea
    for i, s in enumerate(steps):
        if exited:
            raise IllegalOrder(RULE, f"step {i + 1}: the ship has left the map")
        if s == "A":
            cost = 1
        elif s == "L" or s == "R":
            cost = turn_cost
        else:
            raise IllegalOrder(RULE, f"step {i + 1}: {s!r} is not one of {list(STEPS)}")
        if spent + cost > mp:
            raise IllegalOrder(
                RULE, f"step {i + 1} ({STEP_NAMES[s]}) needs {cost} MP; {mp - spent} of {mp} left"
            )
        if s == "A":
            d = DIRECTIONS[f]
            nxt = Hex(h[0] + d[0], h[1] + d[1])
            if nxt in land:
                raise IllegalOrder(RULE, f"step {i + 1}: land ahead is impassable")
            spent += 1
            turned = 0
            if nxt not in sea:
                exited = True
                continue
            h = nxt
            entered.append(h)
        else:
            if turned >= MAX_TURN_PER_HEX:
                raise IllegalOrder(
                    RULE, f"step {i + 1}: at most {MAX_TURN_PER_HEX} hexsides turned in one hex"
                )
            f = (f + (1 if s == "R" else -1)) % 6
            turned += 1
            spent += cost
    return Walk(tuple(entered), h, f, spent, turned, exited)


WALK_MEMO_LIMIT = 200_000
"""Entries :func:`walk_memo` keeps per map before it starts afresh (bounded memory)."""


def walk_memo(
    start: Hex, facing: int, steps: Sequence[str], mp: int, turn_cost: int, waters: Waters
) -> Walk:
    """Equal to :func:`walk` (memoized per map: a walk depends on nothing else; refusals are
    not kept, they raise as :func:`walk` does)."""
    key = (start, facing, tuple(steps), mp, turn_cost)
    memo = waters.walks
    hit = memo.get(key)
    if hit is None:
        hit = walk(start, facing, steps, mp, turn_cost, waters)
        if len(memo) >= WALK_MEMO_LIMIT:
            memo.clear()
        memo[key] = hit
    return hit


def legal_steps(w: Walk, mp: int, turn_cost: int, waters: Waters) -> list[str]:
    """Steps that may follow walk ``w`` with ``mp`` points in all."""
    if w.exited:
        return []
    out = []
    left = mp - w.spent
    if left >= 1 and w.end + DIRECTIONS[w.facing] not in waters.land:
        out.append("A")
    if left >= turn_cost and w.turned_here < MAX_TURN_PER_HEX:
        out += ["L", "R"]
    return out


def complete(
    start: Hex, facing: int, steps: Sequence[str], mp: int, turn_cost: int, waters: Waters
) -> list[str]:
    """``steps`` with the unplotted points spent ahead while the sea ahead is open (the ship
    holds its course; facing land it stops short and the points are lost)."""
    return complete_walk(start, facing, steps, mp, turn_cost, waters)[0]


def complete_walk(
    start: Hex, facing: int, steps: Sequence[str], mp: int, turn_cost: int, waters: Waters
) -> tuple[list[str], Walk]:
    """:func:`complete` and the :func:`walk` of its result, in one pass."""
    out = list(steps)
    w = walk_memo(start, facing, out, mp, turn_cost, waters)
    if w.exited or w.spent >= mp:
        return out, w
    h, spent, entered, exited = w.end, w.spent, list(w.hexes), False
    d = DIRECTIONS[w.facing]
    turned = w.turned_here
    while spent < mp:
        nxt = Hex(h[0] + d[0], h[1] + d[1])
        if nxt in waters.land:
            break
        out.append("A")
        spent += 1
        turned = 0
        if nxt not in waters.sea:
            exited = True
            break
        h = nxt
        entered.append(h)
    return out, Walk(tuple(entered), h, w.facing, spent, turned, exited)


def complete_walk_memo(
    start: Hex, facing: int, steps: Sequence[str], mp: int, turn_cost: int, waters: Waters
) -> tuple[list[str], Walk]:
    """Equal to :func:`complete_walk` (memoized per map like :func:`walk_memo`: it depends
    on nothing else; the step list handed out is a fresh copy; refusals raise, not kept)."""
    key = (start, facing, tuple(steps), mp, turn_cost)
    memo = waters.completes
    hit = memo.get(key)
    if hit is None:
        out, w = complete_walk(start, facing, steps, mp, turn_cost, waters)
        if len(memo) >= WALK_MEMO_LIMIT:
            memo.clear()
        hit = memo[key] = (tuple(out), w)
    return list(hit[0]), hit[1]


def speed_options(speed: int, top: int) -> list[int]:
    """Legal final speeds from a start ``speed`` with current top speed ``top``."""
    lo = max(0, speed - DECELERATION)
    hi = min(top, speed + ACCELERATION)
    return list(range(min(lo, hi), hi + 1))


def speed_legal(speed: int, top: int, v: int) -> bool:
    """Equal to ``v in speed_options(speed, top)`` for an int ``v`` (no list made)."""
    hi = min(top, speed + ACCELERATION)
    return min(max(0, speed - DECELERATION), hi) <= v <= hi


def steps_for_path(
    start: Hex, facing: int, hexes: Sequence[Hex], turn_cost: int
) -> list[str] | None:
    """The steps that enter ``hexes`` in order with the fewest turns (turning in each hex
    just before leaving it), or None if two consecutive hexes are not adjacent."""
    out: list[str] = []
    h, f = start, facing
    for nxt in hexes:
        d = h.direction_to(nxt)
        if d is None:
            return None
        diff = (d - f) % 6
        if diff <= 3:
            out += ["R"] * diff
        else:
            out += ["L"] * (6 - diff)
        out.append("A")
        h, f = nxt, d
    return out


def reachable(
    start: Hex,
    facing: int,
    steps: Sequence[str],
    mp: int,
    turn_cost: int,
    waters: Waters,
) -> dict[tuple[Hex, int], tuple[str, ...]]:
    """Every (end hex, facing) that plotted ``steps`` followed by more legal steps can reach
    with ``mp`` points, spending all that can be spent, each with one step list that gets
    there (staying on the map). The search is over (hex, facing, points, turns in hex)."""
    w0 = walk(start, facing, steps, mp, turn_cost, waters)
    out: dict[tuple[Hex, int], tuple[str, ...]] = {}
    seen: set[tuple[Hex, int, int, int]] = set()
    stack = [(w0.end, w0.facing, w0.spent, w0.turned_here, tuple(steps))]
    land, sea = waters.land, waters.sea
    while stack:
        h, f, spent, turned, path = stack.pop()
        key = (h, f, spent, turned)
        if key in seen:
            continue
        seen.add(key)
        left = mp - spent
        moved = False
        if left >= 1:
            nxt = h + DIRECTIONS[f]
            if nxt in sea:
                stack.append((nxt, f, spent + 1, 0, (*path, "A")))
                moved = True
            elif nxt not in land:
                moved = True  # ahead leaves the map: not a "move" end hex
        if left >= turn_cost and turned < MAX_TURN_PER_HEX:
            stack.append((h, (f + 1) % 6, spent + turn_cost, turned + 1, (*path, "R")))
            stack.append((h, (f - 1) % 6, spent + turn_cost, turned + 1, (*path, "L")))
            moved = True
        if not moved or left == 0:
            out.setdefault((h, f), path)
    return out


def reach_table(
    start: Any, facing: int, steps: tuple[str, ...], mp: int, turn_cost: int, waters: Waters,
    labels: Mapping[Any, str],
) -> dict[str, tuple[int, tuple[str, ...]]]:  # fmt: skip
    """Label -> (fewest MP, the hexes entered on the way) for every hex a ship can enter after
    its plotted ``steps`` within ``mp`` points: a cheapest-first search over :func:`legal_steps`
    and :func:`walk` (the rules' own step rules); the hexes on the way included."""
    import heapq

    try:
        w0 = walk(start, facing, steps, mp, turn_cost, waters)
    except Exception:
        return {}
    out: dict[str, tuple[int, tuple[str, ...]]] = {}
    heap: list[tuple[int, tuple[str, ...], tuple[str, ...]]] = [(w0.spent, tuple(steps), ())]
    seen: set[tuple[Any, ...]] = set()
    while heap:
        spent, st, entered = heapq.heappop(heap)
        w = walk(start, facing, st, mp, turn_cost, waters)
        state = (w.end, w.facing, w.turned_here)
        if state in seen or w.exited:
            continue
        seen.add(state)
        for nxt in legal_steps(w, mp, turn_cost, waters):
            w2 = walk(start, facing, (*st, nxt), mp, turn_cost, waters)
            if w2.exited:
                continue
            path = entered
            if nxt == "A":
                lab = labels[w2.end]
                path = (*entered, lab)
                if lab not in out or out[lab][0] > w2.spent - w0.spent:
                    out[lab] = (w2.spent - w0.spent, path)
            heapq.heappush(heap, (w2.spent, (*st, nxt), path))
    return out
