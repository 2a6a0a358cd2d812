"""Phase controls, the plot builder, the turn timer and the replay slider (ipywidgets).

These widgets hold no rules: the plot builder offers the tasks a controller says are legal,
collects targets/paths from board clicks, and shows the engine's error message verbatim when a
plot is refused.

Stable CSS classes (for browser tests and styling): ``hexplay-end-plot``, ``hexplay-resolve``,
``hexplay-new-game`` on the phase buttons, ``hexplay-task-<CODE>`` on each task button of the
plot builder, ``hexplay-plot-error`` on its error line, ``hexplay-pick-done`` on its "Done" button
and ``hexplay-route-steps`` on the route step count of a man on foot off the map.

What a task needs (``TASK_NEEDS``, or the controller's ``needs`` per task): ``"target"`` (a
click), ``"path"`` (clicked hexes), ``"hexes"`` (a count: MV) or ``"steps"`` (a man off the
map: a count of route steps toward the board, then optionally clicked map hexes).
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import ipywidgets as W

#: What each Table II task needs besides its code (the controller may override per task).
TASK_NEEDS: dict[str, str | None] = {
    "DF": "target",
    "MP": "path",
    "MV": "hexes",
    "EP": "target",
    "EV": "target",
    "WE": None,
    "BW": None,
    "RA": None,
    "SV": None,
    "TV": None,
    "AV": None,
}
TASK_TITLES: dict[str, str] = {
    "DF": "direct fire (5 AP)",
    "MP": "move on foot (1-3 AP per hex)",
    "MV": "move vehicle (1/6 AP per hex)",
    "EP": "exchange places with a disabled driver (5 AP)",
    "EV": "enter / exit a vehicle (1 AP)",
    "SV": "stop vehicle (2 AP)",
    "TV": "turn vehicle around (5 AP)",
    "AV": "accelerate vehicle (2 AP)",
    "BW": "barrier work (10 AP)",
    "RA": "re-arm (2 AP)",
    "WE": "weapon exchange (2 AP)",
}


class PlotController(Protocol):
    """What the plot builder needs from a game (bound to the side now plotting)."""

    def legal_tasks(self, unit: str) -> Sequence[Any]: ...

    def plot(
        self,
        unit: str,
        code: str,
        target: str | None = None,
        path: list[str] | None = None,
        hexes: int | None = None,
    ) -> None: ...

    def unplot(self, unit: str) -> None: ...

    def ap_left(self, unit: str) -> float: ...

    def ap_total(self, unit: str) -> float: ...

    def plotted(self, unit: str) -> list[str]: ...

    def unit_hex(self, unit: str) -> str | None: ...


def _task_entry(t: Any) -> dict[str, Any]:
    """Normalise a legal task (a code string, a dict or an object with ``code``)."""
    if isinstance(t, str):
        return {"code": t, "needs": TASK_NEEDS.get(t), "label": t}
    if isinstance(t, dict):
        code = t["code"]
        return {
            "code": code,
            "needs": t.get("needs", TASK_NEEDS.get(code)),
            "label": t.get("label", code),
            "title": t.get("title"),
        }
    code = t.code
    return {"code": code, "needs": TASK_NEEDS.get(code), "label": code}


class PhaseControls(W.VBox):
    """Turn and phase display, the side being plotted, end-plot/resolve buttons, a timer."""

    def __init__(
        self,
        sides: Sequence[str] = ("adversary", "defender"),
        show_side_picker: bool = True,
        timer: bool = False,
        **kwargs: Any,
    ) -> None:
        self.status = W.HTML()
        self.side = W.ToggleButtons(options=list(sides), description="plotting")
        self.side.layout.display = "" if show_side_picker else "none"
        self.end_plot = W.Button(description="End plot", button_style="primary", icon="check")
        self.end_plot.add_class("hexplay-end-plot")
        self.resolve = W.Button(description="Resolve turn", button_style="warning", icon="play")
        self.resolve.add_class("hexplay-resolve")
        self.new_game = W.Button(description="New game", icon="refresh")
        self.new_game.add_class("hexplay-new-game")
        self.message = W.HTML()
        self.timer = TurnTimer() if timer else None
        rows: list[W.Widget] = [
            self.status,
            self.side,
            W.HBox([self.end_plot, self.resolve, self.new_game]),
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

    def say(self, text: str, error: bool = False) -> None:
        colour = "#b8322a" if error else "#2b5d2b"
        self.message.value = (
            f"<span style='color:{colour}'>{html.escape(text)}</span>" if text else ""
        )


class TurnTimer(W.HBox):
    """An optional classroom countdown for the plotting phase (runs on the kernel's loop)."""

    def __init__(self, minutes: float = 3.0, **kwargs: Any) -> None:
        self.minutes = W.BoundedFloatText(
            value=minutes,
            min=0.5,
            max=60,
            step=0.5,
            description="timer (min)",
            layout=W.Layout(width="170px"),
        )
        self.start = W.Button(description="Start", icon="clock-o", layout=W.Layout(width="90px"))
        self.display = W.HTML("")
        self.remaining = 0
        self._task: asyncio.Task | None = None
        self.on_expire: Callable[[], Any] | None = None
        self.start.on_click(lambda _b: self.begin())
        super().__init__([self.minutes, self.start, self.display], **kwargs)

    def begin(self) -> None:
        self.remaining = int(self.minutes.value * 60)
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
        if self.remaining == 0 and self.on_expire is not None:
            self.on_expire()

    def stop(self) -> None:
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
    """Plot the selected unit's tasks: legal tasks as buttons, AP meter, targets from the board.

    ``controller`` answers for the side now plotting. Tasks needing a target or a path put the
    builder in *picking* mode: the app forwards board clicks to :meth:`handle_click`.
    """

    def __init__(self, controller: PlotController | None = None, **kwargs: Any) -> None:
        self.controller = controller
        self.unit: str | None = None
        self.pending: dict[str, Any] | None = None
        self.header = W.HTML("<i>select one of your units on the board</i>")
        self.tasks = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.ap = W.FloatProgress(
            value=0,
            min=0,
            max=10,
            description="AP left",
            bar_style="success",
            layout=W.Layout(width="260px"),
        )
        self.ap_text = W.HTML()
        self.plotted = W.HTML()
        self.prompt = W.HTML()
        self.hexes = W.BoundedIntText(
            value=6, min=1, max=200, description="hexes", layout=W.Layout(width="150px")
        )
        self.done = W.Button(
            description="Done", button_style="success", icon="check", layout=W.Layout(width="90px")
        )
        self.steps = W.BoundedIntText(
            value=1, min=0, max=60, description="route steps", layout=W.Layout(width="170px")
        )
        self.steps.add_class("hexplay-route-steps")
        self.done.add_class("hexplay-pick-done")
        self.cancel = W.Button(description="Cancel", icon="times", layout=W.Layout(width="90px"))
        self.undo = W.Button(description="Undo last", icon="undo", layout=W.Layout(width="110px"))
        self.error = W.HTML()
        self.error.add_class("hexplay-plot-error")
        self._buttons: dict[tuple[str, str, str], W.Button] = {}  # reused across refreshes
        self.pick_row = W.HBox(
            [self.prompt, self.hexes, self.steps, self.done, self.cancel],
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
                W.HBox([self.ap, self.ap_text, self.undo]),
                self.pick_row,
                self.plotted,
                self.error,
            ],
            **kwargs,
        )

    # --- state ------------------------------------------------------------------------------
    def set_unit(self, unit: str | None) -> None:
        self.unit = unit
        self.pending = None
        self.error.value = ""
        self.refresh()

    def show_error(self, message: str) -> None:
        self.error.value = (
            f"<span style='color:#b8322a'>&#9888; {html.escape(message)}</span>" if message else ""
        )

    def _button(self, t: dict[str, Any]) -> W.Button:
        """The task button for entry ``t`` (created once, then reused: no new widget per click)."""
        title = t.get("title") or TASK_TITLES.get(t["code"], t["code"])
        key = (t["code"], t["label"], title, t.get("needs"))
        b = self._buttons.get(key)
        if b is None:
            b = W.Button(description=t["label"], tooltip=title, layout=W.Layout(width="auto"))
            b.add_class(f"hexplay-task-{t['code']}")
            b.on_click(lambda _b, t=dict(t): self.start(t))
            b.task_code = t["code"]  # type: ignore[attr-defined]
            self._buttons[key] = b
        return b

    def refresh(self) -> None:
        """Show the unit's legal tasks, AP and plot (traits that did not change send nothing)."""
        c, u = self.controller, self.unit
        self.pick_row.layout.display = "" if self.pending else "none"
        if c is None or u is None:
            self.header.value = "<i>select one of your units on the board</i>"
            self.tasks.children = ()
            self.plotted.value = ""
            self.ap.value = 0
            self.ap_text.value = ""
            return
        self.header.value = f"<b>{html.escape(u)}</b> at {html.escape(str(c.unit_hex(u) or '—'))}"
        try:
            entries = [_task_entry(t) for t in c.legal_tasks(u)]
        except Exception as e:  # the engine refused: show why, offer nothing
            entries = []
            self.show_error(str(e))
        buttons = tuple(self._button(t) for t in entries)
        if buttons != tuple(self.tasks.children):
            self.tasks.children = buttons
        total = float(c.ap_total(u))
        left = float(c.ap_left(u))
        with self.ap.hold_sync():
            self.ap.max = max(total, 1.0)
            self.ap.value = max(0.0, left)
            self.ap.bar_style = "success" if left >= 5 else ("warning" if left > 0 else "danger")
        self.ap_text.value = f"{_fmt(left)} / {_fmt(total)}"
        plotted = c.plotted(u)
        self.plotted.value = (
            "plotted: " + " → ".join(f"<code>{html.escape(p)}</code>" for p in plotted)
            if plotted
            else "<i>nothing plotted</i>"
        )
        if self.pending:
            self._show_prompt()

    def task_codes(self) -> list[str]:
        return [b.task_code for b in self.tasks.children]  # type: ignore[attr-defined]

    def click_task(self, code: str) -> None:
        """Press the button of task ``code`` (what a user click does)."""
        for b in self.tasks.children:
            if b.task_code == code:  # type: ignore[attr-defined]
                b.click()
                return
        self.show_error(f"{code} is not a legal task for {self.unit} now")

    # --- plotting -----------------------------------------------------------------------------
    def start(self, task: dict[str, Any]) -> None:
        self.error.value = ""
        needs = task.get("needs")
        if needs is None:
            self._submit(task["code"])
            return
        self.pending = {"code": task["code"], "needs": needs, "path": []}
        self.refresh()

    def _show_prompt(self) -> None:
        p = self.pending
        assert p is not None
        needs = p["needs"]
        self.hexes.layout.display = "" if needs == "hexes" else "none"
        self.steps.layout.display = "" if needs == "steps" else "none"
        self.done.layout.display = "" if needs in ("path", "hexes", "steps") else "none"
        if needs == "target":
            text = f"{p['code']}: click the target on the board"
        elif needs == "path":
            path = " - ".join(p["path"]) or "(none yet)"
            text = f"{p['code']}: click the hexes to enter, in order; path {html.escape(path)}"
        elif needs == "steps":
            path = " - ".join(p["path"]) or "(none)"
            text = (
                f"{p['code']}: route steps toward the board; if they reach it you may click "
                f"hexes to go on, in order; path {html.escape(path)}"
            )
        else:
            text = f"{p['code']}: how many hexes?"
        self.prompt.value = f"<b>{text}</b>"

    def handle_click(self, hex: str | None, unit: str | None, occupant: str | None = None) -> bool:
        """A board click while picking; returns True if it was used.

        For a target the most specific thing clicked wins: the man aboard a vehicle whose pip
        was clicked (``occupant``), else the counter, else the hex.
        """
        p = self.pending
        if p is None:
            return False
        if p["needs"] == "target":
            target = occupant or unit or hex
            if target is None:
                return True
            self._submit(p["code"], target=target)
            return True
        if p["needs"] in ("path", "steps") and hex is not None:
            if p["path"] and p["path"][-1] == hex:
                self.finish()  # clicking the last hex again ends the path
            else:
                p["path"].append(hex)
                self._show_prompt()
            return True
        return False

    def finish(self) -> None:
        p = self.pending
        if p is None:
            return
        if p["needs"] == "path":
            if not p["path"]:
                self.show_error("click at least one hex to move into")
                return
            self._submit(p["code"], path=list(p["path"]))
        elif p["needs"] == "hexes":
            self._submit(p["code"], hexes=int(self.hexes.value))
        elif p["needs"] == "steps":
            k = int(self.steps.value)
            if k <= 0 and not p["path"]:
                self.show_error("give a number of route steps (or click hexes on the map)")
                return
            kw: dict[str, Any] = {"hexes": k} if k > 0 else {}
            if p["path"]:
                kw["path"] = list(p["path"])
            self._submit(p["code"], **kw)

    def cancel_pending(self) -> None:
        self.pending = None
        self.refresh()

    def _submit(self, code: str, **kw: Any) -> None:
        c, u = self.controller, self.unit
        if c is None or u is None:
            return
        try:
            c.plot(u, code, **kw)
        except Exception as e:  # IllegalOrder (or a ValueError): the engine's words, verbatim
            self.show_error(str(e))
            if self.pending and self.pending.get("needs") in ("path", "steps"):
                self.pending["path"] = []
            self.refresh()
            return
        self._plot_changed()

    def _plot_changed(self) -> None:
        """After a task was plotted or undone: clear the pending task and the error, redraw,
        tell the app."""
        self.pending = None
        self.error.value = ""
        self.refresh()
        if self.on_change:
            self.on_change()

    def undo_last(self) -> None:
        c, u = self.controller, self.unit
        if c is None or u is None:
            return
        try:
            c.unplot(u)
        except Exception as e:
            self.show_error(str(e))
            return
        self._plot_changed()


def _fmt(x: float) -> str:
    return f"{x:g}" if abs(x - round(x)) < 1e-9 else f"{x:.2f}"


class ReplaySlider(W.HBox):
    """A turn slider to replay a finished game on the board: ``on_turn(turn)`` is called."""

    def __init__(self, on_turn: Callable[[int], Any] | None = None, **kwargs: Any) -> None:
        self.slider = W.IntSlider(
            value=0,
            min=0,
            max=0,
            description="replay turn",
            continuous_update=False,
            layout=W.Layout(width="420px"),
        )
        self.play = W.Play(value=0, min=0, max=0, interval=900)
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
