"""The naval game's briefing (the plugin record's ``briefing`` part): sides, objective, the
victory schedule and levels with the score now, where the enemy may appear and the turn limit,
from the scenario (:class:`~hexplay.games.naval.scenarios.Scenario`: the listing both players
read) and the side's own view (its points and level).

Where the enemy may appear is given as the listing's bearing and distance from the side's own
ships to the enemy's starting ships (a compass point, to a few hexes), and the turn each late
group enters: the scenario card both admirals read, never where the enemy is now."""

from __future__ import annotations

import html
import math
from collections.abc import Iterable
from types import SimpleNamespace
from typing import Any

from ....widgets.briefing import list_html, render_briefing

COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


def _xy(label: str) -> tuple[float, float]:
    """A CCRR label's centre, in hex widths (flat-topped columns: x 0.866 a column, odd
    columns half a row down; rows grow southward)."""
    c, r = int(label[:2]), int(label[2:])
    return c * math.sqrt(3) / 2, r + (0.5 if c % 2 else 0.0)


def _centre(labels: Iterable[str]) -> tuple[float, float] | None:
    pts = [_xy(x) for x in labels]
    if not pts:
        return None
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def bearing(frm: Iterable[str], to: Iterable[str]) -> tuple[str, int] | None:
    """(compass point, distance in hexes, rounded) from the centre of ``frm`` to ``to``."""
    a, b = _centre(frm), _centre(to)
    if a is None or b is None:
        return None
    dx, dy = b[0] - a[0], b[1] - a[1]
    angle = math.degrees(math.atan2(dx, -dy)) % 360  # 0: north, clockwise
    return COMPASS[int((angle + 22.5) // 45) % 8], round(math.hypot(dx, dy))


def _fleet(ships: list[Any]) -> str:
    from collections import Counter

    c = Counter(s.cls for s in ships)
    return ", ".join(f"{n} {k}" for k, n in c.items())


def briefing(game: Any, side: str) -> str:
    """The naval game's briefing for ``side`` (HTML)."""
    e = html.escape
    sc = game.scenario
    view = game.view(side) if side in game.info.sides or side == "referee" else {}
    sides = list(game.info.sides)
    # (a table seat's game holds the scenario as plain JSON: ships as dicts)
    ships = [x if hasattr(x, "side") else SimpleNamespace(**x) for x in sc.ships]
    by_side = {s: [x for x in ships if x.side == s] for s in sides}
    pts = sc.points
    schedule = "; ".join(
        f"{k}: sunk {v.get('sunk', 0)}, dead in the water {v.get('diw', 0)}, P hit {v.get('p', 0)}"
        for k, v in pts.items()
    )
    levels = ", ".join(
        f"{e(name)} from {bound:g}" for bound, name in sorted(sc.levels, key=lambda x: -x[0])
    )
    vp = view.get("vp") or {}
    now = " – ".join(f"{s.upper()} {vp.get(s, 0)}" for s in sides)
    ratio = view.get("ratio")
    level = view.get("level")
    score = f"Now: VP {e(now)}" + (f", ratio {ratio:.2f}" if isinstance(ratio, float) else "")
    score += f" · {e(str(level))}." if level else "."
    start = (
        f" The IJN starts with {sc.ijn_start_points} points ({e(sc.notes)})."
        if sc.ijn_start_points
        else ""
    )
    enemy_bits = []
    for s in sides if side not in sides else [side]:
        other = [o for o in sides if o != s]
        for o in other:
            first = [x.hex for x in by_side[o] if x.enter_turn <= 1]
            b = bearing([x.hex for x in by_side[s] if x.enter_turn <= 1], first)
            who = "The" if side in sides else f"From the {s.upper()}'s ships, the"
            if b is not None:
                enemy_bits.append(
                    f"{who} {o.upper()} force ({e(_fleet(by_side[o]))}) starts about {b[1]} "
                    f"hexes to the <b>{b[0]}</b> of {'your' if side in sides else 'its'} "
                    "ships; steer to meet it."
                )
            late = sorted({x.enter_turn for x in by_side[o] if x.enter_turn > 1})
            for t in late:
                group = [x for x in by_side[o] if x.enter_turn == t]
                enemy_bits.append(
                    f"On turn {t}, {e(_fleet(group))} ({o.upper()}) enter at "
                    f"{e(', '.join(x.hex for x in group))}."
                )
    enemy_bits.append(
        f"Night: you see an enemy ship only within {sc.spotting_range} hexes of one of yours "
        "(or when it fires its guns)."
    )
    leave = (
        f" A side with a ship leaving the map before turn {sc.leave_loses_before} loses."
        if sc.leave_loses_before
        else ""
    )
    return render_briefing(
        e(sc.title),
        side,
        {
            "sides": list_html([f"<b>{s.upper()}</b>: {e(_fleet(by_side[s]))}" for s in sides]),
            "objective": "Sink, stop (dead in the water) or hit the enemy's ships while "
            "keeping yours afloat: each enemy ship scores by its worst state." + leave,
            "victory": f"Points per enemy ship: {e(schedule)}.{start} The level of victory "
            f"is the ratio IJN points / USN points: {levels}. {score}",
            "enemy": " ".join(enemy_bits),
            "turns": f"Turn {view.get('turn', getattr(game, 'turn', 1))} of {sc.turns}. "
            "Both sides plot in secret (moves and attacks), then the turn is resolved.",
        },
        f"<p><i>{e(sc.date)}</i></p>",
    )
