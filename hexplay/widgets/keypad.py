"""KeyPad: the buttons of the keys a game's adapter declares (:attr:`~.adapter.GameUI.keys`),
in its rows, with Next unit; what a key does is the shell's (:meth:`.game_app.GameApp.press`).

Stable CSS classes: ``hexplay-keys`` (the pad), ``hexplay-key-<key>`` (each key's button),
``hexplay-next-unit``. Hidden for a game that declares no key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as W

from . import guard as G


class KeyPad(W.VBox):
    """One button per declared key (``keys``: key -> an object with a ``title``), laid out
    in ``rows``; ``on_key(key)`` is called with the key pressed."""

    def __init__(self, keys: Mapping[str, Any], rows: Sequence[Sequence[str]] = ()) -> None:
        self.on_key: Callable[[str], Any] | None = None
        self.buttons: dict[str, W.Button] = {}
        rows = [list(r) for r in rows] or ([list(keys)] if keys else [])
        for k in (k for r in rows for k in r):
            b = G.Button(description=k, tooltip=keys[k].title, layout=W.Layout(width="44px"))
            b.add_class(f"hexplay-key-{k}")
            b.on_click(lambda _b, k=k: self._press(k))
            self.buttons[k] = b
        self.next_unit = G.Button(description="Next unit", icon="forward")
        self.next_unit.add_class("hexplay-next-unit")
        lines: list[W.Widget] = [W.HBox([self.buttons[k] for k in r]) for r in rows]
        if lines:
            lines[-1] = W.HBox([*lines[-1].children, self.next_unit])
        super().__init__(lines)
        self.add_class("hexplay-keys")
        self.layout.display = "" if keys else "none"

    def _press(self, key: str) -> None:
        if self.on_key is not None:
            self.on_key(key)
