"""A panel in a hidden tab sends nothing a click changes: it marks itself stale and draws
when its tab is shown, the same panel as one drawn at once (issues 10 and 12: a click's
answer carries no message for a chart nobody sees)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("hexplay.games.skirmish.game")

from hexplay.games.ambush.ui.adapter import AmbushOddsPanel  # noqa: E402
from hexplay.games.skirmish.ui.odds import OddsPanel  # noqa: E402
from hexplay.widgets import GameApp  # noqa: E402


def _click(app: Any, unit: str) -> None:
    """A browser click on ``unit``'s counter (through the board's comm handler)."""
    hx = app.units_by_id[unit]["hex"]
    app.board._handle_custom_msg({"type": "click", "hex": hx, "unit": unit, "seq": 1}, [])
    app.board.flush_after_answer()  # the panels' work queued after the answer


def _drawn(p: OddsPanel) -> tuple[Any, ...]:
    """What the panel shows: weapon, firer impaired, the heat map's colours and title."""
    return (p.weapon.value, p.impaired.value, np.asarray(p.heat.color).tolist(), p.heat_fig.title)


def _drawn_at_once(cls: type[OddsPanel], weapon: str, impaired: bool) -> tuple[Any, ...]:
    fresh = cls()
    fresh.set_weapon(weapon, impaired)
    return _drawn(fresh)


@pytest.mark.parametrize("game, cls", [("skirmish", OddsPanel), ("ambush", AmbushOddsPanel)])
def test_hidden_odds_panel_waits_for_its_tab_and_then_equals_one_drawn_at_once(game, cls):
    app = GameApp(game, seed=1, hot_seat=False, referee=True)
    odds = app.ui.odds
    # (the app opens on its Briefing; the odds tab is hidden)
    assert app.tabs.selected_index == app.tab_index["Briefing"] and not odds.visible
    men = [u for u in app.board.units if u.get("kind", "man") == "man" and u.get("hex")]
    by_weapon = {u.get("weapon") or "rifle": u["id"] for u in men if u["id"] in app.units_by_id}
    others = [w for w in by_weapon if w != odds.default_weapon and w in odds.weapon.options]
    assert others, f"no man with a weapon other than {odds.default_weapon}: {by_weapon}"
    unit = by_weapon[others[0]]
    u = app.units_by_id[unit]
    want = (u.get("weapon") or "rifle", u.get("status") == "W")

    before = _drawn(odds)
    changed: list[str] = []
    for w, name in ((odds.heat, "color"), (odds.heat_fig, "title"), (odds.weapon, "value")):
        w.observe(lambda ch: changed.append(ch["name"]), names=name)
    _click(app, unit)
    assert app.selected_unit == unit and app.tabs.selected_index == app.tab_index["Plot"]
    assert changed == [] and _drawn(odds) == before  # hidden: nothing sent
    assert odds._stale == want

    app.tabs.selected_index = app.tab_index["Odds"]  # the tab comes on screen: drawn now
    assert odds.visible and odds._stale is None
    assert _drawn(odds) == _drawn_at_once(cls, *want)
    assert changed  # it did redraw (the weapon differs from the default)

    # shown: a weapon change draws at once; hidden again: it waits again
    odds.set_weapon(odds.default_weapon)
    assert _drawn(odds) == _drawn_at_once(cls, odds.default_weapon, False)
    app.tabs.selected_index = app.tab_index["Log"]
    assert not odds.visible
    odds.set_weapon(*want)
    assert _drawn(odds) == _drawn_at_once(cls, odds.default_weapon, False)
    app.tabs.selected_index = app.tab_index["Odds"]
    assert _drawn(odds) == _drawn_at_once(cls, *want)


def test_inspecting_an_enemy_shows_the_odds_tab_drawn_for_the_selected_man():
    app = GameApp("skirmish", seed=1, hot_seat=False, referee=True)
    men = [u for u in app.board.units if u.get("kind", "man") == "man" and u.get("hex")]
    firer = next(u for u in men if (u.get("weapon") or "rifle") != "rifle")
    enemy = next(u for u in app.board.units if u["side"] != firer["side"] and u.get("hex"))
    _click(app, firer["id"])
    app.inspect(firer["id"], enemy["id"])  # as a click on the enemy: the Odds tab comes up
    assert app.tabs.selected_index == app.tab_index["Odds"]
    want = (firer.get("weapon") or "rifle", firer.get("status") == "W")
    assert _drawn(app.ui.odds) == _drawn_at_once(OddsPanel, *want)


def test_a_panel_on_its_own_draws_at_once():
    p = OddsPanel()
    assert p.visible
    p.set_weapon("shotgun", True)
    assert p._stale is None and p.weapon.value == "shotgun" and p.impaired.value
    assert "shotgun" in p.heat_fig.title and "wounded" in p.heat_fig.title


def test_a_selection_click_sends_no_message_for_the_hidden_odds_panel(monkeypatch):
    """The kernel's messages of a selection click: none from the odds panel's widgets."""
    import ipywidgets as W

    app = GameApp("skirmish", seed=1, hot_seat=False, referee=True)
    odds_widgets = {id(w) for w in (app.ui.odds.weapon, app.ui.odds.impaired, app.ui.odds.heat)}
    odds_widgets |= {id(app.ui.odds.heat_fig), id(app.ui.odds.bars), id(app.ui.odds.text)}
    sent: list[Any] = []
    real = W.Widget._send
    monkeypatch.setattr(
        W.Widget, "_send", lambda self, *a, **k: sent.append(self) or real(self, *a, **k)
    )
    men = [u for u in app.board.units if u.get("kind", "man") == "man" and u.get("hex")]
    unit = next(u["id"] for u in men if (u.get("weapon") or "rifle") != "rifle")
    _click(app, unit)
    assert app.selected_unit == unit
    assert not [w for w in sent if id(w) in odds_widgets]


def test_a_hidden_panel_is_blanked_at_once_at_a_hand_over():
    """The hand-over blank does not wait for the tab: no widget keeps the last player's weapon."""
    app = GameApp("skirmish", seed=1, hot_seat=True)
    odds = app.ui.odds
    app.tabs.selected_index = app.tab_index["Odds"]
    odds.set_weapon("shotgun", True)
    app.tabs.selected_index = app.tab_index["Plot"]
    odds.set_weapon("rifle", True)  # hidden: stale
    odds.blank()
    assert odds._stale is None and not odds.visible
    assert _drawn(odds) == _drawn_at_once(OddsPanel, odds.default_weapon, False)
