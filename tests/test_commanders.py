"""Team play (hexplay.engine.commanders) for every game that declares its commands: who may
order what, submitting by command, the record of who gave each order, and per-commander
pictures that never hold more than the side's view."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hexplay
from hexplay.ai.teams import command_players, play_commanded
from hexplay.engine import IllegalOrder, SaveError
from hexplay.engine.commanders import (
    LEADER,
    MESSAGE_MAX,
    RULE,
    CommandedGame,
    CommandSeat,
    seat,
)

GAMES = [n for n in hexplay.games() if hexplay.game_entry(n).commands]


def _entry(name):
    return hexplay.game_entry(name)


def _commanded(name, seed=1, information=None, turns=0, **kw):
    """A commanded game of ``name`` in its first plot (set-up done by random leaders)."""
    e = _entry(name)
    cg = CommandedGame(e.new(seed=seed), e.part("commands"), information=information, **kw)
    players = command_players(cg, lambda s, k: e.player("random", s, seed=k), seed=seed)
    play_commanded(cg, players, max_turns=turns)
    return cg, players


def _other_unit(cg, who):
    """A unit of ``who``'s side with a legal order now that is not in ``who``'s command."""
    side, _ = cg.parse(who)
    mine = cg.units_of(who)
    for lo in cg.game.legal_orders(side):
        if lo.unit is not None and lo.unit not in mine:
            return lo
    return None


def test_shipped_games_declare_commands():
    assert {"skirmish", "ambush", "aggressor", "naval"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_division_covers_each_side_once(name):
    cg, _ = _commanded(name)
    ref = cg.game.view("referee")["units"]
    for side, cmds in cg.division.items():
        assert len(cmds) >= 2, f"{name} {side}: team play needs two commands or more"
        units = [u for us in cmds.values() for u in us]
        assert len(units) == len(set(units))
        assert all(ref[u]["side"] == side for u in units if u in ref and "side" in ref[u])
    assert set(cg.seats()) >= {seat(s, LEADER) for s in cg.game.sides}


@pytest.mark.parametrize("name", GAMES)
def test_order_for_another_commands_unit_is_refused_and_changes_nothing(name):
    cg, _ = _commanded(name)
    g = cg.game
    side = g.to_act()[0]
    who = seat(side, next(iter(cg.division[side])))
    lo = _other_unit(cg, who)
    assert lo is not None
    order = next(lo.orders(), None) or lo.complete()
    before = (json.dumps(g.snapshot(), sort_keys=True), len(g.commands.commands), len(cg.log))
    with pytest.raises(IllegalOrder) as e:
        cg.order(order, by=who)
    assert e.value.rule == RULE and lo.unit in str(e.value)
    assert before == (
        json.dumps(g.snapshot(), sort_keys=True),
        len(g.commands.commands),
        len(cg.log),
    )
    # the legal orders a commander sees are its own units' only
    mine = cg.units_of(who)
    assert all(x.unit in mine for x in cg.legal_orders(who))
    # an order for the other side is refused too
    enemy = next(s for s in g.sides if s != side)
    with pytest.raises(IllegalOrder):
        cg.order({"side": enemy, "kind": lo.kind, "unit": lo.unit, "args": {}}, by=who)


@pytest.mark.parametrize("name", GAMES)
def test_side_submits_when_every_command_has(name):
    cg, _ = _commanded(name)
    g = cg.game
    side = g.to_act()[0]
    names = list(cg.division[side])
    # the leader submits for the first command (a silent one); the rest submit themselves
    cg.submit(seat(side, LEADER), for_command=names[0])
    assert cg.status()[side][seat(side, names[0])] == "submitted"
    with pytest.raises(IllegalOrder):
        cg.submit(seat(side, names[0]))  # already in
    done = False
    for n in names[1:]:
        assert side in g.to_act()
        p = CommandSeat(cg, seat(side, n))
        e = _entry(name).player("random", side, seed=3)
        e.act(p)  # a random player for that command: orders, then its submit
        done = side not in g.to_act() or cg.status()[side][seat(side, n)] != "submitted"
    assert done or side not in g.to_act()
    assert any(x["op"] == "submit" and x["for"] == names[0] for x in cg.log)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("information", ["shared", "per_commander"])
def test_save_load_keeps_who_gave_each_order_and_the_pictures(name, information):
    cg, _ = _commanded(name, seed=2, information=information, turns=2)
    d = json.loads(json.dumps(cg.to_json()))
    e = _entry(name)
    twin = CommandedGame.from_json(d, e.game_class, e.part("commands"))
    assert twin.orders_by() == cg.orders_by()
    assert any(not by.endswith("/" + LEADER) for _, by, _ in cg.orders_by())
    for who in cg.seats():
        assert twin.picture(who) == cg.picture(who)
        assert twin.status() == cg.status()
    d["log"][-1] = {"op": "order", "by": "nobody/x", "order": {}}
    with pytest.raises(SaveError):
        CommandedGame.from_json(d, e.game_class, e.part("commands"))


class _Checked(CommandedGame):
    """A commanded game that checks, after every intent, that each commander's picture holds
    only facts of its side's view: enemies now as the side's view shows them now, last-known
    entries as the side's view showed them at that turn."""

    def _update(self):
        super()._update()
        if not hasattr(self, "history"):
            self.history = set()
            self.checked = 0
            self.narrower = 0
        g = self.game
        for side in g.sides:
            units = g.view(side)["units"]
            for k, u in units.items():
                if u.get("side") != side:
                    self.history.add((side, k, json.dumps(u, sort_keys=True), g.turn))
        for who in self.seats():
            side, name = self.parse(who)
            p = self.picture(who)
            sv = g.view(side)
            for k, u in p["units"].items():
                assert sv["units"].get(k) == u, f"{who}: {k} is not as its side sees it"
            for k, u in (p.get("last_known") or {}).items():
                entry = {a: b for a, b in u.items() if a != "turn"}
                if name == LEADER or self.information == "shared":
                    continue
                fact = (side, k, json.dumps(entry, sort_keys=True), u["turn"])
                assert fact in self.history, f"{who}: last-known {k} its side never knew"
            if name != LEADER and self.information == "per_commander":
                enemies = {k for k, u in sv["units"].items() if u.get("side") != side}
                mine = {k for k, u in p["units"].items() if u.get("side") != side}
                assert mine <= enemies
                self.narrower += mine < enemies
                hidden = self.hidden(who)
                for lo in self.legal_orders(who):
                    for n in lo.needs:
                        assert not any(o in hidden for o in n.options if isinstance(o, str))
            self.checked += 1


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000))
def test_per_commander_pictures_are_within_the_sides_view(name, seed):
    e = _entry(name)
    cg = _Checked(e.new(seed=seed), e.part("commands"), information="per_commander")
    players = command_players(cg, lambda s, k: e.player("random", s, seed=k), seed=seed)
    play_commanded(cg, players, max_turns=3)
    assert cg.checked > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_commander_sees_less_than_its_side_somewhere(name):
    """Per commander, some picture in a few games leaves out an enemy the side sees."""
    e = _entry(name)
    total = 0
    for seed in range(4):
        cg = _Checked(e.new(seed=seed), e.part("commands"), information="per_commander")
        players = command_players(cg, lambda s, k: e.player("random", s, seed=k), seed=seed)
        play_commanded(cg, players, max_turns=4)
        total += cg.narrower
        if total:
            break
    assert total > 0


class _Fresh(CommandedGame):
    """A commanded game that checks, after every intent, that each commander's picture (made
    once per state, from parts shared with the last state's) equals one made anew."""

    checked = 0

    def _check_pictures(self):
        for who in self.seats():
            before = self.picture(who)
            assert before == self.fresh_picture(who), f"{who}: the cached picture is stale"
            assert self.picture(who) == before  # (read twice: the same)
        self.checked += 1

    def order(self, order, by):
        out = super().order(order, by)
        self._check_pictures()
        return out

    def undo(self, by, unit=None):
        out = super().undo(by, unit)
        self._check_pictures()
        return out

    def submit(self, by, for_command=None):
        out = super().submit(by, for_command)
        self._check_pictures()
        if out and not self.game.over:  # a word between commanders each plot
            side = self.parse(by)[0]
            self.message(by, seat(side, "*"), f"turn {self.game.turn}: in")
            self._check_pictures()
        return out

    def advance(self):
        out = super().advance()
        self._check_pictures()
        return out


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("information", ["per_commander", "shared"])
def test_cached_pictures_equal_fresh_ones_after_each_intent(name, information):
    e = _entry(name)
    cg = _Fresh(e.new(seed=3), e.part("commands"), information=information)
    players = command_players(cg, lambda s, k: e.player("random", s, seed=k), seed=3)
    play_commanded(cg, players, max_turns=3)
    assert cg.checked > 10 and cg.messages


@pytest.mark.parametrize("name", GAMES)
def test_shared_mode_is_the_sides_view(name):
    cg, _ = _commanded(name, information="shared")
    for who in cg.seats():
        side, _ = cg.parse(who)
        p = cg.picture(who)
        assert p["units"] == cg.game.view(side)["units"]


def test_unknown_commander_division_and_option_are_refused():
    e = _entry("skirmish")
    g = e.new(seed=1)
    with pytest.raises(IllegalOrder):
        CommandedGame(g, e.part("commands"), division="nope")
    with pytest.raises(IllegalOrder):
        CommandedGame(g, e.part("commands"), information="psychic")
    with pytest.raises(IllegalOrder):
        CommandedGame(g, e.part("commands"), options={"radios": "working"})
    cg = CommandedGame(g, e.part("commands"))
    with pytest.raises(IllegalOrder):
        cg.units_of("defender/Z9")
    with pytest.raises(IllegalOrder):
        cg.submit("referee/leader")


def test_messages_stay_on_their_side_and_are_bounded():
    cg, _ = _commanded("skirmish", information="shared")
    m = cg.message("defender/T", "defender/E1", "contact left, two men at the bridge")
    assert m["delivery"] == {"defender/E1": "now"}
    assert any(x["text"].startswith("contact") for x in cg.picture("defender/E1")["messages"])
    for who in cg.seats():
        if who.startswith("adversary/"):
            assert cg.picture(who)["messages"] == []
    with pytest.raises(IllegalOrder):
        cg.message("defender/T", "adversary/team 1", "hello")
    with pytest.raises(IllegalOrder):
        cg.message("defender/T", "defender/E1", "x" * (MESSAGE_MAX + 1))
    with pytest.raises(IllegalOrder):
        cg.message("defender/T", "defender/E1", "   ")
    everyone = cg.message("defender/leader", "defender/*", "hold fire")
    assert set(everyone["delivery"]) == {"defender/T", "defender/E1", "defender/E2"}
    assert [x["op"] for x in cg.log[-2:]] == ["message", "message"]


def test_a_set_up_side_is_its_leaders():
    """A commander may not give a side-wide order (the route, the ambush hex)."""
    e = _entry("skirmish")
    cg = CommandedGame(e.new(seed=1), e.part("commands"))
    side = cg.game.to_act()[0]
    lo = next(x for x in cg.game.legal_orders(side) if x.unit is None)
    who = seat(side, next(iter(cg.division[side])))
    with pytest.raises(IllegalOrder) as err:
        cg.order(next(lo.orders()), by=who)
    assert "leader" in str(err.value)
