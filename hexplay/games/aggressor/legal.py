"""Order kinds and legal orders: one table that both the order check and ``legal_orders`` use.

Play orders (per unit, acting at once): ``move`` (``to``: an adjacent hex, or ``direction``:
the original's key 1-6), ``attack`` (``target``: an adjacent known enemy's hex), and the special
features of :mod:`.features` (``fire``/``strike``/``recon``/``launch``/``decon``: ``target``;
``supply``: ``support``, the hex of an adjacent friendly Support unit; ``replace`` and
``contact``: nothing). ``submit`` ends the turn. Every list is computed from what the acting
side knows (its units and its knowledge of the enemy), never from hidden units.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ...engine import LegalOrder, Need
from .combat import attack_blocked, attack_target_ok, attack_targets, ground_attack
from .features import RANGED_REACH, TARGET_NEED, common_blocked, ranged_target_ok
from .features import RULES as FEATURE_RULES
from .movement import apply_move, move_blocked, move_target_ok, move_targets

PLAY_KINDS = ("move", "attack", *FEATURE_RULES)

PROMPTS = {
    "move": "hex to move to",
    "attack": "adjacent enemy to attack",
    "fire": "hex to fire at (distance 2..range)",
    "strike": "hex to strike (distance 2+)",
    "recon": "hex to fly recon to (distance 2+)",
    "launch": "hex to launch at (distance 2..8)",
    "decon": "adjacent CBR hex to decontaminate",
    "supply": "adjacent Support unit to draw supply from",
}

RULE_NAMES = {
    "move": "movement",
    "attack": "combat",
    "fire": "indirect fire",
    "strike": "air mission",
    "recon": "air mission",
    "launch": "missile launch",
    "decon": "decontamination",
    "replace": "replacement",
    "supply": "supply request",
    "contact": "partisan contact",
}


def blocked(g, u, kind: str) -> tuple[str, str] | None:
    """Why ``u`` may not give an order of ``kind`` now (rule, message), or None."""
    if kind == "move":
        return move_blocked(g, u)
    if kind == "attack":
        return attack_blocked(g, u)
    fb, _, _ = FEATURE_RULES[kind]
    return fb(g, u) or common_blocked(g, u)


def targets(g, u, kind: str) -> list[int] | None:
    """The hexes an order of ``kind`` may take (None: the kind takes no hex)."""
    if kind == "move":
        return move_targets(g, u)
    if kind == "attack":
        return attack_targets(g, u)
    tf = FEATURE_RULES[kind][1]
    return None if tf is None else tf(g, u)


def target_legal(g, u, kind: str, t: int) -> bool:
    """Equals ``t in targets(g, u, kind)``, checking the one hex (see
    :func:`.features.ranged_target_ok`, :func:`.movement.move_target_ok` and
    :func:`.combat.attack_target_ok`)."""
    if kind in RANGED_REACH:
        return ranged_target_ok(g, u, kind, t)
    if kind == "move":
        return move_target_ok(g, u, t)
    if kind == "attack":
        return attack_target_ok(g, u, t)
    return t in targets(g, u, kind)


def need_name(kind: str) -> str | None:
    if kind == "move":
        return "to"
    if kind == "attack":
        return "target"
    return TARGET_NEED.get(kind)


def unit_orders(g, u) -> list[LegalOrder]:
    """Every order kind ``u`` may give now, with its hex options."""
    out = []
    labels = g.board.labels
    for kind in PLAY_KINDS:
        if blocked(g, u, kind) is not None:
            continue
        ts = targets(g, u, kind)
        needs: tuple[Need, ...] = ()
        if ts is not None:
            if not ts:
                continue
            needs = (Need(need_name(kind), "hex", tuple(labels[j] for j in ts), PROMPTS[kind]),)
        out.append(LegalOrder(u.side, kind, u.id, {}, needs, f"{u.id} {kind}", RULE_NAMES[kind]))
    return out


def kind_reasons(g, u) -> dict[str, str | None]:
    """Every play kind of ``u``: None if :func:`unit_orders` lists it, else why not (the
    rule's :func:`blocked` reason, or no hex the kind may take now)."""
    out: dict[str, str | None] = {}
    for kind in PLAY_KINDS:
        why = blocked(g, u, kind)
        if why is not None:
            out[kind] = f"{why[0]}: {why[1]}"
        elif targets(g, u, kind) == []:
            out[kind] = f"{RULE_NAMES[kind]}: no {PROMPTS[kind]} now"
        else:
            out[kind] = None
    return out


class OrderPath(NamedTuple):
    """One order kind's way through the order check and its application, looked up once per
    order (:data:`ORDER_PATHS`): the argument naming its hex (None: it takes none), the rule it
    is judged by, ``blocked(g, u)`` (= :func:`blocked` of the kind), ``target_ok(g, u, t)``
    (= :func:`target_legal` of the kind) and ``apply(g, u, t)``."""

    need: str | None
    rule: str
    blocked: Callable[[Any, Any], tuple[str, str] | None]
    target_ok: Callable[[Any, Any, int], bool]
    apply: Callable[[Any, Any, int | None], list[dict]]


def _feature_blocked(fb):
    def feature_blocked(g, u):  # = blocked(g, u, kind) of a feature
        return fb(g, u) or common_blocked(g, u)

    return feature_blocked


def _target_ok(kind: str):
    if kind == "move":
        return move_target_ok
    if kind == "attack":
        return attack_target_ok
    if kind in RANGED_REACH:

        def ranged_ok(g, u, t):  # = target_legal(g, u, kind, t)
            return ranged_target_ok(g, u, kind, t)

        return ranged_ok
    tf = FEATURE_RULES[kind][1]

    def in_targets(g, u, t):  # = target_legal(g, u, kind, t); None for kinds without a hex
        return tf is not None and t in tf(g, u)

    return in_targets


ORDER_PATHS: dict[str, OrderPath] = {
    "move": OrderPath("to", RULE_NAMES["move"], move_blocked, move_target_ok, apply_move),
    "attack": OrderPath(
        "target", RULE_NAMES["attack"], attack_blocked, attack_target_ok, ground_attack
    ),
    **{
        kind: OrderPath(
            need_name(kind), RULE_NAMES[kind], _feature_blocked(fb), _target_ok(kind), fa
        )
        for kind, (fb, _, fa) in FEATURE_RULES.items()
    },
}
"""Order kind -> its :class:`OrderPath` (every kind of ``PLAY_KINDS``, in that order)."""
