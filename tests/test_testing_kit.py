"""The conformance kit catches what it must: games that break the protocol fail the check
that names the rule, with a clear message; the toy games pass."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from toy_games import TOY_ENTRIES, CheatingRacer, RaceGame, toys_registered

import hexplay.testing as kit
from hexplay import registry
from hexplay.engine import IllegalOrder, Order
from hexplay.engine.plugin import GameEntry

__all__ = ["CheatingRacer"]


class LeakyRace(RaceGame):
    """Logs an order before checking it: a refused order changes the game."""

    def _order(self, o: Order) -> Any:
        if o.kind != "move":
            return super()._order(o)
        self.commands.add("order", o.to_dict(), self.turn)
        try:
            return super()._order(o)
        except IllegalOrder:
            raise


class TupleViewRace(RaceGame):
    """A view with a tuple in it (not plain JSON)."""

    def _view_extra(self, side: str) -> dict[str, Any]:
        return {"home": tuple(self.home(side if side != "referee" else "red"))}


class UnloggedRace(RaceGame):
    """Forgets to log its submits: a save does not replay to the game."""

    def submit(self, side: str) -> None:
        n = len(self.commands.commands)
        super().submit(side)
        del self.commands.commands[n:]


class LaxRace(RaceGame):
    """Reads its scenario's numbers with int(): "12" and 12.5 pass as 12."""

    @classmethod
    def check_scenario(cls, scenario: Any) -> dict[str, Any]:
        if isinstance(scenario, dict):
            scenario = {
                k: int(v) if isinstance(v, (str, float)) else v for k, v in scenario.items()
            }
        return super().check_scenario(scenario)


def entry(name: str, cls: str, **kw: Any) -> GameEntry:
    return GameEntry(name, name, f"test_testing_kit:{cls}", **kw)


@pytest.fixture
def broken(monkeypatch):
    """The toy games and the broken ones, registered for one test."""
    with toys_registered():
        for e in (
            entry("toy-leaky", "LeakyRace"),
            entry("toy-tuple", "TupleViewRace"),
            entry("toy-unlogged", "UnloggedRace"),
            entry("toy-lax", "LaxRace"),
        ):
            monkeypatch.setitem(registry._GAMES, e.name, e)
        yield


def _info(cls: type, name: str) -> None:
    """The broken games share RaceGame's info but for their name."""
    import dataclasses

    cls.info = dataclasses.replace(RaceGame.info, name=name)
    cls.FORMAT = f"hexplay.{name}/1"


_info(LeakyRace, "toy-leaky")
_info(TupleViewRace, "toy-tuple")
_info(UnloggedRace, "toy-unlogged")
_info(LaxRace, "toy-lax")

CORE = ("declared", "playouts", "refusals", "record", "views", "fog")
"""The checks a toy game can run (no PettingZoo run here, no app adapter; order_kinds: the
toys declare theirs on the platform branch)."""


@pytest.mark.parametrize("name", [e.name for e in TOY_ENTRIES])
def test_the_toy_games_pass(name):
    with toys_registered():
        report = kit.check_game(name, checks=CORE, games=1)
    assert all(v.startswith("ok") for v in report.values()), report


def test_a_refused_order_that_changes_the_game_is_caught(broken):
    with pytest.raises(AssertionError, match="toy-leaky: .*refused, but the game changed"):
        kit.run_check("refusals", "toy-leaky", games=1)


def test_a_view_that_is_not_plain_json_is_caught(broken):
    with pytest.raises(AssertionError, match=r"toy-tuple: .*view\('red'\) is not plain JSON"):
        kit.run_check("views", "toy-tuple", games=1)


def test_a_game_that_does_not_replay_is_caught(broken):
    with pytest.raises(AssertionError, match="toy-unlogged: "):
        kit.run_check("record", "toy-unlogged", games=1)


def test_a_player_that_reads_hidden_state_is_caught():
    cheat = GameEntry(
        "toy-race", "Toy race", "toy_games:RaceGame", players={"cheat": "toy_games:CheatingRacer"}
    )
    with toys_registered(), pytest.MonkeyPatch.context() as m:
        m.setitem(registry._GAMES, "toy-race", cheat)
        with pytest.raises(AssertionError, match="player 'cheat' gave other orders"):
            kit.run_check("fog", "toy-race", games=2)


def test_check_game_lists_every_failed_check_and_skips(broken):
    with pytest.raises(AssertionError) as err:
        kit.check_game("toy-leaky", checks=("declared", "refusals"), games=1)
    assert "refusals:" in str(err.value) and "declared:" not in str(err.value)
    with pytest.MonkeyPatch.context() as m:
        m.setitem(sys.modules, "pettingzoo.test", None)  # as if not installed
        report = kit.check_game("toy-race", checks=("env",))
        assert report["env"].startswith("skipped: pettingzoo is not installed")
        with pytest.raises(pytest.skip.Exception, match="toy-race: env: pettingzoo"):
            kit.run_check("env", "toy-race")  # under pytest: a skip


def test_unknown_names_are_clear_errors():
    with pytest.raises(KeyError, match="no check 'speed'; the kit has"):
        kit.run_check("speed", "skirmish")
    with pytest.raises(KeyError, match="no game 'chess'"):
        kit.check_game("chess")


def test_quick_mode_and_the_report():
    with toys_registered():
        report = kit.check_game("toy-mines", checks=CORE, quick=True, seed=3)
    assert list(report) == list(CORE)
    assert all(v.startswith("ok (") and v.endswith(" s)") for v in report.values()), report


def test_a_scenario_that_reads_strings_as_numbers_is_caught(broken):
    with pytest.raises(AssertionError, match="scenario"):
        kit.run_check("scenarios", "toy-lax")
    kit.run_check("scenarios", "toy-race")  # the strict toy passes
    kit.run_check("saves", "toy-race")
