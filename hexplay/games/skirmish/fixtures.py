"""Ready-made SKIRMISH games for lessons, tests and the digest's worked example.

(Kept apart from :mod:`.arrange`, which the game itself imports: these build games.)
"""

from __future__ import annotations

from .game import SkirmishGame
from .scenario import Scenario

WORKED_EXAMPLE_C_HEX = "1023"
"""Where C's vehicle stands in :func:`worked_example`. The bundled map's notes put it on 1022,
but a vehicle there lies on A's line of fire 0620 -> 1324 and blocks it (Table III); 1023 is also
on Route 4, 3 hexes from X, and its fire also enters X's hex across the slope hexside."""


def worked_example(dice=None, map=None):
    """The digest §9 situation on the bundled map, at the start of turn 2's planning.

    Defenders A = G1 (0620), B = G2 (1327), C = G3 driving escort E1 (stopped on Route 4);
    adversaries X = A1 (1324), Y = A2 (1219), Z = A3 (1624); everyone fit with a rifle.
    """
    sc = Scenario(
        name="worked example (digest §9)",
        adversary_weapons=["rifle"] * 3,
        guard_weapons=["rifle"] * 7,
        route="Route 4",
        ambush="0906",
        escort_offsets={"E1": 16, "E2": -3},
    )
    g = SkirmishGame.new(sc, map=map, dice=dice)
    g.place("A1", "1324")
    g.place("A2", "1219")
    g.place("A3", "1624")
    g.submit("adversary")
    g.submit("defender")
    g.arrange(
        men={"G1": "0620", "G2": "1327", "A1": "1324", "A2": "1219", "A3": "1624"},
        vehicles={"E1": {"hex": WORKED_EXAMPLE_C_HEX, "moving": False}, "E2": {"moving": False}},
        turn=2,
    )
    return g


def practice_map(cols: int = 16, rows: int = 16):
    """A small open map for lessons and tests: two N-S routes, a wood and a slope.

    Route 4 runs down column 8 and Route 7 down column 12 (rows 1..rows). Trees fill
    0403-0406; the hexsides around 1108 are slope hexsides.
    """
    import numpy as np

    from ...hexgrid import Hexside, OffsetLayout, hexside_between, sides_of
    from ...maps import Map

    lay = OffsetLayout(cols, rows)
    terrain = np.zeros((cols, rows), dtype=np.int16)
    for r in range(3, 7):
        terrain[3, r - 1] = 1
    routes = {}
    roads: set[Hexside] = set()
    for name, col in (("Route 4", 8), ("Route 7", 12)):
        hexes = tuple(lay.to_hex(col, r) for r in range(1, rows + 1))
        routes[name] = hexes
        roads.update(hexside_between(a, b) for a, b in zip(hexes, hexes[1:]))
    slope = set(sides_of(lay.to_hex(11, 8)))
    return Map(
        name="practice",
        layout=lay,
        terrain_names=("open", "trees"),
        terrain=terrain,
        hexside_features={"slope": frozenset(slope)},
        roads=frozenset(roads),
        places=routes,
    )


def practice_game(seed: int = 0, dice=None, **scenario):
    """A basic-scenario game on :func:`practice_map`, set up and at turn 1's planning.

    Route 4, ambush 0808, escorts at T+4 (0812) and T-4 (0804) moving; adversaries on
    0606, 0607, 0608, 0609, 0610, 0611 (or ``adversary_start``); scenario fields as keywords.
    """
    fields = {
        "name": "practice",
        "map": "practice",
        "route": "Route 4",
        "ambush": "0808",
        "escort_offsets": {"E1": 4, "E2": -4},
        "adversary_start": {f"A{i}": f"06{5 + i:02d}" for i in range(1, 7)},
    }
    fields.update(scenario)
    sc = Scenario(**fields)
    g = SkirmishGame.new(sc, seed=seed, map=_PRACTICE.setdefault("map", practice_map()), dice=dice)
    g.auto_setup("adversary")
    g.auto_setup("defender")
    g.submit("adversary")
    g.submit("defender")
    return g


_PRACTICE: dict = {}
