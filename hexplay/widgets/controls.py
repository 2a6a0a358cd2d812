"""Phase controls, the order builder, the turn timer and the replay slider (ipywidgets).

These widgets hold no rules: the order builder offers the orders the game's ``legal_orders``
lists (through a controller bound to the side at the screen), asks for what each still needs,
and shows the engine's error message verbatim when an order is refused.

Stable CSS classes (for browser tests and styling): ``hexplay-end-plot``, ``hexplay-resolve``,
``hexplay-new-game`` on the phase buttons, ``hexplay-task-<KIND>`` on each order button of the
builder (``hexplay-task-off`` and ``hexplay-off-<KIND>`` on the disabled button of a kind the
unit may not give now, its reason the tooltip), ``hexplay-plot-error`` on its error line,
``hexplay-pick-done`` on its "Done" button and ``hexplay-route-steps`` on the number field of
an order that needs a count and may take a path (e.g. a man on foot off the map).

Every button and field that the page can change is a guarded widget (:mod:`.guard`): a
disabled or hidden button does nothing, a bad value from the browser is ignored.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import ipywidgets as W

from ..engine.errors import IllegalOrder
from . import guard as G


class PlotController(Protocol):
    """What the order builder needs from a game (bound to the side at the screen)."""

    def legal_orders(self, unit: str) -> Sequence[Any]:
        """The unit's :class:`~hexplay.engine.protocol.LegalOrder` s now."""

    def order(self, order: Any) -> Any:
        """Give (plot) a complete :class:`~hexplay.engine.protocol.Order` (what the game
        returns); IllegalOrder."""

    def undo(self, unit: str | None) -> None:
        """Take back ``unit``'s last order (None: the side's last); IllegalOrder."""

    def pick(self, need: Any, hex: str | None, unit: str | None, occupant: str | None) -> Any:
        """The value a board click gives ``need`` (a unit id or a hex), or None."""

    def reach(self, unit: str) -> Any:
        """The unit's :class:`~hexplay.engine.protocol.Reach` now (hexes, paths, costs)."""

    def plotted(self, unit: str) -> list[str]: ...

    def unit_hex(self, unit: str) -> str | None: ...

    def kind_reasons(self, unit: str) -> Mapping[str, str | None]:
        """The unit's order kinds -> None (it may give one now) or the rules' reason it may
        not (:meth:`~hexplay.engine.protocol.Game.order_kind_reasons`)."""


#: The new-game question while a game is in play / after it ended.
CONFIRM_IN_PLAY = "<b>Start a new game? This one is lost.</b>"
CONFIRM_OVER = "<b>Start a new game?</b> (this one is over)"


class PhaseControls(W.VBox):
    """Turn and phase display, the side being plotted, end-plot/resolve buttons, a timer."""

    def __init__(
        self,
        sides: Sequence[str] = ("adversary", "defender"),
        show_side_picker: bool = True,
        timer: bool = False,
        **kwargs: Any,
    ) -> None:
        # two lines of fixed height (it scrolls): "game over" pushes nothing down
        self.status = W.HTML(layout=W.Layout(height="56px", overflow="auto"))
        self.side = G.ToggleButtons(options=list(sides), description="plotting")
        self.side.layout.display = "" if show_side_picker else "none"
        self.end_plot = G.Button(description="End plot", button_style="primary", icon="check")
        self.end_plot.add_class("hexplay-end-plot")
        self.resolve = G.Button(description="Resolve turn", button_style="warning", icon="play")
        self.resolve.add_class("hexplay-resolve")
        self.new_game = G.Button(description="New game…", icon="refresh")
        self.new_game.add_class("hexplay-new-game")
        # a new game throws the one in progress away: asked twice, and kept apart from End plot
        self.new_game_yes = G.Button(description="Yes: new game", button_style="danger")
        self.new_game_yes.add_class("hexplay-new-game-yes")
        self.new_game_no = G.Button(description="No: keep playing")
        self.new_game_no.add_class("hexplay-new-game-no")
        self.new_game_no.on_click(lambda _b: self._hide_confirm())
        self.confirm_text = W.HTML(CONFIRM_IN_PLAY)
        self.confirm_row = W.HBox(
            [
                self.confirm_text,
                self.new_game_yes,
                self.new_game_no,
            ],
            layout=W.Layout(flex_flow="row wrap"),
        )
        self.confirm_row.add_class("hexplay-new-game-confirm")
        self.confirm_row.layout.display = "none"
        # one line of fixed height (it scrolls): a turn's "turn resolved" pushes nothing down
        self.message = W.HTML(layout=W.Layout(height="30px", overflow="auto"))
        self.message_text = ""
        self.timer = TurnTimer() if timer else None
        spacer = W.Box(layout=W.Layout(flex="1 1 auto"))
        rows: list[W.Widget] = [
            self.status,
            self.side,
            W.HBox([self.end_plot, self.resolve, spacer, self.new_game]),
            self.confirm_row,
            self.message,
        ]
        if self.timer is not None:
            rows.append(self.timer)
        super().__init__(rows, **kwargs)

    def set_status(
        self,
        turn: int,
        turn_limit: int | None,
        phase: str,
        side: str | None,
        extra: str = "",
        over: bool = False,
    ) -> None:
        limit = f" of {turn_limit}" if turn_limit else ""
        who = f" · <b>{html.escape(side)}</b> plots" if side and not over else ""
        self.status.value = f"<b>Turn {turn}{limit}</b> · {html.escape(phase)}{who}" + (
            f" · {extra}" if extra else ""
        )

    def ask_new_game(self, over: bool = False) -> None:
        """Ask before a new game: the one in play is lost (``over``: it is finished, nothing
        is lost)."""
        self.confirm_text.value = CONFIRM_OVER if over else CONFIRM_IN_PLAY
        self.confirm_row.layout.display = ""

    def _hide_confirm(self) -> None:
        self.confirm_row.layout.display = "none"

    def say(self, text: str, error: bool = False) -> None:
        self.message_text = text
        colour = "#b8322a" if error else "#2b5d2b"
        self.message.value = (
            f"<span style='color:{colour}'>{html.escape(text)}</span>" if text else ""
        )


class TurnTimer(W.HBox):
    """An optional classroom countdown for the plotting phase (runs on the kernel's loop)."""

    def __init__(self, minutes: float = 3.0, **kwargs: Any) -> None:
        self.minutes = G.BoundedFloatText(
            value=minutes,
            min=0.1,  # 6 s: short enough for any class; a smaller value is raised to it
            max=60,
            step=0.1,
            description="timer (min)",
            layout=W.Layout(width="170px"),
        )
        self.start = G.Button(description="Start", icon="clock-o", layout=W.Layout(width="90px"))
        self.display = W.HTML("")
        self.remaining = 0
        #: Started once: the app restarts it for every player's plot (``GameApp``).
        self.armed = False
        self._task: asyncio.Task | None = None
        self.on_expire: Callable[[], Any] | None = None
        self.start.on_click(lambda _b: self.begin())
        super().__init__([self.minutes, self.start, self.display], **kwargs)

    def begin(self) -> None:
        self.armed = True
        self.remaining = max(1, round(self.minutes.value * 60))
        self._show()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            try:
                loop = asyncio.get_event_loop()
            except RuntimeError:
                return
        if self._task is not None:
            self._task.cancel()
        self._task = loop.create_task(self._run())

    async def _run(self) -> None:
        while self.remaining > 0:
            await asyncio.sleep(1)
            self.tick()

    def tick(self) -> None:
        """One second passes (called by the loop; tests call it directly)."""
        if self.remaining <= 0:
            return
        self.remaining -= 1
        self._show()
        if self.remaining == 0:
            self.display.value = "<b style='color:#b8322a;font-size:16px'>time is up</b>"
            if self.on_expire is not None:
                try:
                    self.on_expire()
                except Exception as e:  # never a dead timer task: say why on the display
                    self.display.value = f"<i>time is up: {html.escape(str(e))}</i>"

    def stop(self) -> None:
        """Stop the count and clear the display (it stays armed for the next plot)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.remaining = 0
        self.display.value = ""

    def _show(self) -> None:
        m, s = divmod(self.remaining, 60)
        colour = "#b8322a" if self.remaining <= 30 else "#333"
        self.display.value = f"<b style='color:{colour};font-size:16px'>{m}:{s:02d}</b>"


class PlotBuilder(W.VBox):
    """Build the selected unit's orders from the game's ``legal_orders``.

    One button per :class:`~hexplay.engine.protocol.LegalOrder` the controller offers, then a
    disabled one per order kind the unit may not give now, the rules' reason on hover (the
    controller's ``kind_reasons``); what the order still needs (its
    :class:`~hexplay.engine.protocol.Need` s) decides how it is asked:

    ``"target"`` (one ``unit`` or ``hex`` need)
        the next board click names it (the controller's ``pick`` turns the click into a value).
    ``"path"`` (a ``path`` need)
        board clicks add hexes; Done (or the last hex again) completes it.
    ``"hexes"`` (an ``int`` need) / ``"steps"`` (an ``int`` need and an optional path)
        a number field, plus board clicks for the path; Done completes it.
    ``"choice"`` (a ``choice`` need)
        a menu; Done completes it.

    An order that needs nothing is given at once. The engine judges every order: its error is
    shown verbatim. After an order the builder tells the app (``on_change``), which refreshes
    every panel once (the builder included): no second refresh here.
    """

    def __init__(self, controller: PlotController | None = None, **kwargs: Any) -> None:
        self.controller = controller
        self.unit: str | None = None
        self.pending: dict[str, Any] | None = None
        self.entries: list[Any] = []
        self.header = W.HTML("<i>select one of your units on the board</i>")
        self.tasks = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.ap = W.FloatProgress(
            value=0,
            min=0,
            max=10,
            description="left",
            bar_style="success",
            layout=W.Layout(width="200px", min_width="140px"),
        )
        self.ap_text = W.HTML(layout=W.Layout(min_width="56px"))
        self.cost_unit = ""
        self.ap_text.add_class("hexplay-ap-text")
        self.plotted = W.HTML()
        self.prompt = W.HTML()
        self.hexes = G.BoundedIntText(
            value=6, min=1, max=200, description="hexes", layout=W.Layout(width="150px")
        )
        self.choice = G.Dropdown(options=[], description="", layout=W.Layout(width="180px"))
        self.done = G.Button(
            description="Done", button_style="success", icon="check", layout=W.Layout(width="90px")
        )
        self.steps = G.BoundedIntText(
            value=1, min=0, max=60, description="route steps", layout=W.Layout(width="170px")
        )
        self.steps.add_class("hexplay-route-steps")
        self.done.add_class("hexplay-pick-done")
        self.cancel = G.Button(description="Cancel", icon="times", layout=W.Layout(width="90px"))
        self.undo = G.Button(
            description="Undo last",
            icon="undo",
            tooltip="take back the selected unit's last order (no unit selected: the side's last)",
            layout=W.Layout(width="auto", min_width="110px"),
        )
        self.undo.add_class("hexplay-undo")
        self.same = G.Button(
            description="Same as last turn",
            icon="repeat",
            tooltip="give again last turn's orders of every unit with none yet",
            layout=W.Layout(width="auto"),
        )
        self.same.add_class("hexplay-same-as-last")
        #: The one Attack button of every game: gives the attack whose odds are shown (the
        #: app wires it; a second click on the target does the same).
        self.attack = G.Button(
            description="Attack",
            icon="crosshairs",
            button_style="danger",
            disabled=True,
            tooltip="click an enemy your unit can attack: its odds show, then Attack",
            layout=W.Layout(width="auto"),
        )
        self.attack.add_class("hexplay-attack")
        self.same.layout.display = "none"
        self.last_order: Any = None
        self.on_order: Callable[[Any], Any] | None = None
        #: ``on_path(unit, path, cost)`` while a path is clicked (the app draws it).
        self.on_path: Callable[[Any, list[str], float | None], Any] | None = None
        self.error = W.HTML()
        self.error.add_class("hexplay-plot-error")
        #: The disabled kinds' reasons in words, folded (no hover on a tablet): one line.
        self.why_not = W.HTML()
        self.why_not.add_class("hexplay-why-not")
        self._buttons: dict[tuple[Any, ...], W.Button] = {}  # reused across refreshes
        self.pick_row = W.HBox(
            [self.prompt, self.hexes, self.steps, self.choice, self.done, self.cancel],
            layout=W.Layout(flex_flow="row wrap"),
        )
        self.pick_row.layout.display = "none"
        self.done.on_click(lambda _b: self.finish())
        self.cancel.on_click(lambda _b: self.cancel_pending())
        self.undo.on_click(lambda _b: self.undo_last())
        self.on_change: Callable[[], Any] | None = None
        super().__init__(
            [
                self.header,
                self.tasks,
                self.why_not,
                W.HBox(
                    [self.ap, self.ap_text, self.attack, self.undo, self.same],
                    layout=W.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.pick_row,
                self.plotted,
                self.error,
            ],
            **kwargs,
        )

    # --- state ------------------------------------------------------------------------------
    def set_unit(self, unit: str | None, refresh: bool = True) -> None:
        self.unit = unit
        self.pending = None
        self.error.value = ""
        if refresh:
            self.refresh()

    def blank(self) -> None:
        """Nothing selected, nothing pending, no error (a hand-over)."""
        self.set_unit(None)

    def arm(self, order: Any) -> None:
        """The attack the Attack button gives (None: no odds shown, the button disabled)."""
        self.attack.disabled = order is None
        self.attack.tooltip = (
            f"give {order.label()}" if order is not None else "click an enemy to see the odds first"
        )

    def show_error(self, message: str) -> None:
        self.error.value = (
            f"<span style='color:#b8322a'>&#9888; {html.escape(message)}</span>" if message else ""
        )

    def _button(self, lo: Any) -> W.Button:
        """The button of legal order ``lo`` (created once, then reused: no new widget per
        click; a click looks the order up again, so it always uses the current needs)."""
        code = lo.kind
        title = lo.label or code
        key = (code, title, tuple(n.kind for n in lo.needs))
        b = self._buttons.get(key)
        if b is None:
            ready = bool(lo.args) and not lo.needs  # a ready-made order: named by its label
            b = G.Button(
                description=title if ready else code, tooltip=title, layout=W.Layout(width="auto")
            )
            b.add_class("hexplay-ready-order" if ready else f"hexplay-task-{code}")
            b.on_click(lambda _b, key=key: self._start_key(key))
            b.task_code = code  # type: ignore[attr-defined]
            self._buttons[key] = b
        return b

    def _off_button(self, kind: str, reason: str) -> W.Button:
        """The disabled button of an order kind the unit may not give now, its reason (the
        rules' words, the rule named) on hover; created once per kind, its tooltip kept
        current."""
        key = ("off", kind)
        b = self._buttons.get(key)
        if b is None:
            b = G.Button(description=kind, disabled=True, layout=W.Layout(width="auto"))
            b.add_class("hexplay-task-off")
            b.add_class(f"hexplay-off-{kind}")
            b.task_code = kind  # type: ignore[attr-defined]
            self._buttons[key] = b
        text = f"{kind} not now: {reason}"
        if b.tooltip != text:
            b.tooltip = text
        return b

    def _off_buttons(self, c: Any, u: str) -> tuple[W.Button, ...]:
        """A disabled button per order kind of the unit with no legal order now (the
        controller's ``kind_reasons``; a controller without it shows none)."""
        ask = getattr(c, "kind_reasons", None)
        if ask is None:
            return ()
        try:
            reasons = ask(u)
        except Exception:  # the engine refused to say: nothing shown disabled
            return ()
        legal = {lo.kind for lo in self.entries}
        return tuple(
            self._off_button(k, why)
            for k, why in reasons.items()
            if why is not None and k not in legal
        )

    def refresh(self) -> None:
        """Show the unit's legal orders, AP and plot (traits that did not change send nothing)."""
        c, u = self.controller, self.unit
        self.pick_row.layout.display = "" if self.pending else "none"
        if c is None or u is None:
            self.entries = []
            self.header.value = "<i>select one of your units on the board</i>"
            self.tasks.children = ()
            self.why_not.value = ""
            for key, b in self._buttons.items():  # (the page keeps hidden buttons' states)
                if key[0] == "off" and b.tooltip:
                    b.tooltip = ""
            self.plotted.value = ""
            self.ap.value = 0
            self.ap.layout.visibility = "hidden"  # no unit: no points to show
            self.ap_text.value = ""
            return
        self.header.value = f"<b>{html.escape(u)}</b> at {html.escape(str(c.unit_hex(u) or '—'))}"
        try:
            self.entries = list(c.legal_orders(u))
        except Exception as e:  # the engine refused: show why, offer nothing
            self.entries = []
            self.show_error(str(e))
        off = self._off_buttons(c, u)
        buttons = tuple(self._button(lo) for lo in self.entries) + off
        if buttons != tuple(self.tasks.children):
            self.tasks.children = buttons
        why = _why_not_html(u, [(b.task_code, b.tooltip) for b in off])  # type: ignore[attr-defined]
        if self.why_not.value != why:
            self.why_not.value = why
        self._show_points(c, u)
        plotted = c.plotted(u)
        self.plotted.value = (
            "plotted: " + " → ".join(f"<code>{html.escape(p)}</code>" for p in plotted)
            if plotted
            else "<i>nothing plotted</i>"
        )
        if self.pending:
            self._show_prompt()

    def _show_points(self, c: Any, u: str) -> None:
        """The bar of the unit's points left, in the reach query's own unit ("AP", "MP"...);
        hidden when the game does not count points."""
        try:
            r = c.reach(u)
        except Exception:
            r = None
        left, total = getattr(r, "left", None), getattr(r, "total", None)
        if left is None:
            self.ap.layout.visibility = "hidden"
            self.ap_text.value = ""
            return
        total = float(total if total is not None else max(left, 1.0))
        left = float(left)
        self.cost_unit = str(getattr(r, "cost_unit", "") or "")
        with self.ap.hold_sync():
            self.ap.description = f"{self.cost_unit} left"
            self.ap.max = max(total, 1.0)
            self.ap.value = max(0.0, left)
            self.ap.bar_style = (
                "success" if left >= total / 2 else ("warning" if left > 0 else "danger")
            )
        self.ap.layout.visibility = "visible"
        self.ap_text.value = f"{_fmt(left)} / {_fmt(total)}"

    def task_codes(self) -> list[str]:
        """The kinds of the order buttons the unit may press now (the disabled ones left out)."""
        return [b.task_code for b in self.tasks.children if not b.disabled]  # type: ignore[attr-defined]

    def off_reasons(self) -> dict[str, str]:
        """Kind -> the tooltip of its disabled button (why the unit may not give it now)."""
        return {b.task_code: b.tooltip for b in self.tasks.children if b.disabled}  # type: ignore[attr-defined]

    def click_task(self, code: str) -> None:
        """Press the button of order kind ``code`` (what a user click does)."""
        for b in self.tasks.children:
            if b.task_code == code and not b.disabled:  # type: ignore[attr-defined]
                b.click()
                return
        why = self.off_reasons().get(code)
        self.show_error(why or f"{code} is not a legal order for {self.unit} now")

    # --- ordering -----------------------------------------------------------------------------
    def _start_key(self, key: tuple) -> None:
        """A task button was pressed: start the entry it stands for (looked up again now)."""
        for lo in self.entries:
            if (lo.kind, lo.label or lo.kind, tuple(n.kind for n in lo.needs)) == key:
                self.start(lo)
                return
        self._start_code(key[0])

    def _start_code(self, code: str) -> None:
        lo = next((e for e in self.entries if e.kind == code), None)
        if lo is None:
            self.show_error(f"{code} is not a legal order for {self.unit} now")
            return
        self.start(lo)

    def start(self, lo: Any) -> None:
        """Begin order ``lo``: give it at once if it needs nothing, else ask for its needs."""
        self.error.value = ""
        mode = need_mode(lo.needs)
        if mode is None:
            self._submit(lo)
            return
        self.pending = {"code": lo.kind, "needs": mode, "path": [], "order": lo}
        ch = next((n for n in lo.needs if n.kind == "choice"), None)
        if ch is not None:
            self.choice.options = [str(o) for o in ch.options]
        self.refresh()

    def _show_prompt(self) -> None:
        p = self.pending
        assert p is not None
        mode = p["needs"]
        need = next(iter(p["order"].needs), None)
        self.hexes.layout.display = "" if mode == "hexes" else "none"
        self.steps.layout.display = "" if mode == "steps" else "none"
        self.choice.layout.display = "" if mode == "choice" else "none"
        self.done.layout.display = "" if mode in ("path", "hexes", "steps", "choice") else "none"
        ask = (need.prompt if need is not None else "") or ""
        if mode == "target":
            text = f"{p['code']}: {ask or 'click the target on the board'}"
        elif mode == "path":
            path = " - ".join(p["path"]) or "(none yet)"
            cost = self.path_cost()
            ap = f" · {_fmt(cost)} {html.escape(self.cost_unit)}" if cost is not None else ""
            text = (
                f"{p['code']}: click where to go (the cheapest route is drawn), again to "
                f"confirm; path {html.escape(path)}{ap}"
            )
        elif mode == "steps":
            path = " - ".join(p["path"]) or "(none)"
            text = (
                f"{p['code']}: route steps toward the board; if they reach it you may click "
                f"hexes to go on, in order; path {html.escape(path)}"
            )
        elif mode == "choice":
            text = f"{p['code']}: {ask or 'choose'}"
        else:
            text = f"{p['code']}: {ask or 'how many hexes?'}"
        self.prompt.value = f"<b>{html.escape(text) if mode != 'path' else text}</b>"

    def handle_click(self, hex: str | None, unit: str | None, occupant: str | None = None) -> bool:
        """A board click while an order waits for a target or a path; True if it was used.

        For a target the controller's ``pick`` decides what the click names (the man aboard
        a vehicle whose pip was clicked, else the counter, else the hex)."""
        p = self.pending
        if p is None:
            return False
        lo = p["order"]
        if p["needs"] == "target":
            need = next(n for n in lo.needs if n.kind in ("unit", "hex"))
            value = self.controller.pick(need, hex, unit, occupant)  # type: ignore[union-attr]
            if value is None:
                return True
            self._submit(lo, **{need.name: value})
            return True
        if p["needs"] in ("path", "steps") and hex is not None:
            if p["path"] and p["path"][-1] == hex:
                self.finish()  # clicking the last hex again ends the path
                return True
            leg = self._leg(hex)
            if leg == []:
                return True  # beyond reach: said in the error line, the path unchanged
            self.error.value = ""
            p["path"].extend(leg or [hex])
            self._show_prompt()
            self._path_changed()
            return True
        return False

    def _leg(self, hex: str) -> list[str] | None:
        """The first leg of a pending path: the reach query's path to ``hex``; []: beyond
        reach (said, naming the order's rule); None: the hex is taken as clicked (later legs,
        or a game whose order is not in its reach)."""
        c, u, p = self.controller, self.unit, self.pending
        if c is None or u is None or p is None or p["needs"] != "path" or p["path"]:
            return None
        r = c.reach(u)
        if getattr(r, "kind", None) != p["code"]:
            return None
        path = r.path(hex)
        if path is None:
            rule = p["order"].rule or p["code"]
            self.show_error(f"{rule}: {u} cannot reach {hex} with the {r.cost_unit} left")
            return []
        return path

    def _path_changed(self) -> None:
        if self.on_path is not None and self.pending is not None:
            self.on_path(self.unit, list(self.pending["path"]), self.path_cost())

    def path_cost(self) -> float | None:
        """Cost of the pending path (the reach query's, when it is the reach path to its end),
        None if unknown."""
        c, u, p = self.controller, self.unit, self.pending
        if c is None or u is None or not p or not p["path"]:
            return None
        r = c.reach(u)
        end = p["path"][-1]
        return r.cost(end) if r.path(end) == list(p["path"]) else None

    def give(self, order: Any) -> Any:
        """Give ``order`` (a board gesture's): the result, or raise the engine's refusal (shown
        in the error line; nothing changed)."""
        c = self.controller
        if c is None:
            raise IllegalOrder("order", "no side is ordering now")
        try:
            result = c.order(order)
        except Exception as e:
            self.show_error(str(e))
            raise
        self.last_order = order
        if self.on_order is not None:
            self.on_order(order)
        self._plot_changed()
        return result

    def finish(self) -> None:
        p = self.pending
        if p is None:
            return
        lo = p["order"]
        path_need = next((n for n in lo.needs if n.kind == "path"), None)
        int_need = next((n for n in lo.needs if n.kind == "int"), None)
        if p["needs"] == "path":
            if not p["path"]:
                self.show_error("click at least one hex to move into")
                return
            self._submit(lo, **{path_need.name: list(p["path"])})  # type: ignore[union-attr]
        elif p["needs"] == "hexes":
            self._submit(lo, **{int_need.name: int(self.hexes.value)})  # type: ignore[union-attr]
        elif p["needs"] == "choice":
            ch = next(n for n in lo.needs if n.kind == "choice")
            self._submit(lo, **{ch.name: self.choice.value})
        elif p["needs"] == "steps":
            k = int(self.steps.value)
            if k <= 0 and not p["path"]:
                self.show_error("give a number of route steps (or click hexes on the map)")
                return
            kw: dict[str, Any] = {int_need.name: k} if k > 0 else {}  # type: ignore[union-attr]
            if p["path"]:
                kw[path_need.name] = list(p["path"])  # type: ignore[union-attr]
            self._submit(lo, **kw)

    def cancel_pending(self) -> None:
        self.pending = None
        if self.on_path is not None:
            self.on_path(self.unit, [], None)
        self.refresh()

    def _submit(self, lo: Any, **values: Any) -> None:
        c, u = self.controller, self.unit
        if c is None or u is None:
            return
        try:
            order = _complete(lo, values)
            c.order(order)
        except Exception as e:  # IllegalOrder (or a ValueError): the engine's words, verbatim
            self.show_error(str(e))
            if self.pending and self.pending.get("needs") in ("path", "steps"):
                self.pending["path"] = []
                self._path_changed()
            self.refresh()
            return
        self.last_order = order
        if self.on_order is not None:
            self.on_order(order)
        self._plot_changed()

    def _plot_changed(self) -> None:
        """After an order was given or undone: clear the pending order and the error; the app
        refreshes every panel once (this one included), or the builder itself without one."""
        self.pending = None
        self.error.value = ""
        if self.on_change:
            self.on_change()
        else:
            self.refresh()

    def undo_last(self) -> None:
        """Take back the selected unit's last order, or with no unit selected the side's last
        (the engine's ``undo``; its refusal shown, nothing changed)."""
        c = self.controller
        if c is None:
            return
        try:
            c.undo(self.unit)
        except Exception as e:
            self.show_error(str(e))
            return
        self._plot_changed()


def _why_not_html(unit: str, off: Sequence[tuple[str, str]]) -> str:
    """The disabled kinds of ``unit`` and each one's reason, folded under one line."""
    if not off:
        return ""
    rows = "".join(f"<li>{html.escape(tip)}</li>" for _kind, tip in off)
    kinds = ", ".join(html.escape(k) for k, _tip in off)
    return (
        "<details style='font-size:12px;color:#555'>"
        f"<summary>{html.escape(unit)} may not now: {kinds} (why?)</summary>"
        f"<ul style='margin:2px 0 2px 16px;padding:0'>{rows}</ul></details>"
    )


def need_mode(needs: Sequence[Any]) -> str | None:
    """How the builder asks for ``needs`` (see :class:`PlotBuilder`); None: nothing to ask."""
    kinds = [n.kind for n in needs if not n.optional]
    optional = [n.kind for n in needs if n.optional]
    if not kinds:
        return None
    if kinds == ["int"]:
        return "steps" if "path" in optional else "hexes"
    if kinds == ["path"]:
        return "path"
    if kinds == ["choice"]:
        return "choice"
    if len(kinds) == 1 and kinds[0] in ("unit", "hex"):
        return "target"
    raise ValueError(f"the order builder cannot ask for needs {kinds} together")


def _complete(lo: Any, values: Mapping[str, Any]) -> Any:
    """``lo.complete(**values)``, refusing first a value outside a need's listed options
    (the rules judge the rest: a need with no listed options accepts anything)."""
    for name, v in values.items():
        n = lo.need(name)
        if n is not None and n.options and n.kind != "path" and not n.accepts(v):
            raise IllegalOrder(lo.rule or "order", f"{lo.kind}: {v!r} is not a legal {name}")
    return lo.complete(**values)


def _fmt(x: float) -> str:
    return f"{x:g}" if abs(x - round(x)) < 1e-9 else f"{x:.2f}"


class ReplaySlider(W.HBox):
    """A turn slider to replay a finished game on the board: ``on_turn(turn)`` is called."""

    def __init__(self, on_turn: Callable[[int], Any] | None = None, **kwargs: Any) -> None:
        self.slider = G.IntSlider(
            value=0,
            min=0,
            max=0,
            description="replay turn",
            continuous_update=False,
            layout=W.Layout(width="420px"),
        )
        self.play = G.Play(value=0, min=0, max=0, interval=900)
        W.jslink((self.play, "value"), (self.slider, "value"))
        self.on_turn = on_turn
        self.slider.observe(self._changed, names="value")
        super().__init__([self.play, self.slider], **kwargs)

    def set_range(self, last_turn: int, first_turn: int = 0) -> None:
        for w in (self.slider, self.play):
            w.min = first_turn
            w.max = max(first_turn, last_turn)
        self.slider.value = max(first_turn, last_turn)

    def _changed(self, change: dict[str, Any]) -> None:
        if self.on_turn is not None:
            self.on_turn(int(change["new"]))
