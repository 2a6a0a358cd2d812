"""The SKIRMISH engine's fast paths against their plain versions, at every turn of seeded
scripted games (SKIRMISH and AMBUSH): the same events, dice and state."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from terrain_checks import check_settle

from hexplay.engine.record import copy_game
from hexplay.games.skirmish import SkirmishGame
from hexplay.games.skirmish import game as game_module
from hexplay.games.skirmish.ai.base import play
from hexplay.games.skirmish.ai.players import ScriptedAdversary, ScriptedDefender
from hexplay.games.skirmish.combat import combat_result
from hexplay.games.skirmish.resolve import _unit_key, shot_numbers, turn_shots
from hexplay.games.skirmish.state import SIDES
from hexplay.games.skirmish.tables import MISS, MISS_EVENT
from hexplay.games.skirmish.terrain import terrain_for
from hexplay.maps import load_map


def plain_resolve_combat(g, plans, log):
    """Combat as resolved shot by shot with :func:`shot_numbers` (the plain version of
    :func:`~hexplay.games.skirmish.resolve.resolve_combat`)."""
    pending: dict[str, int] = {}
    fired_upon: set[str] = set()
    hit: set[str] = set()
    seen_before = {s: set(g.seen[s]) for s in SIDES}
    for side in SIDES:
        sp = plans[side]
        for mid in sorted(sp.men, key=_unit_key):
            for t in sp.men[mid].fires:
                firer, target = g.men[mid], g.men[t.target]
                fired_upon.add(target.id)
                n = shot_numbers(g, plans, firer, target, t.weapon)
                data = {
                    "firer": firer.id,
                    "target": target.id,
                    "weapon": t.weapon,
                    "from": g.man_hex(firer),
                    "at": g.man_hex(target),
                    "range": n["range"],
                    "attack": n["attack"],
                    "defence": n["defence"],
                    "terrain": n["terrain"],
                    "hexes_moved": n["hexes_moved"],
                }
                o = n["odds"]
                if o is not None:
                    data.update(ratio=o.ratio, column=o.column_label)
                if target.wounds + pending.get(target.id, 0) >= 2:
                    data.update(die=None, result="spent")
                else:
                    die = g.dice.roll("combat", firer=firer.id, target=target.id)
                    res = combat_result(n["attack"], n["defence"], die)
                    data.update(die=die, result=MISS_EVENT if res == MISS else res)
                    if res in ("K", "W"):
                        pending[target.id] = pending.get(target.id, 0) + (2 if res == "K" else 1)
                        hit.add(target.id)
                other = target.side
                red = {k: data[k] for k in ("target", "at", "die", "result")}
                if firer.id in seen_before[other]:
                    red = dict(data)
                log.add(g.turn, "combat", "fire", data, visible_to=(side,), redacted={other: red})
    for mid, w in pending.items():
        m = g.men[mid]
        m.wounds = min(2, m.wounds + w)
        log.add(
            g.turn, "combat", "casualty", {"man": mid, "condition": m.condition}, visible_to=SIDES
        )
    return {"fired_upon": fired_upon, "hit": hit}


def _events(log, first: int) -> list[tuple]:
    return [
        (e.turn, e.phase, e.kind, list(e.data.items()), e.visible_to, e.redacted)
        for e in log.events[first:]
    ]


def _rolls(g) -> list[tuple]:
    return [(r.value, r.purpose, r.turn, r.context) for r in g.dice.rolls]


@pytest.fixture
def compared(monkeypatch):
    """resolve_combat checked against :func:`plain_resolve_combat` on a copy of the game at
    every turn; yields the count of shots compared."""
    fast = game_module.resolve_combat
    count = {"turns": 0, "shots": 0}

    def checked(g, plans, log):
        other = copy_game(g)
        other_plans = {s: other.side_plan(s) for s in SIDES}
        first = len(log)
        want = plain_resolve_combat(other, other_plans, other.log)
        got = fast(g, plans, log)
        assert got == want
        assert _events(log, first) == _events(other.log, first)
        assert _rolls(g) == _rolls(other)
        assert {m.id: m.wounds for m in g.men.values()} == {
            m.id: m.wounds for m in other.men.values()
        }
        count["turns"] += 1
        count["shots"] += len(log) - first
        return got

    monkeypatch.setattr(game_module, "resolve_combat", checked)
    return count


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_resolve_combat_equals_the_plain_version(seed, compared):
    g = play(SkirmishGame.new(seed=seed), [ScriptedAdversary(seed), ScriptedDefender(seed)])
    assert compared["turns"] == g.turns_played
    assert compared["shots"] > 0


def test_resolve_combat_equals_the_plain_version_in_ambush(compared):
    from hexplay.games.ambush.ai.players import scripted
    from hexplay.games.ambush.game import AmbushGame, scenario_file

    g = AmbushGame.new(scenario_file("close_escort"), seed=3)
    play(g, [scripted("adversary", 3), scripted("defender", 4)])
    assert compared["turns"] == g.turns_played
    assert compared["shots"] > 0


def test_turn_shots_hold_shot_numbers():
    seen = 0
    for seed in (1, 2):
        g = SkirmishGame.new(seed=seed)
        resolve = g.resolve_turn

        def check(*a, g=g, resolve=resolve, **k):
            nonlocal seen
            plans = {s: g.side_plan(s) for s in SIDES}
            for _side, firer, target, weapon, fh, th, n in turn_shots(g, plans):
                assert (fh, th) == (g.man_hex(firer), g.man_hex(target))
                assert n == shot_numbers(g, plans, firer, target, weapon)
                seen += 1
            return resolve(*a, **k)

        g.resolve_turn = check
        play(g, [ScriptedAdversary(seed), ScriptedDefender(seed)])
    assert seen > 0


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 12), st.integers(1, 2), st.data())
def test_settle_is_the_plain_search_on_the_skirmish_map(lim, scale, data):
    """Terrain._settle (costs in a map-sized list, predecessors in a dict) = _settle_plain on
    the SKIRMISH map: the same hexes in the same found order, costs and predecessors."""
    check_settle("skirmish", lim, scale, data)


def test_validated_on_equals_validate():
    """validated_on = Scenario.validate(map): the same refusal (field and message) each time,
    the same scenario back; a scenario changed after passing is checked again."""
    from hexplay.games.skirmish.scenario import Scenario, ScenarioError, validated_on

    m = load_map("skirmish")
    ok = Scenario()
    assert validated_on(ok, m) is ok and validated_on(ok.model_copy(), m) is not None
    bad = Scenario(route="Route 1", ambush="0101")  # not on the route
    for _ in range(2):
        with pytest.raises(ScenarioError) as got:
            validated_on(bad, m)
        with pytest.raises(ScenarioError) as want:
            bad.validate(m)
        assert (got.value.field, got.value.message) == (want.value.field, want.value.message)
    changed = Scenario()
    validated_on(changed, m)
    changed.turn_limit = 0
    with pytest.raises(ScenarioError, match="turn_limit"):
        validated_on(changed, m)


_FIELD_VALUES = st.one_of(
    st.none(), st.integers(-2, 12), st.text("AGT0123", max_size=3), st.lists(st.just("0101"))
)


@settings(max_examples=50, deadline=None)
@given(
    st.one_of(
        st.dictionaries(
            st.sampled_from(["code", "target", "path", "hexes", "weapon", "seat", "ap", "x"]),
            _FIELD_VALUES,
        ),
        st.fixed_dictionaries(
            {"code": st.sampled_from(["DF", "df", "MP", "MV", "EV", "BW", "WE", "SV", "ZZ"])},
            optional={
                "target": _FIELD_VALUES,
                "path": _FIELD_VALUES,
                "hexes": _FIELD_VALUES,
                "weapon": _FIELD_VALUES,
                "seat": _FIELD_VALUES,
                "ap": _FIELD_VALUES,
            },
        ),
    )
)
def test_task_row_equals_the_plain_version(t):
    """_task_row = _task_row_plain: the same row, or the same refusal (rule and message)."""
    from hexplay.engine import IllegalOrder
    from hexplay.games.skirmish.game import _task_row, _task_row_plain

    def outcome(f):
        try:
            return f(dict(t))
        except IllegalOrder as e:
            return (e.rule, str(e))

    assert outcome(_task_row) == outcome(_task_row_plain)


def test_task_row_refuses_keys_that_are_not_plain_strings():
    from hexplay.engine import IllegalOrder
    from hexplay.games.skirmish.game import _task_row

    class Key(str):
        pass

    with pytest.raises(IllegalOrder, match="string keys"):
        _task_row({Key("code"): "DF"})


@settings(max_examples=40, deadline=None)
@given(st.integers(-1, 12), st.integers(1, 2), st.data())
def test_toward_is_the_plain_version_on_the_skirmish_map(budget, scale, data):
    """Terrain.toward (distances for the hexes found only) = toward_plain (reach's table and
    distance()), asked twice (the second from the cached search)."""
    t = terrain_for(load_map("skirmish"))
    labels = sorted(t.hex_of)
    start, goal = data.draw(st.sampled_from(labels)), data.draw(st.sampled_from(labels))
    want = t.toward_plain(start, goal, budget, scale)
    assert t.toward(start, goal, budget, scale) == want
    assert t.toward(start, goal, budget, scale) == want


def test_check_calls_equals_the_plain_version(monkeypatch):
    """radio.check_calls (integer sixths) = check_calls_plain (Fractions) at every check of
    AMBUSH games whose convoy plots its radio calls: the same refusals, the same passes."""
    from hexplay.engine import IllegalOrder
    from hexplay.games.ambush.ai.players import scripted
    from hexplay.games.ambush.game import AmbushGame, scenario_file
    from hexplay.games.skirmish import radio

    fast, n = radio.check_calls, {"calls": 0, "refused": 0}

    def outcome(f, g, side, plan):
        try:
            f(g, side, plan)
        except IllegalOrder as e:
            return (e.rule, str(e))
        return None

    def checked(g, side, plan):
        got = outcome(fast, g, side, plan)
        assert got == outcome(radio.check_calls_plain, g, side, plan)
        n["calls"] += 1
        n["refused"] += got is not None
        if got is not None:
            raise IllegalOrder(got[0], got[1].split(": ", 1)[1])

    monkeypatch.setattr(radio, "check_calls", checked)
    for seed in (1, 2, 3):
        sc = scenario_file("close_escort").model_copy(update={"radio_calls": "plotted"})
        play(AmbushGame.new(sc, seed=seed), [scripted("adversary", seed), scripted("defender", 9)])
    assert n["calls"] > 0


def test_fields_repr_equals_repr_of_to_dict():
    """fields_repr (the fields as held) = repr(to_dict()) for SKIRMISH's default scenario and
    every AMBUSH standard scenario, resolved or not, and after a field or a list in one is
    changed in place (the memos keyed by it then see the change)."""
    from hexplay.games.ambush.game import STANDARD_SCENARIOS, AmbushScenario, scenario_file
    from hexplay.games.skirmish.scenario import Scenario, fields_repr

    scenarios = [Scenario(), AmbushScenario()]
    for name in STANDARD_SCENARIOS:
        s = scenario_file(name)
        scenarios += [s, s.resolved()]
    for s in scenarios:
        assert fields_repr(s) == repr(s.to_dict())
        before = fields_repr(s)
        s = s.model_copy(deep=True)
        s.escorts.append("E9")
        s.turn_limit = 7
        assert fields_repr(s) == repr(s.to_dict()) != before
