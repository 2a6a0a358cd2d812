"""The naval game's ratings and charts as Markdown for the documentation, from the engine's data.

The source keeps SPI's ratings and tables out of print, so nearly every value here is
**hexplay's design**: each table below is read from the module the engine plays it from
(:mod:`~hexplay.games.naval.classes`, :mod:`~hexplay.games.naval.crt`,
:mod:`~hexplay.games.naval.torpedo`, :mod:`~hexplay.games.naval.movement`,
:mod:`~hexplay.games.naval.scenarios`) with the reason held beside each value.
"""

from __future__ import annotations

import importlib

from ...engine.tabledocs import attribute_docs, markdown_table, one_line
from . import classes as C
from . import crt, damage, movement, spotting, torpedo, victory

scenario_module = importlib.import_module(__package__ + ".scenarios")
"""The scenarios module (the package's ``scenarios`` name is its function)."""

DESIGN = "[design]"
"""Marks a value that is hexplay's design (not the source's) in the generated tables."""


def _intro() -> str:
    doc = C.__doc__ or ""
    return (
        "Everything marked **[design]** is hexplay's own, not SPI's; the reason is beside it. "
        + "The source's fixed points are named as such.\n\n"
        + "## Scales and ratings method\n\n"
        + one_line(doc.split("\n\n", 1)[1].split("Scales (hexplay's):")[0])
        + "\n\n"
        + "\n".join(
            f"- {one_line(item)}"
            for item in doc.split("Scales (hexplay's):", 1)[1].strip().split("\n* ")
        ).replace("- * ", "- ")
        + "\n"
    )


def _classes() -> str:
    rows = [
        (
            c.name,
            c.side.upper(),
            c.type,
            c.code,
            c.gunnery,
            c.torpedo_attack,
            c.reloads,
            c.defense,
            c.top_speed,
            f"{c.gun_range[0]} / {c.gun_range[1]}",
            f"{c.torpedo_range[0]} / {c.torpedo_range[1]}",
            c.turn_cost,
        )
        for c in C.CLASSES.values()
    ]
    reasons = "\n".join(f"- **{c.name}**: {c.reason}." for c in C.CLASSES.values())
    return (
        f"## Ship classes {DESIGN}\n\n"
        + "Gunnery and torpedo attack strengths are a broadside's; ranges are primary / "
        + "extended in hexes (beyond primary, strength is halved); speed in speed points "
        + f"({C.KNOTS_PER_SPEED_POINT} knots each); turn cost in MP per hexside.\n\n"
        + markdown_table(
            (
                "class",
                "side",
                "type",
                "code",
                "gunnery",
                "torpedo",
                "reloads",
                "defense",
                "top speed",
                "gun range",
                "torpedo range",
                "turn cost",
            ),
            rows,
        )
        + f"\nWhy each class has its ratings {DESIGN}:\n\n{reasons}\n"
    )


def _weapons() -> str:
    docs = attribute_docs(C)
    guns = [
        (g, C.GUN_POINTS[g], C.GUN_POINT_REASONS[g], *C.GUN_RANGES[g], C.GUN_RANGE_REASONS[g])
        for g in C.GUN_POINTS
    ]
    tubes = [
        (
            t,
            C.TUBE_POINTS[t],
            C.TUBE_POINT_REASONS[t],
            *C.TORPEDO_RANGES[t],
            C.TORPEDO_RANGE_REASONS[t],
        )
        for t in C.TUBE_POINTS
    ]
    cols = ("points", "reason", "primary range", "extended range", "range reason")
    return (
        f"## Guns {DESIGN}\n\n"
        + f"{one_line(docs['GUN_POINTS'])} {one_line(docs['GUN_RANGES'])} "
        + f"Cruisers add {C.CRUISER_SECONDARY_POINTS} points of secondaries (the source).\n\n"
        + markdown_table(("gun", *cols), guns)
        + f"\n## Torpedoes {DESIGN}\n\n"
        + f"{one_line(docs['TUBE_POINTS'])} {one_line(docs['TORPEDO_RANGES'])}\n\n"
        + markdown_table(("torpedo", *cols), tubes)
        + "\nTurn cost per hexside: "
        + ", ".join(f"{t} {mp} MP" for t, mp in C.TURN_COST.items())
        + f" {DESIGN}: {one_line(docs['TURN_COST'])}\n"
    )


def _crt() -> str:
    doc = crt.__doc__ or ""
    head, _, design = doc.partition("Design:")
    rows = [(col, *crt.CRT[col], crt.EXPECTED_HITS[col]) for _, col in crt.COLUMNS]
    return (
        f"## Combat Results Table {DESIGN}\n\n"
        + one_line(head.split("\n\n", 1)[1])
        + f"\n\n**{DESIGN}** {one_line(design)}\n\n"
        + markdown_table(("odds", 1, 2, 3, 4, 5, 6, "expected hits"), rows)
    )


def _torpedo() -> str:
    doc = torpedo.__doc__ or ""
    procedure, _, chart = doc.partition("The chart is hexplay's")
    bands = []
    low = 1
    for top, name in torpedo.DEFENSE_BANDS:
        bands.append((name, f"{low}+" if top >= 10_000 else f"{low}-{top}"))
        low = top + 1
    rows = [(hits, band, *torpedo.HIT_CHART[(hits, band)]) for hits, band in torpedo.HIT_CHART]
    docs = attribute_docs(torpedo)
    return (
        "## Torpedo combat\n\n"
        + one_line(procedure.split("\n\n", 1)[1])
        + f"\n\n**{DESIGN}** The chart is hexplay's{one_line(chart)}\n\n"
        + f"Article data (one-hit destroyers): {torpedo.ARTICLE_ONE_HIT_DESTROYERS}.\n\n"
        + markdown_table(("defense band", "defense"), bands)
        + "\nTorpedo Hit Chart: result by die roll.\n\n"
        + markdown_table(("torpedo hits", "band", 1, 2, 3, 4, 5, 6), rows)
        + f"\nReloads {DESIGN}: {one_line(docs['RELOAD_TURNS'])}\n"
    )


def _damage_movement_spotting() -> str:
    mdocs = attribute_docs(movement)
    rows = [
        (f"`{n}`", getattr(movement, n), one_line(mdocs[n]))
        for n in ("MAX_TURN_PER_HEX", "ACCELERATION", "DECELERATION")
    ]
    return (
        f"## Damage {DESIGN}\n\n"
        + "\n".join(
            f"- {one_line(item.lstrip('* '))}"
            for item in (damage.__doc__ or "").split("\n\n", 1)[1].strip().split("\n* ")
        )
        + f"\n\nHits that sink: {damage.SINKING_HITS}.\n\n"
        + f"## Movement {DESIGN}\n\n"
        + markdown_table(("name", "value", "rule"), rows)
        + "\n## Spotting (the source's 7.6)\n\n"
        + markdown_table(
            ("rule", "a ship is spotted for the turn if"), list(spotting.REASONS.items())
        )
    )


def _scenarios() -> str:
    doc = scenario_module.__doc__ or ""
    decisions = doc.split("Decisions where the listing is silent (hexplay's):", 1)[1]
    items = [one_line(i) for i in decisions.strip().split("\n* ")]
    names = scenario_module.scenarios()
    rows = [
        (
            name,
            s["title"],
            s["date"],
            s["turns"],
            s.get("spotting_range", 8),
            len(s["ships"]),
            bool(s.get("usn_torpedo_range_4")),
            bool(s.get("usn_radar")),
        )
        for name, s in names.items()
    ]
    levels = [(f"{ratio:.2f}", level) for ratio, level in scenario_module.LEVELS_11]
    points = [(t, *p.values()) for t, p in scenario_module.POINTS_11.items()]
    vdoc = attribute_docs(scenario_module)
    return (
        "## Scenarios\n\n"
        + markdown_table(
            (
                "scenario",
                "title",
                "date",
                "turns",
                "spotting range",
                "ships",
                "USN torpedo range 4",
                "USN radar",
            ),
            rows,
        )
        + f"\nWhere the listing is silent {DESIGN}:\n\n"
        + "\n".join(f"- {i.lstrip('* ')}" for i in items)
        + "\n\n## Victory (the source's scenario 11)\n\n"
        + f"{one_line(victory.__doc__ or '')} {one_line(vdoc['POINTS_11'])}\n\n"
        + markdown_table(("type", "sunk", "DIW", "P hit"), points)
        + f"\n{one_line(vdoc['LEVELS_11'])}\n\n"
        + markdown_table(("ratio IJN/USN from", "level"), levels)
    )


def tables_markdown() -> str:
    """The naval game's ratings, charts, movement, spotting, scenarios and victory tables as
    Markdown sections, read from the engine's data."""
    return "\n".join(
        (
            _intro(),
            _classes(),
            _weapons(),
            _crt(),
            _torpedo(),
            _damage_movement_spotting(),
            _readings(),
            _scenarios(),
        )
    )


def _readings() -> str:
    """The readings of the article where it is unclear or silent (:data:`.spotting.READINGS`)."""
    return "## Readings of the article\n\n" + markdown_table(
        ("question", "the article", "hexplay"), spotting.READINGS
    )
