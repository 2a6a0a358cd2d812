"""Orders and secret plots: each side's orders for a turn, locked on submission.

A side's plot is secret until every side has submitted; a submitted plot cannot change.
Orders are opaque to this module (any object with ``to_dict``/JSON-able form).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, TypeVar

from .errors import IllegalOrder
from .log import REFEREE

T = TypeVar("T")


class PlotBook(Generic[T]):
    """Per-side, per-unit ordered lists of orders for the current turn."""

    def __init__(self, sides: Iterable[str]) -> None:
        self.sides = tuple(sides)
        self.orders: dict[str, dict[str, list[T]]] = {s: {} for s in self.sides}
        self.submitted: dict[str, bool] = dict.fromkeys(self.sides, False)

    def _check_side(self, side: str) -> None:
        if side not in self.orders:
            raise IllegalOrder("plot", f"unknown side {side!r}; sides are {list(self.sides)}")

    def check_open(self, side: str) -> None:
        """Raise if ``side`` has already submitted."""
        self._check_side(side)
        if self.submitted[side]:
            raise IllegalOrder("plot", f"the {side} plot is submitted and cannot be changed")

    def unit_orders(self, side: str, unit: str) -> list[T]:
        self._check_side(side)
        return list(self.orders[side].get(unit, ()))

    def set_unit_orders(self, side: str, unit: str, orders: list[T]) -> None:
        self.check_open(side)
        if orders:
            self.orders[side][unit] = list(orders)
        else:
            self.orders[side].pop(unit, None)

    def add(self, side: str, unit: str, order: T) -> None:
        self.check_open(side)
        self.orders[side].setdefault(unit, []).append(order)

    def pop(self, side: str, unit: str) -> T:
        self.check_open(side)
        lst = self.orders[side].get(unit)
        if not lst:
            raise IllegalOrder("plot", f"{unit} has no plotted task to undo")
        out = lst.pop()
        if not lst:
            del self.orders[side][unit]
        return out

    def submit(self, side: str) -> None:
        self.check_open(side)
        self.submitted[side] = True

    @property
    def all_submitted(self) -> bool:
        return all(self.submitted.values())

    def visible(self, viewer: str) -> dict[str, dict[str, list[T]]]:
        """The plots ``viewer`` may see: its own always; others only once all have submitted."""
        if viewer == REFEREE or self.all_submitted:
            return {s: dict(v) for s, v in self.orders.items()}
        self._check_side(viewer)
        return {viewer: dict(self.orders[viewer])}

    def clear(self) -> None:
        """Start a new turn: empty, unsubmitted plots."""
        self.orders = {s: {} for s in self.sides}
        self.submitted = dict.fromkeys(self.sides, False)

    def to_dict(self, encode=lambda o: o) -> dict[str, Any]:
        return {
            "orders": {
                s: {u: [encode(o) for o in lst] for u, lst in v.items()}
                for s, v in self.orders.items()
            },
            "submitted": dict(self.submitted),
        }
