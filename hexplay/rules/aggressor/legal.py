"""Order kinds and legal orders: one table that both the order check and ``legal_orders`` use.

Play orders (per unit, acting at once): ``move`` (``to``: an adjacent hex, or ``direction``:
the original's key 1-6), ``attack`` (``target``: an adjacent known enemy's hex), and the special
features of :mod:`.features` (``fire``/``strike``/``recon``/``launch``/``decon``: ``target``;
``supply``: ``support``, the hex of an adjacent friendly Support unit; ``replace`` and
``contact``: nothing). ``submit`` ends the turn. Every list is computed from what the acting
side knows (its units and its knowledge of the enemy), never from hidden units.
"""

from __future__ import annotations

from ...engine import LegalOrder, Need
from .combat import attack_blocked, attack_targets
from .features import RANGED_REACH, TARGET_NEED, common_blocked, ranged_target_ok
from .features import RULES as FEATURE_RULES
from .movement import move_blocked, move_targets

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
    """Equals ``t in targets(g, u, kind)`` (the ranged kinds check the one hex: see
    :func:`.features.ranged_target_ok`)."""
    if kind in RANGED_REACH:
        return ranged_target_ok(g, u, kind, t)
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
