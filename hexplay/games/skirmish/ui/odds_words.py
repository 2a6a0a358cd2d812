"""Words the odds panel adds to the engine's answer: the weapon the engine fires when it is
not the one the roster shows (the rules fire the man's best weapon at that range)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def weapon_note(odds: Mapping[str, Any], firer: Mapping[str, Any]) -> dict[str, Any]:
    """``odds`` with a ``note`` naming the weapon fired when it differs from the firer's long
    gun on the roster (``firer["weapon"]``); a refusal's reason is left as it is."""
    out = dict(odds)
    shown = firer.get("weapon") or firer.get("long_gun")
    used = out.get("weapon")
    if out.get("possible") and used and shown and used != shown:
        note = f"he fires his {used}, not his {shown}: the rules take his best weapon at this range"
        out["note"] = f"{note}; {out['note']}" if out.get("note") else note
    return out
