"""The "AMBUSH tables" page renders every table with its reasons, from the loaded data."""

from __future__ import annotations

from hexplay.games.ambush.docs import tables_markdown
from hexplay.games.ambush.game import STANDARD_SCENARIOS, scenario_file
from hexplay.games.ambush.tables import TABLE_FILES, tables


def test_every_table_and_reason_is_on_the_page() -> None:
    md = tables_markdown()
    t = tables()
    for name in TABLE_FILES:
        assert f"(`{name}.toml`)" in md
        assert t.raw[name]["why"] in md
    for w in t.weapons.values():
        assert f"| {w.name} | {w.cls} |" in md and w.why in md
        assert "/".join(map(str, (w.fit[0], w.impaired[0]))) in md
    for b, pts in t.barriers.items():
        assert f"| {b} | {pts['standard']} | {pts['armoured']} |" in md
    for n in STANDARD_SCENARIOS:
        assert scenario_file(n).emphasis in md
    assert md.startswith("# AMBUSH tables")
