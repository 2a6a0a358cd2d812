"""The "AMBUSH tables" documentation page: every AMBUSH table with its reasons, as Markdown.

:func:`tables_markdown` renders the loaded tables (:mod:`.tables`), so the page can never
disagree with the data the game plays by.
"""

from __future__ import annotations

from typing import Any

from ..skirmish.tables import RANGE_BAND_LABELS
from ..skirmish.terrain_effects import terrain_markdown
from .game import STANDARD_SCENARIOS, scenario_file
from .tables import TABLE_FILES, tables


def _table(head: list[str], rows: list[list[Any]]) -> list[str]:
    def cell(x: Any) -> str:
        return str(x).replace("|", "\\|").replace("\n", " ")

    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(cell(x) for x in r) + " |" for r in rows]
    return out + [""]


def _section(name: str, raw: dict[str, Any]) -> list[str]:
    return [f"## {raw.get('title', name)} (`{name}.toml`)", "", raw["why"], ""]


def tables_markdown() -> str:
    """Every AMBUSH table, its values and the reason for each, as one Markdown page."""
    t = tables()
    raw = t.raw
    md = [
        "# AMBUSH tables",
        "",
        "The 1980 report never published AMBUSH's draft rules: every number below is a design "
        "choice of hexplay's, with its reason (a source, a physical argument, or consistency "
        "with SKIRMISH's tables). One hex is 25 m, one turn 1 minute. With every AMBUSH option "
        "off the game is SKIRMISH.",
        "",
    ]
    for name in TABLE_FILES:
        r = raw[name]
        md += _section(name, r)
        if name == "weapons":
            rows = []
            for w in t.weapons.values():
                cells = [f"{a}/{b}" for a, b in zip(w.fit, w.impaired)]
                vs = ("occupants " if w.harms_occupants else "") + (
                    "vehicles" if w.harms_vehicles else ""
                )
                rows.append([w.name, w.cls, *cells, vs.strip() or "men in the open", w.why])
            md.append("Attack strength fit/impaired (wounded or in a vehicle) by range in hexes:")
            md.append("")
            md += _table(["weapon", "class", *RANGE_BAND_LABELS, "harms", "why"], rows)
        elif name == "barriers":
            rows = [
                [b["name"], b["points"]["standard"], b["points"]["armoured"], b["why"]]
                for b in r["barrier"]
            ]
            md += _table(["barrier", "standard transporter", "armoured", "why"], rows)
            md += [f"Breaching charge: {r['charge_points']} points. {r['charge_why']}", ""]
        elif name == "radio":
            for key, col in (("cb", "max_range"), ("long_range", "max_km")):
                rows = [[x[col], f"1-{x['success']}", x["why"]] for x in r[key]]
                md += [f"**{key.replace('_', ' ')}**", ""]
                md += _table([col.replace("_", " "), "die to get through", "why"], rows)
            md += ["**calls for help** (task RC of a man in a convoy vehicle)", ""]
            md += _table(["link", "AP", "why"], [[x["link"], x["ap"], x["why"]] for x in r["call"]])
            md += _table(
                ["training", "delay (turns)", "why"],
                [[x["training"], x["turns"], x["why"]] for x in r["delay"]],
            )
        elif name == "response":
            rows = [
                [
                    x["name"],
                    x["men"],
                    x["weapon"],
                    ", ".join(f"{k} ({v}/6)" for k, v in x["arrival"].items()),
                    x["why"],
                ]
                for x in r["density"]
            ]
            md += _table(["density", "men", "weapon", "arrival turns (faces)", "why"], rows)
        elif name == "armour":
            md += _table(
                ["name", "defence", "why"],
                [[x["name"], x["defence"], x["why"]] for x in r["armour"]],
            )
            dflt = ", ".join(f"{k} {v}" for k, v in r["default"].items())
            md += [
                f"Default class (a vehicle the scenario does not name): {dflt}. {r['default_why']}",
                "",
            ]
        elif name == "getaway":
            rows = [[x["name"], x["seats"], x["armour"], x["why"]] for x in r["vehicle"]]
            md += _table(["vehicle", "seats", "armour", "why"], rows)
            md += _table(
                ["value", "setting", "why"],
                [
                    ["crew_weapon", r["crew_weapon"], r["crew_weapon_why"]],
                    ["enter_earliest", r["enter_earliest"], r["enter_why"]],
                ],
            )
        else:
            rows_key = next((k for k, v in r.items() if isinstance(v, list) and v), None)
            if rows_key is None:  # a table of single values, each with its *_why
                vals = [
                    [k, v, r.get(f"{k.split('_')[0]}_why", r.get(f"{k}_why", ""))]
                    for k, v in r.items()
                    if k not in ("title", "why") and not k.endswith("why")
                ]
                md += _table(["value", "setting", "why"], vals)
            else:
                rows = r[rows_key]
                cols = [k for k in rows[0] if k != "why"]
                md += _table(
                    [*cols, "why"], [[x.get(c, "") for c in cols] + [x["why"]] for x in rows]
                )
    md += terrain_markdown().splitlines()  # terrain.toml (hexplay.games.skirmish.terrain_effects)
    md += ["## Standard scenarios", ""]
    rows = []
    for n in STANDARD_SCENARIOS:
        s = scenario_file(n)
        rows.append([s.name, s.emphasis, s.description])
    md += _table(["scenario", "emphasises", "set-up"], rows)
    return "\n".join(md)
