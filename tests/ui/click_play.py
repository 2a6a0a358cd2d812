"""A student who plays any game against the computer through clicks alone, in a real page.

A plain module (no pytest), shared by ``tests/ui/test_play_by_clicks.py`` and
``benchmarks/ux.py``. The notebook holds :data:`APP_CELL` (the app, and the kernel helpers the
driver asks what is on screen); the driver clicks the page only: counters, hexes, the Same as
last turn and End buttons. The student's way of playing (what it clicks each turn):

- the first turn, every own unit that may act: a click on its counter (its roster button when
  the counter is hidden under another; a man aboard a vehicle: his pip on the vehicle's
  counter, else his roster button; no click when the app has selected it: after an attack
  the app selects the next unit that may attack, and the student goes on with it), then an
  attack (two clicks on the enemy: the odds, then
  the order) if it can attack one, else a move (one click on the hex of its reach nearest the
  closest enemy it knows of, else the map's middle); a man aboard with no shot leaves the
  vehicle (his one order that needs nothing, e.g. SKIRMISH's EV: its button on the Plot tab)
  when an enemy he knows of is within :data:`LEAVE_RANGE` hexes, else he rides on (no click);
- later turns of a plotted game: **Same as last turn** (one click: each unit's last order again,
  the rules judging each), then the units that can attack now and have no attack from the
  repeat (select, two clicks; its roster row shows an attack repeated) and the men aboard who
  leave their vehicle (select, its button);
- an alternating game (orders act at once): up to :data:`ATTACKS_PER_TURN` units that can
  attack, then moves for the :data:`MOVES_PER_TURN` units nearest the enemy;
- End plot / End turn (one click).

Only hexes and counters inside the board's frame on screen are clicked (the app frames the
side's units; when no hex of a unit's reach is in view, one click on the zoom-out button).
Every click is judged after the kernel took it: it gave an order, selected a unit, showed
odds, ended the turn, or said why not by the board; a click that did none of these is a
**silent refusal** (counted). :func:`refusal_kinds` makes each kind of refused click once and
reads the reason on screen.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field
from typing import Any

#: An alternating game's turn: at most this many attacks (three clicks each: select, odds,
#: order) and this many moves of the units nearest the enemy (two clicks each): a student
#: pushes a front, not every one of 18 units every turn (attacking with each of 15 units able
#: to would be 45 clicks).
ATTACKS_PER_TURN = 4
MOVES_PER_TURN = 4
#: A man aboard a vehicle with no shot leaves it when an enemy he knows of is this near.
LEAVE_RANGE = 4

APP_CELL = r"""
from hexplay.widgets import GameApp

app = GameApp(GAME, seed=SEED, vs_computer=COMPUTER, hot_seat=False)
_KINDS = app.game.info


def _dist(a, b):
    try:
        return int(app.game.map.distance(a, b))
    except Exception:
        return 999


def click_state():
    '''What a click may change: orders given, the selection, odds armed, refusals, words.'''
    return [len(app.game.commands.commands), app.selected_unit, app.armed is not None,
            app.refusals, app.click_text, int(getattr(app.game, "turn", 0)), app.over,
            app.builder.pending is not None, app.controls.message_text]


def fresh_words():
    '''Before a click: no words left from the last one (so a click's own words show).'''
    app.say_click("")
    app.controls.say("")
    return click_state()


def own_units():
    '''The side's units that may give an order now (men aboard a vehicle too).'''
    side = app.plotting_side
    return [u for u, v in app.units_by_id.items()
            if v.get("side") == side and v.get("hex") and app._selectable(v)
            and app.orders.engine_legal_orders(u)]


def aboard(unit):
    '''The vehicle the unit rides in (its counter shows him as a pip), or None.'''
    return app.units_by_id.get(unit, {}).get("in_vehicle")


def leave_order(unit):
    '''A man aboard with an enemy he knows of within LEAVE_RANGE hexes: the kind of his one
    order that needs nothing besides moves and attacks (leaving the vehicle), else None.'''
    if not aboard(unit):
        return None
    here = app.units_by_id[unit]["hex"]
    if not any(_dist(here, h) <= LEAVE_RANGE for h in enemies().values()):
        return None
    skip = {*_KINDS.move_kinds, *_KINDS.attack_kinds}
    free = [lo.kind for lo in app.orders.engine_legal_orders(unit)
            if lo.kind not in skip and not [n for n in lo.needs if not n.optional]]
    return free[0] if len(free) == 1 else None


def enemies():
    side = app.plotting_side
    return {u: v["hex"] for u, v in app.units_by_id.items()
            if v.get("side") not in (side, None) and v.get("hex") and not v.get("stale")}


def attack_target(unit):
    '''The first enemy counter the unit's attack orders list (its id), or None.'''
    c = app.orders
    foes = enemies()
    by_hex = {h: u for u, h in foes.items()}
    for lo in c.engine_legal_orders(unit):
        if lo.kind not in _KINDS.attack_kinds:
            continue
        need = next((n for n in lo.needs if not n.optional), None)
        if need is None:
            continue
        for o in need.options:
            if need.kind == "unit" and o in foes:
                return o
            if need.kind == "hex" and o in by_hex:
                return by_hex[o]
    return None


def attack_given(unit):
    '''The unit already has an attack order this turn (its roster row shows it: e.g. Same as
    last turn gave its shot again), in an order of an attack kind or an order carrying one.'''
    log = app.game.commands
    start = log.marks.get(int(getattr(app.game, "turn", 0)), len(log.commands))
    for c in log.commands[start:]:
        a = c.args
        if c.op != "order" or a.get("unit") != unit or a.get("side") != app.plotting_side:
            continue
        if a.get("kind") in _KINDS.attack_kinds:
            return True
        if any((a.get("args") or {}).get(k) for k in _KINDS.attack_kinds):
            return True
    return False


def move_choices(unit, n=80):
    '''Hexes of the unit's reach nearest the closest enemy it knows of (else the map's
    middle), free of counters: the best first.'''
    r = app.orders.reach(unit)
    if not r:
        return []
    here = app.units_by_id[unit]["hex"]
    foes = list(enemies().values())
    m = app.game.map
    goal = min(foes, key=lambda h: _dist(here, h)) if foes else m.hex_labels[m.size // 2]
    taken = {v.get("hex") for v in app.units_by_id.values()}
    hexes = [h for h in r if h not in taken and h != here]
    return sorted(hexes, key=lambda h: (_dist(h, goal), -r[h].get("cost", 0)))[:n]


def nearest_enemy_units(k):
    foes = list(enemies().values())
    own = own_units()
    if not foes:
        return own[:k]
    d = {u: min(_dist(app.units_by_id[u]["hex"], f) for f in foes) for u in own}
    return sorted(own, key=lambda u: d[u])[:k]


def refused_clicks():
    '''A hex out of the first own unit's reach, an enemy it cannot attack (if any is seen).'''
    own = own_units()
    if not own:
        return {}
    u = own[0]
    r = app.orders.reach(u)
    taken = {v.get("hex") for v in app.units_by_id.values()}
    here = app.units_by_id[u]["hex"]
    far = sorted((h for h in app.game.map.hex_labels if h not in r and h not in taken),
                 key=lambda h: _dist(here, h))
    far = [h for h in far if _dist(here, h) >= 2][:400]
    can = attack_target(u)
    foes = [e for e in enemies() if e != can]
    return {"unit": u, "far": far, "foes": foes}
"""


def app_cell(game: str, seed: int, computer: str) -> str:
    """:data:`APP_CELL` for ``game`` against the computer playing ``computer``."""
    head = f"GAME, SEED, COMPUTER = {game!r}, {seed!r}, {computer!r}\nLEAVE_RANGE = {LEAVE_RANGE}\n"
    return head + APP_CELL


@dataclass
class Tally:
    """Clicks, silent refusals and orders of the student's turns."""

    clicks_per_turn: list[int] = field(default_factory=list)
    silent: int = 0
    answered: int = 0
    skipped: list[str] = field(default_factory=list)

    @property
    def mean_clicks(self) -> float:
        xs = self.clicks_per_turn
        return sum(xs) / len(xs) if xs else float("nan")


class Student:
    """Clicks in ``page`` (a notebook with :data:`APP_CELL` and the probe) and judges each."""

    def __init__(self, page: Any, kernel: Any) -> None:
        self.page, self.k = page, kernel
        self.tally = Tally()
        self.clicks = 0

    # --- one click, judged ------------------------------------------------------------------
    def _visible(self, selector: str) -> bool:
        """The element's box lies inside the board's frame (or it is not on the board)."""
        return bool(
            self.page.evaluate(
                """(sel) => { const el = document.querySelector(sel); if (!el) return false;
                const f = document.querySelector('.hexplay-frame').getBoundingClientRect();
                const r = el.getBoundingClientRect();
                if (!el.closest('.hexplay-board')) return r.width > 0;
                const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
                const tb = document.querySelector('.hexplay-toolbar').getBoundingClientRect();
                const underTools = cx >= tb.left && cx <= tb.right && cy >= tb.top
                  && cy <= tb.bottom;
                return r.width > 0 && cx > f.left + 2 && cx < f.right - 2 && cy > f.top + 2
                  && cy < f.bottom - 2 && !underTools; }""",
                selector,
            )
        )

    def click(self, selector: str) -> bool:
        """Click ``selector`` once (counted) and judge what the app did; False if the element
        is not on screen (nothing clicked)."""
        if not self._visible(selector):
            return False
        before = self.k(self.page, "fresh_words()")
        try:
            self.page.locator(selector).first.click(timeout=5000)
        except Exception:
            return False
        self.clicks += 1
        deadline = time.monotonic() + 8
        after = before
        while time.monotonic() < deadline:
            after = self.k(self.page, "click_state()")
            if after != before:
                break
            time.sleep(0.05)
        if after == before:  # no order, no selection, no odds, no words: a silent refusal
            self.tally.silent += 1
        else:
            self.tally.answered += 1
        return True

    def unit(self, uid: str) -> str:
        return f'.hexplay-board [data-unit="{uid}"]'

    @staticmethod
    def hex_(label: str) -> str:
        return f'.hexplay-board polygon[data-hex="{label}"]'

    # --- the student's turn ---------------------------------------------------------------------
    def select(self, uid: str) -> bool:
        """One click that selects ``uid``: its counter; a man aboard a vehicle: his pip on the
        vehicle's counter; a counter hidden (under another): the roster button."""
        if self.k(self.page, "app.selected_unit") == uid:
            return True  # selected already (the app moved on to it after an attack): no click
        veh = self.k(self.page, f"aboard({uid!r})")
        first = f'{self.unit(veh)} [data-occupant="{uid}"]' if veh else self.unit(uid)
        if self.click(first) or self.click(f"button.hexplay-roster-{uid}"):
            return True
        self.tally.skipped.append(f"{uid}: neither counter, pip nor roster button on screen")
        return False

    def order_unit(self, uid: str) -> None:
        """Select ``uid``; attack the first enemy it can (two clicks) or move it one click; a
        man aboard with no shot leaves the vehicle (its button) or rides on (no click)."""
        target = self.k(self.page, f"attack_target({uid!r})")
        aboard = self.k(self.page, f"aboard({uid!r})")
        leave = None if target or not aboard else self.k(self.page, f"leave_order({uid!r})")
        if aboard and not target and not leave:
            return  # he rides on: nothing to click
        choices = [] if target or leave else self.k(self.page, f"move_choices({uid!r})")
        if not (target or leave or choices):
            return  # no shot and no move (e.g. a vehicle that may only turn): not selected
        if not self.select(uid):
            return
        if target and self.click(self.unit(target)):
            self.click(self.unit(target))
            return
        if leave:
            button = f"button.hexplay-task-{leave}"
            # (the Plot tab shows his orders once the board has answered)
            with contextlib.suppress(Exception):
                self.page.wait_for_selector(button, state="visible", timeout=5000)
            if not self.click(button):
                self.tally.skipped.append(f"{uid}: no {leave} button on screen")
            return
        for zoomed_out in (False, True):
            for h in choices:
                if self.click(self.hex_(h)):
                    return
            if not choices or zoomed_out:
                break
            # no hex of its reach on screen (the view frames the units, not where they go): the
            # zoom-out button, around the selected unit (one click)
            self.page.locator('.hexplay-board .hexplay-tool[title="zoom out"]').click()
            self.clicks += 1
            self.page.wait_for_timeout(200)
        self.tally.skipped.append(f"{uid}: no reach hex on screen")

    def in_turn(self, units: list[str]) -> Any:
        """``units`` one by one, the one the app has selected first when it is among those
        left (after an attack the app selects the next unit that may attack: the student
        goes on with it), else in their order."""
        left = list(units)
        while left:
            cur = self.k(self.page, "app.selected_unit")
            u = cur if cur in left else left[0]
            left.remove(u)
            yield u

    def play_turn(self, first: bool) -> None:
        """One turn of the side at the screen, then End (see the module doc)."""
        self.clicks = 0
        simultaneous = self.k(self.page, "_KINDS.turns == 'simultaneous'")
        own = self.k(self.page, "own_units()")
        if simultaneous and not first and self._visible("button.hexplay-same-as-last"):
            self.click("button.hexplay-same-as-last")
            for u in self.in_turn(own):
                # a unit whose repeated orders already attack keeps them (its roster row says
                # so); one that can attack but does not yet, or a man to leave, is ordered
                if self.k(
                    self.page,
                    f"(attack_target({u!r}) and not attack_given({u!r})) or leave_order({u!r})",
                ):
                    self.order_unit(u)
        elif simultaneous:
            for u in self.in_turn(own):
                self.order_unit(u)
        else:
            attackers = [u for u in own if self.k(self.page, f"attack_target({u!r})")]
            attackers = attackers[:ATTACKS_PER_TURN]
            for u in self.in_turn(attackers):
                self.order_unit(u)
            movers = self.k(self.page, f"nearest_enemy_units({MOVES_PER_TURN + len(attackers)})")
            for u in [u for u in movers if u not in attackers][:MOVES_PER_TURN]:
                if not self.k(self.page, "app.over"):
                    self.order_unit(u)
        turn = self.k(self.page, "int(app.game.turn)")
        if not self.k(self.page, "app.over"):
            self.click("button.hexplay-end-plot")
            if self.k(self.page, "not app.over and int(app.game.turn) == " + str(turn)):
                # refused as it stands (e.g. a vehicle that must move): the engine's words are
                # shown; the defaults a timer gives make it whole (not a student's click)
                self.k(self.page, "app._timer_expired()")
        self.tally.clicks_per_turn.append(self.clicks)

    def play(self, max_turns: int) -> Tally:
        """Turns until the game is over or ``max_turns`` turns were played."""
        for i in range(max_turns):
            if self.k(self.page, "app.over"):
                break
            seq = str(self.k(self.page, "app.board.frame.get('seq', '')"))
            self.page.wait_for_function(  # the view framed for this turn
                "(n) => document.querySelector('.hexplay-board').dataset.framed === n",
                arg=seq,
                timeout=20_000,
            )
            self.page.wait_for_timeout(300)
            self.play_turn(first=i == 0)
        return self.tally


def refusal_kinds(page: Any, kernel: Any) -> dict[str, str]:
    """Each kind of refused click once, by real clicks: nothing selected and a hex clicked;
    an enemy clicked with nothing selected; a hex out of the selected unit's reach; an enemy it
    cannot attack (when one is seen). Returns kind -> the words shown by the board
    (``.hexplay-click-status``; "" means a silent refusal)."""
    s = Student(page, kernel)
    out: dict[str, str] = {}

    def status() -> str:
        return page.eval_on_selector(".hexplay-click-status", "el => el.textContent.trim()")

    def shown_after(selector: str) -> str | None:
        kernel(page, "app.say_click('')\napp.selected_unit = None\n_result = 1")
        return None if not s.click(selector) else status()

    kernel(page, "app.board.selected = None\napp.selected_unit = None\n_result = 1")
    info = kernel(page, "refused_clicks()")
    if not info:
        return out
    # only what is on screen (a student clicks what he sees)
    far = [h for h in info["far"] if s._visible(s.hex_(h))][:3]
    if not far:  # the unit's reach covers the view: the whole map, as a student zooms out
        page.locator('.hexplay-board .hexplay-tool[title="fit the whole map"]').click()
        page.wait_for_timeout(300)
        far = [h for h in info["far"] if s._visible(s.hex_(h))][:3]
    foes = [f for f in info["foes"] if s._visible(s.unit(f))][:3]
    for h in far:
        words = shown_after(s.hex_(h))
        if words is not None:
            out["hex with nothing selected"] = words
            break
    for foe in foes:
        words = shown_after(s.unit(foe))
        if words is not None:
            out["enemy with nothing selected"] = words
            break
    u = info["unit"]
    kernel(page, "app.say_click('')\n_result = 1")
    if s.click(s.unit(u)):
        # the selection brings its reach into view (the board's follow): the far hexes on
        # screen are read again once the page has moved, the whole map if none is left
        seq = kernel(page, "(app.board.follow or {}).get('seq')")
        with contextlib.suppress(Exception):
            page.wait_for_selector(f".hexplay-board[data-followed='{seq}']", timeout=5000)
        far_now = [h for h in info["far"] if s._visible(s.hex_(h))][:3]
        if not far_now:
            page.locator('.hexplay-board .hexplay-tool[title="fit the whole map"]').click()
            page.wait_for_timeout(300)
            far_now = [h for h in info["far"] if s._visible(s.hex_(h))][:3]
        for h in far_now:
            if s.click(s.hex_(h)):
                out["hex out of reach"] = status()
                break
    for foe in foes:
        kernel(page, "app.say_click('')\n_result = 1")
        s.click(s.unit(u))
        if s.click(s.unit(foe)):
            words = status()
            if kernel(page, "app.armed is None"):
                out["enemy it cannot attack"] = words
                break
    kernel(page, "app.say_click('')\n_result = 1")
    page.locator('.hexplay-board .hexplay-tool[title="zoom to the units"]').click()
    return out
