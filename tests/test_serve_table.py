"""The table (no network): seats and tokens, intents, hidden information, persistence, timer."""

from __future__ import annotations

import hmac
import json
import logging

import pytest
import serve_tiny  # noqa: F401  (registers the TAG games)
from hypothesis import given, settings
from hypothesis import strategies as st

import hexplay
from hexplay.ai.random import RandomPlayer
from hexplay.engine import REFEREE, IllegalOrder, jsonable
from hexplay.serve.store import Store
from hexplay.serve.table import INTENTS, READS, Table, TableError
from hexplay.serve.wire import legal_from_dict


def mv(unit, hex):
    return {"order": {"kind": "MV", "unit": unit, "args": {"hex": hex}}}


def tok(slot, seat):
    return slot.tokens[seat]


class Seat:
    """A seat driven through ``Table.handle`` as a page would (the calls a player makes)."""

    def __init__(self, table, slot, side):
        self.table, self.slot, self.side = table, slot, side

    def _do(self, op, **args):
        return self.table.handle(self.slot.id, self.slot.tokens[self.side], op, args)

    def to_act(self):
        st_ = self._do("status")["result"]["sides"]
        return tuple(s for s, v in st_.items() if v in ("setting up", "plotting", "to move"))

    @property
    def phase(self):
        return self._do("status")["result"]["phase"]

    def legal_orders(self, side, unit=None):
        return [legal_from_dict(d) for d in self._do("legal", unit=unit)["result"]]

    def order(self, o):
        try:
            self._do("order", order=o.to_dict())
        except TableError as e:
            assert e.status == 409
            raise IllegalOrder(e.rule, e.message) from None

    def submit(self, side):
        try:
            self._do("submit")
        except TableError as e:
            assert e.status == 409
            raise IllegalOrder(e.rule, e.message) from None


def play_out(table, slot, seed=0, max_steps=300):
    """Random players for every side, through the table."""
    players = {
        s: (Seat(table, slot, s), RandomPlayer(s, seed + i)) for i, s in enumerate(slot.sides)
    }
    for _ in range(max_steps):
        if slot.game.over:
            return
        for side in slot.game.to_act():
            seat, player = players[side]
            player.act(seat)
    raise AssertionError("the game did not end")


def act(table, slot, side, seed):
    seat = Seat(table, slot, side)
    RandomPlayer(side, seed).act(seat)


@pytest.fixture(params=["tag", "tag-turns"])
def game_name(request):
    return request.param


def test_new_game_gives_a_secret_token_per_seat():
    t = Table()
    a, b = t.create("tag", seed=1), t.create("tag", seed=1)
    assert set(a.tokens) == {"red", "blue", REFEREE}
    tokens = [*a.tokens.values(), *b.tokens.values(), t.admin_token]
    assert len(set(tokens)) == len(tokens) and all(len(x) >= 32 for x in tokens)
    links = t.links(a, "http://127.0.0.1:1")
    assert links["red"] == f"http://127.0.0.1:1/seat/{a.id}?token={a.tokens['red']}"


def test_a_game_through_the_table_is_the_local_game(game_name):
    t = Table()
    slot = t.create(game_name, seed=3)
    play_out(t, slot, seed=5)
    local = type(slot.game)._fresh(slot.game.scenario_dict(), slot.game.map, hexplay.engine.Dice(3))
    hexplay.engine.record.apply_commands(local, slot.game.commands.to_list())
    assert local.snapshot() == slot.game.snapshot() and local.over
    assert t.handle(slot.id, tok(slot, "red"), "outcome")["result"] == slot.game.outcome()


def test_alternating_turns_pass():
    t = Table()
    slot = t.create("tag-turns")
    t.handle(slot.id, tok(slot, "red"), "submit")
    t.handle(slot.id, tok(slot, "blue"), "submit")  # set-up done: the table advanced
    st_ = t.handle(slot.id, tok(slot, "blue"), "status")["result"]
    assert st_["sides"] == {"red": "to move", "blue": "waiting"} and st_["turn"] == 1
    with pytest.raises(TableError) as e:
        t.handle(slot.id, tok(slot, "blue"), "order", mv("B1", "0501"))
    assert e.value.status == 409
    t.handle(slot.id, tok(slot, "red"), "order", mv("R1", "0201"))
    t.handle(slot.id, tok(slot, "red"), "submit")
    assert t.status(slot)["sides"] == {"red": "waiting", "blue": "to move"}


def test_simultaneous_turn_resolves_when_every_side_has_submitted():
    t = Table()
    slot = t.create("tag")
    for s in ("red", "blue"):
        t.handle(slot.id, tok(slot, s), "submit")
    assert slot.game.phase == "plot" and slot.game.turn == 1
    mv = {"order": {"kind": "MV", "unit": "R1", "args": {"hex": "0201"}}}
    t.handle(slot.id, tok(slot, "red"), "order", mv)
    t.handle(slot.id, tok(slot, "red"), "submit")
    assert t.status(slot)["sides"] == {"red": "submitted", "blue": "plotting"}
    assert slot.game.turn == 1
    t.handle(slot.id, tok(slot, "blue"), "submit")
    assert slot.game.turn == 2 and slot.game.view("referee")["units"]["R1"]["hex"] == "0201"


# --- security -------------------------------------------------------------------------------
def _bad_tokens(t, slot, other):
    return [None, "", "x", slot.tokens["red"] + "x", other.tokens["red"], t.admin_token, 7, ["a"]]


@pytest.mark.parametrize("op", [*INTENTS, "nonsense"])
def test_every_intent_refuses_a_wrong_missing_or_other_games_token(op, caplog):
    t = Table()
    slot, other = t.create("tag"), t.create("tag")
    before = slot.game.snapshot()
    for bad in _bad_tokens(t, slot, other):
        with caplog.at_level(logging.WARNING, "hexplay.serve"), pytest.raises(TableError) as e:
            t.handle(slot.id, bad, op, {})
        assert e.value.status == 403
    with pytest.raises(TableError) as e:  # a real token, for a game id it does not open
        t.handle("nosuchgame", slot.tokens["red"], op, {})
    assert e.value.status == 403
    with pytest.raises(TableError):
        t.watch(slot.id, other.tokens["blue"], lambda m: None)
    assert slot.game.snapshot() == before and t.store.command_count(slot.id) == 0
    assert len([r for r in caplog.records if "refused" in r.message]) >= 8
    assert all(slot.tokens["red"] not in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("op", ["view", "legal"])
def test_a_side_never_reads_the_other_sides_view_or_legal_orders(op, caplog):
    t = Table()
    slot = t.create("tag")
    with caplog.at_level(logging.WARNING, "hexplay.serve"), pytest.raises(TableError) as e:
        t.handle(slot.id, tok(slot, "red"), op, {"side": "blue"})
    assert e.value.status == 403 and "red may not see blue" in caplog.text
    with pytest.raises(TableError) as e:
        t.handle(slot.id, tok(slot, "red"), op, {"side": REFEREE})
    assert e.value.status == 403
    ref = t.handle(slot.id, tok(slot, REFEREE), "view", {"side": "blue"})["result"]
    assert ref == slot.game.view("blue")


def test_a_side_orders_for_itself_only_and_the_referee_plays_no_side():
    t = Table()
    slot = t.create("tag")
    for s in ("red", "blue"):
        t.handle(slot.id, tok(slot, s), "submit")
    before = slot.game.snapshot()
    blue_order = {"side": "blue", "kind": "MV", "unit": "B1", "args": {"hex": "0501"}}
    for seat, op, args in [
        ("red", "order", {"order": blue_order}),
        (REFEREE, "order", {"order": blue_order}),
        (REFEREE, "submit", {}),
        (REFEREE, "undo", {}),
        ("red", "timer", {"seconds": 60}),
    ]:
        with pytest.raises(TableError) as e:
            t.handle(slot.id, tok(slot, seat), op, args)
        assert e.value.status == 403, (seat, op)
    assert slot.game.snapshot() == before
    with pytest.raises(TableError) as e:  # a side may not see the outcome before the end
        t.handle(slot.id, tok(slot, "red"), "outcome")
    assert e.value.status == 409


def test_tokens_are_compared_in_constant_time_against_every_seat(monkeypatch):
    t = Table()
    slot = t.create("tag")
    calls = []
    real = hmac.compare_digest

    def spy(a, b):
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", spy)
    t.authorize(slot.id, slot.tokens["red"])  # red is the first seat: all three still compared
    assert len(calls) == 3 and all(isinstance(a, bytes) for a, _ in calls)


ORDERS = st.one_of(
    st.none(),
    st.integers(),
    st.text(max_size=5),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(
        st.sampled_from(["side", "kind", "unit", "args", "extra"]),
        st.one_of(
            st.none(),
            st.integers(),
            st.sampled_from(["red", "blue", "MV", "R1", "B1", "0201", " 0201", "０２０１"]),
            st.dictionaries(
                st.sampled_from(["hex", "path"]), st.one_of(st.integers(), st.text(max_size=4))
            ),
        ),
        max_size=5,
    ),
)  # fmt: skip


@settings(max_examples=50, deadline=None)
@given(
    op=st.sampled_from([*INTENTS, "advance", "__init__", ""]),
    args=st.one_of(
        st.fixed_dictionaries({"order": ORDERS}),
        st.dictionaries(
            st.sampled_from(["unit", "side", "seconds", "order"]),
            st.one_of(st.none(), st.integers(), st.text(max_size=3), st.lists(st.none())),
        ),
        st.integers(),
        st.lists(st.integers()),
    ),
    intent_id=st.one_of(st.none(), st.integers(), st.text(max_size=70)),
)
def test_malformed_intents_are_rejected_and_change_nothing(op, args, intent_id):
    t = Table()
    slot = t.create("tag")
    for s in ("red", "blue"):
        t.handle(slot.id, tok(slot, s), "submit")
    before, n = slot.game.snapshot(), t.store.command_count(slot.id)
    try:
        t.handle(slot.id, tok(slot, "red"), op, args, intent_id)
    except TableError as e:
        assert e.status in (400, 403, 409)
        assert slot.game.snapshot() == before and t.store.command_count(slot.id) == n
    else:  # accepted: a read, or a legal order; the store holds what the game logged
        assert op in READS or t.store.command_count(slot.id) == len(slot.game.commands.commands)


def test_a_resent_intent_is_answered_not_applied_twice():
    t = Table()
    slot = t.create("tag")
    r1 = t.handle(slot.id, tok(slot, "red"), "submit", {}, "abc")
    r2 = t.handle(slot.id, tok(slot, "red"), "submit", {}, "abc")
    assert r2["duplicate"] and not r1.get("duplicate")
    assert [c.op for c in slot.game.commands.commands] == ["submit"]


# --- persistence ----------------------------------------------------------------------------
def test_a_table_restarted_on_its_file_has_every_game_and_seat(tmp_path, game_name):
    db = tmp_path / "table.sqlite"
    t = Table(Store(db))
    slots = [t.create(game_name, seed=s, title=f"pair {s}") for s in range(3)]
    play_out(t, slots[0], seed=1)
    for _ in range(3):
        for side in slots[1].game.to_act():
            act(t, slots[1], side, 2)
    t.store.close()
    t2 = Table(Store(db))
    assert t2.admin_token == t.admin_token and list(t2.slots) == [s.id for s in slots]
    for s in slots:
        s2 = t2.slots[s.id]
        assert s2.tokens == s.tokens and s2.title == s.title
        assert s2.game.snapshot() == s.game.snapshot()
        assert s2.game.dice.state() == s.game.dice.state()
    assert (db.stat().st_mode & 0o077) == 0  # readable by its owner only


def test_a_finished_game_leaves_memory_and_is_replayed_when_asked(tmp_path):
    """A table running all day: a game over that no page watches is dropped from memory after
    ``keep_finished`` seconds (the file keeps it, not rebuilt at a restart either) and comes back
    by replay, as it was, when one of its links is opened."""
    db = tmp_path / "table.sqlite"
    now = [1000.0]
    t = Table(Store(db), clock=lambda: now[0], keep_finished=60)
    done, live = t.create("tag", seed=1, title="done"), t.create("tag", seed=2)
    play_out(t, done, seed=3)
    before = done.game.snapshot()
    last = t.handle(done.id, tok(done, REFEREE), "state")["result"]
    page = t.watch(done.id, tok(done, "red"), lambda m: None)
    t.tick()
    now[0] = 2000.0
    t.tick()
    assert done.id in t.slots  # a page watches it
    t.unwatch(done.id, page)
    t.tick()
    now[0] = 2059.0
    t.tick()
    assert done.id in t.slots
    now[0] = 2060.0
    t.tick()
    assert done.id not in t.slots and live.id in t.slots  # only the finished one goes
    listed = {g["id"]: g for g in t.games()}
    assert listed[done.id]["over"] and listed[done.id]["title"] == "done"
    assert done.id in {gid for gid, _h, _links in t.listing("http://x")}
    same = t.handle(done.id, tok(done, REFEREE), "state")["result"]  # replayed in this table
    assert same["view"] == last["view"] and t.slots[done.id].game.snapshot() == before
    # a page that saw the last state before takes this one as newer (the replay's own epoch)
    assert same["epoch"] > last["epoch"] == t.epoch
    now[0] += 1
    t.tick()
    now[0] += 60
    t.tick()
    assert done.id not in t.slots
    t.store.close()

    t2 = Table(Store(db), clock=lambda: now[0], keep_finished=60)
    assert list(t2.slots) == [live.id]  # not rebuilt at start
    with pytest.raises(TableError) as e:
        t2.handle(done.id, "not a token", "state")
    assert e.value.status == 403
    with pytest.raises(TableError):
        t2.handle("no-such-game", tok(done, REFEREE), "state")
    again = t2.handle(done.id, tok(done, REFEREE), "state")["result"]
    back = t2.slots[done.id]
    assert back.game.snapshot() == before and again["view"] == last["view"]
    assert t2.handle(done.id, tok(done, "blue"), "outcome")["result"] == jsonable(
        done.game.outcome()
    )
    t2.tick()
    now[0] += 60
    t2.tick()
    assert done.id not in t2.slots  # and out again


def test_an_order_the_store_cannot_keep_is_not_accepted(monkeypatch):
    t = Table()
    slot = t.create("tag")
    t.handle(slot.id, tok(slot, "red"), "submit")
    before = slot.game.snapshot()

    def broken(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(t.store, "append", broken)
    with pytest.raises(TableError) as e:
        t.handle(slot.id, tok(slot, "blue"), "submit")
    assert e.value.status == 500 and slot.game.snapshot() == before


# --- push and the wire check -----------------------------------------------------------------
def test_pages_are_pushed_their_own_seat_only_when_it_changes(game_name):
    """The wire check: every message a side's page gets is that side's view and the table's
    status, nothing else (no other view, no command count, no plot of the other side)."""
    t = Table()
    slot = t.create(game_name, seed=2)
    sent: dict[str, list] = {s: [] for s in slot.seats}
    for seat in slot.seats:
        t.watch(
            slot.id,
            tok(slot, seat),
            lambda m, seat=seat: sent[seat].append((m, _truth(slot, seat))),
        )
    for _ in range(200):
        if slot.game.over:
            break
        for side in slot.game.to_act():
            act(t, slot, side, 4)
    assert slot.game.over
    for seat, msgs in sent.items():
        assert msgs, seat
        for m, truth in msgs:
            assert set(m) == {"type", "seat", "view", "status", "version", "epoch"}
            assert m["seat"] == seat
            assert m["view"] == truth
            assert set(m["status"]["sides"].values()) <= STATUSES
        for (a, _), (b, _) in zip(msgs, msgs[1:]):
            assert a != b and a["version"] < b["version"]  # pushed only on a change
    for side in slot.sides:
        other = next(s for s in slot.sides if s != side)
        for m, _ in sent[side]:
            text = json.dumps(m)
            assert "plots" not in m["view"] and "winds" not in text
            assert all(u["side"] == side or _near(m["view"]) for u in m["view"]["units"].values())
            assert other not in {p.get("side") for p in m["view"].get("plot", [])}


STATUSES = {"setting up", "ready", "plotting", "submitted", "to move", "waiting", "over"}


def _truth(slot, seat):
    return json.loads(json.dumps(slot.game.view(seat)))


def _near(view):
    hexes = [u["hex"] for u in view["units"].values()]
    return len(hexes) == 2 and abs(int(hexes[0][:2]) - int(hexes[1][:2])) <= 1


def test_pushes_after_the_reply_come_one_at_a_time_per_game_with_the_newest_states():
    """With ``push_later`` (the server's pool), writes are answered before the other pages are
    pushed; a burst of writes to one game makes one push, of each page's newest state."""
    t = Table()
    slot = t.create("tag")
    later: list = []
    t.push_later = later.append
    sent: dict[str, list] = {s: [] for s in ("red", "blue", REFEREE)}
    for s, got in sent.items():
        t.watch(slot.id, tok(slot, s), got.append)
    before = {s: len(got) for s, got in sent.items()}
    reply = t.handle(slot.id, tok(slot, "red"), "submit")
    t.handle(slot.id, tok(slot, "blue"), "submit")
    assert reply["state"]["status"]["sides"]["red"] == "ready"
    assert len(later) == 1 and {s: len(got) for s, got in sent.items()} == before
    later.pop()()
    for s, got in sent.items():
        assert len(got) == before[s] + 1
        assert {k: v for k, v in got[-1].items() if k != "type"} == t.state(slot, s)
    n = len(sent["red"])
    t.handle(slot.id, tok(slot, "red"), "order", mv("R1", "0201"))
    assert len(later) == 1  # the next write schedules the next push
    later.pop()()
    assert (
        len(sent["red"]) == n + 1 and sent["red"][-1]["version"] == t.state(slot, "red")["version"]
    )


def test_the_other_sides_plot_is_never_pushed():
    t = Table()
    slot = t.create("tag")
    red: list = []
    t.watch(slot.id, tok(slot, "red"), red.append)
    for s in ("red", "blue"):
        t.handle(slot.id, tok(slot, s), "submit")
    n = len(red)
    t.handle(slot.id, tok(slot, "blue"), "order", mv("B1", "0501"))
    assert len(red) == n  # blue's secret plot changes nothing red may know: no push at all
    t.handle(slot.id, tok(slot, "blue"), "submit")
    assert red[-1]["status"]["sides"]["blue"] == "submitted" and "0501" not in json.dumps(red[-1])


# --- the class timer --------------------------------------------------------------------------
def test_the_class_timer_submits_the_plots_as_they_stand():
    now = [1000.0]
    t = Table(clock=lambda: now[0])
    slot = t.create("tag", timer=60)
    assert slot.deadline is None  # no timer during set-up
    for s in ("red", "blue"):
        t.handle(slot.id, tok(slot, s), "submit")
    assert slot.deadline == 1060.0 and t.status(slot)["timer"] == 60
    t.handle(slot.id, tok(slot, "red"), "order", mv("R1", "0201"))
    assert t.tick(1059.0) == []
    now[0] = 1061.0
    assert t.tick() == [slot.id]
    assert slot.game.turn == 2 and slot.game.view("red")["units"]["R1"]["hex"] == "0201"
    assert slot.deadline == 1121.0  # restarted for the next plot
    t.handle(slot.id, tok(slot, REFEREE), "timer", {"seconds": None})
    assert slot.deadline is None
    with pytest.raises(TableError):
        t.handle(slot.id, tok(slot, REFEREE), "timer", {"seconds": -1})
