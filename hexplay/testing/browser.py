"""The kit's browser-message check: hostile comm messages to every widget of the game's app.

A page (or anything that speaks the Jupyter widget protocol to the kernel) may send any comm
message to any widget it was shown. The check opens ``GameApp(name)`` (with the win
probability gauge when the game's adapter has one, every tab shown once so lazily made panels
exist), then sends each widget of its tree, through the widget's comm as the kernel delivers
it: messages without ``content``/``data``, unknown methods, updates without a state or with a
state that is not an object, ``buffer_paths`` that do not fit, junk in every trait the widget
syncs, junk custom messages. Each must be ignored with a warning logged by ``hexplay.widgets``
(never an exception, nor a traceback logged by ipywidgets), and after all of them the game
(state, dice, commands) and every widget trait the page does not own are as before.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Iterator
from typing import Any
from unittest import mock

from .kit import Kit, _fail, canon

TRAIT_JUNK: tuple[Any, ...] = (None, "x", 10**30, [[[]]], {"junk": [1]})
"""Values sent in place of every synced trait of every widget."""

OWNED_JUNK: tuple[Any, ...] = ([[[]]], {"junk": [1]})
"""Values sent to the traits a widget's page owns (valid for none of them)."""

CUSTOM_JUNK: tuple[Any, ...] = (None, "x", [1], {"event": "nope"}, {"type": "click", "hex": 5})
"""Custom-message contents (none of them a click a widget would act on)."""


def envelopes() -> Iterator[tuple[str, dict[str, Any]]]:
    """Malformed comm messages (what, message), whatever the widget."""
    data = lambda **d: {"content": {"data": d}, "buffers": []}  # noqa: E731
    yield "an empty message", {}
    yield "no content", {"buffers": []}
    yield "no data", {"content": {}}
    yield "data not an object", {"content": {"data": [1, 2]}}
    yield "no method", data(state={})
    yield "an unknown method", data(method="drop_tables")
    yield "a kernel-side method", data(method="echo_update", state={})
    yield "a method that is not a string", data(method=["update"])
    yield "an update without a state", data(method="update")
    yield "a state that is a list", data(method="update", state=[1])
    yield "a state that is a string", data(method="update", state="x")
    yield "buffer_paths without buffers", data(method="update", state={}, buffer_paths=[["x"]])
    yield (
        "buffer_paths into nothing",
        {
            "content": {"data": {"method": "update", "state": {}, "buffer_paths": [["a", "b"]]}},
            "buffers": [b"x"],
        },
    )
    yield "buffer_paths not a list", data(method="update", state={}, buffer_paths="x")
    yield (
        "buffers not a list",
        {"content": {"data": {"method": "update", "state": {}}}, "buffers": 5},
    )
    yield "a custom message without content", data(method="custom")


def _update(state: dict[str, Any]) -> dict[str, Any]:
    return {"content": {"data": {"method": "update", "state": state}}, "buffers": []}


def _custom(content: Any) -> dict[str, Any]:
    return {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}


def _owned(w: Any) -> frozenset[str]:
    from ..widgets.guard import Guarded

    return frozenset(w.browser_writable) if isinstance(w, Guarded) else frozenset()


def _plain(v: Any) -> Any:
    import ipywidgets as W

    if isinstance(v, W.Widget):
        return f"widget:{v.model_id}"
    return repr(v)


def fingerprint(w: Any) -> str:
    """The widget's synced traits the page does not own, as one string."""
    state = {k: getattr(w, k, None) for k in w.keys if k not in _owned(w) and k != "comm"}
    return json.dumps(state, sort_keys=True, default=_plain)


def hostile_messages(w: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every hostile message the check sends ``w`` (what, message)."""
    yield from envelopes()
    owned = _owned(w)
    for key in w.keys:
        for junk in OWNED_JUNK if key in owned else TRAIT_JUNK:
            yield f"{key}={junk!r}", _update({key: junk})
    yield "every trait junk at once", _update({k: "junk" for k in w.keys if k not in owned})
    yield "an unknown trait", _update({"__class__": "x", "no_such_trait": 1})
    for junk in CUSTOM_JUNK:
        yield f"custom {junk!r}", _custom(junk)


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.contextmanager
def _capture() -> Iterator[_Records]:
    """Every log record (hexplay's warnings; ipywidgets' "Exception in widget method")."""
    h = _Records()
    root, ours = logging.getLogger(), logging.getLogger("hexplay.widgets")
    levels = root.level, ours.level
    root.addHandler(h)
    root.setLevel(logging.WARNING)
    ours.setLevel(logging.WARNING)
    try:
        yield h
    finally:
        root.removeHandler(h)
        root.setLevel(levels[0])
        ours.setLevel(levels[1])


def _reraise() -> Any:
    """ipywidgets shows a handler's traceback (``get_ipython().showtraceback()``) instead of
    raising it: a shell whose ``showtraceback`` raises it again makes any such error the
    check's failure."""

    class Shell:
        events = mock.MagicMock()

        @staticmethod
        def showtraceback(*_a: Any, **_k: Any) -> None:
            raise  # noqa: PLE0704 (the error being handled)

    return Shell()


def open_app(kit: Kit) -> Any:
    """The game's app for the check: the computer plays the other sides, the gauge on when
    the adapter has one, every tab shown once (lazily made panels exist)."""
    from ..widgets.game_app import GameApp

    sides = kit.entry.info.sides
    kw: dict[str, Any] = {"seed": kit.seed, "vs_computer": tuple(sides[1:]), "hot_seat": False}
    try:
        app = GameApp(kit.name, win_probability=True, win_probability_n=2, **kw)
    except ValueError:  # no gauge for this game
        app = GameApp(kit.name, **kw)
    first = app.tabs.selected_index
    for i in range(len(app.tabs.children)):
        app.tabs.selected_index = i
    app.tabs.selected_index = first
    app.guard_widgets(force=True)
    return app


def hostile_to_tree(root: Any, what: str = "") -> int:
    """Send :func:`hostile_messages` to every widget of ``root``'s tree through its comm;
    AssertionError (naming ``what``) if one raises, is taken without a warning by
    ``hexplay.widgets``, or changes a trait the page does not own. Returns the number sent."""
    import ipywidgets as W

    from ..widgets.guard import widget_tree

    widgets = [w for w, _p in widget_tree(root) if isinstance(w, W.Widget) and w.comm is not None]
    before = {w.model_id: fingerprint(w) for w in widgets}
    sent = 0
    with (
        _capture() as log,
        mock.patch("ipywidgets.widgets.widget.get_ipython", _reraise),
        mock.patch("IPython.get_ipython", lambda: None),
    ):
        for w in widgets:
            for case, msg in hostile_messages(w):
                log.records.clear()
                where = f"{what}{type(w).__name__} ({case})"
                try:
                    w.comm.handle_msg(msg)
                except Exception as e:
                    raise AssertionError(
                        f"a browser message to {where}: {type(e).__name__}: {e}"
                    ) from e
                sent += 1
                if not any(r.name == "hexplay.widgets" for r in log.records):
                    raise AssertionError(
                        f"a browser message to {where} was taken without a warning"
                    )
    changed = [type(w).__name__ for w in widgets if fingerprint(w) != before.get(w.model_id)]
    if changed:
        raise AssertionError(f"browser messages changed {what}widgets: {sorted(set(changed))[:8]}")
    return sent


def check_browser_messages(kit: Kit) -> None:
    """Hostile comm messages to every widget of the app: ignored, logged, nothing changed."""
    app = open_app(kit)
    game = canon(app.game)
    try:
        sent = hostile_to_tree(app)
    except AssertionError as e:
        _fail(kit, str(e))
    if canon(app.game) != game:
        _fail(kit, "browser messages to the app's widgets changed the game")
    if sent == 0:
        _fail(kit, "the app has no widget to send a message to")
