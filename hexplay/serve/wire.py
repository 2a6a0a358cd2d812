"""What travels between the table and a page: legal orders and game info as plain JSON.

The server and :class:`~hexplay.serve.client.RemoteGame` share these, so a remote seat sees the
same :class:`~hexplay.engine.LegalOrder` and :class:`~hexplay.engine.Need` objects as a local
game (paths come back as tuples of labels, as the rules give them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import GameInfo, LegalOrder, Need, jsonable


def need_to_dict(n: Need) -> dict[str, Any]:
    return jsonable(
        {
            "name": n.name,
            "kind": n.kind,
            "options": list(n.options),
            "prompt": n.prompt,
            "optional": n.optional,
            "costs": list(n.costs),
        }
    )


def _tuple(v: Any) -> Any:
    return tuple(_tuple(x) for x in v) if isinstance(v, list) else v


def need_from_dict(d: Mapping[str, Any]) -> Need:
    return Need(
        d["name"],
        d["kind"],
        tuple(_tuple(o) for o in d["options"]),
        d.get("prompt", ""),
        bool(d.get("optional", False)),
        tuple(_tuple(c) for c in d.get("costs", ())),
    )


def legal_to_dict(lo: LegalOrder) -> dict[str, Any]:
    return {
        "side": lo.side,
        "kind": lo.kind,
        "unit": lo.unit,
        "args": jsonable(dict(lo.args)),
        "needs": [need_to_dict(n) for n in lo.needs],
        "label": lo.label,
        "rule": lo.rule,
    }


def legal_from_dict(d: Mapping[str, Any]) -> LegalOrder:
    return LegalOrder(
        d["side"],
        d["kind"],
        d.get("unit"),
        dict(d.get("args", {})),
        tuple(need_from_dict(n) for n in d.get("needs", ())),
        d.get("label", ""),
        d.get("rule", ""),
    )


def info_to_dict(info: GameInfo) -> dict[str, Any]:
    return {
        "name": info.name,
        "title": info.title,
        "sides": list(info.sides),
        "turns": info.turns,
        "description": info.description,
    }


def info_from_dict(d: Mapping[str, Any]) -> GameInfo:
    return GameInfo(d["name"], d["title"], tuple(d["sides"]), d["turns"], d.get("description", ""))
