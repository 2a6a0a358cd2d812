"""EditBoard: the HexBoard in edit mode, and guarded text fields for the editors' forms.

The page draws and reports gestures; every edit is decided in Python (:mod:`hexplay.maps.edit`).
With ``edit_tool`` set (``paint``, ``hexside``, ``road``, ``elevation``, ``place``, ``unit``)
the front end (``js/src/edit.js``) turns a press-drag-release over hexes into one message
``{"type": "stroke", "hexes": [labels in the order entered], "seq"}`` and a click near a
hexside (hexside tool) into ``{"type": "side", "hex": label, "dir": 0..5, "seq"}``; the empty
tool (or ``los`` / ``reach``) leaves the board as it is (clicks, pan, zoom).  In the unit tool a
drag that starts on a roster chip (``data-roster``) ends as
``{"type": "drop", "unit": id, "hex": label, "seq"}``.  Each message is checked field by field
(:meth:`EditBoard.check_message`): a malformed one is ignored with a logged warning and changes
nothing; a good one is answered like a click (one board message carrying ``_answer``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as W
import traitlets

from . import guard as G
from .board import HexBoard

#: Tools whose gestures the page turns into edit messages (the rest leave the board as is).
EDIT_TOOLS = ("paint", "hexside", "road", "elevation", "place", "unit")
#: Every tool the editors may set.
TOOLS = ("", "los", "reach", *EDIT_TOOLS)
#: Longest stroke a page may send (a drag over the whole of a 99 x 99 map, and back).
MAX_STROKE = 2 * 99 * 99


class EditBoard(HexBoard):
    """A :class:`HexBoard` with ``edit_tool`` and the edit messages (see the module doc)."""

    edit_tool = traitlets.Unicode("").tag(sync=True)
    #: The roster the unit tool drags from: ``[{"id", "label", "side", "placed"}]``.
    roster: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)

    EDIT_MESSAGES = ("stroke", "side", "drop")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._edit_callbacks: list[Callable[[dict[str, Any]], Any]] = []

    @traitlets.validate("edit_tool")
    def _tool(self, proposal: Any) -> str:
        if proposal["value"] not in TOOLS:
            raise traitlets.TraitError(f"edit_tool must be one of {TOOLS}")
        return proposal["value"]

    def on_edit(self, fn: Callable[[dict[str, Any]], Any], remove: bool = False) -> None:
        """Call ``fn(event)`` for every valid edit message (``stroke`` / ``side`` / ``drop``)."""
        self._register(self._edit_callbacks, fn, remove)

    def check_edit(self, content: Mapping[str, Any]) -> dict[str, Any] | None:
        """An edit message as a clean event, or None (ignored with a warning)."""
        kind = str(content.get("type"))  # one of EDIT_MESSAGES (checked by the caller)
        allowed = {"stroke": {"hexes"}, "side": {"hex", "dir"}, "drop": {"hex", "unit"}}[kind]
        extra = set(content) - allowed - {"type", "seq"}
        if extra:
            self._ignore(f"unknown {kind} fields {sorted(map(str, extra))[:5]}")
            return None
        seq = content.get("seq")
        if seq is not None and (type(seq) is not int):
            self._ignore("seq must be an integer")
            return None
        if self.edit_tool not in EDIT_TOOLS:
            self._ignore(f"a {kind} message while no edit tool is chosen")
            return None
        index = self._label_index

        def label(x: Any) -> bool:
            return type(x) is str and x in index

        if kind == "stroke":
            hexes = content.get("hexes")
            if not isinstance(hexes, list) or not 1 <= len(hexes) <= MAX_STROKE:
                self._ignore(f"a stroke is a list of 1..{MAX_STROKE} hex labels")
                return None
            if not all(map(label, hexes)):
                bad = next(h for h in hexes if not label(h))
                self._ignore(f"stroke hex {bad!r:.40} is not a label of the map")
                return None
            return {"type": kind, "hexes": list(hexes)}
        hx = content.get("hex")
        if not label(hx):
            self._ignore(f"hex {hx!r:.40} is not a label of the map")
            return None
        if kind == "side":
            d = content.get("dir")
            if type(d) is not int or not 0 <= d <= 5:
                self._ignore(f"dir must be 0..5, not {d!r:.20}")
                return None
            return {"type": kind, "hex": hx, "dir": d}
        unit = content.get("unit")
        if type(unit) is not str or unit not in {str(r.get("id")) for r in self.roster}:
            self._ignore(f"unit {unit!r:.40} is not on the roster")
            return None
        return {"type": kind, "hex": hx, "unit": unit}

    def _on_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        if not isinstance(content, Mapping) or content.get("type") not in self.EDIT_MESSAGES:
            super()._on_message(_widget, content, _buffers)
            return
        event = self.check_edit(content)
        if event is None:
            return
        self.last_message = event
        seq = content.get("seq")
        with self.hold_sync():  # the edit's board changes and its answer: one message
            for fn in list(self._edit_callbacks):
                fn(event)
            if type(seq) is int:
                self._answers += 1
                self._answer = {"seq": seq, "n": self._answers}

    def simulate_edit(self, content: dict[str, Any]) -> None:
        """Act as if the page had sent an edit message (for tests and scripted demos)."""
        self._handle_custom_msg(content, [])


class Text(G.Guarded, W.Text):
    """A text field whose only browser-writable trait is its value (type-checked); Enter
    sends ipywidgets' ``submit`` event."""

    custom_events = frozenset({"submit"})


class Textarea(G.Guarded, W.Textarea):
    pass


class IntText(G.Guarded, W.IntText):
    pass
