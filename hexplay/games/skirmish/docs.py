"""SKIRMISH's tables as Markdown for the documentation, written from the engine's own data.

Every number below is read from the modules ``tables``, ``sight`` and ``scenario`` when the page
is built, so the page and the engine cannot disagree. A reconstructed cell is marked
``[R]`` in its table and its reason is given under the table; a project decision is given with
its reason beside the value.
"""

from __future__ import annotations

from ...engine.tabledocs import attribute_docs, cell, markdown_table, one_line
from . import scenario as scenario_module
from . import tables as T
from .scenario import Scenario
from .sight import SKIRMISH_SIGHT
from .tasks import PHASE_NAMES, PHASE_OF

RECONSTRUCTED_MARK = " [R]"
"""Suffix of a reconstructed cell in the generated tables."""


def _mark(text: str, reconstructed: bool) -> str:
    return text + RECONSTRUCTED_MARK if reconstructed else text


def _constants() -> str:
    docs = attribute_docs(T)
    names = (
        "HEX_METRES",
        "TURN_MINUTES",
        "GAME_TURNS",
        "AP_PER_TURN",
        "VAULT_BARRIER_POINTS",
        "FIRST_BARRIER_WORK_TURN",
        "FIRST_DEFENDER_FIRE_TURN",
        "WOUNDED_AP_MULTIPLIER",
        "WOUNDS_TO_KILL",
        "FEAR_ROLL_WORKS_MAX",
        "VEHICLE_HEXES_PER_AP",
    )
    rows = [(f"`{n}`", getattr(T, n), one_line(docs[n])) for n in names]
    return "## Scale and game constants\n\n" + markdown_table(("name", "value", "rule"), rows)


def _activities() -> str:
    rows = []
    reasons = []
    for a in T.ACTIVITIES.values():
        ap = "terrain (Table VIII)" if a.ap is None else cell(a.ap)
        if a.per_hex and a.ap is not None:
            ap += " per hex"
        rows.append((a.code, a.name, _mark(ap, a.reconstructed is not None), a.note))
        if a.reconstructed:
            reasons.append(f"- **{a.code}** [R]: {a.reconstructed}.")
    phases = ", ".join(
        f"{name}: {', '.join(c for c, p in PHASE_OF.items() if p == i)}"
        for i, name in enumerate(PHASE_NAMES)
    )
    return (
        "## Table II — activities\n\n"
        + markdown_table(("code", "activity", "AP", "note"), rows)
        + "\nReconstructed cells:\n\n"
        + "\n".join(reasons)
        + f"\n\nTasks resolve phase by phase, in the order {phases}.\n"
    )


def _sight() -> str:
    rows = [(terrain, "blocks" if blocks else "clear") for terrain, blocks in T.LOS_BLOCKS.items()]
    docs = attribute_docs(T)
    m = SKIRMISH_SIGHT
    return (
        "## Table III — line of sight\n\n"
        + markdown_table(("terrain encountered", "line of sight"), rows)
        + f"\n{one_line(docs['LOS_BLOCKS'])}\n\n"
        + "The sight model the engine traces with (`SKIRMISH_SIGHT`): blocking terrain "
        + f"{sorted(m.blocking_terrain)}, blocking hexsides {sorted(m.blocking_hexsides)}, "
        + f"end hexes exempt: {m.exempt_end_hexes}, end hexsides exempt: "
        + f"{m.exempt_end_hexsides}, a line along a hexside or through a vertex is blocked "
        + f"only when `{m.combine}` of its two nudged traces are blocked "
        + "(**[decision]**: the rules are silent; the common wargame convention, and it keeps "
        + "sight symmetric).\n"
    )


def _defence() -> str:
    rows = [(t, *T.DEFENCE_STRENGTH[t]) for t in T.DEFENCE_TERRAINS]
    docs = attribute_docs(T)
    return (
        "## Table IV — defensive strength\n\n"
        + "Rows: the target's terrain at the start of the turn; columns: hexes the target is "
        + "plotted to move this turn. A dash is a movement that is not possible in one turn.\n\n"
        + markdown_table(("terrain", *T.MOVEMENT_BAND_LABELS), rows)
        + f"\n{one_line(docs['DEFENCE_STRENGTH'])}\n"
    )


def _attack() -> str:
    reconstructed = {
        ("shotgun", 1): T.SHOTGUN_RANGE_1_RECONSTRUCTED,
        ("pistol", 1): T.PISTOL_RANGE_1_RECONSTRUCTED,
    }
    rows = []
    for i, label in enumerate(T.RANGE_BAND_LABELS):
        row = [label]
        for w in T.WEAPONS:
            fit, hurt = T.ATTACK_STRENGTH[w][i]
            row.append(_mark(f"{fit} / {hurt}", (w, i) in reconstructed))
        rows.append(row)
    return (
        "## Table V — attack strength\n\n"
        + "Each cell: fit / wounded-or-in-vehicle attack strength at a range (hexes, at the "
        + "start of the turn).\n\n"
        + markdown_table(("range", *T.WEAPONS), rows)
        + "\nReconstructed cells:\n\n- **range 1, shotgun and pistol** [R]: "
        + f"{T.RANGE_1_RECONSTRUCTED_REASON}.\n\n"
        + "Weapons that cannot hurt personnel inside vehicles: "
        + f"{', '.join(sorted(T.HARMLESS_TO_VEHICLE_OCCUPANTS))}.\n"
    )


def _results() -> str:
    reconstructed_rows = {5, 6}
    rows = []
    for die, row in zip(T.DIE_FACES, T.COMBAT_RESULTS):
        rows.append((_mark(str(die), die in reconstructed_rows), *row))
    return (
        "## Table VI — combat results\n\n"
        + "Rows: the die; columns: attack strength : defence strength. "
        + "K killed, W wounded, - miss.\n\n"
        + markdown_table(("die", *T.RATIO_COLUMN_LABELS), rows)
        + "\nReconstructed cells:\n\n- **die 5 and die 6** [R]: "
        + f"{T.COMBAT_RESULTS_RECONSTRUCTED_REASON}.\n"
    )


def _casualties() -> str:
    rows = [(what.replace("_", " "), may) for what, may in T.WOUNDED_MAY.items()]
    return (
        "## Table VII — casualties\n\n"
        + markdown_table(("a wounded man may", "allowed"), rows)
        + f"\nA wounded man pays {T.WOUNDED_AP_MULTIPLIER} x AP for every task; "
        + f"{T.WOUNDS_TO_KILL} wounds make a kill.\n"
    )


def _movement() -> str:
    rows = [(side, terrain, ap) for (side, terrain), ap in T.MOVEMENT_COSTS.items()]
    rows += [("regular", f"road ({mover})", ap) for mover, ap in T.ROAD_MOVEMENT_COSTS.items()]
    docs = attribute_docs(T)
    return (
        "## Table VIII — movement rates\n\n"
        + "AP to enter a hex, by the hexside crossed and the terrain entered.\n\n"
        + markdown_table(("hexside crossed", "terrain entered", "AP"), rows)
        + f"\n**[decision]** `ROAD_SLOPE_TERRAIN` = `{T.ROAD_SLOPE_TERRAIN}`: "
        + f"{one_line(docs['ROAD_SLOPE_TERRAIN'])}\n"
    )


def _barrier() -> str:
    rows = list(T.BARRIER_POINTS.items())
    rows.append((f"more than {max(T.BARRIER_POINTS)}", T.BARRIER_POINTS_ABOVE_TABLE))
    docs = attribute_docs(T)
    return (
        "## Table IX — barrier points\n\n"
        + markdown_table(("workers this turn", "barrier points"), rows)
        + f"\n**[decision]** {one_line(docs['BARRIER_POINTS_ABOVE_TABLE'])} "
        + f"{one_line(docs['FEAR_ROLL_WORKS_MAX'])}\n"
    )


def _scenario() -> str:
    docs = attribute_docs(scenario_module)
    decisions = [
        (f"`{n}`", getattr(scenario_module, n), one_line(docs[n]))
        for n in (
            "DEFAULT_ADVERSARY_WEAPONS",
            "DEFAULT_GUARD_WEAPONS",
            "DEFAULT_COMMANDER_VEHICLE",
            "DEFAULT_ESCORT_OFFSETS",
            "VEHICLE_SEATS",
            "DEFAULT_SPARE_WEAPONS",
        )
    ]
    basic = Scenario()
    fields = [
        (f"`{name}`", _default(getattr(basic, name)), f.description or "")
        for name, f in Scenario.model_fields.items()
    ]
    return (
        "## The basic scenario: the values the rules leave open\n\n"
        + markdown_table(("name", "value", "reason"), decisions)
        + "\n## Scenario parameters\n\n"
        + "Every variation is a parameter of `Scenario` (defaults: the basic scenario).\n\n"
        + markdown_table(("field", "default", "meaning"), fields)
    )


def _default(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items()) or "{}"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "[]"
    return "null" if value is None else str(value)


def tables_markdown() -> str:
    """SKIRMISH's rule tables (II-IX), constants and scenario defaults, as Markdown sections
    (``##`` headings), read from the engine's data."""
    parts = (
        "Values marked **[R]** are reconstructed (illegible in the scanned source); the reason "
        + "follows each table. **[decision]** marks a value the rules leave open.\n",
        _constants(),
        _activities(),
        _sight(),
        _defence(),
        _attack(),
        _results(),
        _casualties(),
        _movement(),
        _barrier(),
        _scenario(),
    )
    return "\n".join(parts)
