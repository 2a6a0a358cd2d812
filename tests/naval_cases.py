"""Small naval set-ups for the rule tests (open sea unless land is given)."""

from __future__ import annotations

from typing import Any

from hexplay.engine import Dice, ForcedDice
from hexplay.games.naval import NavalGame


def ship(id: str, cls: str, hex: str, speed: int = 3, course: str = "n", **kw) -> dict:
    side = "usn" if cls in ("Fletcher", "Brooklyn") else "ijn"
    return {"id": id, "side": side, "cls": cls, "hex": hex, "speed": speed, "course": course, **kw}


def scenario(ships: list[dict], **kw: Any) -> dict:
    d = {
        "name": "test",
        "title": "test",
        "date": "1943-01-01",
        "sea": {"cols": 30, "rows": 30, "land": kw.pop("land", [])},
        "turns": kw.pop("turns", 5),
        "ships": ships,
    }
    d.update(kw)
    return d


def game(ships: list[dict], dice: list[int] | None = None, seed: int = 0, **kw) -> NavalGame:
    d = ForcedDice(dice, seed, strict=False) if dice is not None else Dice(seed)
    return NavalGame.new(scenario(ships, **kw), dice=d)


def plot_all(g: NavalGame, plots: dict[str, dict], submit: bool = True) -> None:
    """Plot the given ships (``{id: plot args}``), hold the rest, submit both, advance."""
    for sid, args in plots.items():
        g.order(g.ships[sid].side, kind="plot", unit=sid, **args)
    if submit:
        for side in g.to_act():
            g.submit(side)
        g.advance()
