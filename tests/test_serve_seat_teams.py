"""Team play through the seat app (SeatApp over RemoteGame, a real table server): three
defender commanders, each page plotting its own units only, the turn resolved when all have
submitted, and the wire check per commander: nothing a commander's widgets hold or send names
an enemy outside its own picture."""

from __future__ import annotations

import json

from test_serve_seat_app import SeatWire, _tree, names

from hexplay.ai.random import RandomPlayer
from hexplay.engine import REFEREE
from hexplay.serve import RemoteGame, TableServer
from hexplay.serve.seat_app import SeatApp

COMMANDERS = ("defender/T", "defender/E1", "defender/E2")


def _no_code(x):
    """``x`` (a widget state or message) without the board's code (``_esm``, ``_css``)."""
    if isinstance(x, dict):
        return {k: _no_code(v) for k, v in x.items() if k not in ("_esm", "_css")}
    if isinstance(x, list):
        return [_no_code(v) for v in x]
    return x


def wire_of(wire: SeatWire, app: SeatApp) -> str:
    """What ``app``'s widgets hold and sent, but the board's code (its bundle has short
    names of its own, ``A1`` among them)."""
    ws = _tree(app, {})
    states = [json.dumps(_no_code(w.get_state()), default=str) for w in ws.values()]
    sent = [json.dumps(_no_code(json.loads(m))) for k in ws for m in wire.sent.get(k, [])]
    return "\n".join(states + sent)


def test_three_defender_commanders_plot_their_own_units_and_see_their_own_picture(monkeypatch):
    wire = SeatWire(monkeypatch)
    with TableServer().start() as server:
        links = server.new_game(
            "skirmish", seed=3, commands="vehicles", information="per_commander"
        )
        assert set(links) >= {*COMMANDERS, "defender/leader", "adversary/team 1", REFEREE}
        gid = links[REFEREE].split("/seat/")[1].split("?")[0]
        slot = server.table.slots[gid]
        ref = RemoteGame(links[REFEREE])
        for s in ("adversary/leader", "adversary/team 1", "adversary/team 2", "defender/leader"):
            ref._call("POST", "computer", {"seat": s, "player": "random"})
        truth, team = slot.game, slot.team
        assert truth.phase != "setup" and "defender" in truth.to_act()
        games = {s: RemoteGame(links[s]) for s in COMMANDERS}
        apps = {s: SeatApp(g, watch=False) for s, g in games.items()}
        narrower = 0

        def side_secret():
            ref_units = truth.view(REFEREE)["units"]
            side = truth.view("defender")
            enemies = {k for k, u in ref_units.items() if u.get("side") != "defender"}
            return enemies - set(side["units"]) - set(side["last_known"])

        try:
            turn = truth.turn
            for who, app in apps.items():
                app.pull()
                assert app.plotting_side == "defender" and app.humans == ["defender"]
                mine = team.units_of(who)
                assert {u for u, d in app.view["units"].items() if d["side"] == "defender"} >= mine
                unit = sorted(u for u in mine if u in truth.men)[0]
                app.select(unit)
                assert app.builder.task_codes(), who
                other = next(
                    u for u in truth.men if truth.men[u].side == "defender" and u not in mine
                )
                assert not games[who].legal_orders("defender", other)
                picture = team.picture(who)
                enemies = {
                    k
                    for k, u in truth.view(REFEREE)["units"].items()
                    if u.get("side") != "defender"
                }
                secret = sorted(enemies - set(picture["units"]) - set(picture["last_known"]))
                assert names(wire_of(wire, app), secret) == [], who
                narrower += bool(set(secret) - side_secret())
            for i, (who, g) in enumerate(games.items()):
                assert truth.turn == turn, who  # the turn waits for every commander
                RandomPlayer("defender", seed=i).act(g)
            assert truth.turn == turn + 1
            for who, app in apps.items():
                app.pull()
                picture = team.picture(who)
                enemies = {
                    k
                    for k, u in truth.view(REFEREE)["units"].items()
                    if u.get("side") != "defender"
                }
                secret = sorted(enemies - set(picture["units"]) - set(picture["last_known"]))
                assert names(wire_of(wire, app), secret) == [], who
                narrower += bool(set(secret) - side_secret())
            assert narrower, "no commander knew less than the side: the check checks nothing"
            assert any(by == "defender/E2" for _, by, _ in team.orders_by())
        finally:
            for a in apps.values():
                a.close()


def test_a_message_typed_in_one_commanders_page_reaches_its_side_only(monkeypatch):
    """The seat page's message box: typed in T's page and sent to all of the defender, it
    shows in E1's page (delivered), never in the adversary's page or widgets; too long a text
    is not sent; per commander, one nobody can hear is marked lost in the sender's page."""
    wire = SeatWire(monkeypatch)
    with TableServer().start() as server:
        links = server.new_game("skirmish", seed=3, commands="vehicles", information="shared")
        who = ("defender/T", "defender/E1", "adversary/team 1", REFEREE)
        apps = {s: SeatApp(RemoteGame(links[s]), watch=False) for s in who}
        try:
            assert apps[REFEREE].messages is None  # the referee writes to no side
            t, e1, adv = apps["defender/T"].messages, apps["defender/E1"].messages, None
            adv = apps["adversary/team 1"].messages
            assert t is not None and e1 is not None and adv is not None
            assert set(t.to.options) >= {
                ("all of the defender", "defender/*"),
                ("E1", "defender/E1"),
                ("leader", "defender/leader"),
            }
            assert not any("adversary" in v for _, v in t.to.options)

            def typed(w, **state):  # as the page sends it, through the widget's comm
                data = {"method": "update", "state": state, "buffer_paths": []}
                w.comm.handle_msg({"content": {"data": data}, "buffers": []})

            for a in apps.values():
                a.guard_widgets(force=True)  # as on the page: the page's messages checked
            typed(t.to, index=0)
            assert t.to.value == "defender/*"
            typed(t.text, value="x" * 281)
            assert "too long" in t.note.value
            t.send_button.click()
            assert t.text.value and "at most 280" in t.note.value  # not sent
            typed(t.text, value="E1, cover the left; slow at the bend")
            assert t.text.value == "E1, cover the left; slow at the bend"
            t.send_button.click()
            assert t.text.value == "" and "sent" in t.note.value
            for a in apps.values():
                a.pull()
            assert "cover the left" in e1.list.value and "delivered" in e1.list.value
            assert "cover the left" in t.list.value
            assert "delivered to E1" in t.list.value
            assert "cover the left" not in adv.list.value
            assert "cover the left" not in wire_of(wire, apps["adversary/team 1"])
            assert "cover the left" in wire_of(wire, apps["defender/E1"])
        finally:
            for a in apps.values():
                a.close()
        per = server.new_game("skirmish", seed=4, commands="vehicles")  # per commander
        t_app = SeatApp(RemoteGame(per["defender/T"]), watch=False)
        e1_app = SeatApp(RemoteGame(per["defender/E1"]), watch=False)
        try:
            t_app.messages.to.value = "defender/E1"
            t_app.messages.text.value = "anyone there?"
            t_app.messages.send_button.click()
            t_app.pull()
            e1_app.pull()
            assert "lost to E1" in t_app.messages.list.value  # in set-up nobody is aboard
            assert "anyone there" not in e1_app.messages.list.value
        finally:
            t_app.close()
            e1_app.close()
