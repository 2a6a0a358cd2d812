"""Class-play benchmark: clicks a person needs per side and turn (SKIRMISH, hot seat, real
Chromium in JupyterLab), and for each of the four games against the computer in Voila.

**Every game** (:func:`measure_games`): the student of ``tests/ui/click_play.py`` plays each
game against the computer (SKIRMISH's defender: guards aboard vehicles, selected by their
pips, firing from the vehicle or leaving it; AMBUSH's adversary, AGGRESSOR's west, the
naval IJN) through clicks alone for ``--game-turns`` turns, then makes each kind of refused
click once; prints per game ``<game>_clicks_per_turn`` (mean clicks of the student's turns,
End included; goals <= 15 for SKIRMISH, AMBUSH and naval, <= 25 for AGGRESSOR's 18 units)
and ``<game>_silent_refusals`` (clicks the app answered with no order, no selection, no
odds and no words; goal 0), with ``#`` lines for the refusals' words.

**SKIRMISH hot seat** (the figures below):

Starts its own JupyterLab and Chromium (``tests/ui/harness.py``), opens a hot-seat
``SkirmishApp(seed=1)``, and for turns 1-4 lets each side's computer player (the scripted
adversary and defender of :mod:`hexplay.games.skirmish.ai.players`) decide its plot **on a
copy of the game**; then it gives that same plot through real clicks in the page, the way a
student would with the app's one-click orders:

- select a unit: a click on its counter, or on its roster button (a man aboard a vehicle);
- DF: two clicks on the target (his counter, or his pip on a vehicle): the odds, then the shot;
- MP: a click on the destination (the cheapest route; hex by hex after the MP button when
  the player's route costs more or the man leaves a vehicle first);
- MV: a click on the route hex that many hexes ahead (the game's reach), else MV + count + Done;
- a task with no needs (SV, EV, ...): its button; WE and others: the button and a click;
- End plot, and the hand-over button for the next player.

It plays the same turns twice (the same game from seed 1 each time): first the computer
players' own plots, which give fewer orders than a person would (a man with nothing worth
doing is left without one); then *full* turns, where every man able to act gets an order,
as a student gives them: the computer's plot, and for each other man a shot at an enemy he
may fire at, else a walk to the farthest free hex his AP reach (vehicles as the computer plots
them; a moving one always gets SV or MV).

Prints ``name: value unit`` lines:

- ``clicks_per_turn_defender`` / ``clicks_per_turn_adversary``: mean clicks per turn
  (hand-over click included), turns 1-4, full strength, of the computer players' own plots;
- ``clicks_per_turn_defender_full`` / ``clicks_per_turn_adversary_full``: the same for the
  full turns (the goal, <= 25, is for these: a human turn);
- ``ui_seconds_per_turn``: mean seconds the page and kernel need for one turn's clicks (both
  sides), from each click until the kernel holds its effect;
- ``orders_given_by_click`` / ``orders_planned``: how many of the players' orders the clicks
  reproduced (the rest were refused as clicked: listed as ``#`` lines);
- ``ui_seconds_per_turn_full``, ``orders_planned_full``, ``orders_given_by_click_full``: the
  same for the full turns.

Lines starting with ``#`` are context. Everything started here is stopped at the end.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from launch import H, Launch, stop_on_sigterm  # noqa: E402  (benchmarks/launch.py)

APP_CELL = r"""
from hexplay.games.skirmish.ai.players import ScriptedAdversary, ScriptedDefender
from hexplay.widgets import SkirmishApp

app = SkirmishApp(seed=1, vs_computer=None, hot_seat=True)
PLAYERS = {"adversary": ScriptedAdversary(seed=11), "defender": ScriptedDefender(seed=12)}


def intents(side):
    '''The side's computer player plots on a copy: [(unit, [task, ...]), ...].'''
    g2 = app.game.copy()
    PLAYERS[side].act(g2)
    out = []
    for u in g2.own_units(side):
        tasks = g2.plotted(side, u)
        if tasks:
            out.append([u, tasks])
    return out


def full_intents(side):
    '''A human-like full turn: the computer player's plot (on a copy), and an order for
    every other man able to act: a shot at the first enemy he may fire at, else a walk to
    the farthest free hex his AP reach (by the cheapest path); vehicles as the player
    plots them (a moving one always gets SV or MV).'''
    planned = dict((u, ts) for u, ts in intents(side))
    g3 = app.game.copy()
    for u, ts in planned.items():
        for t in ts:
            args = {k: t[k] for k in ("target", "path", "hexes", "weapon", "seat") if k in t}
            g3.plot(side, u, t["code"], **args)
    for u in g3.own_units(side):
        if u not in g3.men or u in planned or not g3.men[u].alive:
            continue
        los = {lo.kind: lo for lo in g3.legal_orders(side, u)}
        if "DF" in los:
            g3.order(los["DF"].complete(target=los["DF"].need("target").options[0]))
        elif "MP" in los and los["MP"].need("path") is not None:
            need = los["MP"].need("path")
            seen = {u.get("hex") for u in g3.view(side, events=False)["units"].values()}
            seen |= {u.get("hex") for u in app.units_by_id.values()}  # last-seen marks too
            for o in g3.own_units(side):  # and where a man plotted before him ends
                seen.update(t["path"][-1] for t in g3.plotted(side, o) if t.get("path"))
            free = [i for i, p in enumerate(need.options) if p[-1] not in seen]
            if free:  # (a hex under a counter is clicked as the counter: walk to a free one)
                far = max(free, key=lambda i: (need.costs[i], i))
                g3.order(los["MP"].complete(path=list(need.options[far])))
    return [[u, g3.plotted(side, u)] for u in g3.own_units(side) if g3.plotted(side, u)]


def restart():
    '''The same game again (seed 1) and fresh computer players.'''
    global PLAYERS
    app.seed = 0
    app.new_game()
    PLAYERS = {"adversary": ScriptedAdversary(seed=11), "defender": ScriptedDefender(seed=12)}
    return app.game.turn


def n_plotted(side, unit):
    return len(app.game.plotted(side, unit))
"""


class Clicker:
    """Real clicks in the page, counted and timed until the kernel shows their effect."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.clicks = 0
        self.seconds = 0.0

    def click(self, selector: str, until: str | None = None, **kw: Any) -> bool:
        t0 = time.perf_counter()
        loc = self.page.locator(selector).first
        try:
            loc.click(timeout=5000, **kw)
        except Exception as e:  # not on screen: say so, count nothing
            print(f"# could not click {selector}: {str(e).splitlines()[0]}", flush=True)
            return False
        self.clicks += 1
        ok = True
        if until:
            try:
                H.wait_kernel(self.page, until, timeout_s=8)
            except AssertionError:
                ok = False
        self.seconds += time.perf_counter() - t0
        return ok

    def fill(self, selector: str, value: str) -> None:
        loc = self.page.locator(selector).first
        loc.fill(value)
        loc.press("Enter")
        self.clicks += 1


def play_side(c: Clicker, side: str, full: bool = False) -> tuple[int, int]:
    """Give the side's planned orders (``full``: the full turn's) by clicks; (orders
    planned, orders given)."""
    page = c.page
    k = H.kernel
    plan = k(page, f"{'full_intents' if full else 'intents'}({side!r})")
    planned = given = 0
    for unit, tasks in plan:
        u = k(page, f"app.units_by_id.get({unit!r})")
        if u is None:
            continue
        if k(page, "app.selected_unit") != unit:
            if u.get("hex") and not u.get("in_vehicle"):
                c.click(f'.hexplay-board [data-unit="{unit}"]', f"app.selected_unit == {unit!r}")
            else:
                c.click(f"button.hexplay-roster-{unit}", f"app.selected_unit == {unit!r}")
        for t in tasks:
            planned += 1
            before = k(page, f"n_plotted({side!r}, {unit!r})")
            done = f"n_plotted({side!r}, {unit!r}) > {before}"
            code = t["code"]
            if code == "DF":
                tgt = t["target"]
                tu = k(page, f"app.units_by_id.get({tgt!r})") or {}
                sel = (
                    f'.hexplay-board [data-unit="{tu["in_vehicle"]}"] [data-occupant="{tgt}"]'
                    if tu.get("in_vehicle")
                    else f'.hexplay-board [data-unit="{tgt}"]'
                )
                # the odds first, then the second click fires (the shell's gesture)
                ok = c.click(sel, "app.armed is not None") and c.click(sel, done)
            elif code == "MP" and t.get("path") and not t.get("hexes"):
                goal = t["path"][-1]
                ok = c.click(f'.hexplay-board polygon[data-hex="{goal}"]', done)
                if ok and k(page, f"app.game.plotted({side!r}, {unit!r})[-1]['ap']") != t["ap"]:
                    k(page, f"app.builder.controller.undo({unit!r})\napp.refresh()\n_result=1")
                    c.clicks += 1  # the Undo a student would click
                    ok = False
                if not ok:  # hex by hex after the MP button
                    c.click("button.hexplay-task-MP", "app.builder.pending is not None")
                    for h in t["path"]:
                        c.click(f'.hexplay-board polygon[data-hex="{h}"]')
                    ok = c.click(f'.hexplay-board polygon[data-hex="{goal}"]', done)
            elif code == "MV":
                n = int(t["hexes"])
                hx = k(
                    page,
                    f"[h for h, e in app.builder.controller.reach({unit!r}).items() "
                    f"if e.get('args', {{}}).get('hexes') == {n}][:1]",
                )
                ok = bool(hx) and c.click(f'.hexplay-board polygon[data-hex="{hx[0]}"]', done)
                if not ok:
                    c.click("button.hexplay-task-MV", "app.builder.pending is not None")
                    c.fill(".widget-inline-hbox:has-text('hexes') input", str(n))
                    ok = c.click("button.hexplay-pick-done", done)
            elif code in ("WE", "EP") and t.get("target"):
                c.click(f"button.hexplay-task-{code}", "app.builder.pending is not None")
                ok = c.click(f'.hexplay-board [data-unit="{t["target"]}"]', done)
            else:
                ok = c.click(f"button.hexplay-task-{code}", done)
            if ok:
                given += 1
            else:
                print(f"# {side} {unit} {code}: not given by its clicks", flush=True)
                k(page, "app.builder.cancel_pending()\n_result = 1")
    c.click("button.hexplay-end-plot", f"{side!r} not in app.game.to_act() or app.game.over")
    return planned, given


def measure(page: Any, turns: int, full: bool = False) -> None:
    """Play ``turns`` turns by clicks and print the figures (``full``: the full turns',
    named ``..._full``)."""
    k = H.kernel
    page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=45_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:hide-all-cell-code')")
    page.locator(".hexplay-board").scroll_into_view_if_needed()
    per_side: dict[str, list[int]] = {"adversary": [], "defender": []}
    seconds: list[float] = []
    planned = given = 0
    tag = "_full" if full else ""
    for turn in range(1, turns + 1):
        if k(page, "app.game.over"):
            break
        t_turn = 0.0
        for side in ("adversary", "defender"):
            c = Clicker(page)
            if k(page, "app.handover"):
                c.click("button.hexplay-ready", "not app.handover")
            # the whole map in view: every counter and hex a student would zoom to is clickable
            page.locator('.hexplay-board .hexplay-tool[title="fit the whole map"]').click()
            p, gv = play_side(c, side, full)
            planned, given = planned + p, given + gv
            per_side[side].append(c.clicks)
            t_turn += c.seconds
            print(
                f"# {tag or '_own'} turn {turn} {side}: {c.clicks} clicks, {p} orders, {gv} given"
            )
        seconds.append(t_turn)
    for side in ("defender", "adversary"):
        xs = per_side[side]
        print(f"clicks_per_turn_{side}{tag}: {sum(xs) / max(1, len(xs)):.4g} clicks", flush=True)
    print(f"ui_seconds_per_turn{tag}: {sum(seconds) / max(1, len(seconds)):.4g} s", flush=True)
    print(f"orders_planned{tag}: {planned} orders")
    print(f"orders_given_by_click{tag}: {given} orders")


#: game -> the side the computer plays (the student plays the other).
GAMES = {"skirmish": "adversary", "ambush": "defender", "aggressor": "east", "naval": "usn"}


def load_click_play() -> Any:
    """``tests/ui/click_play.py`` (the student who plays by clicks) as a module."""
    import importlib.util

    name = "hexplay_click_play"
    if name in sys.modules:
        return sys.modules[name]
    path = Path(__file__).resolve().parents[1] / "tests" / "ui" / "click_play.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def measure_games(turns: int, games: list[str] | None = None) -> None:
    """Each game against the computer by the student's clicks in Voila (see the module doc):
    ``<game>_clicks_per_turn`` and ``<game>_silent_refusals``."""
    import tempfile

    from playwright.sync_api import sync_playwright

    cp = load_click_play()
    exe = H.chromium_path()
    if exe is None:
        raise FileNotFoundError("chromium not found: nothing measured")
    with tempfile.TemporaryDirectory(prefix="hexplay-ux-games-") as tmp:
        home = Path(tmp)
        for game, computer in GAMES.items():
            cells = [H.PROBE_CELL, cp.app_cell(game, 1, computer), "app", "probe"]
            H.write_notebook(home / "nb" / f"ux_{game}.ipynb", cells)
        server = H.start_voila(home / "nb", home / "voila")
        pw = sync_playwright().start()
        ctx = None
        try:
            ctx = H.launch_browser(pw, home / "profile", exe)
            for game in games or list(GAMES):
                page, _errors = H.new_page(ctx)
                page.set_viewport_size({"width": 1600, "height": 1000})
                H.open_voila(page, server, f"ux_{game}.ipynb", 90_000)
                page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=60_000)
                kinds = cp.refusal_kinds(page, H.kernel)
                for k, words in kinds.items():
                    print(f"# {game} refused click, {k}: {words or '(nothing said)'}", flush=True)
                tally = cp.Student(page, H.kernel).play(turns)
                silent = tally.silent + sum(1 for w in kinds.values() if not w)
                for why in tally.skipped[:5]:
                    print(f"# {game} not clicked: {why}")
                print(
                    f"# {game}: {len(tally.clicks_per_turn)} turns, clicks {tally.clicks_per_turn}"
                )
                print(f"{game}_clicks_per_turn: {tally.mean_clicks:.4g} clicks", flush=True)
                print(f"{game}_silent_refusals: {silent} clicks", flush=True)
                page.close()
        finally:
            if ctx is not None:
                ctx.close()
            pw.stop()
            server.stop()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=4)
    ap.add_argument("--game-turns", type=int, default=6, help="turns of each game vs computer")
    ap.add_argument("--games-only", action="store_true", help="only the four games' figures")
    args = ap.parse_args(argv)
    stop_on_sigterm()
    try:
        measure_games(args.game_turns)
        if args.games_only:
            return 0
        cells = [H.PROBE_CELL, APP_CELL, "app", "probe"]
        with Launch("bench_ux.ipynb", cells, "hexplay-ux-") as run:
            page = run.lab_page(viewport={"width": 1600, "height": 1200})
            measure(page, args.turns)
            H.kernel(page, "restart()")  # the same game again, every man given an order
            measure(page, args.turns, full=True)
            page.close()
    except FileNotFoundError as exc:
        print(f"# {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
