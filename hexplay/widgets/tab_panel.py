"""An HTML panel in one of the app's tabs that makes its content only when it is on screen.

:class:`GameApp` calls ``on_hidden`` / ``on_shown`` as a tab leaves / comes on screen.  While
hidden, :meth:`TabHTML.show` keeps the newest content as the function that makes it (nothing
computed, nothing sent: a click's answer carries no message for a panel nobody sees); when
shown, that function runs and the panel holds what it would have held at once.  A tab leaving
the screen empties its panel (one message, at the tab switch, not at a click): a hidden panel
never holds content made for an earlier moment (a unit since lost, a target since hidden);
shown again it makes its content anew.  A panel never told it is hidden makes its content at
once.  :meth:`TabHTML.blank` is at once, shown or hidden (a hand-over: nothing of the last
player's stays in the widget, nor waits there).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W


class TabHTML(W.HTML):
    """``W.HTML`` whose content waits while its tab is hidden (see the module doc)."""

    def __init__(self, value: str = "", **kwargs: Any) -> None:
        super().__init__(value, **kwargs)
        self.visible = True
        #: What makes the panel's content (the newest :meth:`show`), run when shown.
        self._make: Callable[[], str] = lambda: value

    @property
    def stale(self) -> bool:
        """Hidden: the content is made when the tab is shown."""
        return not self.visible

    def show(self, content: str | Callable[[], str]) -> None:
        """Show ``content`` (a string, or the function making it): now if on screen, else when
        the tab is shown (the newest content replaces one waiting)."""
        self._make = content if callable(content) else (lambda: content)
        if self.visible:
            self.value = self._make()

    def blank(self, value: str = "") -> None:
        """``value`` at once, shown or hidden; nothing left waiting."""
        self._make = lambda: value
        self.value = value

    def on_shown(self) -> None:
        """The tab is on screen: make the content now."""
        self.visible = True
        self.value = self._make()

    def on_hidden(self) -> None:
        """The tab left the screen: empty the panel until it is shown again."""
        self.visible = False
        if self.value:
            self.value = ""
