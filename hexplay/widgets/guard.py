"""Browser messages are untrusted: widgets that check every state update and button press.

A Jupyter front end can send any state update (``{"method": "update", "state": {...}}``) or
custom message to any widget, whatever the page shows. The guarded widgets here accept only
the traits a user of that widget can change (:attr:`Guarded.browser_writable`), validate the
new values *before* setting anything (cross-validation included: an out-of-range tab or
dropdown index), and ignore a bad message with a logged warning, leaving the state unchanged.
A :class:`Button` that is disabled or not displayed does nothing, whether it is pressed in the
page or through :meth:`Button.click`.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, ClassVar

import ipywidgets as W
import traitlets

log = logging.getLogger("hexplay.widgets")


def warn(widget: Any, what: str) -> None:
    """Log an ignored browser message (one place, so tests can capture it)."""
    log.warning("hexplay: ignored a browser message to %s: %s", type(widget).__name__, what)


def shown(widget: Any) -> bool:
    """False when ``widget`` is hidden with ``layout.display = "none"``."""
    layout = getattr(widget, "layout", None)
    return getattr(layout, "display", None) != "none"


def json_type_ok(trait: Any, value: Any) -> bool:
    """The JSON type of ``value`` is the trait's own: no casting "1" to 1 or 1 to True."""
    if value is None:
        return False  # a user's click never clears a value: only a script would
    if isinstance(trait, traitlets.Bool):
        return isinstance(value, bool)
    if isinstance(trait, traitlets.Int):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(trait, traitlets.Float):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(trait, traitlets.Unicode):
        return isinstance(value, str)
    return True


class Guarded:
    """Mixin for ipywidgets: checked ``set_state`` from the browser (see the module doc)."""

    #: Traits the front end of this widget legitimately changes.
    browser_writable: ClassVar[frozenset[str]] = frozenset({"value"})

    def set_state(self, sync_data: Any) -> None:  # type: ignore[override]
        if not isinstance(sync_data, Mapping):
            warn(self, f"state must be an object, not {type(sync_data).__name__}")
            return
        bad = sorted(set(sync_data) - set(self.browser_writable))
        if bad:
            warn(self, f"the page may not set {bad}")
            return
        if getattr(self, "disabled", False):
            warn(self, "the widget is disabled")
            return
        for name, raw in sync_data.items():
            try:
                from_json = self.trait_metadata(name, "from_json", self._trait_from_json)  # type: ignore[attr-defined]
                value = from_json(raw, self)
                trait = self.traits()[name]  # type: ignore[attr-defined]
                if not json_type_ok(trait, value):
                    raise TypeError(f"a {type(trait).__name__} needs its own JSON type")
                checked = trait._validate(self, value)
                if checked is not None and checked != value:  # e.g. a bounded int clamps
                    raise ValueError(f"{value!r} is out of range (would become {checked!r})")
            except Exception as e:  # TraitError, TypeError, ValueError from a bad value
                warn(self, f"{name}={raw!r:.60}: {e}")
                return
        try:
            super().set_state(sync_data)  # type: ignore[misc]
        except Exception as e:  # validated above; belt and braces
            warn(self, f"update failed: {e}")

    def _handle_msg(self, msg: Any) -> None:
        try:
            data = msg["content"]["data"]
            method = data["method"]
        except (KeyError, TypeError):
            warn(self, "malformed comm message")
            return
        if method not in ("update", "request_state", "custom"):
            warn(self, f"unknown method {method!r}")
            return
        super()._handle_msg(msg)  # type: ignore[misc]


class Button(Guarded, W.Button):
    """A button whose clicks do nothing while it is disabled or hidden."""

    browser_writable = frozenset()

    def usable(self) -> bool:
        return not self.disabled and shown(self)

    def click(self) -> None:
        if not self.usable():
            log.info("hexplay: %r pressed while disabled or hidden: nothing done", self.description)
            return
        super().click()

    def _handle_button_msg(self, _w: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, Mapping) or content.get("event") != "click":
            warn(self, f"unknown button message {content!r:.60}")
            return
        if not self.usable():
            warn(self, f"{self.description!r} is disabled or hidden")
            return
        super()._handle_button_msg(_w, content, buffers)


class Tab(Guarded, W.Tab):
    browser_writable = frozenset({"selected_index"})


class Dropdown(Guarded, W.Dropdown):
    browser_writable = frozenset({"index"})


class ToggleButtons(Guarded, W.ToggleButtons):
    browser_writable = frozenset({"index"})


class Checkbox(Guarded, W.Checkbox):
    pass


class BoundedIntText(Guarded, W.BoundedIntText):
    pass


class BoundedFloatText(Guarded, W.BoundedFloatText):
    pass


class IntSlider(Guarded, W.IntSlider):
    pass


class Play(Guarded, W.Play):
    browser_writable = frozenset({"value", "playing", "repeat"})


__all__ = [
    "BoundedFloatText",
    "BoundedIntText",
    "Button",
    "Checkbox",
    "Dropdown",
    "Guarded",
    "IntSlider",
    "Play",
    "Tab",
    "ToggleButtons",
    "shown",
    "warn",
]
