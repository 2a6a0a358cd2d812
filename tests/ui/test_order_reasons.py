"""The order builder's disabled buttons in JupyterLab (real Chromium): SKIRMISH's guard on
turn 1 shows DF disabled, its reason (the rule: defenders fire from turn 2) the button's
hover title and a line under the buttons that opens on the reasons; pressing it gives
nothing. Screenshot: ``test-artifacts/ui/order_reasons.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from . import harness

pytestmark = pytest.mark.ui
K = harness.kernel

NB = "ui_order_reasons.ipynb"
CELL = (
    "from hexplay.widgets import GameApp\n"
    "app = GameApp('skirmish', seed=1, vs_computer='adversary', hot_seat=False)"
)


def test_a_disabled_order_shows_the_rules_reason_on_hover(
    browser_context: Any, lab_server: Any, nb_dir: Path, artifacts: Path
) -> None:
    with harness.lab_app_page(browser_context, lab_server, nb_dir / NB, CELL, (1366, 768)) as page:
        page.locator("button.hexplay-roster-G1").click()
        harness.wait_kernel(page, "app.selected_unit == 'G1'")
        off = page.locator("button.hexplay-off-DF")
        off.wait_for(state="visible")
        assert off.is_disabled()
        title = off.get_attribute("title")
        assert title == "DF not now: §4 turn 1: defenders may not fire before turn 2"
        assert title == K(page, "app.builder.off_reasons()['DF']")
        # the legal orders stay pressable; the others are disabled, each with its reason
        for code in K(page, "app.builder.task_codes()"):
            assert page.locator(f"button.hexplay-task-{code}").is_enabled()
        reasons = K(page, "app.builder.off_reasons()")
        for code, why in reasons.items():
            assert page.locator(f"button.hexplay-off-{code}").get_attribute("title") == why
        # the same words folded under one line (no hover on a tablet): opened by a click
        why = page.locator(".hexplay-why-not details")
        assert "DF" in why.locator("summary").inner_text()
        assert not why.locator("li").first.is_visible()
        why.locator("summary").click()
        shown = why.locator("li", has_text="defenders may not fire before turn 2")
        shown.wait_for(state="visible")
        assert shown.inner_text() == title
        off.hover(force=True)
        page.wait_for_timeout(300)
        page.locator(".hexplay-why-not").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "order_reasons.png"))
        off.click(force=True)  # a disabled button gives nothing
        page.wait_for_timeout(300)
        assert K(page, "app.game.orders_of('defender').get('G1')") in (None, [])
        assert not [e for e in page.hexplay_errors if "hexplay" in e.lower()]
