"""Each game's per-commander information rule: an enemy seen only by another command reaches
a commander only as the game's rule lets a report reach it (AMBUSH: over a working CB on the
net and in range, or by word of mouth; SKIRMISH: by word of mouth; AGGRESSOR and naval: at
the end of the side's turn)."""

from __future__ import annotations

import pytest

import hexplay
from hexplay.ai import play
from hexplay.ai.teams import command_players, play_commanded
from hexplay.engine.commanders import CommandedGame, seat
from hexplay.games.ambush.commanders import radio_links
from hexplay.games.skirmish.commanders import voice_links

DEF = "defender"


def _states(name, scenario, seeds, turns=6):
    """Games of ``name`` played by its scripted players, after each turn (one game object
    per seed, yielded as it goes)."""
    e = hexplay.game_entry(name)
    for seed in seeds:
        g = e.new(scenario, seed=seed)
        ps = {s: e.player("scripted", s, seed=seed) for s in g.sides}
        play(g, ps, max_turns=0)
        for _ in range(turns):
            if g.over:
                break
            play(g, ps, max_turns=1)
            yield g


def _check_now(cg, side, links):
    """Each command knows now exactly what its units see and what its linked commands' see."""
    spec = cg.spec
    groups = {n: frozenset(u) for n, u in cg.division[side].items()}
    enemies = {k for k, u in cg.game.view(side)["units"].items() if u.get("side") != side}
    own = {n: set(spec.sightings(cg.game, side, us)) & enemies for n, us in groups.items()}
    for c in groups:
        expect = set(own[c])
        for a, b, how in links:
            if b == c and how == "now":
                expect |= own[a]
        assert cg.now[seat(side, c)] == expect
    return own


def test_ambush_reports_travel_over_a_working_radio_only():
    e = hexplay.game_entry("ambush")
    spec = e.part("commands")
    by_radio = 0
    for g in _states("ambush", "sample game", (1, 2), turns=4):
        w = CommandedGame(g, spec, options={"radios": "working"}, information="per_commander")
        f = CommandedGame(g, spec, options={"radios": "failed"}, information="per_commander")
        groups = {n: frozenset(u) for n, u in w.division[DEF].items()}
        voice = {(a, b) for a, b, _ in voice_links(g, DEF, groups)}
        radio = {(a, b) for a, b, _ in radio_links(g, DEF, groups, w.options)}
        assert not radio_links(g, DEF, groups, f.options)
        own = _check_now(w, DEF, w.links_now[DEF])
        _check_now(f, DEF, f.links_now[DEF])
        for d in groups:
            for c in groups:
                only = own[d] - own[c]
                if c == d or not only or (d, c) in voice:
                    continue
                # relayed by nobody else either: the report comes by radio or not at all
                others = set().union(
                    *(own[x] for x in groups if x != d and (x, c) in voice | radio)
                )
                solo = only - others
                if (d, c) in radio and solo:
                    assert solo <= w.now[seat(DEF, c)]
                    assert not solo & f.now[seat(DEF, c)]
                    by_radio += 1
                    text = f"{d} to {c}: enemy at the bend (turn {g.turn})"
                    m_ok = w.message(seat(DEF, d), seat(DEF, c), text)
                    m_lost = f.message(seat(DEF, d), seat(DEF, c), text)
                    assert m_ok["delivery"][seat(DEF, c)] == "now"
                    assert m_lost["delivery"][seat(DEF, c)] == "lost"
                    assert text not in [m["text"] for m in f.picture(seat(DEF, c))["messages"]]
                    assert text in [m["text"] for m in w.picture(seat(DEF, c))["messages"]]
                    assert text in [m["text"] for m in f.picture(seat(DEF, d))["messages"]]
                elif (d, c) not in radio:
                    assert not (only - others) & w.now[seat(DEF, c)]
    assert by_radio > 0, "no state had a report that only the radio could carry"


def test_skirmish_reports_pass_by_word_of_mouth_only():
    e = hexplay.game_entry("skirmish")
    spec = e.part("commands")
    unseen = 0
    for g in _states("skirmish", None, (1, 2, 3), turns=5):
        cg = CommandedGame(g, spec, information="per_commander")
        for side in g.sides:
            links = cg.links_now[side]
            own = _check_now(cg, side, links)
            for c in cg.division[side]:
                p = cg.picture(seat(side, c))
                sv = g.view(side)
                missing = {k for k, u in sv["units"].items() if u.get("side") != side} - set(
                    p["units"]
                )
                unseen += bool(missing)
                # nothing missing was seen by c itself
                assert not missing & own[c]
    assert unseen > 0


@pytest.mark.parametrize("name", ["aggressor", "naval"])
def test_reports_reach_the_other_commands_at_the_end_of_the_turn(name):
    """AGGRESSOR and naval: no report arrives at once; another command's sighting appears in
    a commander's last-known positions only after a turn boundary, with the turn it was seen."""
    e = hexplay.game_entry(name)
    delivered = 0
    for seed in range(3):
        cg = CommandedGame(e.new(seed=seed), e.part("commands"), information="per_commander")
        players = command_players(cg, lambda s, k: e.player("random", s, seed=k), seed=seed)
        seen_own: dict[str, set[str]] = {}
        orig = cg._update

        def update(cg=cg, seen_own=seen_own, orig=orig):
            orig()
            g = cg.game
            for side in g.sides:
                if side not in cg.division or not cg.division[side]:
                    continue
                links = cg.links_now.get(side, [])
                assert all(how == "turn" for _, _, how in links)
                own = _check_now(cg, side, links)
                for c, keys in own.items():
                    seen_own.setdefault(seat(side, c), set()).update(keys)

        cg._update = update
        play_commanded(cg, players, max_turns=4)
        for who, mem in cg.memory.items():
            foreign = set(mem) - seen_own.get(who, set())
            for k in foreign:
                assert mem[k][1] <= cg.game.turn
            delivered += len(foreign)
    assert delivered > 0


def test_naval_messages_between_divisions_arrive_at_the_end_of_the_turn():
    e = hexplay.game_entry("naval")
    cg = CommandedGame(e.new(seed=1), e.part("commands"), information="per_commander")
    a, b = (seat("usn", n) for n in list(cg.division["usn"])[:2])
    m = cg.message(a, b, "turning north")
    assert m["delivery"] == {b: "delayed"}
    assert not any(x["from"] == a for x in cg.picture(b)["messages"])
    assert cg.picture(a)["messages"][-1]["text"] == "turning north"
    for side in cg.game.sides:
        cg.submit(seat(side, "leader"))
    cg.advance()
    got = [x for x in cg.picture(b)["messages"] if x["from"] == a]
    assert got and got[0]["delivery"] == "delayed"
    assert not any(x["from"] == a for x in cg.picture(seat("ijn", "leader"))["messages"])
