"""The search player's costs and strengths stated in its modules' docstrings are the measured
ones: each cites a figure saved by ``benchmarks/search.py`` (``docs/evidence/search.json``) or
``benchmarks/search_budgets.py`` (``docs/evidence/search_budgets.json``) by name, and the text
agrees with the file (a strength to its three decimals, a cost within a factor of 2: timings
vary with the machine's load). A cost written without a citation fails. No timing is taken
here: the saved files are the measurements."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EVIDENCE = ROOT / "docs" / "evidence"
MODULES = [
    ROOT / "hexplay" / "ai" / "search.py",
    *sorted((ROOT / "hexplay" / "games").glob("*/ai/search.py")),
    ROOT / "benchmarks" / "search.py",
    ROOT / "benchmarks" / "search_budgets.py",
]
NUM = r"(\d+(?:\.\d+)?)"
CITE = r"\s+\(``([a-z0-9_.]+)``\)"
COST = NUM + r"\s+(?:CPU\s+)?s\s+(?:a|per)\s+(?:decision|set-up|game)"
STRENGTH = r"(\d\.\d{3})\s+\[(\d\.\d{3}),\s+(\d\.\d{3})\]"
SHARE = r"(\d+)\s+%"
LOOSE_COST = (
    r"~?\d+(?:\.\d+)?\s+(?:CPU\s+)?s\s+(?:of\s+wall\s+time\s+)?(?:a|per)\s+"
    r"(?:decision|set-up|setup)"
)


def figures() -> tuple[dict, dict]:
    search = json.loads((EVIDENCE / "search.json").read_text())
    budgets = json.loads((EVIDENCE / "search_budgets.json").read_text())
    return search, budgets


def lookup(name: str, field: str = "p") -> float:
    """The saved figure ``name`` (``name.field`` of ``search.json``, else a flat figure of
    ``search_budgets.json``); KeyError if there is none."""
    search, budgets = figures()
    if "." in name:
        name, field = name.split(".", 1)
    if name in search:
        return float(search[name][field])
    if name not in budgets:
        raise KeyError(f"{name!r} is in neither saved file (run its benchmark with --json)")
    return float(budgets[name])


def shares(text: str) -> list[tuple[float, str]]:
    """Cited shares: ``12 % (``search_budget_..._switch``)``."""
    return [(float(v), n) for v, n in re.findall(SHARE + CITE, text)]


def citations(text: str) -> tuple[list, list, list]:
    """(cited costs, cited strengths, uncited costs) of ``text``."""
    costs = [(float(v), n) for v, n in re.findall(COST + CITE, text)]
    strengths = [
        ((float(p), float(lo), float(hi)), n) for p, lo, hi, n in re.findall(STRENGTH + CITE, text)
    ]
    cited = {m.start() for m in re.finditer(COST + CITE, text)}
    uncited = [m.group(0) for m in re.finditer(LOOSE_COST, text) if m.start() not in cited]
    return costs, strengths, uncited


def test_the_checker_catches_what_it_must():
    text = (
        "0.013 CPU s a decision (``search_budget_skirmish_defender_2_cpu_s``), "
        "0.36 s a decision, 0.5 [0.4, 0.6] (``x``)"
    )
    costs, _, uncited = citations(text)
    assert costs == [(0.013, "search_budget_skirmish_defender_2_cpu_s")]
    assert uncited == ["0.36 s a decision"]
    _, strengths, _ = citations("0.662 [0.615, 0.707] (``search_x``)")
    assert strengths == [((0.662, 0.615, 0.707), "search_x")]
    assert shares("in 12 % (``search_budget_x_8_switch``) of") == [
        (12.0, "search_budget_x_8_switch")
    ]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_stated_figures_are_the_measured_ones(path):
    text = path.read_text()
    costs, strengths, uncited = citations(text)
    assert not uncited, f"{path.name}: costs written by hand (cite a saved figure): {uncited}"
    for value, name in costs:
        field = "cpu_s_decision"
        saved = lookup(name, field)
        assert saved / 2 <= value <= saved * 2, f"{path.name}: {value} s against {name}={saved}"
    for value, name in shares(text):
        assert abs(lookup(name) * 100 - value) <= 0.5, f"{path.name}: {value} % against {name}"
    for (p, lo, hi), name in strengths:
        base = name.split(".")[0]
        saved = [lookup(base, "p"), *figures()[0][base]["ci"]]
        assert [round(x, 3) for x in saved] == pytest.approx([p, lo, hi], abs=0.0011), (
            f"{path.name}: {p} [{lo}, {hi}] against {name}={saved}"
        )


def test_every_module_cites_at_least_one_saved_figure():
    """The modules that state figures do so by citation (not none at all: the check would
    pass vacuously if the citations' form drifted)."""
    found = [citations(p.read_text()) for p in MODULES]
    assert sum(len(costs) + len(strengths) for costs, strengths, _ in found) >= 4
