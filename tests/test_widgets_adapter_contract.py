"""The adapter contract (issue 29): an adapter describes, the shell routes.

The base :class:`~hexplay.widgets.adapter.GameUI` has about ten hooks (:data:`HOOKS`), each
given what it needs as arguments; no game's ``ui`` package imports the shell or reaches back
into it (no ``self.app``, no ``Shell`` / ``Intents`` back-reference); and each shipped adapter
overrides only hooks of the base (its other public names are helpers of its own, never called
by the shell)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import hexplay
from hexplay.registry import game_entry, resolve
from hexplay.widgets import adapter as A
from hexplay.widgets.adapter import HOOKS, Context, GameUI

PKG = Path(hexplay.__file__).resolve().parent
UI_MODULES = sorted((PKG / "games").glob("*/ui/*.py"))
MAX_HOOKS = 11


def _public_callables(cls: type) -> set[str]:
    """Public methods and properties defined on ``cls`` (data attributes left out)."""
    return {
        name
        for name, v in vars(cls).items()
        if not name.startswith("_")
        and (inspect.isfunction(v) or isinstance(v, (property, classmethod, staticmethod)))
    }


def test_the_adapter_base_has_about_ten_hooks():
    hooks = _public_callables(GameUI)
    assert hooks == set(HOOKS), hooks ^ set(HOOKS)
    assert len(hooks) <= MAX_HOOKS


def test_every_hook_is_given_what_it_reads():
    """No hook takes the shell: each gets a view, a side, a game or a Context as arguments,
    and the adapter is made without the app."""
    assert list(inspect.signature(GameUI.__init__).parameters) == ["self"]
    for name in ("counters", "overlays", "status", "refresh_panels", "inspect", "roster"):
        params = inspect.signature(getattr(GameUI, name)).parameters
        assert "ctx" in params, name
    assert list(inspect.signature(GameUI.style).parameters) == ["self", "game"]
    assert not hasattr(A, "Shell") and not hasattr(A, "Intents")


def test_context_is_read_only():
    ctx = Context(game=None, view={"units": {}}, side="red", viewer="red")
    with pytest.raises(AttributeError):
        ctx.side = "blue"  # type: ignore[misc]
    assert not ctx.referee and Context(game=None).referee
    from hexplay.widgets.game_app import GameApp

    app = GameApp("skirmish", seed=1, vs_computer="adversary")
    orders = app.context().orders  # the engine's answers only: no order, no undo
    assert not hasattr(orders, "order") and not hasattr(orders, "undo")
    unit = next(u for u, v in app.units_by_id.items() if v.get("hex") and v["side"] == "defender")
    assert orders.engine_legal_orders(unit) == tuple(app.game.legal_orders("defender", unit))


@pytest.mark.parametrize("path", UI_MODULES, ids=lambda p: str(p.relative_to(PKG)))
def test_no_game_ui_module_reaches_into_the_shell(path: Path):
    tree = ast.parse(path.read_text())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
            imported.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
    assert not {m for m in imported if "game_app" in m}, f"{path.name} imports the shell"
    names = {
        n.attr if isinstance(n, ast.Attribute) else n.id
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute | ast.Name)
    }
    assert not names & {"Shell", "Intents", "intents"}, f"{path.name}: {names & {'Shell'}}"
    app_reads = [
        n.lineno
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute)
        and n.attr == "app"
        and isinstance(n.value, ast.Name)
        and n.value.id == "self"
    ]
    assert not app_reads, f"{path.name} holds the app (self.app at lines {app_reads})"


@pytest.mark.parametrize("game", ["skirmish", "ambush", "aggressor", "naval"])
def test_shipped_adapters_override_only_hooks(game: str):
    """What the shell calls on a shipped adapter is the base's hooks: the adapter's own
    public methods are its helpers (none named like a removed routing hook)."""
    ui = resolve(game_entry(game).ui)
    assert issubclass(ui, GameUI)
    overridden = {
        name
        for klass in ui.__mro__[: ui.__mro__.index(GameUI)]
        for name in _public_callables(klass)
        if hasattr(GameUI, name)
    }
    assert overridden <= set(HOOKS)
    routing = {
        "new_game", "start", "advance", "player", "reset", "win_probability", "turn_limit",
        "events", "selectable", "target", "select", "select_panels", "blank_panels",
        "extra_units", "after_order", "repeat_order", "default_orders", "press", "give",
        "select_next", "shot_odds",
    }  # fmt: skip
    found = {n for klass in ui.__mro__ for n in _public_callables(klass)} & routing
    assert not found, f"{ui.__name__} still routes: {sorted(found)}"
