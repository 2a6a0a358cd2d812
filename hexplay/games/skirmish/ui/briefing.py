"""SKIRMISH's briefing (the plugin record's ``briefing`` part): sides, objective, victory and
the score now, where the enemy may appear and the turn limit, written from the game's scenario
(:class:`~hexplay.games.skirmish.scenario.Scenario`) and the side's own view, never the hidden
state (the ambush hex and the route are on both sides' maps; the adversaries' positions are
not on the defender's)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from ....widgets.briefing import list_html, render_briefing
from .. import tables as T
from ..scenario import TRANSPORTER_ID


def _counted(view: Mapping[str, Any], side: str) -> tuple[int, int]:
    """(men of ``side`` the view shows out of the fight, men of ``side`` it shows)."""
    men = [u for u in (view.get("units") or {}).values() if u.get("side") == side]
    men = [u for u in men if u.get("kind", "man") == "man"]
    out = [u for u in men if u.get("condition") in ("killed", "wounded", "K", "W")]
    return len(out), len(men)


def _men(ids: list[str], weapons: list[str], own: bool) -> str:
    """``A1 (rifle), A2 (shotgun)...`` for one's own men; ``6 men: 3 rifles, 3 shotguns``
    for the enemy's."""
    if own:
        return ", ".join(f"{u} ({w})" for u, w in zip(ids, weapons))
    from collections import Counter

    kinds = ", ".join(f"{n} {w}{'s' if n != 1 else ''}" for w, n in Counter(weapons).items())
    return f"{len(ids)} men: {kinds}"


def sections(game: Any, side: str) -> dict[str, str]:
    """The briefing's sections for ``side`` (``"referee"``: both sides' words)."""
    e = html.escape
    sc = game.scenario
    view = game.view(side) if side in game.info.sides or side == "referee" else {}
    # own men by id; the enemy's by number and weapons only (ids are for the view to reveal)
    # (a table seat's game holds the scenario as plain JSON: the ids are worked out here)
    adv_ids = [f"A{i + 1}" for i in range(len(sc.adversary_weapons))]
    guard_ids = [f"G{i + 1}" for i in range(len(sc.guard_weapons))]
    vehicle_ids = [TRANSPORTER_ID, *sc.escorts]
    adv = _men(adv_ids, sc.adversary_weapons, side in ("adversary", "referee"))
    grd = _men(guard_ids, sc.guard_weapons, side in ("defender", "referee"))
    vehicles = (
        ", ".join(vehicle_ids)
        if side in ("defender", "referee")
        else f"{len(vehicle_ids)} vehicles"
    )
    need = view.get("barrier_points_required", sc.barrier_points_required)
    have = view.get("barrier_points", 0)
    out_word = "killed or wounded" if sc.victory == "killed_or_wounded" else "killed"
    adv_goal = (
        f"Stop the convoy's transporter, then break into its vault: {need} barrier points "
        f"of work (task BW, from turn {T.FIRST_BARRIER_WORK_TURN}) before turn "
        f"{sc.turn_limit} ends."
    )
    def_goal = (
        f"Keep the adversaries out of the vault for {sc.turn_limit} turns, or put every "
        f"adversary out of the fight ({out_word}). Your guards may fire from turn "
        f"{T.FIRST_DEFENDER_FIRE_TURN}."
    )
    goal = {"adversary": adv_goal, "defender": def_goal}
    if side in goal:
        objective = e(goal[side])
    else:
        objective = list_html([f"adversary: {e(adv_goal)}", f"defender: {e(def_goal)}"])
    down, n_adv = _counted(view, "adversary")
    route = view.get("route") or sc.route or "the route chosen at set-up"
    ambush = view.get("ambush") or sc.ambush or "(placed at set-up)"
    if side == "defender":
        enemy = (
            f"The adversaries ({len(adv_ids)} men) were placed in secret, anywhere "
            f"on the map. They stop your transporter at the ambush hex {e(str(ambush))} on "
            f"{e(str(route))}: expect them within rifle range of it, in cover."
        )
    elif side == "adversary":
        enemy = (
            f"The convoy comes along {e(str(route))}: the transporter stops at your ambush "
            f"hex {e(str(ambush))}; its {len(sc.escorts)} escort vehicles drive ahead and "
            "behind it with the guards aboard. Guards leave the vehicles to fight."
        )
    else:
        enemy = f"Route {e(str(route))}, ambush hex {e(str(ambush))}."
    score = [f"barrier points {have} of {need}"]
    if n_adv:
        score.append(f"adversaries out of the fight (that you know of): {down} of {n_adv}")
    return {
        "sides": list_html(
            [
                f"<b>adversary</b>: {e(adv)}",
                f"<b>defender</b>: guards {e(grd)}, in {e(vehicles)}",
            ]
        ),
        "objective": objective,
        "victory": "The adversary wins when the vault opens; the defender wins otherwise. "
        f"Now: {e('; '.join(score))}.",
        "enemy": enemy,
        "turns": f"Turn {int(getattr(game, 'turn', 0))} of {sc.turn_limit} ({T.TURN_MINUTES} "
        f"minute each). Both sides plot in secret, then the turn is resolved: fire, "
        f"movement, barrier work. Each man has {T.AP_PER_TURN} AP a turn.",
    }


def briefing(game: Any, side: str, title: str = "SKIRMISH") -> str:
    """SKIRMISH's briefing for ``side`` (HTML)."""
    sc = game.scenario
    extra = f"<p><i>{html.escape(sc.description)}</i></p>" if sc.description else ""
    return render_briefing(f"{title}: {sc.name}", side, sections(game, side), extra)
