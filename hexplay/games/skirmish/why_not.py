"""Why a unit may not give a task now (:meth:`SkirmishGame.order_kind_reasons`).

The reasons are the rules' own refusals: each Table II task of the unit's class (a man's or a
vehicle's) that :func:`.orders.legal_orders` does not list is tried as the rules would judge
it (its candidate tasks, :func:`.candidates.candidate_tasks`, else the bare task) through the
plot validation, and the first refusal is kept, its rule named. No rule is restated here; the
few cases without a refusal to quote (no enemy in sight, no vehicle to board) say what is
missing.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import IllegalOrder, LegalOrder
from .candidates import candidate_tasks
from .tasks import MAN_CODES, VEHICLE_CODES, Task

NOTHING_TO_TRY = {
    "DF": ("Table III", "no enemy man your side can see to fire at"),
    "EV": ("§8 vehicles", "no vehicle here to enter, and not aboard one to exit"),
}
"""What a task with no candidate lacks (rule, message), where the bare task's refusal would
only name a missing argument."""

KEEP_SIDE_PLOT = (
    "§8 vehicles",
    "it would leave a moving vehicle of the side unable to stop or move (SV or MV)",
)
"""Why a task the plot validation accepts is still not listed (:func:`.orders._completable`)."""


def _said(e: IllegalOrder) -> str:
    return f"{e.rule}: {e.message}" if e.rule else e.message


def unit_codes(g, unit: str) -> tuple[str, ...]:
    """The task codes of ``unit``'s class (a man's or a vehicle's, Table II)."""
    return VEHICLE_CODES if unit in g.vehicles else MAN_CODES


def reasons(
    g, side: str, unit: str, legal: Sequence[LegalOrder] | None = None
) -> dict[str, str | None]:
    """Task code -> None (listed by ``legal_orders``) or the rules' refusal (see the module)."""
    legal = g.legal_orders(side, unit) if legal is None else legal
    can = {lo.kind for lo in legal if lo.unit == unit}
    if g.over:
        return {}
    if g.phase == "setup":  # the set-up's orders only (the tasks follow it)
        return {k: None for k in dict.fromkeys(lo.kind for lo in legal if lo.unit == unit)}
    codes = unit_codes(g, unit)
    if g.phase != "planning" or g.plots.submitted.get(side, True):
        why = f"sequence of play: the {side} plot is closed"
        return {k: None if k in can else why for k in codes}
    if not g.is_own(side, unit):
        return {k: f"orders: {unit} is not one of the {side}'s units" for k in codes}
    orders = g.orders_of(side)
    plan = g.side_plan(side)
    cands: dict[str, list[Task]] = {}
    for t in candidate_tasks(g, side, unit, plan.men.get(unit)):
        cands.setdefault(t.code, []).append(t)
    out: dict[str, str | None] = {}
    for code in codes:
        if code in can:
            out[code] = None
            continue
        tries = cands.get(code) or []
        out[code] = _first_refusal(g, side, unit, orders, plan, tries or [Task(code)], code)
    return out


def _first_refusal(g, side, unit, orders, plan, tries: list[Task], code: str) -> str:
    """The rules' first refusal of ``tries``; one the plot validation accepts means the task is
    left out for the side's moving vehicles (:data:`KEEP_SIDE_PLOT`)."""
    first = None
    for t in tries:
        trial = dict(orders)
        trial[unit] = [*orders.get(unit, ()), t]
        try:
            g.side_plan(side, trial, unit, plan)
        except IllegalOrder as e:
            if first is None:
                bare = t.target is None and ("give target=" in e.message or "None" in e.message)
                if bare and code in NOTHING_TO_TRY:  # (only the missing target named)
                    first = "{}: {}".format(*NOTHING_TO_TRY[code])
                else:
                    first = _said(e)
            continue
        return "{}: {}".format(*KEEP_SIDE_PLOT)
    return first or "{}: {}".format(*KEEP_SIDE_PLOT)


__all__ = ["reasons", "unit_codes"]
