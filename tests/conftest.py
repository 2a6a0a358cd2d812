"""Shared test configuration: a Hypothesis profile and the browser-test guard."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# No per-example deadline: shared CI machines have noisy timings.
settings.register_profile("ci", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

UI_DIR = Path(__file__).parent / "ui"


def _browser_required() -> bool:
    return os.environ.get("HEXPLAY_REQUIRE_BROWSER") == "1"


def _is_ui(path: Path) -> bool:
    return UI_DIR in Path(path).parents


def _fail_skip(report: pytest.TestReport | pytest.CollectReport) -> None:
    reason = report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr
    report.outcome = "failed"
    report.longrepr = f"browser test skipped but HEXPLAY_REQUIRE_BROWSER=1: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> object:
    """With HEXPLAY_REQUIRE_BROWSER=1 (set in CI), a skipped ui test counts as a failure."""
    outcome = yield
    report = outcome.get_result()
    if (
        _browser_required()
        and report.skipped
        and not hasattr(report, "wasxfail")
        and (_is_ui(item.path) or item.get_closest_marker("ui") is not None)
    ):
        _fail_skip(report)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> object:
    """Same for a ui module skipped as a whole (importorskip, allow_module_level)."""
    outcome = yield
    report = outcome.get_result()
    if _browser_required() and report.skipped and _is_ui(collector.path):
        _fail_skip(report)
