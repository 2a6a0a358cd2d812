"""Why an attack in the naval Attack panel has no chance: the reasons named, so a zero is
never left unexplained (out of range, no strength left, no torpedoes, reloading)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ....engine import IllegalOrder
from ....engine.protocol import Order


def zero_reasons(game: Any, odds: Mapping[str, Any]) -> list[str]:
    """One line per attacker of ``odds`` (``NavalGame.attack_odds``) that adds nothing: out
    of its range (its ranges named) or without strength left; none when all add."""
    kind = odds["kind"]
    out = []
    for a in odds["attackers"]:
        if Fraction(a["strength"]) > 0:
            continue
        try:
            r = game.ranges(a["ship"])[("gun" if kind == "gunnery" else "torpedo")]
        except Exception:
            r = None
        if r and a["range"] > r[1]:
            out.append(
                f"{a['ship']} is {a['range']} hexes away: out of its {kind} range "
                f"({r[0]}, extended {r[1]})"
            )
        elif r and not r[1]:
            out.append(f"{a['ship']} has no {'guns' if kind == 'gunnery' else 'torpedoes'}")
        else:
            out.append(f"{a['ship']} has no {kind} strength left at {a['range']} hexes")
    return out


def why_cannot(game: Any, side: str, kind: str, ship: str, target: str) -> str:
    """The engine's reason ``ship`` may not plot ``kind`` at ``target`` now (the order is
    asked of the rules: a refused order changes nothing)."""
    try:
        game.order(Order(side, kind, ship, {"target": target}))
    except IllegalOrder as e:
        return f"{e.rule}: {e.message}"
    except Exception as e:  # the engine's words
        return str(e)
    game.undo(side, ship)  # (not expected: the shell asks only when the order is not listed)
    return "it may: plot it from its panel"


def zero_html(lines: list[str]) -> str:
    """The reasons as the panel's red lines (CSS class ``hexplay-odds-zero``)."""
    return "".join(
        f"<div class='hexplay-odds-zero' style='color:#b8322a'>{html.escape(x)}</div>"
        for x in lines
    )
