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
