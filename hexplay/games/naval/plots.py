"""The SMS Plot Chart: each ship's secret plot for the turn (the article's 10.0).

One row per ship: attack blocks (``G`` gunnery / ``T`` torpedo with the target's unit id; the
USN's radar gunnery ``G*`` names no target), then the steps (hexes entered with the points spent
turning), then the final speed/facing. Decisions are final once the plot is submitted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...hexgrid import Hex
from .movement import FACINGS, Walk


@dataclass(slots=True)
class ShipPlot:
    gunnery: str | None = None
    radar: bool = False
    torpedo: str | None = None
    steps: list[str] = field(default_factory=list)
    speed: int | None = None

    def copy(self) -> ShipPlot:
        return ShipPlot(self.gunnery, self.radar, self.torpedo, list(self.steps), self.speed)

    @property
    def empty(self) -> bool:
        return not (self.gunnery or self.radar or self.torpedo or self.steps) and self.speed is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "gunnery": self.gunnery,
            "radar": self.radar,
            "torpedo": self.torpedo,
            "steps": list(self.steps),
            "speed": self.speed,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ShipPlot:
        return cls(d["gunnery"], d["radar"], d["torpedo"], list(d["steps"]), d["speed"])


def chart_row(
    ship_id: str, plot: ShipPlot, start: Hex, w: Walk, label, final_speed: int
) -> dict[str, Any]:
    """The plot as the SMS chart writes it: attack blocks, hexes with circled turning points,
    final speed/facing."""
    blocks: list[str] = []
    if plot.gunnery:
        blocks.append(f"G {plot.gunnery}")
    if plot.radar:
        blocks.append("G* radar")
    if plot.torpedo:
        blocks.append(f"T {plot.torpedo}")
    # the chart's blocks: each hex with the points spent turning in it (circled on paper);
    # the start hex is written only when the ship turns there
    turning: list[list] = [[label(start), 0]]
    for st in plot.steps:
        if st == "A":
            turning.append([None, 0])
        else:
            turning[-1][1] += 1
    for blk, h in zip(turning[1:], w.hexes):
        blk[0] = label(h)
    if w.exited and len(turning) > len(w.hexes) + 1:
        turning[-1][0] = "off map"
    if turning[0][1] == 0:
        turning = turning[1:]
    return {
        "unit": ship_id,
        "attacks": blocks,
        "blocks": [{"hex": h, "turns": t} for h, t in turning],
        "steps": "".join(plot.steps),
        "hexes": [label(h) for h in w.hexes],
        "start": label(start),
        "final": f"{final_speed}/{FACINGS[w.facing]}",
        "left_map": w.exited,
    }
