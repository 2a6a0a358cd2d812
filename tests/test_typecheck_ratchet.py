"""The type-check ratchet (scripts/typecheck.py): errors counted by area, shared layers held
at zero, game packages at most their recorded counts (which may only fall)."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("typecheck", ROOT / "scripts" / "typecheck.py")
assert spec is not None and spec.loader is not None
tc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tc)

OUTPUT = """\
hexplay/games/naval/game.py:307: error: Argument 1 has incompatible type  [arg-type]
hexplay/games/naval/ui/editor.py:48: error: "Exception" has no attribute "errors"  [attr-defined]
hexplay/games/naval/ui/editor.py:48: note: a note is not an error
hexplay/widgets/board.py:12: error: Need type annotation  [var-annotated]
hexplay/registry.py:3: error: Incompatible return value type  [return-value]
Found 4 errors in 4 files (checked 225 source files)
"""


def test_errors_are_counted_by_area():
    assert tc.count_errors(OUTPUT) == Counter(
        {"hexplay/games/naval": 2, "hexplay/widgets": 1, "hexplay/registry.py": 1}
    )


def test_shared_layers_must_be_clean_and_game_counts_may_only_fall():
    counts = tc.count_errors(OUTPUT)
    fail, better = tc.judge(counts, {"hexplay/games/naval": 2, "hexplay/games/skirmish": 5})
    assert [f.split(":")[0] for f in fail] == ["hexplay/registry.py", "hexplay/widgets"]
    assert better == ["hexplay/games/skirmish: 0 errors, 5 recorded"]
    fail, _ = tc.judge(Counter({"hexplay/games/naval": 3}), {"hexplay/games/naval": 2})
    assert fail == ["hexplay/games/naval: 3 errors (at most 2)"]


def test_the_baseline_records_game_packages_only_and_mypy_is_pinned():
    baseline = json.loads(tc.BASELINE.read_text())
    assert baseline and all(a.startswith("hexplay/games/") for a in baseline)
    assert all(isinstance(n, int) and n > 0 for n in baseline.values())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    lint = project["dependency-groups"]["lint"]
    assert any(d.startswith("mypy==") for d in lint)
    assert project["tool"]["mypy"]["files"] == ["hexplay"]
