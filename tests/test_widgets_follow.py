"""The shell's "Follow selected" option: with it, a selection and the selected unit's moves ask
the board to keep that unit in view (the ``follow`` trait); without it, the side's framing at
the start and after each turn (the ``frame`` trait) moves the view, and a selection asks for
the unit's reach and targets in view only if the unit is (``if_seen``)."""

from __future__ import annotations

from hexplay.widgets import GameApp


def _own(app: GameApp) -> list[str]:
    return [u for u, v in app.units_by_id.items() if app._selectable(v) and v.get("hex")]


def _move(app: GameApp, unit: str) -> str:
    """A click on the farthest hex of ``unit``'s reach (a move); returns the unit's new hex."""
    r = app.orders.reach(unit)
    here = app.units_by_id[unit]["hex"]
    far = max((h for h in r if h != here), key=lambda h: (app.game.map.distance(here, h), h))
    app._on_board_click({"hex": far, "unit": None, "occupant": None})
    return str(app.units_by_id[unit]["hex"])


def test_off_a_selection_and_a_move_leave_the_view_to_the_turns_framing() -> None:
    app = GameApp("aggressor", seed=1, vs_computer="east", hot_seat=False)
    assert app.follow_selected is False and app.follow_box.value is False
    frame = dict(app.board.frame)
    u = _own(app)[0]
    here = app.units_by_id[u]["hex"]
    app.click_unit(u)
    # the selection's marks (reach, targets) in view, only if the unit is (the page judges)
    fo = app.board.follow
    assert fo["unit"] == u and fo["if_seen"] is True and fo["marks"] is True
    assert app.board.overlays["reachable"]  # (what the page brings into view with it)
    seq = fo["seq"]
    assert _move(app, u) != here
    assert app.board.follow["seq"] == seq and app.board.frame == frame  # a move: not followed


def test_on_a_selection_and_each_move_of_the_unit_are_followed() -> None:
    app = GameApp("aggressor", seed=1, vs_computer="east", hot_seat=False, follow=True)
    assert app.follow_box.value is True
    frame = dict(app.board.frame)
    a, b = _own(app)[:2]
    app.click_unit(a)
    assert app.board.follow["unit"] == a
    seq = app.board.follow["seq"]
    app.click_unit(b)
    fo = app.board.follow
    assert (fo["unit"], fo["seq"], "if_seen" in fo) == (b, seq + 1, False)
    assert fo["marks"] is True  # its reach and targets, in view
    here = app.units_by_id[b]["hex"]
    assert _move(app, b) != here
    assert app.board.follow["unit"] == b and app.board.follow["seq"] > seq + 1
    after = app.board.follow["seq"]
    app.refresh()  # nothing moved: the board is not asked again
    assert app.board.follow["seq"] == after
    assert app.board.frame == frame  # (the side's framing is the turn's, as without follow)


def test_the_box_sets_the_option_and_a_selection_is_followed_at_once() -> None:
    app = GameApp("skirmish", seed=1, vs_computer="adversary", hot_seat=False)
    aboard = next(u for u, v in app.units_by_id.items() if v.get("in_vehicle"))
    app.click_unit(aboard)  # (the roster's way to a man aboard a vehicle)
    assert app.selected_unit == aboard and app.board.follow["if_seen"] is True
    app.follow_box.value = True  # the student ticks the box
    assert app.follow_selected is True
    assert app.board.follow["unit"] == aboard and "if_seen" not in app.board.follow
    app.follow_box.value = False
    seq = app.board.follow["seq"]
    other = next(u for u in _own(app) if u != aboard)
    app.click_unit(other)  # off: asked only for a unit in view
    fo = app.board.follow
    assert app.follow_selected is False and (fo["seq"], fo["unit"], fo["if_seen"]) == (
        seq + 1,
        other,
        True,
    )
