"""The documentation's rules tables match the engine's data: each generated Markdown table is
parsed back and compared, cell by cell, with the tables the engine plays by; the page writer
of the docs build finds every registered game's ``docs`` module (and skips a game without one).
"""

from __future__ import annotations

import importlib.util
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from toy_games import toys_registered

import hexplay
from hexplay.engine.tabledocs import (
    attribute_docs,
    cell,
    docs_module,
    game_tables_markdown,
    markdown_table,
)
from hexplay.games.aggressor import combat as agg_combat
from hexplay.games.aggressor import docs as agg_docs
from hexplay.games.aggressor import units as agg_units
from hexplay.games.aggressor.scenario import Scenario as AggScenario
from hexplay.games.naval import classes as nav_classes
from hexplay.games.naval import crt as nav_crt
from hexplay.games.naval import docs as nav_docs
from hexplay.games.naval import torpedo as nav_torpedo
from hexplay.games.skirmish import docs as sk_docs
from hexplay.games.skirmish import tables as T
from hexplay.games.skirmish.scenario import Scenario as SkScenario

ROOT = Path(__file__).resolve().parents[1]


def _split_row(line: str) -> list[str]:
    """The cells of one ``| a | b |`` line (``\\|`` is a literal bar)."""
    inner = line.strip()[1:-1]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", inner)]


def parse_tables(md: str) -> dict[str, list[tuple[list[str], list[list[str]]]]]:
    """Every pipe table in a Markdown text, by the ``##`` heading it stands under."""
    out: dict[str, list[tuple[list[str], list[list[str]]]]] = {}
    heading = ""
    lines = md.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("## "):
            heading = line[3:].strip()
        if line.startswith("|") and i + 1 < len(lines) and re.match(r"\|\s*:?-{3}", lines[i + 1]):
            headers = _split_row(line)
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(_split_row(lines[i]))
                i += 1
            out.setdefault(heading, []).append((headers, rows))
            continue
        i += 1
    return out


def table(md: str, heading: str, k: int = 0) -> tuple[list[str], list[list[str]]]:
    return parse_tables(md)[heading][k]


def as_dict(rows: list[list[str]]) -> dict[str, list[str]]:
    return {r[0]: r[1:] for r in rows}


R = sk_docs.RECONSTRUCTED_MARK.strip()


def unmark(text: str) -> tuple[str, bool]:
    """A cell without its reconstructed mark, and whether it had one."""
    return (text[: -len(R)].strip(), True) if text.endswith(R) else (text, False)


# --- the shared pieces ----------------------------------------------------------------------


def test_cells_and_tables_are_plain_markdown():
    assert cell(Fraction(1, 6)) == "1/6" and cell(Fraction(4, 2)) == "2"
    assert cell(None) == "–" and cell(True) == "yes" and cell(("a", "b")) == "a, b"
    md = markdown_table(("a", "b"), [("x|y", "line\nbreak")])
    headers, rows = table("## t\n\n" + md, "t")
    assert headers == ["a", "b"] and rows == [["x|y", "line break"]]
    with pytest.raises(ValueError, match="cells"):
        markdown_table(("a", "b"), [(1,)])


def test_attribute_docs_reads_the_docstrings_under_assignments():
    docs = attribute_docs(T)
    assert docs["HEX_METRES"] == "One hex is 25 m."
    assert "illegible" in docs["SV_AP_RECONSTRUCTED"]
    assert "ACTIVITIES" in docs and "Activity" not in docs  # a class is not an assignment


def test_every_shipped_game_has_a_docs_module():
    for name in hexplay.games():
        game = hexplay.game_entry(name).game_class
        module = docs_module(game)
        if name in ("skirmish", "aggressor", "naval"):
            assert module is not None, name
        if module is not None:
            md = module.tables_markdown()
            assert md == game_tables_markdown(game)
            assert parse_tables(md), f"{name}: no table"


@pytest.fixture(scope="module")
def ext():
    """The docs build's extension (docs/_ext/hexplay_docs.py; it imports without Sphinx)."""
    spec = importlib.util.spec_from_file_location(
        "hexplay_docs_ext", ROOT / "docs" / "_ext" / "hexplay_docs.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["hexplay_docs_ext"] = module
    spec.loader.exec_module(module)
    return module


def test_references_to_reexported_names_find_where_they_are_documented(ext):
    from hexplay.engine.protocol import VIEW_KEYS
    from hexplay.maps.map import Map

    assert ext._import_path("hexplay.maps.Map") is Map
    assert ext._import_path("hexplay.maps.NoSuchThing") is None
    documented = {"hexplay.maps.map.Map": 0, "hexplay.engine.protocol.VIEW_KEYS": 0}
    assert ext._canonical(Map, documented, "Map") == "hexplay.maps.map.Map"
    assert ext._canonical(VIEW_KEYS, documented, "VIEW_KEYS") == "hexplay.engine.protocol.VIEW_KEYS"
    assert ext._canonical(Map, {}, "Map") is None


def test_api_pages_cover_every_module(ext, tmp_path):
    pages = ext.api_pages(tmp_path)
    assert {"protocol", "registry", "players", "env", "widgets", "rules-skirmish"} <= set(pages)
    text = "".join(p.read_text(encoding="utf-8") for p in tmp_path.glob("*.md"))
    import pkgutil

    for info in pkgutil.walk_packages(hexplay.__path__, "hexplay."):
        assert f".. automodule:: {info.name}\n" in text, info.name


def test_a_game_without_a_docs_module_gets_no_page(ext, tmp_path):
    (tmp_path / "gone.md").write_text("# stale\n")
    with toys_registered():
        assert docs_module(hexplay.game_entry("toy-race").game_class) is None
        written = ext.rules_pages(tmp_path)
    assert written == [
        g for g in hexplay.games() if docs_module(hexplay.game_entry(g).game_class) is not None
    ]
    assert {p.stem for p in tmp_path.glob("*.md")} == set(written)
    page = (tmp_path / "skirmish.md").read_text(encoding="utf-8")
    assert page.startswith("# SKIRMISH tables") and sk_docs.tables_markdown() in page


# --- SKIRMISH -------------------------------------------------------------------------------

SK = sk_docs.tables_markdown()


def test_skirmish_table_ii_activities():
    headers, rows = table(SK, "Table II — activities")
    assert [r[0] for r in rows] == list(T.ACTIVITIES)
    for code, name, ap, _note in rows:
        a = T.ACTIVITIES[code]
        ap, marked = unmark(ap)
        assert name == a.name and marked == (a.reconstructed is not None)
        if a.ap is not None:
            assert Fraction(ap.removesuffix(" per hex")) == a.ap
    for a in T.ACTIVITIES.values():
        if a.reconstructed:
            assert a.reconstructed in SK


def test_skirmish_table_iv_defence():
    headers, rows = table(SK, "Table IV — defensive strength")
    assert headers[1:] == list(T.MOVEMENT_BAND_LABELS)
    want = {t: [None if v is None else v for v in vs] for t, vs in T.DEFENCE_STRENGTH.items()}
    got = {t: [None if c == "–" else int(c) for c in cs] for t, cs in as_dict(rows).items()}
    assert got == want


def test_skirmish_table_v_attack_and_its_reconstructed_cells():
    headers, rows = table(SK, "Table V — attack strength")
    assert headers[1:] == list(T.WEAPONS)
    assert [r[0] for r in rows] == list(T.RANGE_BAND_LABELS)
    marked = set()
    for i, row in enumerate(rows):
        for w, text in zip(T.WEAPONS, row[1:]):
            text, m = unmark(text)
            fit, hurt = (int(x) for x in text.split(" / "))
            assert (fit, hurt) == T.ATTACK_STRENGTH[w][i]
            if m:
                marked.add((w, T.RANGE_BAND_LABELS[i]))
    assert marked == {("shotgun", "1"), ("pistol", "1")}
    assert T.ATTACK_STRENGTH["shotgun"][1] == T.SHOTGUN_RANGE_1_RECONSTRUCTED
    assert T.RANGE_1_RECONSTRUCTED_REASON in SK


def test_skirmish_table_vi_results_and_reconstructed_rows():
    headers, rows = table(SK, "Table VI — combat results")
    assert headers[1:] == list(T.RATIO_COLUMN_LABELS)
    for die, row in zip(T.DIE_FACES, rows):
        face, marked = unmark(row[0])
        assert int(face) == die and marked == (die in (5, 6))
        assert tuple(row[1:]) == T.COMBAT_RESULTS[die - 1]
    assert T.COMBAT_RESULTS_RECONSTRUCTED_REASON in SK


def test_skirmish_tables_viii_and_ix():
    _, rows = table(SK, "Table VIII — movement rates")
    got = {(r[0], r[1]): Fraction(r[2]) for r in rows}
    want = {k: v for k, v in T.MOVEMENT_COSTS.items()}
    want |= {("regular", f"road ({m})"): v for m, v in T.ROAD_MOVEMENT_COSTS.items()}
    assert got == want
    _, rows = table(SK, "Table IX — barrier points")
    got = {r[0]: int(r[1]) for r in rows}
    assert {int(k): v for k, v in got.items() if k.isdigit()} == T.BARRIER_POINTS
    assert got[f"more than {max(T.BARRIER_POINTS)}"] == T.BARRIER_POINTS_ABOVE_TABLE


def test_skirmish_scenario_parameters_are_every_field():
    _, rows = table(SK, "Scenario parameters")
    assert [r[0].strip("`") for r in rows] == list(SkScenario.model_fields)
    _, rows = table(SK, "The basic scenario: the values the rules leave open")
    assert all(r[2] for r in rows)  # each with its reason
    assert any("[reconstructed]" in r[2] for r in rows)


# --- AGGRESSOR ------------------------------------------------------------------------------

AG = agg_docs.tables_markdown()


def test_aggressor_unit_table():
    _, rows = table(AG, "Units")
    got = {r[0]: (int(r[1]), int(r[2]), r[3], int(r[4])) for r in rows}
    want = {
        t.name: (t.range, t.strength, ", ".join(t.features) or "–", t.order)
        for t in agg_units.UNIT_TYPES.values()
    }
    assert got == want
    for r in rows:
        assert r[5] == f"{10 * agg_units.contact_chance(r[0], False)}%"


def test_aggressor_hit_chances_come_from_the_combat_rule():
    headers, rows = table(AG, "Combat")
    diffs = [int(h) for h in headers[1:]]
    assert diffs == list(agg_docs.HIT_DIFFERENCES)
    for row in rows:
        mods = int(row[0])
        for d, text in zip(diffs, row[1:]):
            flags = [k < mods for k in range(3)]
            value = agg_combat.hit_value(5 + d, 5, *flags)
            assert text == f"{agg_combat.p_hit(value):.0%}"


def test_aggressor_open_choices_and_options():
    choices = agg_docs.open_choices()
    assert len(choices) >= 10
    assert any("dieFac" in c for c in choices) and all(c in AG for c in choices)
    _, rows = table(AG, "Options")
    assert [r[0].strip("`") for r in rows] == [f for f in AggScenario.model_fields if f != "name"]
    meaning = {r[0].strip("`"): r[2] for r in rows}
    assert "[project definition" in meaning["die_factor"]
    assert "[project option]" in meaning["turn_limit"]


# --- naval ----------------------------------------------------------------------------------

NV = nav_docs.tables_markdown()


def test_naval_ship_classes():
    _, rows = table(NV, f"Ship classes {nav_docs.DESIGN}")
    assert [r[0] for r in rows] == list(nav_classes.CLASSES)
    for r in rows:
        c = nav_classes.CLASSES[r[0]].ratings()
        assert [int(x) for x in r[4:9]] == [
            c["gunnery"],
            c["torpedo"],
            c["reloads"],
            c["defense"],
            c["top_speed"],
        ]
        assert [int(x) for x in r[9].split(" / ")] == c["gun_range"]
        assert [int(x) for x in r[10].split(" / ")] == c["torpedo_range"]
        assert int(r[11]) == c["turn_cost"]
        assert f"- **{r[0]}**: {nav_classes.CLASSES[r[0]].reason}." in NV


def test_naval_guns_and_torpedoes_with_their_reasons():
    for heading, points, reasons, ranges, range_reasons in (
        (
            f"Guns {nav_docs.DESIGN}",
            nav_classes.GUN_POINTS,
            nav_classes.GUN_POINT_REASONS,
            nav_classes.GUN_RANGES,
            nav_classes.GUN_RANGE_REASONS,
        ),
        (
            f"Torpedoes {nav_docs.DESIGN}",
            nav_classes.TUBE_POINTS,
            nav_classes.TUBE_POINT_REASONS,
            nav_classes.TORPEDO_RANGES,
            nav_classes.TORPEDO_RANGE_REASONS,
        ),
    ):
        assert set(reasons) == set(points) == set(ranges) == set(range_reasons)
        _, rows = table(NV, heading)
        got = {r[0]: (Fraction(r[1]), r[2], (int(r[3]), int(r[4])), r[5]) for r in rows}
        assert got == {k: (points[k], reasons[k], ranges[k], range_reasons[k]) for k in points}


def test_naval_crt_and_hit_chart():
    _, rows = table(NV, f"Combat Results Table {nav_docs.DESIGN}")
    assert [r[0] for r in rows] == [name for _, name in nav_crt.COLUMNS]
    for r in rows:
        assert tuple(r[1:7]) == nav_crt.CRT[r[0]]
        assert Fraction(r[7]) == nav_crt.EXPECTED_HITS[r[0]]
    _, rows = table(NV, "Torpedo combat", 1)
    got = {(int(r[0]), r[1]): tuple(r[2:]) for r in rows}
    assert got == nav_torpedo.HIT_CHART


def test_the_link_checker_finds_missing_files_and_anchors(tmp_path):
    spec = importlib.util.spec_from_file_location("check_links", ROOT / "docs" / "check_links.py")
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    (tmp_path / "api").mkdir()
    (tmp_path / "index.html").write_text(
        '<a href="api/x.html#here">ok</a> <a href="#top">ok</a> <h1 id="top">t</h1>'
        '<a href="https://example.org/#nowhere">external</a>'
        '<a href="api/x.html#gone">bad anchor</a> <a href="missing.html">bad file</a>'
    )
    (tmp_path / "api" / "x.html").write_text('<p id="here">x</p><a href="../index.html">up</a>')
    assert check.broken_links(tmp_path) == [
        "index.html: api/x.html#gone (no anchor #gone)",
        "index.html: missing.html (no such file)",
    ]
    assert check.main(["check_links", str(tmp_path)]) == 1
    (tmp_path / "index.html").write_text('<a href="api/x.html#here">ok</a>')
    assert check.main(["check_links", str(tmp_path)]) == 0


def test_evidence_tables_are_written_from_the_saved_runs(ext, tmp_path):
    """The evidence page's tables come from the saved JSON (studies, robust defence, search
    budgets), and every saved study in docs/evidence loads and has its SVG."""
    import json

    from hexplay.analysis.protection import EnoughResult

    src = ROOT / "docs" / "evidence"
    for path in src.glob("*.json"):
        data = json.loads(path.read_text())
        if isinstance(data, dict) and "threshold" in data:
            assert EnoughResult.load(path).rows
            assert (src / f"{path.stem}.svg").exists()
    budgets = {
        "search_budget_skirmish_defender_4_switch": 0.0,
        "search_budget_skirmish_defender_4_cpu_s": 0.013,
        "search_budget_skirmish_defender_4_score": 0.5,
        "_games": 3,
    }
    (tmp_path / "search_budgets.json").write_text(json.dumps(budgets))
    study = EnoughResult("skirmish", "n_guards", 0.1, "upper", [3, 4])
    study.rows = [
        {"level": 3, "curve": "default", "p": 0.2, "ci_low": 0.1, "ci_high": 0.3, "games": 9},
        {"level": 4, "curve": "default", "p": 0.05, "ci_low": 0.01, "ci_high": 0.09, "games": 9},
    ]
    study.settings = {"candidates": 32, "budget": 8000, "final_games": 400, "scale": 4.0}
    study.save(tmp_path / "study.json")
    (tmp_path / "found.json").write_text("[]")  # warm starts: not a table
    search = {
        "search_x_win_rate": {"p": 0.5, "ci": [0.4, 0.6], "games": 96, "cpu_s_decision": 0.1},
        "_measured": "2026-12-06",
    }
    (tmp_path / "search.json").write_text(json.dumps(search))
    assert sorted(ext.evidence_pages(tmp_path, tmp_path / "out")) == [
        "search",
        "search_budgets",
        "study",
    ]
    assert (
        "| `search_x_win_rate` | 0.500 | [0.400, 0.600] | 96 | - | 0.100 | - |"
        in (tmp_path / "out" / "search.md").read_text()
    )
    assert (
        "| skirmish | defender | 4 | 0% | 0.013 | 0.50 |"
        in (tmp_path / "out" / "search_budgets.md").read_text()
    )
    text = (tmp_path / "out" / "study.md").read_text()
    assert "| default attack | 4 |" in text
    assert "Sizes: 32 candidates a search; 8000 games a search; 400 fresh games a figure." in text
    assert "(The full size divided by 4.)" in text
