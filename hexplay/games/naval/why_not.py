"""Why a ship may not give an order kind now (:meth:`NavalGame.order_kind_reasons`).

Each kind :meth:`NavalGame.legal_orders` does not list is judged by the plot's own checks (the
``_plot_<kind>`` refusals and the movement walk), on a copy of the ship's plot: the first
refusal is the reason, its rule named. ``plot`` (a whole plot at once, for programs) is left
out: the order builder never offers it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import IllegalOrder, LegalOrder

KINDS = ("gunnery", "radar", "torpedo", "ahead", "turn", "facing", "move", "speed")
"""The kinds a ship's order builder shows (every order kind but the whole ``plot``)."""

MOVE_RULE = "6.0 movement"


def _said(e: IllegalOrder) -> str:
    return f"{e.rule}: {e.message}" if e.rule else e.message


def reasons(
    g, side: str, unit: str, legal: Sequence[LegalOrder] | None = None
) -> dict[str, str | None]:
    """Order kind -> None (listed by ``legal_orders``) or the plot check's refusal."""
    s = g.ships.get(unit) if isinstance(unit, str) else None
    if g.over or s is None:
        return {}
    if s.side != side:
        return dict.fromkeys(KINDS, f"order: {unit} is not a {side} ship")
    if not s.afloat:
        return dict.fromkeys(KINDS, f"order: {unit} is {s.status}: it cannot act")
    if g.submitted[side]:
        return dict.fromkeys(KINDS, f"10.22 decisions final: the {side} plot is submitted")
    legal = g.legal_orders(side, unit) if legal is None else legal
    can = {lo.kind for lo in legal if lo.unit == unit}
    p = g._plot_of(side, unit)
    out: dict[str, str | None] = {}
    for kind in KINDS:
        out[kind] = None if kind in can else _why(g, s, p, kind)
    return out


def _why(g, s, p, kind: str) -> str:
    targets: list[str] = []
    try:
        if kind in ("gunnery", "torpedo"):
            targets = g.gunnery_targets(s.side) if kind == "gunnery" else g.torpedo_targets(s.side)
            getattr(g, f"_plot_{kind}")(s, p.copy(), {"target": targets[0] if targets else None})
        elif kind == "radar":
            g._plot_radar(s, p.copy(), {})
        elif kind == "speed":
            g._plot_speed(s, p.copy(), {"speed": s.speed})
        else:  # a step of movement: ahead (also a move's first hex), or a turn
            w = g._walk(s, p.steps)
            if w.exited:
                return f"{MOVE_RULE}: {s.id} has left the map"
            left = s.speed - w.spent
            need = 1 if kind in ("ahead", "move") else s.klass.turn_cost
            if left < need:
                return f"{MOVE_RULE}: {s.id} has {left} of its {s.speed} MP left; this takes {need}"
            g._walk(s, [*p.steps, "A" if kind in ("ahead", "move") else "L"])
    except IllegalOrder as e:
        if kind in ("gunnery", "torpedo") and not targets and e.rule.startswith("7.61"):
            return f"{e.rule}: no enemy ship spotted for {kind} now"
        return _said(e)
    if kind == "turn" or kind == "facing":
        return f"{MOVE_RULE}: no more turns in this hex"
    return f"{MOVE_RULE}: no legal {kind} now"
