"""Factored actions: a unit, then an order kind, then a target, one mask per head.

An order is chosen in up to three decisions (*heads*), each an environment step with its own
mask over one ``Discrete(n)`` space (``n`` the largest head):

* ``unit`` head: ``0`` is END (submit the set-up or plot, end the turn; a wait for a side with
  nothing to do), ``1 + slot`` picks an order-giver: slot ``0`` a side-wide order, slot
  ``1 + i`` the i-th unit of the scenario's unit table (or, for a side-wide order with a
  choice, the i-th option: see :mod:`.codec`);
* ``kind`` head: the index of an order kind (``GameInfo.order_kinds``) legal for that slot;
* ``target`` head: the key target index (a hex or a path's end by map index, a unit, an
  option) legal for that slot and kind.

A head with a single legal value is taken at once (no step), so an order costs one to three
steps. Every mask comes from the same legal orders as the flat codec's (:class:`OrderCodec`
over ``legal_orders``: a (slot, kind, target) triple is legal here exactly when the flat
action ``1 + (kind * slots + slot) * targets + target`` is legal there), and each mask is as
long as the largest head: masks no longer scale with units x kinds x hexes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .codec import END, OrderCodec

HEADS = ("unit", "kind", "target")
"""The heads, in the order they are chosen."""


@dataclass(frozen=True)
class Choices:
    """The legal (slot, kind, target) triples of one side now, as parallel arrays."""

    slot: np.ndarray
    kind: np.ndarray
    target: np.ndarray
    end: bool


class FactoredCodec:
    """The three heads over a scenario's :class:`OrderCodec` (see the module docstring)."""

    def __init__(self, flat: OrderCodec) -> None:
        self.flat = flat
        self.sizes = (1 + flat.slots, len(flat.kinds), flat.targets)
        self.n = max(self.sizes)

    def choices(self, legal: Any, end: bool) -> Choices:
        """The triples of every legal order (from the flat codec's legal actions)."""
        acts = self.flat.legal_actions(legal) - 1
        rest, target = np.divmod(acts, self.flat.targets)
        kind, slot = np.divmod(rest, self.flat.slots)
        return Choices(slot, kind, target, bool(end))

    def without(self, c: Choices, flat: set[int]) -> Choices:
        """``c`` less the triples whose flat actions are in ``flat`` (orders refused)."""
        if not flat:
            return c
        acts = self.flat.action(c.kind, c.slot, c.target)
        keep = ~np.isin(acts, list(flat))
        return Choices(c.slot[keep], c.kind[keep], c.target[keep], c.end)

    @staticmethod
    def _select(c: Choices, pending: tuple[int, ...]) -> np.ndarray:
        sel = np.ones(c.slot.shape, dtype=bool)
        if len(pending) > 0:
            sel &= c.slot == pending[0] - 1
        if len(pending) > 1:
            sel &= c.kind == pending[1]
        return sel

    def options(self, c: Choices, pending: tuple[int, ...]) -> np.ndarray:
        """The legal values of the next head after ``pending`` (the values chosen so far)."""
        sel = self._select(c, pending)
        if not pending:
            vals = 1 + np.unique(c.slot)
            return np.concatenate([[END], vals]) if c.end else vals
        col = c.kind if len(pending) == 1 else c.target
        return np.unique(col[sel])

    def mask(self, c: Choices, pending: tuple[int, ...]) -> np.ndarray:
        """The int8 mask (length ``n``) of the next head after ``pending``."""
        m = np.zeros(self.n, dtype=np.int8)
        m[self.options(c, pending)] = 1
        return m

    def advance(self, c: Choices, pending: tuple[int, ...]) -> tuple[int, ...]:
        """``pending`` with every head that has one legal value taken (a complete triple
        when the last head has one)."""
        while 0 < len(pending) < 3:
            opts = self.options(c, pending)
            if len(opts) != 1:
                break
            pending = (*pending, int(opts[0]))
        return pending

    def flat_action(self, triple: tuple[int, ...]) -> int:
        """The flat codec's action of a complete (unit head, kind, target) triple."""
        unit, kind, target = triple
        return self.flat.action(kind, unit - 1, target)
