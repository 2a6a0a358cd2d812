"""AMBUSH team play: SKIRMISH's commands (:mod:`hexplay.games.skirmish.commanders`) with the
convoy's radios carrying reports between the vehicles.

Reports reach another command as in SKIRMISH (same vehicle or hex, in sight: at once) and,
for the defender in a scenario with the ``radio`` option, over CB (the report: "CB radio
within the convoy"; :mod:`hexplay.games.skirmish.radio`):

* a vehicle is **on the net** while a living defender is aboard and it is the transporter or
  an escort already warned by CB (an unwarned escort's set is not yet listening);
* two vehicles on the net exchange reports at once when they are **in range**: the route
  hexes between them are within the CB table's band where a call always gets through
  (``radio.toml`` ``cb``, success 6: :func:`sure_range`), so no die is rolled and the game's
  dice are untouched. Beyond it the report does not get through (the calls for help keep
  their own dice);
* option ``radios``: ``"working"`` (the default) or ``"failed"`` (jammed or broken: no
  report goes by radio; SKIRMISH's word of mouth only).

The adversary has no radios: its teams share reports by word of mouth as in SKIRMISH.
"""

from __future__ import annotations

from ...engine.commanders import Commands, Delivery
from ..skirmish.commanders import by_convoy, by_vehicles, sightings, trim, voice_links
from ..skirmish.state import DEFENDER

ALWAYS = 6
"""The die face at or under which a CB call always gets through (a d6)."""


def sure_range(g) -> int:
    """The longest range (route hexes) at which a CB call always gets through."""
    best = 0
    for top, success in g.ambush_tables.cb:
        if success >= ALWAYS:
            best = max(best, top)
    return best


def on_net(g, vid: str) -> bool:
    """A vehicle whose CB set is listening: a living defender aboard, and the transporter or
    an escort warned."""
    v = g.vehicles.get(vid)
    if v is None:
        return False
    aboard = any(g.men[i].alive and g.men[i].side == DEFENDER for i in v.seats.values())
    warned = vid == g.transporter.id or vid in g.radio["warned"]
    return aboard and warned


def radio_links(g, side: str, groups, options) -> list[tuple[str, str, Delivery]]:
    """Pairs of defender commands whose vehicles are on the net and in range (both ways)."""
    if side != DEFENDER or not g.scenario.radio or options.get("radios") == "failed":
        return []
    rng = sure_range(g)
    nets = {n: [v for v in us if v in g.vehicles and on_net(g, v)] for n, us in groups.items()}
    names = [n for n in groups if nets[n]]
    out: list[tuple[str, str, Delivery]] = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            d = min(abs(g.vehicles[x].pos - g.vehicles[y].pos) for x in nets[a] for y in nets[b])
            if d <= rng:
                out += [(a, b, "now"), (b, a, "now")]
    return out


def links(g, side: str, groups, options) -> list[tuple[str, str, Delivery]]:
    out = voice_links(g, side, groups)
    have = {(a, b) for a, b, _ in out}
    out += [x for x in radio_links(g, side, groups, options) if (x[0], x[1]) not in have]
    return out


RULE = (
    "A commander sees what the living men of its command see, and what reaches it: from men "
    "in the same vehicle, hex or sight at once, and over CB at once between convoy vehicles on "
    "the net (a living defender aboard; the transporter, or an escort warned) within the range "
    "where a CB call always gets through; nothing by radio when the radios have failed."
)

COMMANDS = Commands(
    divisions={"vehicles": by_vehicles, "convoy": by_convoy},
    default="vehicles",
    information="per_commander",
    sightings=sightings,
    links=links,
    trim=trim,
    options={"radios": ("working", "failed")},
    rule=RULE,
)
"""AMBUSH's team-play declaration (its plugin record's ``commands`` part)."""
