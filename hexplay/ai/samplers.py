"""Samplers of hidden state: states a side cannot tell from the true one.

A sampler is ``f(game, side, rng) -> Game``: a new game (the original is not changed) whose
hidden information differs from ``game``'s where ``side`` cannot see it, while
``view(side)`` is exactly the same (and so are ``legal_orders(side)`` and ``to_act()``). It
may read the true state — it is the referee's tool — but what it returns must be consistent
with everything ``side`` knows. The fog-fairness test (``tests/test_fog_fair.py``) runs every
player on such pairs; search players (determinized or information-set search) use the same
samplers to draw the states they search.

The hook, for a game's authors: give the game class a method ``resample_hidden(side, rng)``
returning such a copy, or add ``name -> "module:function"`` to :data:`SAMPLERS` (for a sampler
written outside the game's package, from its public API).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import numpy as np

Sampler = Callable[[Any, str, np.random.Generator], Any]

SAMPLERS: dict[str, str] = {}
"""Samplers by game name, for games whose class has no ``resample_hidden`` method."""


def _method(game: Any, side: str, rng: np.random.Generator) -> Any:
    return game.resample_hidden(side, rng)


def hidden_sampler(game: Any) -> Sampler:
    """The sampler of ``game``'s kind (its ``resample_hidden`` method, else :data:`SAMPLERS`);
    LookupError if it has none."""
    if callable(getattr(game, "resample_hidden", None)):
        return _method
    ref = SAMPLERS.get(game.info.name)
    if ref is None:
        raise LookupError(
            f"{game.info.name} has no hidden-state sampler: give the game class "
            "resample_hidden(side, rng) or add it to hexplay.ai.samplers.SAMPLERS"
        )
    from ..registry import resolve

    return resolve(ref)


def has_sampler(game_class: Any, name: str) -> bool:
    return callable(getattr(game_class, "resample_hidden", None)) or name in SAMPLERS


# --- a building block for simultaneous-plot games ---------------------------------------------
def resample_plot(game: Any, side: str, rng: np.random.Generator, orders: int = 6) -> Any:
    """A copy in which the enemy's secret plot of this turn is drawn anew: the game is replayed
    to the start of the turn, every command of this turn is given again except the enemy's
    (commands name their side in ``args["side"]``, as the protocol's order, undo and submit
    do), and the enemy plots up to ``orders`` random legal orders instead, submitting if it had
    submitted. Only for simultaneous plots, before every plot is in (the enemy's plot is then
    secret, so ``view(side)`` cannot change); otherwise an unchanged copy."""
    from ..engine import IllegalOrder
    from ..engine.dice import fresh_like
    from ..engine.record import apply_commands
    from .random import random_completion

    if not game.info.simultaneous or game.over or game.phase == "setup" or not game.to_act():
        return game.copy()
    enemies = [s for s in game.sides if s != side]
    cmds = game.commands.to_list()
    start = game.commands.marks.get(game.turn, len(cmds))
    twin = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
    apply_commands(twin, cmds[:start])
    apply_commands(twin, [c for c in cmds[start:] if c["args"].get("side") not in enemies])
    for enemy in enemies:
        for _ in range(int(rng.integers(orders + 1))):
            choices = twin.legal_orders(enemy)
            if not choices:
                break
            o = random_completion(choices[int(rng.integers(len(choices)))], rng)
            if o is not None:
                with contextlib.suppress(IllegalOrder):  # a candidate the rules refuse
                    twin.order(o)
        if enemy not in game.to_act():
            complete = getattr(twin, "complete_plot", None)
            if complete is not None and game.info.name == "ambush":
                complete(enemy)  # (AMBUSH's moving transporter: random plots rarely stop it)
            try:
                twin.submit(enemy)
            except IllegalOrder:
                return game.copy()
    return twin


# --- SKIRMISH (written from its public API: legal set-up orders, arrange, views) -------------
SAMPLER_TRIES = 6
"""Proposals a sampler tries before it gives up and returns an unchanged copy."""


def _unseen_enemy_men_on_foot(game: Any, side: str) -> list[str]:
    view = game.view(side, events=False)["units"]
    return sorted(
        m.id
        for m in game.men.values()
        if m.side != side
        and m.alive
        and m.hex is not None
        and m.laid_at is None
        and m.id not in view
    )


def _hidden_hexes(game: Any, side: str, rng: np.random.Generator, k: int) -> list[str]:
    """``k`` random hexes of the map (a proposal; the view check rejects seen ones)."""
    labels = game.map.hex_labels
    return [labels[i] for i in rng.choice(len(labels), size=k, replace=False)]


def skirmish_resample(game: Any, side: str, rng: np.random.Generator) -> Any:
    """SKIRMISH's hidden-state sampler: the enemy men ``side`` cannot see stand elsewhere.

    * At the start of a planning phase (no plots yet): unseen enemy men on foot are moved to
      other hexes with the referee's ``arrange`` (logged, so the copy saves and replays), some
      swapped among themselves, others sent to random hexes.
    * At set-up, the adversary's placements (secret from the convoy player) are replayed
      through the rules with other hexes: the same commands, the placements drawn anew.
    * With plots already given this turn the enemy's secret plot is drawn anew
      (:func:`resample_plot`; its men stay where they are, as a plot is tied to their hexes).

    Every proposal is kept only if ``view(side)`` is unchanged; after :data:`SAMPLER_TRIES`
    failures the copy is returned unchanged.
    """
    truth = game.view(side)
    for _ in range(SAMPLER_TRIES):
        if game.phase == "setup":
            twin = _replay_placements(game, side, rng)
        elif game.phase == "planning" and not any(game.plots.orders.values()):
            twin = _arranged(game, side, rng)
        else:
            twin = resample_plot(game, side, rng)
        if twin is not None and twin.view(side) == truth:
            return twin
    return game.copy()


def _arranged(game: Any, side: str, rng: np.random.Generator) -> Any | None:
    men = _unseen_enemy_men_on_foot(game, side)
    if not men:
        return None
    hexes = [game.men[m].hex for m in men]
    order = rng.permutation(len(men))
    fresh = _hidden_hexes(game, side, rng, len(men))
    target = {}
    taken = {game.man_hex(m) for m in game.men.values()} - set(hexes)
    for i, m in enumerate(men):
        h = hexes[order[i]] if rng.random() < 0.5 else fresh[i]
        target[m] = h if h not in taken else hexes[i]
    twin = game.copy()
    twin.arrange(men=target)
    return twin


def _replay_placements(game: Any, side: str, rng: np.random.Generator) -> Any | None:
    """The game replayed from its seed with the enemy's set-up placements of men on foot
    drawn anew among the hexes the rules list for them."""
    from ..engine import Order
    from ..engine.dice import fresh_like
    from ..engine.record import apply_commands

    enemy = next(s for s in game.sides if s != side)
    twin = type(game)._fresh(game.scenario_dict(), game.map, fresh_like(game.dice))
    changed = False
    for c in game.commands.to_list():
        a = c.get("args", {})
        unit = a.get("unit_id")
        where = a.get("where")
        on_foot = isinstance(where, str) and game.map.contains(where)
        if c["op"] == "place" and unit in game.men and game.men[unit].side == enemy and on_foot:
            need = next(
                (lo.need("where") for lo in twin.legal_orders(enemy, unit) if lo.kind == "place"),
                None,
            )
            if need is not None and len(need.options) > 1:
                h = need.options[int(rng.integers(len(need.options)))]
                twin.order(Order(enemy, "place", unit, {"where": h}))
                changed = True
                continue
        apply_commands(twin, [c])
    return twin if changed else None


SAMPLERS["skirmish"] = "hexplay.ai.samplers:skirmish_resample"
SAMPLERS["ambush"] = "hexplay.ai.samplers:skirmish_resample"  # (AMBUSH is SKIRMISH + options)


# --- the naval night action (provisional: written from hexplay.rules.naval before it landed) -
def naval_resample(game: Any, side: str, rng: np.random.Generator) -> Any:
    """The naval game's sampler: the enemy ships ``side`` has not spotted sail elsewhere.

    Once orders are given this turn, the enemy's secret plot is drawn anew
    (:func:`resample_plot`). Otherwise each unspotted enemy ship afloat is moved up to two
    hexes to a free sea hex, and the copy is kept only if rule (b) spotting (ships within
    spotting range) comes out as before and ``view(side)`` is unchanged.
    """
    from ..rules.naval.game import waters_of
    from ..rules.naval.spotting import spotted_in_range

    cmds = game.commands.commands
    if len(cmds) > game.commands.marks.get(game.turn, len(cmds)):
        return resample_plot(game, side, rng)
    truth = game.view(side)
    for _ in range(SAMPLER_TRIES):
        twin = game.copy()
        sea = waters_of(twin.map).sea
        ships = list(twin.ships.values())
        hidden = [
            s
            for s in ships
            if s.side != side and s.afloat and s.hex is not None and s.id not in truth["units"]
        ]
        if not hidden:
            return twin
        taken = {s.hex for s in ships if s.hex is not None}
        for s in hidden:
            near = {n for h in [s.hex, *twin.map.neighbors(s.hex)] for n in twin.map.neighbors(h)}
            options = sorted(h for h in near if h in sea and h not in taken)
            if options:
                taken.discard(s.hex)
                s.hex = options[int(rng.integers(len(options)))]
                taken.add(s.hex)
        rule_b = spotted_in_range(twin.ships.values(), twin.scenario.spotting_range)
        if rule_b == game.spotted_b and twin.view(side) == truth:
            return twin
    return game.copy()


SAMPLERS["naval"] = "hexplay.ai.samplers:naval_resample"


# --- AGGRESSOR (provisional: written from hexplay.rules.aggressor's state as it landed) -------
def aggressor_resample(game: Any, side: str, rng: np.random.Generator) -> Any:
    """AGGRESSOR's sampler: two enemy units ``side`` has not identified this turn trade what
    they are (type, range, strength, launched), each keeping its hex; kept only if
    ``view(side)`` and ``legal_orders(side)`` are unchanged (an unidentified unit shows its
    colour only). Consistent with the current view, not with every earlier one (a unit
    identified in an earlier turn may trade its type)."""
    truth = game.view(side)
    legal = game.legal_orders(side)
    for _ in range(2 * SAMPLER_TRIES):
        twin = game.copy()
        known = twin.known[side]
        hidden = sorted(
            (u for u in twin.units.values() if u.side != side and u.alive),
            key=lambda u: u.id,
        )
        hidden = [u for u in hidden if u.id not in known or not known[u.id].identified]
        pairs = [(a, b) for i, a in enumerate(hidden) for b in hidden[i + 1 :] if a.type != b.type]
        if not pairs:
            return twin
        a, b = pairs[int(rng.integers(len(pairs)))]
        for f in ("type", "rng", "str", "launched"):
            va, vb = getattr(a, f), getattr(b, f)
            setattr(a, f, vb)
            setattr(b, f, va)
        if twin.view(side) == truth and twin.legal_orders(side) == legal:
            return twin
    return game.copy()


SAMPLERS["aggressor"] = "hexplay.ai.samplers:aggressor_resample"
