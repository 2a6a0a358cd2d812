"""SeatApp: the ordinary app (:class:`~hexplay.widgets.game_app.GameApp` with the game's UI
adapter) for one seat of a table game, over a :class:`~hexplay.serve.client.RemoteGame`.

What differs from the app on a local game, because the table is the referee:

- the screen is the seat's: a side's seat shows that side's view only (the other sides are
  neither at this screen nor played by this page: the table's other seats play them); the
  referee's seat shows everything, with a side picker to look at each side's orders;
- the table does the set-up, the resolution and the timer: ``End plot`` submits the seat's plot
  and the page waits for the push of the resolved turn; a "Default set-up" button asks the table
  for the game's default set-up of the seat's side (shown for a game that declares one; a
  game's adapter may also let its players place units by clicks);
- the table's live status above the panels: each side plotting / submitted (or to move /
  waiting), whether its page is connected, and the class timer's time left;
- team play: a commander's box to write to the other commanders of its side and the messages
  its picture holds, each marked delivered, delayed or lost (:mod:`.team_messages`);
- every game query of the adapters (AP left, odds, reach, plot chart...) is one of the table's
  named queries (:mod:`hexplay.serve.queries`), answered for the seat's side only.

Pushes arrive on the watch thread; the app redraws on the kernel's own loop (when there is
one), so a push and a click are never handled at once.
"""

from __future__ import annotations

import html
import logging
import os
import threading
import time
import urllib.parse
from typing import Any

import ipywidgets as W

from ..engine import REFEREE
from ..widgets import guard as G
from ..widgets.adapter import GameUI
from ..widgets.game_app import GameApp, _registered_ui
from .client import RemoteGame, TableUnavailable, parse_link, state_order
from .queries import SETUPS
from .team_messages import MessageBox

log = logging.getLogger("hexplay.serve")

BUSY = ("setting up", "plotting", "to move")
"""A side's table status while it must act."""


def _on_kernel_loop(fn) -> None:
    """Run ``fn`` on the kernel's loop (thread-safe), or at once outside a kernel."""
    loop = None
    try:
        from IPython import get_ipython

        loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    except Exception:  # pragma: no cover - no IPython
        loop = None
    if loop is None:
        fn()
    else:
        loop.add_callback(fn)


class SeatApp(GameApp):
    """The app of one seat: ``SeatApp(RemoteGame(link))``; ``watch=False`` draws only when asked
    (:meth:`pull`), for tests that step it by hand."""

    game: RemoteGame

    def __init__(
        self, game: RemoteGame, ui: type[GameUI] | None = None, watch: bool = True,
        board_height: str = "",
    ) -> None:  # fmt: skip
        self.seat = game.seat
        self.side = getattr(game, "side", game.seat)
        """The seat's side (team play: a commander's seat ``"<side>/<command>"`` plays it)."""
        self._lock = threading.RLock()
        self._drawn: tuple[tuple[int, int], int] | None = None  # (state order, turn) drawn
        self.table_status = W.HTML()
        self.table_status.add_class("hexplay-seat-status")
        self.setup_button = G.Button(description="Default set-up", icon="magic")
        self.setup_button.add_class("hexplay-seat-setup")
        self.setup_button.on_click(lambda _b: self.default_setup())
        referee = self.seat == REFEREE
        others = None if referee else tuple(s for s in game.info.sides if s != self.side)
        super().__init__(
            game,
            ui=ui or _registered_ui(game.info.name),
            vs_computer=others,
            hot_seat=False,
            referee=referee,
            board_height=board_height,
        )
        self.controls.new_game.layout.display = "none"  # the teacher makes the table's games
        if referee:  # the referee watches and looks; the sides play
            self.controls.end_plot.layout.display = "none"
            self.builder.layout.display = "none"
        side_panel = self.children[0].children[1]
        extra: tuple[W.Widget, ...] = ()
        self.messages: MessageBox | None = None
        """Team play: the commander's messages (a box to the side's other commanders)."""
        if not referee and game.state.get("team"):
            self.messages = MessageBox(self.seat, self._message)
            extra = (self.messages,)
        side_panel.children = (self.table_status, self.setup_button, *side_panel.children)
        side_panel.children += extra
        self._show_table()
        if watch:
            game.watch(self._on_push)

    # --- the table sets up, resolves and plays the other sides -----------------------------
    def _start_game(self, game: Any) -> None:
        """Nothing: each seat sets its own side up (or asks for the default set-up)."""

    def _advance(self, game: Any) -> list[dict[str, Any]]:
        return []  # the table resolves as soon as every side has submitted

    def _player(self, name: str | None, side: str, seed: int) -> Any:
        return None  # another seat plays that side

    def _estimate(self, game: Any, n: int, seed: int) -> None:
        return None  # the estimate needs the true state; a seat has its view only

    # --- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        with self._lock:
            turn = self.game.state["status"]["turn"]
            if self._drawn is not None and turn != self._drawn[1]:
                self._new_turn(turn)  # resolved by the table (this seat's submit or a push)
            super().refresh()
            self.controls.resolve.layout.display = "none"  # the table resolves
            self._show_table()
            st = self.game.state
            self._drawn = (state_order(st), st["status"]["turn"])

    def _show_table(self) -> None:
        """The table's live status: each side's, its page connected, the time left."""
        if not hasattr(self, "game"):
            return
        st = self.game.status()
        bits = []
        for side, what in st["sides"].items():
            you = " (you)" if side == self.side else ""
            on = st.get("connected", {}).get(side)
            dot = "&#9679;" if on else "&#9675;"
            bits.append(
                f"<span class='hexplay-seat-side' data-side='{html.escape(side)}' "
                f"data-status='{html.escape(what)}'>{dot} <b>{html.escape(side)}</b>{you}: "
                f"{html.escape(what)}</span>"
            )
        team = self.game.state.get("team") or {}
        for cmds in (team.get("commands") or {}).values():
            for who, what in cmds.items():
                you = " (you)" if who == self.seat else ""
                bits.append(
                    f"<span class='hexplay-seat-command' data-command='{html.escape(who)}' "
                    f"data-status='{html.escape(what)}'>{html.escape(who)}{you}: "
                    f"{html.escape(what)}</span>"
                )
        if st.get("deadline"):
            left = max(0, round(st["deadline"] - time.time()))
            bits.append(f"<span class='hexplay-seat-timer' data-left='{left}'>{left} s left</span>")
        info = self.game.info
        name = info.title or info.name.upper()
        title = html.escape(f"{name} {st.get('title') or ''}".strip())
        self.table_status.value = (
            f"<div><b>{title}</b> · seat: {html.escape(self.seat)} · turn {st['turn']}</div>"
            + " · ".join(bits)
        )
        box = getattr(self, "messages", None)  # (not yet made while the app starts)
        if box is not None:
            box.update(self.game.state)
        setting_up = st["phase"] == "setup" and st["sides"].get(self.side) == "setting up"
        can = setting_up and self.game.info.name in SETUPS
        self.setup_button.layout.display = "" if can else "none"

    def _on_push(self, state: dict[str, Any]) -> None:
        """A state pushed by the table (on the watch thread): redraw on the kernel's loop."""
        _on_kernel_loop(lambda: self._pushed(state))

    def _pushed(self, state: dict[str, Any]) -> None:
        try:
            with self._lock:
                if self._drawn is not None and state_order(state) <= self._drawn[0]:
                    return  # drawn already (the reply to this page's own intent)
                self.refresh()
        except Exception:  # a push must never break the page: the next one redraws
            log.exception("seat %s: could not draw the pushed state", self.seat)

    def pull(self) -> None:
        """Fetch the seat's state now and redraw (what a push does)."""
        self._pushed(self.game.refresh())

    def _new_turn(self, turn: int) -> None:
        self.selected_unit = None
        self.builder.set_unit(None, refresh=False)
        self.board.clear_overlays()
        self.controls.say(f"turn resolved; now turn {turn}")

    # --- intents --------------------------------------------------------------------------
    def _on_board_click(self, ev: dict[str, Any]) -> None:
        with self._lock:
            super()._on_board_click(ev)

    def _proceed(self, previous: str | None = None) -> None:
        """After the seat's End plot: the table resolves when every side is in."""
        turn = self._drawn[1] if self._drawn else None
        self.refresh()
        st = self.game.status()
        waiting = [s for s, v in st["sides"].items() if v in BUSY and s != self.side]
        if waiting and not st["over"] and st["turn"] == turn:
            self.controls.say(f"{previous} submitted; waiting for {', '.join(waiting)}")

    def default_setup(self) -> None:
        """Ask the table for the game's default set-up of the seat's side."""
        try:
            self.game.setup()
        except Exception as e:
            self.controls.say(str(e), error=True)
        self.refresh()

    def _message(self, to: str, text: str) -> None:
        """Send a message (team play) and show it at once (the reply holds the new state)."""
        self.game.message(to, text)
        if self.messages is not None:
            self.messages.update(self.game.state)

    def resolve(self) -> None:
        """The table resolves by itself once every side has submitted."""

    def new_game(self) -> None:
        self.controls.say("the teacher starts new games at the table", error=True)

    def replay_view(self, turn: int) -> dict[str, Any] | None:
        cache = self.__dict__.setdefault("_replay_cache", {})
        if turn not in cache:
            try:
                cache[turn] = self.game.replay_view(turn)
            except Exception as e:
                self.controls.say(str(e), error=True)
                return None
        return cache[turn]

    def close(self) -> None:
        self.game.close()
        super().close()


def _note(title: str, text: str) -> W.HTML:
    """A plain message in place of the app (the page's student reads it)."""
    w = W.HTML(f"<h3>{html.escape(title)}</h3><p>{html.escape(text)}</p>")
    w.add_class("hexplay-seat-note")
    return w


def seat_page(query: str | None = None, table_url: str | None = None) -> W.Widget:
    """What the seat page of ``hexplay serve`` shows (its packaged ``seat.ipynb`` in Voila):
    the :class:`SeatApp` of the seat its ``?link=`` opens, or a message saying what is wrong.

    ``query``: the page's query string (default: Voila's ``QUERY_STRING``); ``table_url``: the
    only table whose links the page opens (default: :data:`~hexplay.serve.seat_pages.TABLE_ENV`,
    set by ``hexplay serve``; none: any table)."""
    from .seat_pages import TABLE_ENV

    query = os.environ.get("QUERY_STRING", "") if query is None else query
    table_url = os.environ.get(TABLE_ENV, "") if table_url is None else table_url
    link = (urllib.parse.parse_qs(query).get("link") or [""])[0]
    if not link:
        return _note("No seat", "Open this page from your seat's link (the teacher has them).")
    try:
        base, _gid, _token = parse_link(link)
    except ValueError:
        return _note("Not a seat link", "This page needs your seat's link; ask the teacher.")
    if table_url and base.lower() != table_url.rstrip("/").lower():
        return _note(
            "Another table's link", f"This page opens seats of the table at {table_url} only."
        )
    try:
        game = RemoteGame(link)
    except PermissionError:
        return _note("No such seat", "This link opens no seat of a game here; ask the teacher.")
    except (TableUnavailable, OSError) as e:
        return _note("The table cannot be reached", f"Reload the page in a moment ({e}).")
    return SeatApp(game)
