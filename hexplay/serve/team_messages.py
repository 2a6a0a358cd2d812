"""A commander's messages on the seat page (team play): a box to write to the other commanders
of the side, and the messages the seat's picture holds, each marked as it went.

The table carries the text (the ``message`` intent) and decides its delivery by the game's
rules (:meth:`~hexplay.engine.commanders.CommandedGame.message`); the box shows only what the
seat's own state holds (its picture's ``messages``: those it sent, with every recipient's
delivery, and those that reached it), so it shows nothing the commander may not know.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as W

from ..engine.commanders import MESSAGE_MAX
from ..widgets import guard as G

MARKS = {"now": "delivered", "delayed": "delayed", "lost": "lost"}
"""A delivery as the page says it."""


def everyone(side: str) -> str:
    """The recipient meaning every other commander of ``side``."""
    return f"{side}/*"


def mark(delivery: Any) -> str:
    """What the page says of one message's delivery: a received one's (``"now"`` or
    ``"delayed"``), or a sent one's per recipient (``{"defender/E1": "lost", ...}``)."""
    if isinstance(delivery, Mapping):
        return ", ".join(
            f"{MARKS.get(h, h)} to {r.partition('/')[2] or r}" for r, h in sorted(delivery.items())
        )
    return MARKS.get(delivery, str(delivery))


def message_rows(messages: list[Mapping[str, Any]], seat: str) -> str:
    """The messages as HTML, newest first, each with its turn, sender, recipient and mark."""
    rows = []
    for m in reversed(messages):
        sent = m.get("from") == seat
        how = mark(m.get("delivery"))
        state = "sent" if sent else str(m.get("delivery"))
        rows.append(
            f"<div class='hexplay-message' data-from='{html.escape(str(m.get('from')))}' "
            f"data-delivery='{html.escape(state)}'>"
            f"<small>turn {html.escape(str(m.get('turn')))} · "
            f"{html.escape(str(m.get('from')))} → {html.escape(str(m.get('to')))} "
            f"<i>({html.escape(how)})</i></small><br>{html.escape(str(m.get('text')))}</div>"
        )
    return "".join(rows) or "<div class='hexplay-message-none'><small>no message</small></div>"


class MessageText(G.Guarded, W.Text):
    """The message's text: the page may set its value only (type-checked)."""


class MessageBox(W.VBox):
    """To (a commander of the side, or all of them), a text (at most :data:`MESSAGE_MAX`
    characters, the table's rule), Send, and the seat's messages.

    ``send(to, text)``: the table's ``message`` intent (an exception's text is shown)."""

    def __init__(self, seat: str, send: Callable[[str, str], Any]) -> None:
        self.seat = seat
        self.side = seat.partition("/")[0]
        self._post = send
        self.to = G.Dropdown(description="To", layout=W.Layout(width="auto"))
        self.text = MessageText(
            placeholder=f"a short message (at most {MESSAGE_MAX} characters)",
            continuous_update=True,
            layout=W.Layout(width="auto"),
        )
        self.text.add_class("hexplay-message-text")
        self.send_button = G.Button(description="Send", icon="paper-plane")
        self.send_button.add_class("hexplay-message-send")
        self.send_button.on_click(lambda _b: self.send())
        self.note = W.HTML()
        self.note.add_class("hexplay-message-note")
        self.list = W.HTML(message_rows([], seat))
        self.list.add_class("hexplay-messages")
        self.text.observe(lambda _c: self._count(), "value")
        super().__init__(
            [
                W.HTML("<b>Messages</b>"),
                self.to,
                W.HBox([self.text, self.send_button]),
                self.note,
                self.list,
            ]
        )
        self.add_class("hexplay-message-box")

    def _count(self) -> None:
        n = len(self.text.value)
        over = n > MESSAGE_MAX
        self.note.value = f"<small>{n}/{MESSAGE_MAX}{' : too long' if over else ''}</small>"

    def update(self, state: Mapping[str, Any]) -> None:
        """Show ``state``'s (the seat's own) recipients and messages."""
        team = state.get("team") or {}
        cmds = (team.get("commands") or {}).get(self.side, {})
        others = [c for c in cmds if c != self.seat]
        options = [(f"all of the {self.side}", everyone(self.side))]
        options += [(c.partition("/")[2], c) for c in others]
        if list(self.to.options) != options:
            keep = self.to.value
            self.to.options = options
            self.to.value = keep if keep in dict(options).values() else everyone(self.side)
        msgs = (state.get("view") or {}).get("messages") or []
        self.list.value = message_rows(list(msgs), self.seat)

    def send(self) -> bool:
        """Send the text to the chosen recipient; True if the table took it."""
        text = self.text.value
        if not text.strip():
            self.note.value = "<small>write a message first</small>"
            return False
        if len(text) > MESSAGE_MAX:
            self.note.value = f"<small>at most {MESSAGE_MAX} characters ({len(text)})</small>"
            return False
        try:
            self._post(self.to.value or everyone(self.side), text)
        except Exception as e:  # the table's refusal, said on the page
            self.note.value = f"<small>not sent: {html.escape(str(e))}</small>"
            return False
        self.text.value = ""
        self.note.value = "<small>sent</small>"
        return True
