"""AGGRESSOR's tables as Markdown for the documentation, written from the engine's own data.

The unit table, the combat and special-feature numbers, the keys, victory and the scenario
options are read from the modules that play them when the page is built; the choices the
original leaves open are read from the package docstring, where each is settled, and from the
"Project decisions" of the modules that implement them.
"""

from __future__ import annotations

import importlib
import re

from ...engine.tabledocs import attribute_docs, markdown_table, one_line
from . import board, combat, features, movement, units, victory
from . import scenario as scenario_module
from .scenario import SCENARIOS, Scenario

OPEN_CHOICES_HEADING = "Decisions where the rules are open"
"""The heading in the package docstring under which each open choice is settled."""

HIT_DIFFERENCES = tuple(range(-4, 5))
"""Attacker minus defender strength, the columns of the generated hit-chance table."""


def _constants(title: str, module, names: tuple[str, ...]) -> str:
    docs = attribute_docs(module)
    rows = [(f"`{n}`", getattr(module, n), one_line(docs[n])) for n in names]
    return f"## {title}\n\n" + markdown_table(("name", "value", "rule"), rows)


def _units() -> str:
    rows = [
        (t.name, t.range, t.strength, t.features or "–", t.order, f"{10 * (t.order + 1)}%")
        for t in units.UNIT_TYPES.values()
    ]
    return (
        "## Units\n\n"
        + f"{one_line(units.__doc__ or '')}\n\n"
        + markdown_table(
            ("type", "range", "strength", "special features", "contact order", "contact chance"),
            rows,
        )
        + f"\n{one_line(attribute_docs(units)['UNIT_TYPES'])} A launched Missile unit is "
        + f"*Technical*: partisan contact chance {10 * units.TECHNICAL_CONTACT_CHANCE}%.\n"
    )


def _hit_chances() -> str:
    rows = []
    for mods in range(4):
        values = [
            combat.hit_value(5 + d, 5, *(k < mods for k in range(3))) for d in HIT_DIFFERENCES
        ]
        rows.append((mods, *(f"{combat.p_hit(v):.0%}" for v in values)))
    return (
        "## Combat\n\n"
        + f"{one_line(combat.__doc__ or '')}\n\n"
        + "Chance that one attack roll hits, by attacker minus defender strength (columns) "
        + "and the number of -1 modifiers (rows: rough or CBR, emplaced, unobserved), with "
        + "`die_factor` 1:\n\n"
        + markdown_table(("modifiers", *(f"{d:+d}" for d in HIT_DIFFERENCES)), rows)
        + "\n"
        + _constants(
            "Combat numbers",
            combat,
            (
                "BASE_HIT_VALUE",
                "DIE",
                "ALWAYS_HITS",
                "ASSAULT_STRENGTH_CHANCE",
                "AMBUSH_ROLLS",
                "MISSILE_STRENGTH",
            ),
        )
    )


def _features() -> str:
    reach = [
        (kind, "the unit's current range" if r is None else r)
        for kind, r in features.RANGED_REACH.items()
    ]
    return (
        _constants(
            "Special features",
            features,
            ("MIN_RANGED_DISTANCE", "MISSILE_REACH", "DECON_CHANCE", "PARTISAN_LIMIT"),
        )
        + f"| `REPLACEMENT_HOME`, `REPLACEMENT_AWAY` | {features.REPLACEMENT_HOME}, "
        + f"{features.REPLACEMENT_AWAY} | "
        + f"{one_line(attribute_docs(features)['REPLACEMENT_HOME'])} |\n"
        + "\nHow far each ranged feature reaches:\n\n"
        + markdown_table(("feature", "reach (hexes)"), reach)
    )


def _movement_and_keys() -> str:
    names = ("n", "ne", "se", "s", "sw", "nw")
    keys = [(k, names[d]) for k, d in board.KEY_DIRECTIONS.items()]
    return (
        _constants("Movement", movement, ("RANGE0_CHANCE",))
        + f"\n{one_line(movement.__doc__ or '')}\n\n"
        + "The original's keys 1-6 step to a neighbour (key 0 is the special feature):\n\n"
        + markdown_table(("key", "direction"), keys)
    )


def _victory() -> str:
    start = [
        (f"sector {k + 1}", side or "nobody") for k, side in enumerate(victory.INITIAL_CONTROL)
    ]
    return (
        _constants("Victory", victory, ("SECTORS_TO_WIN", "SECTOR_COLUMNS"))
        + f"\n{one_line(victory.__doc__ or '')}\n\n"
        + "Control at the start:\n\n"
        + markdown_table(("sector", "controlled by"), start)
    )


def open_choices() -> list[str]:
    """The package docstring's settled open choices, one Markdown paragraph each."""
    doc = importlib.import_module(__package__).__doc__ or ""
    _, _, section = doc.partition(OPEN_CHOICES_HEADING)
    items = re.split(r"\n\* ", "\n" + section.split(":", 1)[1].strip())
    return [one_line(item) for item in items if item.strip()]


def _scenario() -> str:
    doc = Scenario.__doc__ or ""
    meaning = {
        m.group(1): one_line(m.group(2))
        for m in re.finditer(r"\* ``(\w+)``: (.*?)(?=\n    \* |\Z)", doc, re.S)
    }
    basic = Scenario()
    rows = [
        (f"`{name}`", getattr(basic, name), meaning.get(name, ""))
        for name in Scenario.model_fields
        if name != "name"
    ]
    named = [
        (name, ", ".join(f"{k}={v!r}" for k, v in o.items() if k != "name") or "the defaults")
        for name, o in SCENARIOS.items()
    ]
    return (
        "## Options\n\n"
        + f"{one_line(attribute_docs(scenario_module)['ARMY_SIZE'])} Options marked "
        + "[project option] or [project definition] are hexplay's; the rest are the "
        + "original's.\n\n"
        + markdown_table(("option", "default", "meaning"), rows)
        + "\nNamed scenarios:\n\n"
        + markdown_table(("scenario", "options"), named)
    )


def tables_markdown() -> str:
    """AGGRESSOR's tables, numbers, options and open choices as Markdown sections."""
    choices = "\n".join(f"- {c}" for c in open_choices())
    return "\n".join(
        (
            "## The original's open choices\n\n"
            + "The original leaves these open; hexplay settles each (and offers an option "
            + "where players could want the other reading):\n\n"
            + choices
            + "\n",
            _units(),
            _movement_and_keys(),
            _hit_chances(),
            _features(),
            _victory(),
            _scenario(),
        )
    )
