"""Team play at the table (hexplay.serve.teams): one seat per command, side leader and referee;
each commander's writes and reads its own; the referee sees every command's status, moves a
student to another command and hands a command to the computer; all kept by the store."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_cli_serve import REPO, free_port

from hexplay.ai.random import RandomPlayer
from hexplay.engine import IllegalOrder
from hexplay.engine.commanders import RULE
from hexplay.serve import teams
from hexplay.serve.store import Store
from hexplay.serve.table import Table, TableError
from hexplay.serve.wire import legal_from_dict

SEATS = {
    "adversary/team 1",
    "adversary/team 2",
    "adversary/leader",
    "defender/T",
    "defender/E1",
    "defender/E2",
    "defender/leader",
    "referee",
}


def do(table, slot, who, op, **args):
    return table.handle(slot.id, slot.tokens[who], op, args)


def new(table, game="skirmish", **kw):
    return table.create(game, seed=1, commands="vehicles", **kw)


class TableSeat:
    """A commander's seat driven through ``Table.handle`` as its page would (what a player
    calls), refusals as IllegalOrder."""

    def __init__(self, table, slot, who, for_command=None):
        self.table, self.slot, self.who, self.cmd = table, slot, who, for_command
        self.side = who.partition("/")[0]

    def _do(self, op, **args):
        try:
            return do(self.table, self.slot, self.who, op, **args)
        except TableError as e:
            if e.status != 409:
                raise
            raise IllegalOrder(e.rule or "table", str(e)) from None

    @property
    def phase(self):
        return self._do("status")["result"]["phase"]

    def to_act(self):
        seat = f"{self.side}/{self.cmd}" if self.cmd else self.who
        st = self._do("state")["result"]["team"]["commands"][self.side][seat]
        return (self.side,) if st == "plotting" else ()

    def legal_orders(self, side, unit=None):
        return [legal_from_dict(d) for d in self._do("legal", unit=unit)["result"]]

    def order(self, o):
        self._do("order", order=o.to_dict())

    def submit(self, side):
        self._do("submit", **({"for": self.cmd} if self.cmd else {}))


def computer_everywhere(table, slot, but=()):
    for s in slot.seats:
        if s != "referee" and s not in but:
            do(table, slot, "referee", "computer", seat=s, player="random")


def test_one_seat_per_command_leader_and_referee():
    table = Table()
    slot = new(table)
    assert set(slot.tokens) == SEATS and len(set(slot.tokens.values())) == len(SEATS)
    info = do(table, slot, "defender/E1", "info")["result"]
    assert info["seat"] == "defender/E1"
    st = do(table, slot, "referee", "state")["result"]
    assert set(st["team"]["commands"]) == {"adversary", "defender"}
    assert st["team"]["commands"]["defender"]["defender/E1"] in ("plotting", "waiting")
    mine = do(table, slot, "defender/E1", "state")["result"]["team"]["commands"]
    assert set(mine) == {"defender"}  # a commander sees its own side's commands only
    with pytest.raises(TableError) as e:
        table.create("skirmish", commands="nope")
    assert e.value.status == 400


def test_a_commanders_order_for_another_commands_unit_is_refused_and_nothing_stored():
    table = Table()
    slot = new(table)
    computer_everywhere(table, slot, but=("defender/E1", "defender/T"))
    g = slot.game
    assert g.phase != "setup" and "defender" in g.to_act()
    lo = next(x for x in g.legal_orders("defender") if x.unit in slot.team.units_of("defender/T"))
    order = next(lo.orders()).to_dict()
    n = table.store.command_count(slot.id)
    with pytest.raises(TableError) as e:
        do(table, slot, "defender/E1", "order", order=order)
    assert e.value.status == 409 and e.value.rule == RULE
    assert table.store.command_count(slot.id) == n
    do(table, slot, "defender/T", "order", order=order)
    assert table.store.command_count(slot.id) == n + 1
    # the legal orders a commander reads are its own units'
    legal = do(table, slot, "defender/E1", "legal")["result"]
    assert legal and all(x["unit"] in slot.team.units_of("defender/E1") for x in legal)
    with pytest.raises(TableError) as e:
        do(table, slot, "defender/E1", "view", side="adversary")
    assert e.value.status == 403


def test_the_turn_resolves_when_every_command_has_submitted_and_the_leader_covers_silence():
    table = Table()
    slot = new(table)
    computer_everywhere(table, slot, but=("defender/T", "defender/E1", "defender/E2"))
    g = slot.game
    turn = g.turn
    do(table, slot, "defender/T", "submit")
    st = do(table, slot, "referee", "state")["result"]["team"]["commands"]["defender"]
    assert st["defender/T"] == "submitted" and st["defender/E1"] == "plotting"
    assert g.turn == turn
    with pytest.raises(TableError):
        do(table, slot, "defender/E1", "submit", **{"for": "E2"})  # a leader's only
    RandomPlayer("defender", seed=1).act(TableSeat(table, slot, "defender/E1"))
    assert g.turn == turn
    # E2 is silent: its leader plots for it (the rules name what E2 still needs) and submits
    RandomPlayer("defender", seed=2).act(TableSeat(table, slot, "defender/leader", "E2"))
    assert g.turn == turn + 1  # every command in: resolved (the adversary by the computer)


def test_per_commander_state_on_the_wire_holds_only_the_commanders_picture():
    table = Table()
    narrower = 0
    for seed in range(1, 6):  # games played by the computer until one leaves a commander short
        slot = table.create("skirmish", seed=seed, commands="vehicles", information="per_commander")
        for s in slot.seats:
            if s != "referee":
                slot.computer[s] = "random"
        g = slot.game
        n = len(slot.team.log)
        teams.run_computers(table, slot)
        assert len(slot.team.log) > n
        for seat in slot.seats:
            if seat == "referee" or seat.endswith("/leader"):
                continue
            side = seat.partition("/")[0]
            st = do(table, slot, seat, "state")["result"]
            text = json.dumps(st)
            assert st["view"] == json.loads(json.dumps(slot.team.picture(seat)))
            side_units = g.view(side)["units"]
            enemies = {k for k, u in side_units.items() if u.get("side") != side}
            shown = {k for k, u in st["view"]["units"].items() if u.get("side") != side}
            assert shown <= enemies
            for k in enemies - shown:
                assert not re.search(rf'"{re.escape(k)}"', text.replace(f'"{k}":', "")) or (
                    k in st["view"]["last_known"]
                ), f"{seat}: {k} is on the wire"
            narrower += shown < enemies
        if narrower:
            break
    assert narrower > 0


def test_messages_through_the_table_stay_on_their_side_and_are_kept():
    table = Table()
    slot = new(table, information="shared")
    do(table, slot, "defender/T", "message", to="defender/E1", text="slow down at the bend")
    st = do(table, slot, "defender/E1", "state")["result"]
    assert [m["text"] for m in st["view"]["messages"]] == ["slow down at the bend"]
    for s in ("adversary/team 1", "adversary/leader"):
        assert "slow down" not in json.dumps(do(table, slot, s, "state")["result"])
    with pytest.raises(TableError) as e:
        do(table, slot, "defender/T", "message", to="adversary/team 1", text="hi")
    assert e.value.status == 409
    with pytest.raises(TableError) as e:
        do(table, slot, "defender/T", "message", to="defender/E1", text="x" * 1000)
    assert e.value.status == 400
    # per commander, in set-up no man is aboard yet: nobody hears T
    per = new(table, information="per_commander")
    do(table, per, "defender/T", "message", to="defender/E1", text="anyone there?")
    sent = do(table, per, "defender/T", "state")["result"]["view"]["messages"]
    assert sent[0]["delivery"] == {"defender/E1": "lost"}
    assert not do(table, per, "defender/E1", "state")["result"]["view"]["messages"]
    plain = table.create("skirmish", seed=1)
    with pytest.raises(TableError):
        table.handle(plain.id, plain.tokens["defender"], "message", {"to": "x", "text": "y"})


def test_the_referee_moves_a_student_and_hands_a_command_to_the_computer():
    table = Table()
    slot = new(table)
    old_e1 = slot.tokens["defender/E1"]
    do(table, slot, "referee", "move", seat="defender/E1", to="defender/E2")
    assert table.handle(slot.id, old_e1, "info")["result"]["seat"] == "defender/E2"
    with pytest.raises(TableError):
        do(table, slot, "defender/E1", "move", seat="defender/E1", to="defender/T")
    do(table, slot, "referee", "computer", seat="adversary/leader", player="random")
    st = do(table, slot, "referee", "state")["result"]["team"]
    assert st["computer"] == {"adversary/leader": "random"}
    assert slot.game.phase == "setup" and "adversary" not in slot.game.to_act()
    with pytest.raises(TableError) as e:
        do(table, slot, "referee", "computer", seat="defender/T", player="psychic")
    assert e.value.status == 400


def test_a_restarted_table_has_the_commanded_game_its_log_and_its_seats(tmp_path):
    path = tmp_path / "t.sqlite"
    table = Table(Store(path))
    slot = new(table, information="per_commander")
    do(table, slot, "referee", "move", seat="defender/E1", to="defender/E2")
    computer_everywhere(table, slot)
    do(table, slot, "defender/T", "message", to="defender/*", text="all stop")
    again = Table(Store(path))
    twin = again.slots[slot.id]
    assert twin.tokens == slot.tokens and twin.computer == slot.computer
    assert twin.team.orders_by() == slot.team.orders_by()
    assert twin.game.snapshot() == slot.game.snapshot()
    for seat in slot.seats:
        if seat != "referee":
            assert twin.team.picture(seat) == slot.team.picture(seat)


def test_hexplay_serve_new_with_commands_prints_a_link_per_commander(tmp_path: Path):
    port = str(free_port())
    args = ["--db", str(tmp_path / "t.sqlite"), "--port", port, "--no-app", "--quiet"]
    args += ["--new", "skirmish", "--commands", "vehicles"]
    code = f"from hexplay.cli import main\nmain(['serve', *{args!r}])"
    p = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    link = re.compile(r"^\s*(\S.*?): (http\S+)$")
    seats: dict[str, str] = {}
    t0 = time.monotonic()
    try:
        while len(seats) < len(SEATS):
            line = p.stdout.readline()
            assert line, p.stderr.read()
            m = link.match(line.rstrip("\n"))
            if m:
                seats[m.group(1).strip()] = m.group(2)
            assert time.monotonic() - t0 < 90
    finally:
        p.terminate()
        p.wait(30)
    assert set(seats) == SEATS


def test_a_leader_sets_its_side_up_by_default_and_one_adversary_plays_three_convoy_commanders():
    table = Table()
    slot = table.create("skirmish", seed=2, commands="convoy", information="per_commander")
    assert "adversary/leader" in slot.tokens and "adversary/team 1" not in slot.tokens
    with pytest.raises(TableError):
        do(table, slot, "defender/T", "setup")  # a leader's
    for side in ("adversary", "defender"):
        if side in slot.game.to_act():
            do(table, slot, f"{side}/leader", "setup")
            do(table, slot, f"{side}/leader", "submit")
    for side in ("adversary", "defender"):
        if slot.game.phase == "setup" and side in slot.game.to_act():
            do(table, slot, f"{side}/leader", "setup")
            do(table, slot, f"{side}/leader", "submit")
    assert slot.game.phase != "setup"
    assert any(e["op"] == "game" and e["by"] == "adversary/leader" for e in slot.team.log)
    again = Table(table.store)
    assert again.slots[slot.id].game.snapshot() == slot.game.snapshot()


def test_a_division_taken_when_the_set_up_ends_has_its_seats_from_the_start():
    """AGGRESSOR's units are made by their placement: its flanks are seats at once, empty
    (waiting) until the set-up puts units in them."""
    table = Table()
    slot = table.create("aggressor", seed=1, commands="sectors")
    flanks = {f"{s}/{n}" for s in ("west", "east") for n in ("left flank", "centre", "right flank")}
    assert flanks <= set(slot.tokens)
    st = do(table, slot, "referee", "state")["result"]["team"]["commands"]
    assert all(st[s.partition("/")[0]][s] == "waiting" for s in flanks)
    for s in ("west/leader", "east/leader"):  # the leaders' computers set the sides up
        do(table, slot, "referee", "computer", seat=s, player="random")
    assert slot.game.phase != "setup"
    assert all(slot.team.units_of(s) for s in flanks)
    st = do(table, slot, "referee", "state")["result"]["team"]["commands"]
    acting = slot.game.to_act()[0]
    assert {st[acting][f"{acting}/{n}"] for n in ("left flank", "centre", "right flank")} == {
        "plotting"
    }


def test_the_referee_reads_any_side_and_any_commanders_picture():
    table = Table()
    slot = new(table, information="per_commander")
    v = do(table, slot, "referee", "view", side="defender")["result"]
    assert v["side"] == "defender"
    p = do(table, slot, "referee", "view", side="defender/E1")["result"]
    assert p["commander"] == "defender/E1"
    with pytest.raises(TableError):
        do(table, slot, "defender/E1", "view", side="defender/T")


def test_each_pushed_picture_equals_one_made_anew_after_every_write():
    """The table makes each commander's picture (and its JSON) once per state, from parts
    shared with the last state's: after every write, every watching page holds exactly the
    picture made anew from the game, and its seat's state says the same."""
    import numpy as np

    from hexplay.ai.random import random_completion
    from hexplay.engine import jsonable

    table = Table()
    slot = new(table, information="per_commander")
    got: dict[str, dict] = {}
    for s in slot.seats:
        table.watch(slot.id, slot.tokens[s], lambda m, s=s: got.__setitem__(s, m))
    cg, rng = slot.team, np.random.default_rng(5)
    writes = 0

    def check():
        for s in slot.seats:
            if s == "referee":
                continue
            fresh = jsonable(cg.fresh_picture(s))
            assert got[s]["view"] == fresh, f"{s}: the page's picture is not the game's"
            assert do(table, slot, s, "state")["result"]["view"] == fresh

    for who in ("adversary/leader", "defender/leader"):
        do(table, slot, who, "setup")
        do(table, slot, who, "submit")
        writes += 2
        check()
    refusal: dict[str, str] = {}
    for _ in range(2000):
        if cg.game.turn >= 4 or cg.game.over:
            break
        for who in [s for s in slot.seats if s != "referee" and "leader" not in s]:
            side = who.partition("/")[0]
            if got[who]["team"]["commands"][side][who] != "plotting":
                continue
            legal = do(table, slot, who, "legal")["result"]
            if who in refusal:  # plot what the refusal names first
                legal = [x for x in legal if x["unit"] and x["unit"] in refusal[who]] or legal
            if legal and (who in refusal or rng.random() < 0.7):
                o = random_completion(legal_from_dict(legal[int(rng.integers(len(legal)))]), rng)
                try:
                    do(table, slot, who, "order", order=o.to_dict())
                except (TableError, AttributeError):
                    continue
                refusal.pop(who, None)
            else:
                try:
                    do(table, slot, who, "submit")
                except TableError as e:
                    refusal[who] = e.message
                    continue
                do(table, slot, who, "message", to=f"{side}/*", text=f"{who} in")
            writes += 1
            check()
    assert writes > 20 and cg.game.turn >= 3
