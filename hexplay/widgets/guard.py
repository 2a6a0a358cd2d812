"""Browser messages are untrusted: widgets that check every state update and button press.

A Jupyter front end can send any state update (``{"method": "update", "state": {...}}``) or
custom message to any widget, whatever the page shows. The guarded widgets here accept only
the traits a user of that widget can change (:attr:`Guarded.browser_writable`), validate the
new values *before* setting anything (cross-validation included: an out-of-range tab or
dropdown index), and ignore a bad message with a logged warning, leaving the state unchanged.
A :class:`Button` that is disabled or not displayed (itself or a container it is in, e.g. a
hidden confirm row) does nothing, whether it is pressed in the page or through
:meth:`Button.click`.

Every comm message is checked before any widget reads it (:func:`browser_msg`: an object with
``data``, a known ``method``, a ``state`` object, ``buffer_paths`` that fit the buffers); a bad
one is ignored with a warning. Widgets that are display only (HTML panels, boxes, layouts,
styles, progress bars, bqplot figures...) take no state from the page: :func:`guard_tree`
walks an app's widget tree and gives every widget not guarded by its class a comm handler
that ignores state updates (:class:`DisplayOnly`), and tells each :class:`Button` the
containers it is shown in.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import ipywidgets as W
import traitlets

log = logging.getLogger("hexplay.widgets")


def warn(widget: Any, what: str) -> None:
    """Log an ignored browser message (one place, so tests can capture it)."""
    log.warning("hexplay: ignored a browser message to %s: %s", type(widget).__name__, what)


def shown(widget: Any) -> bool:
    """False when ``widget`` is hidden with ``layout.display = "none"`` or
    ``layout.visibility = "hidden"``."""
    layout = getattr(widget, "layout", None)
    return getattr(layout, "display", None) != "none" and (
        getattr(layout, "visibility", None) != "hidden"
    )


METHODS = ("update", "request_state", "custom")
"""The comm methods a front end sends to a widget (ipywidgets' protocol)."""


def _path_ok(path: Any) -> bool:
    return isinstance(path, list) and all(
        isinstance(k, str) or (isinstance(k, int) and not isinstance(k, bool)) for k in path
    )


def browser_msg(widget: Any, msg: Any) -> tuple[str, Any, list[Any]] | None:
    """A comm message from the page as ``(method, payload, buffers)``, or None (a warning
    logged) when it is malformed: no ``content.data``, an unknown ``method``, an update whose
    ``state`` is not an object, ``buffer_paths`` that do not fit the buffers or the state.
    The payload is an update's state (buffers put in place), a custom message's content, or
    None for ``request_state``. It reads what ipywidgets' ``Widget._handle_msg`` reads, and
    never raises."""
    from ipywidgets.widgets.widget import _put_buffers

    content = msg.get("content") if isinstance(msg, Mapping) else None
    data = content.get("data") if isinstance(content, Mapping) else None
    if not isinstance(data, Mapping):
        warn(widget, "a comm message without data")
        return None
    method = data.get("method")
    if not isinstance(method, str) or method not in METHODS:
        warn(widget, f"unknown method {method!r:.40}")
        return None
    buffers = msg.get("buffers")
    buffers = [] if buffers is None else buffers
    if not isinstance(buffers, (list, tuple)):
        warn(widget, "buffers must be a list")
        return None
    if method == "request_state":
        return method, None, []
    if method == "custom":
        if "content" not in data:
            warn(widget, "a custom message without content")
            return None
        return method, data["content"], list(buffers)
    state = data.get("state")
    if not isinstance(state, Mapping):
        warn(widget, f"an update's state must be an object, not {type(state).__name__}")
        return None
    state = dict(state)
    if "buffer_paths" in data:
        paths = data["buffer_paths"]
        if (
            not isinstance(paths, list)
            or len(paths) != len(buffers)
            or not all(_path_ok(p) and p for p in paths)
        ):
            warn(widget, "buffer_paths must be one path (a list of keys) per buffer")
            return None
        try:
            _put_buffers(state, paths, list(buffers))
        except (KeyError, IndexError, TypeError) as e:
            warn(widget, f"buffer_paths do not fit the state: {type(e).__name__} {e}")
            return None
    return method, state, list(buffers)


class PageMessages:
    """Mixin for ipywidgets: every comm message checked by :func:`browser_msg` before the
    widget's ``set_state`` (update), ``send_state`` (request_state) or custom-message
    handlers see it (a custom message is an object; ``custom_events``: the ``event`` values
    a stock widget's own handler takes, None when the widget checks its messages itself)."""

    custom_events: ClassVar[frozenset[str] | None] = None

    def _handle_msg(self, msg: Any) -> None:
        checked = browser_msg(self, msg)
        if checked is None:
            return
        method, payload, buffers = checked
        if method == "update":
            self.set_state(payload)  # type: ignore[attr-defined]
        elif method == "request_state":
            self.send_state()  # type: ignore[attr-defined]
        elif not isinstance(payload, Mapping):
            warn(self, f"a custom message is an object, not {type(payload).__name__}")
        elif not self._msg_callbacks.callbacks:  # type: ignore[attr-defined]
            warn(self, "the widget takes no custom messages")
        elif self.custom_events is not None and payload.get("event") not in self.custom_events:
            warn(self, f"unknown custom message {dict(payload)!r:.60}")
        else:
            self._handle_custom_msg(payload, buffers)  # type: ignore[attr-defined]


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


class Guarded(PageMessages):
    """Mixin for ipywidgets: checked comm messages and a checked ``set_state`` from the
    browser (see the module doc)."""

    #: Traits the front end of this widget legitimately changes.
    browser_writable: ClassVar[frozenset[str]] = frozenset({"value"})
    #: Custom events its page sends (ipywidgets' own: a button's click, a text's submit).
    custom_events: ClassVar[frozenset[str] | None] = frozenset()

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


class Button(Guarded, W.Button):
    """A button whose clicks do nothing while it is disabled or hidden."""

    browser_writable = frozenset()
    custom_events = frozenset({"click"})
    #: The containers the button is shown in (set by :func:`guard_tree`): hidden with any
    #: of them (a confirm row not shown), the button is hidden.
    containers: tuple[Any, ...] = ()

    def usable(self) -> bool:
        return not self.disabled and shown(self) and all(shown(c) for c in self.containers)

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


class DisplayOnly:
    """The comm handler of a widget the page only displays: every message checked by
    :func:`browser_msg`; ``request_state`` answered; a state update or a custom message
    ignored with a warning (the page owns none of the widget's traits, and the app listens to
    no event of it: a widget that takes the page's input is a :class:`PageMessages`)."""

    def __init__(self, widget: Any) -> None:
        self.widget = weakref.ref(widget)

    def __call__(self, msg: Any) -> None:
        w = self.widget()
        if w is None:
            return
        checked = browser_msg(w, msg)
        if checked is None:
            return
        method, payload, buffers = checked
        if method == "update":
            warn(w, f"the page may not set {sorted(map(str, payload))[:8]} (display only)")
        elif method == "request_state":
            w.send_state()
        else:
            warn(w, "the page's events are not listened to (display only)")


def _sub_widgets(w: Any) -> Iterator[Any]:
    """The widgets ``w`` holds in its synced traits (children, layout, style, a figure's marks,
    axes and scales...)."""
    for name in getattr(w, "keys", ()):
        try:
            v = getattr(w, name)
        except Exception:  # a trait that cannot be read is no sub-widget
            continue
        vals = v.values() if isinstance(v, dict) else v if isinstance(v, (list, tuple)) else (v,)
        for x in vals:
            if isinstance(x, W.Widget):
                yield x


def widget_tree(root: Any, parents: tuple[Any, ...] = ()) -> Iterator[tuple[Any, tuple[Any, ...]]]:
    """Every widget reachable from ``root`` once, with the containers it is shown in (its
    ancestors, outermost first; ``parents``: ``root``'s own)."""
    seen: set[int] = set()
    stack: list[tuple[Any, tuple[Any, ...]]] = [(root, parents)]
    while stack:
        w, above = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        yield w, above
        inner = (*above, w)
        stack.extend((x, inner) for x in _sub_widgets(w))


def guard_widget(w: Any, parents: tuple[Any, ...] = ()) -> bool:
    """Guard one widget of an app (see the module doc): a widget whose class does not check
    the page's messages (not :class:`PageMessages`) gets a :class:`DisplayOnly` comm handler;
    a :class:`Button` learns the containers it is shown in. True if it got a handler now."""
    if isinstance(w, Button):
        w.containers = parents
    if isinstance(w, PageMessages):
        return False
    comm = getattr(w, "comm", None)
    if comm is None or getattr(w, "_hexplay_guarded_comm", None) is comm:
        return False
    comm.on_msg(DisplayOnly(w))
    w._hexplay_guarded_comm = comm
    return True


def guard_tree(root: Any, parents: tuple[Any, ...] = ()) -> int:
    """Guard every widget of ``root``'s tree (:func:`guard_widget`); returns how many got a
    handler now (one already guarded is skipped)."""
    return sum(guard_widget(w, above) for w, above in widget_tree(root, parents))


class TreeGuard:
    """Keeps ``root``'s widget tree guarded (:func:`guard_widget`) as it changes: call it
    after anything that may have made widgets or put widgets in the tree. It walks the whole
    tree when a widget was made since the last walk (a new layout or style is set as a trait
    nobody watches) or when forced (``force``); else only the subtrees of containers whose
    children (a figure's marks or axes) changed since; else nothing."""

    #: Traits that put widgets in the tree (watched on every widget that has them).
    TREE_TRAITS = ("children", "marks", "axes")

    def __init__(self, root: Any) -> None:
        self.root = root
        self.newest: Any = None
        self.walks = 0  # whole-tree walks (a test and a benchmark count them)
        self._first = True
        self._changed_boxes: dict[int, Any] = {}
        #: id -> (watched container, its ancestors); the container kept: its id stays its own
        self._parents: dict[int, tuple[Any, tuple[Any, ...]]] = {}

    def _changed(self, change: Any) -> None:
        owner = change["owner"]
        self._changed_boxes[id(owner)] = owner

    def _walk(self, root: Any, parents: tuple[Any, ...]) -> int:
        n = 0
        for w, above in widget_tree(root, parents):
            n += guard_widget(w, above)
            names = [t for t in self.TREE_TRAITS if t in getattr(w, "keys", ())]
            if names:
                if id(w) not in self._parents:
                    w.observe(self._changed, names=names)
                self._parents[id(w)] = (w, above)
        return n

    def __call__(self, force: bool = False) -> int:
        newest = newest_widget()
        if force or self._first or newest != self.newest:
            self._first, self.newest = False, newest
            self._changed_boxes.clear()
            self.walks += 1
            return self._walk(self.root, ())
        n = 0
        while self._changed_boxes:
            _, box = self._changed_boxes.popitem()
            known = self._parents.get(id(box))
            if known is not None:  # (a container out of the tree: walked when it joins)
                n += self._walk(box, known[1])
        return n


def newest_widget() -> Any:
    """The model id of the newest widget alive (a widget created since a walk changes it)."""
    from ipywidgets.widgets.widget import _instances

    return next(reversed(_instances), None) if _instances else None


__all__ = [
    "BoundedFloatText",
    "BoundedIntText",
    "Button",
    "Checkbox",
    "DisplayOnly",
    "Dropdown",
    "Guarded",
    "PageMessages",
    "IntSlider",
    "Play",
    "Tab",
    "ToggleButtons",
    "TreeGuard",
    "browser_msg",
    "guard_tree",
    "guard_widget",
    "newest_widget",
    "shown",
    "widget_tree",
    "warn",
]
