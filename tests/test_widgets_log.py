"""The results log describes the events views really hold (flat dicts with ``kind``)."""

from __future__ import annotations

import hexplay
from hexplay.ai.player import play
from hexplay.games.skirmish.ai.players import ScriptedAdversary, ScriptedDefender
from hexplay.widgets.log import ResultsLog, describe_event


def _events():
    g = hexplay.new_game("skirmish", seed=2)
    play(g, [ScriptedAdversary(2), ScriptedDefender(2)])
    return g, g.view("referee")["events"]


def test_every_skirmish_event_kind_is_described_in_words():
    g, events = _events()
    kinds = {e["kind"] for e in events}
    assert {"fire", "move", "game over"} <= kinds
    for e in events:
        text = describe_event(e)
        assert "?" not in text, (e, text)  # every name the event holds is shown
        assert "False" not in text and "True" not in text, (e, text)  # words, not "moving False"
        if e["kind"] == "move":
            assert text.startswith(f"{e['man']} moves ")
        if e["kind"] == "fire":
            assert text.startswith(f"{e['firer']} fires at {e['target']}")
            ends = {"K": "KILLED", "W": "wounded", "miss": "miss", "spent": "this turn"}
            assert text.endswith(ends[e["result"]])
        if e["kind"] == "game over":
            assert g.outcome()["winner"] in text


def test_the_log_marks_kills_and_wounds():
    _g, events = _events()
    log = ResultsLog()
    log.set_events(events)
    hits = [e for e in events if e["kind"] == "fire" and e["result"] in ("K", "W")]
    html = log.children[-1].value
    assert hits and ("hexplay-K" in html or "hexplay-W" in html)
