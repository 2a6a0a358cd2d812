"""Games from outside: the registry reads the ``hexplay.games`` entry points lazily (names
known without importing a game), a broken one breaks only its own game, and unknown names are
KeyErrors listing what exists."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import warnings
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from hexplay import registry

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def fresh_registry(monkeypatch):
    """The registry's tables restored after the test; entry points read again."""
    for name in ("_GAMES", "_PENDING", "_ORIGIN"):
        monkeypatch.setattr(registry, name, dict(getattr(registry, name)))
    monkeypatch.setattr(registry, "_ORDER", list(registry._ORDER))
    monkeypatch.setattr(registry, "_discovered", False)


def fake_entry_points(*pairs: tuple[str, str]):
    eps = [EntryPoint(name, value, registry.ENTRY_POINT_GROUP) for name, value in pairs]
    return lambda group: [ep for ep in eps if ep.group == group]


def test_entry_points_are_registered_by_reference(fresh_registry, monkeypatch):
    monkeypatch.setattr(registry, "entry_points", fake_entry_points(("toy-ext", "toy_pkg:PLUGIN")))
    assert "toy-ext" in registry.games()
    assert registry._PENDING["toy-ext"] == "toy_pkg:PLUGIN"  # not imported yet


def test_a_broken_entry_point_fails_only_when_its_game_is_asked_for(fresh_registry, monkeypatch):
    monkeypatch.setattr(
        registry, "entry_points", fake_entry_points(("broken", "no_such_module_xyz:PLUGIN"))
    )
    assert "broken" in registry.games() and "skirmish" in registry.games()
    with pytest.raises(ImportError, match=r"game 'broken' \(entry point broken = .*no_such"):
        registry.game_entry("broken")
    assert registry.game_entry("skirmish").name == "skirmish"


def test_an_entry_point_that_is_not_a_game_entry_is_named(fresh_registry, monkeypatch):
    monkeypatch.setattr(registry, "entry_points", fake_entry_points(("odd", "hexplay:games")))
    with pytest.raises(TypeError, match="odd.*not the GameEntry"):
        registry.game_entry("odd")


def test_unreadable_metadata_is_a_warning_not_an_error(fresh_registry, monkeypatch):
    def boom(group):
        raise OSError("metadata unreadable")

    monkeypatch.setattr(registry, "entry_points", boom)
    with pytest.warns(UserWarning, match="metadata unreadable"):
        names = registry.games()
    assert "skirmish" in names


def test_an_entry_point_does_not_replace_a_shipped_game(fresh_registry, monkeypatch):
    monkeypatch.setattr(registry, "entry_points", fake_entry_points(("skirmish", "elsewhere:P")))
    with pytest.warns(UserWarning, match="already registered"):
        registry.games()
    assert registry.game_entry("skirmish").game.startswith("hexplay.games.skirmish")


def test_games_keep_their_registration_order_whichever_is_loaded_first():
    names = registry.games()
    assert names[:4] == ["skirmish", "ambush", "aggressor", "naval"]
    registry.game_entry(names[-1])
    assert registry.games() == names


def test_unknown_names_list_what_exists():
    with pytest.raises(KeyError, match=r"no game 'chess'; hexplay has \[.*'skirmish'"):
        registry.game_entry("chess")
    with pytest.raises(KeyError, match="no scenario 'nope'; it has"):
        registry.new_game("skirmish", "nope")
    with pytest.raises(KeyError, match="no player 'nobody'; it has"):
        registry.game_entry("skirmish").player("nobody", "adversary")
    with pytest.raises(TypeError, match="GameEntry"):
        registry.register(42)  # type: ignore[arg-type]


def test_a_fresh_process_finds_an_installed_game_without_importing_it(tmp_path):
    """A package installed with an entry point (its metadata here a dist-info folder on the
    path) is listed by ``hexplay.games()`` with nothing of it imported; a broken one does not
    break ``import hexplay``."""
    pkg = tmp_path / "ext_game_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("raise RuntimeError('imported too early')\n")
    info = tmp_path / "ext_game_pkg-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ext-game-pkg\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[hexplay.games]\nextgame = ext_game_pkg:PLUGIN\nbroken = ext_game_pkg.nothing:PLUGIN\n"
    )
    code = textwrap.dedent(
        """
        import sys, hexplay
        names = hexplay.games()
        assert {"extgame", "broken", "skirmish"} <= set(names), names
        assert "ext_game_pkg" not in sys.modules
        try:
            hexplay.game_entry("broken")
        except ImportError as e:
            assert "ext-game-pkg" in str(e) and "broken" in str(e), e
        else:
            raise AssertionError("a broken entry point loaded")
        print("ok")
        """
    )
    env = {"PYTHONPATH": f"{tmp_path}:{ROOT}", "PATH": "/usr/bin:/bin"}
    with warnings.catch_warnings():
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
        )
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]
