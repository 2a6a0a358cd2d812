"""Hidden information in SKIRMISH views: what each side may know, and nothing more."""

from __future__ import annotations

from hexplay.games.skirmish.game import SkirmishGame


def _blind_to_transporter(seed: int = 1) -> SkirmishGame:
    """A game at turn 1's planning with every adversary on a hex without LOS to the
    transporter's hex (its position is known to both sides)."""
    g = SkirmishGame.new(seed=seed)
    g.auto_setup("adversary", seed)
    t = g.terrain
    amb = g.ambush
    blk = g.blockers()
    blind = [h for h in t.labels if t.distance(h, amb) > 3 and not t.sees(h, amb, blk)]
    for i, m in enumerate(m for m in g.men.values() if m.side == "adversary"):
        g.place(m.id, blind[i])
    g.submit("adversary")
    g.submit("defender")
    return g


def test_transporter_crew_hidden_without_line_of_sight():
    g = _blind_to_transporter()
    crew = [m.id for m in g.men.values() if m.vehicle == "T"]
    assert crew
    v = g.view("adversary")
    assert "T" in v["units"]  # where it stands is known ...
    assert "seats" not in v["units"]["T"]
    for gid in crew:  # ... who is inside is not
        assert gid not in v["units"] and gid not in v["seen"]
        assert gid not in g.seen["adversary"]
    # and DF at them cannot be plotted (they are not seen)
    assert all(lo.kind != "DF" for lo in g.legal_orders("adversary"))


def test_transporter_crew_seen_with_line_of_sight():
    g = SkirmishGame.new(scenario={"adversary_start": {}}, seed=2)
    g.auto_setup("adversary", 2)  # default hexes see the ambush hex
    g.submit("adversary")
    g.submit("defender")
    crew = [m.id for m in g.men.values() if m.vehicle == "T"]
    v = g.view("adversary")
    assert all(gid in v["units"] for gid in crew)


def test_vehicle_held_by_adversaries_shows_no_seats_to_defender():
    g = _blind_to_transporter(3)
    # adversaries take E1 (its crew out), far from every defender's eyes
    crew = [m.id for m in g.men.values() if m.vehicle == "E1"]
    advs = [m.id for m in g.men.values() if m.side == "adversary"][:2]
    g.arrange(
        men={
            **{gid: g.map.label(g.vehicle_hex("T")) for gid in crew},
            advs[0]: ["E1", "D"],
            advs[1]: ["E1", "C"],
        },
        vehicles={"E1": {"pos": -15, "moving": False}},
    )
    assert g.controller(g.vehicles["E1"]) == "adversary"
    v = g.view("defender")
    for a in advs:
        assert a not in v["units"]
    e1 = v["units"].get("E1")
    assert e1 is None or ("seats" not in e1 and "controller" not in e1)
    # the referee still sees everything
    r = g.view("referee")
    assert r["units"]["E1"]["seats"]


def _convoy_placed_first(offsets: tuple[str, str], seed: int = 4) -> SkirmishGame:
    """Route and ambush chosen, then the convoy places its escorts before the adversary
    places his men (set-up order is free)."""
    g = SkirmishGame.new(seed=seed)
    g.choose_route("Route 4")
    g.place_ambush(g.route[len(g.route) // 2])
    g.place("E1", offsets[0], side="defender")
    g.place("E2", offsets[1], side="defender")
    return g


def _adversary_hexes(g: SkirmishGame) -> dict[str, str]:
    return {m.id: m.hex for m in g.men.values() if m.side == "adversary"}


def test_adversary_auto_setup_ignores_secret_escort_hexes():
    a = _convoy_placed_first(("T+1", "T-1"))
    b = _convoy_placed_first(("T+20", "T-20"))
    assert a.blockers() != b.blockers()
    a.auto_setup("adversary", 7)
    b.auto_setup("adversary", 7)
    assert _adversary_hexes(a) == _adversary_hexes(b)


def test_tactic_adversary_setup_ignores_secret_escort_hexes():
    from hexplay.games.skirmish.ai.tactics import TacticalAdversary

    for cover in ("trees", "slope", "open"):
        a = _convoy_placed_first(("T+1", "T-1"))
        b = _convoy_placed_first(("T+20", "T-20"))
        TacticalAdversary(5, station_cover=cover, station_range=3).setup(a)
        TacticalAdversary(5, station_cover=cover, station_range=3).setup(b)
        assert _adversary_hexes(a) == _adversary_hexes(b)


def test_known_blockers_are_what_the_side_may_know():
    g = _convoy_placed_first(("T+1", "T-1"))
    idx = g.terrain.index
    t = idx[g.vehicle_hex("T")]
    assert g.known_blockers("adversary") == {t}  # the escorts are placed in secret
    assert g.known_blockers("defender") == g.blockers()
