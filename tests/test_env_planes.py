"""Observations as planes and factored actions, for every registered game: the declared
channels, the map's planes, units where the view puts them, masks per head that say exactly
what the legal orders allow, the flat Discrete form's PettingZoo checks."""

from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test  # noqa: E402
from toy_games import all_games, toys_registered  # noqa: E402

import hexplay  # noqa: E402
from hexplay.env import END, aec_env, parallel_env, planes_for  # noqa: E402
from hexplay.env.core import GameDriver  # noqa: E402

GAMES = all_games()
SHIPPED = ["skirmish", "ambush", "aggressor", "naval"]


@pytest.fixture(autouse=True)
def toys():
    with toys_registered():
        yield


def _random_driver(name: str, seed: int, steps: int) -> GameDriver:
    """A driver after ``steps`` random masked steps (factored heads)."""
    d = GameDriver(name, seed=seed)
    d.reset(seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        g = d.game
        if g.over:
            break
        side = g.to_act()[0]
        d.apply(side, int(rng.choice(np.flatnonzero(d.mask(side)))))
        d.settle()
    return d


@pytest.mark.parametrize("name", GAMES)
def test_channels_are_declared_and_shapes_match(name):
    """Every channel and global has a unique name and a line of documentation; the spaces
    are the encoding's shape (plus the selection channels); the map's grid is H x W."""
    d = GameDriver(name, seed=0)
    enc = d.encoder
    m = d.game.map
    assert enc.shape == (len(enc.channels), m.rows, m.cols)
    for chans in (d.channels, d.globals):
        names = [c.name for c in chans]
        assert len(set(names)) == len(names)
        assert all(c.doc.strip() for c in chans)
    space = d.observation_spaces[d.sides[0]]
    assert space["planes"].shape == (len(d.channels), m.rows, m.cols)
    assert space["globals"].shape == (len(d.globals),)
    d.reset(0)
    for side in d.sides:
        obs = d.observe(side)
        assert obs["planes"].dtype == np.float32 and obs["globals"].dtype == np.float32
        assert space.contains(obs)


@pytest.mark.parametrize("name", SHIPPED)
def test_each_shipped_game_has_its_own_encoding(name):
    """The four games' encodings live in their packages (their plugin records' ``env=``)."""
    g = hexplay.new_game(name, seed=0)
    enc = planes_for(g)
    assert type(enc).__module__ == f"hexplay.games.{name}.env_encoding"


@pytest.mark.parametrize("name", SHIPPED)
def test_map_planes_are_the_maps(name):
    """on_map covers every hex once; terrain one-hot sums to 1 on the map, 0 off it; each
    terrain plane is the map's terrain mask."""
    g = hexplay.new_game(name, seed=0)
    enc = planes_for(g)
    m = g.map
    obs = enc.encode(g.view(g.sides[0]))["planes"]
    names = [c.name for c in enc.channels]
    on = obs[names.index("on_map")]
    assert on.sum() == len(m.hexes)
    terrain = [i for i, n in enumerate(names) if n.startswith("terrain_")]
    assert np.array_equal(obs[terrain].sum(axis=0), on)
    for _t, tname in enumerate(m.terrain_names):
        plane = obs[names.index(f"terrain_{tname}")].reshape(-1)
        assert np.array_equal(plane[enc.flat_of], m.terrain_mask(tname).astype(np.float32))


@pytest.mark.parametrize("name", SHIPPED)
def test_units_are_where_the_view_puts_them(name):
    """After some random play, every own unit on the map of the side's view is counted on
    an own-unit channel at its hex, and nothing is on an own-unit channel elsewhere."""
    d = _random_driver(name, 3, 150)
    for side in d.sides:
        view = d.game.view(side)
        planes = d.encoder.encode(view)["planes"].reshape(len(d.encoder.channels), -1)
        names = [c.name for c in d.encoder.channels]
        own = [
            i
            for i, n in enumerate(names)
            if n.startswith("own_")
            and any(
                w in n
                for w in (
                    "man_fit",
                    "man_wounded",
                    "ship",
                    "infantry",
                    "armor",
                    "artillery",
                    "support",
                    "missile",
                    "airbase",
                    "vehicle",
                )
            )
            and "facing" not in n
        ]
        where = np.flatnonzero(planes[own].sum(axis=0))
        hexes = {
            d.encoder.flat(u.get("hex")) for u in view["units"].values() if u.get("side") == side
        }
        hexes.discard(None)
        assert set(where.tolist()) <= hexes
        if name != "skirmish" and name != "ambush":  # (a killed man is on "killed" instead)
            assert set(where.tolist()) == hexes


@pytest.mark.parametrize("name", ["skirmish", "ambush"])
def test_action_points_left_are_the_views(name):
    """The ``own_ap_left`` plane holds, on each hex, the sum of the view's action points left
    of the side's men there / 10, fractions included (AMBUSH's often are: "14/3"; a
    SKIRMISH man's can be)."""
    fractional = False
    for seed in range(5, 12):
        d = _random_driver(name, seed, 120)
        enc = d.encoder
        for side in d.sides:
            view = d.game.view(side)
            plane = enc.encode(view)["planes"][enc.ch("own_ap_left")].reshape(-1)
            want = np.zeros_like(plane)
            for uid, ap in (view.get("ap_left") or {}).items():
                u = view["units"].get(uid) or {}
                f = enc.flat(u.get("hex"))
                if f is not None and u.get("kind") == "man" and u.get("condition") != "killed":
                    want[f] += float(Fraction(ap)) / 10
                    fractional |= "/" in str(ap)
            assert np.allclose(plane, want), (seed, side)
        if fractional:
            break
    if name == "ambush":  # its points are fractions in most games: the plane once read 0
        assert fractional


@pytest.mark.parametrize("name", GAMES)
def test_factored_masks_are_the_legal_orders(name):
    """Every complete choice the heads allow is a legal flat action, and every legal flat
    action is reachable through the heads; masks are as long as the largest head, far
    shorter than the flat space."""
    for seed, steps in ((1, 0), (2, 60)):
        d = _random_driver(name, seed, steps)
        g = d.game
        if g.over:
            continue
        for side in g.to_act():
            d.pending.pop(side, None)
            legal = set(d.codec.legal_actions(d.legal(side)).tolist())
            c = d.choices(side)
            h = d.heads
            reached = set()
            for u in h.options(c, ()):
                if u == END:
                    continue
                for k in h.options(c, (int(u),)):
                    for t in h.options(c, (int(u), int(k))):
                        reached.add(h.flat_action((int(u), int(k), int(t))))
            assert reached == legal
            assert d.mask(side).shape == (h.n,)
            assert h.n <= max(d.codec.slots + 1, len(d.codec.kinds), d.codec.targets)
            assert h.n * 10 < d.codec.n or d.codec.n < 1000


@pytest.mark.parametrize("name", GAMES)
def test_offered_orders_are_legal_orders(name):
    """The orders the environment offers are legal orders (a game's encoding may only drop
    some), and the driver's masks are made of them."""
    from hexplay.env.planes import offered_orders

    d = _random_driver(name, 2, 60)
    g = d.game
    for side in () if g.over else g.to_act():
        legal = g.legal_orders(side)
        offered = offered_orders(g, side, legal)
        assert all(o in legal for o in offered)
        assert d.legal(side) == offered


def _skirmish_planning(seed: int = 1):
    """A SKIRMISH game at the adversary's first plot (both sides set up by the scripted
    players), and the scripted adversary's plot commands for it (played on a copy)."""
    g = hexplay.new_game("skirmish", seed=seed)
    entry = hexplay.game_entry("skirmish")
    players = {s: entry.player("scripted", s, seed=seed) for s in g.sides}
    while g.phase == "setup" or "adversary" not in g.to_act():
        if not g.to_act():
            g.advance()
        for s in g.to_act():
            players[s].act(g)
    c = g.copy()
    n = len(c.commands.commands)
    players["adversary"].act(c)
    return g, [x for x in c.commands.to_list()[n:] if x["op"] == "plot"]


def test_skirmish_offers_no_second_move_straight_after_a_move():
    """After a man's move (MP) is plotted, SKIRMISH's environment offers him no other move
    (the rules still allow one), and still offers the others' moves; a man who fired first
    is still offered his move (fire, then move: the plot ends with the shot)."""
    from hexplay.engine import Order
    from hexplay.engine.record import apply_commands
    from hexplay.env.planes import offered_orders

    g, plots = _skirmish_planning()
    move = next(x for x in plots if x["args"]["code"] == "MP")
    man = move["args"]["unit_id"]
    apply_commands(g, [move])
    legal = g.legal_orders("adversary")
    offered = offered_orders(g, "adversary", legal)
    assert any(o.kind == "MP" and o.unit == man for o in legal)
    assert not any(o.kind == "MP" and o.unit == man for o in offered)
    dropped = [o for o in legal if o not in offered]
    assert dropped and all(o.kind == "MP" and o.unit == man for o in dropped)
    assert any(o.kind == "MP" and o.unit != man for o in offered)

    g, _ = _skirmish_planning()
    fire = next(o for o in g.legal_orders("adversary") if o.kind == "DF")
    g.order(Order("adversary", "DF", fire.unit, {"target": fire.needs[0].options[0]}))
    assert any(o.kind == "MP" and o.unit == fire.unit for o in offered_orders(g, "adversary"))


def test_a_repertoire_limits_the_orders_offered_to_its_side():
    """``kinds`` (a learner's repertoire) keeps the offered orders of those kinds only, in the
    function and in the driver's masks for that side; the other side is offered all."""
    from hexplay.env.planes import offered_orders

    g, _ = _skirmish_planning()
    kinds = ("MP", "BW")
    offered = offered_orders(g, "adversary")
    kept = offered_orders(g, "adversary", kinds=kinds)
    assert kept == [o for o in offered if o.kind in kinds]
    assert {o.kind for o in kept} < {o.kind for o in offered}  # the first turn's fire dropped
    d = GameDriver("skirmish", seed=1, kinds={"adversary": kinds})
    d.game = g
    d.settle()
    assert d.legal("adversary") == kept
    heads = d.factored()
    c = heads.choices(d.legal("adversary"), False)
    assert {d.codec.kinds[k] for k in c.kind} <= set(kinds)
    first = int(c.slot[0]) + 1
    for k in heads.options(c, (first,)):
        assert d.codec.kinds[int(k)] in kinds
    assert d.legal("defender") == offered_orders(g, "defender")


@pytest.mark.parametrize("name", GAMES)
def test_an_order_takes_at_most_three_steps(name):
    """Giving the last legal value of each head gives one order (the pending choice empties
    within three steps), and the game's command count grows by one."""
    d = _random_driver(name, 4, 20)
    g = d.game
    if g.over:
        pytest.skip("the game ended")
    side = g.to_act()[0]
    d.pending.pop(side, None)
    n = len(g.commands.commands)
    for _step in range(3):
        m = np.flatnonzero(d.mask(side))
        if m.size == 1 and m[0] == END:
            pytest.skip("only END is legal")
        assert d.apply(side, int(m[-1]))
        if not d.pending.get(side):
            break
    assert not d.pending.get(side)
    assert len(d.game.commands.commands) >= n + 1 or d.game.turn != g.turn


@pytest.mark.parametrize("name", ["toy-race", "skirmish", "aggressor"])
def test_flat_discrete_form_passes_pettingzoo(name):
    """``actions="flat"`` (one Discrete integer per order, over the planes) passes
    PettingZoo's API and seed tests."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(name, actions="flat"), num_cycles=40)
        api_test(aec_env(name, actions="flat"), num_cycles=40)
        parallel_seed_test(lambda: parallel_env(name, actions="flat"), num_cycles=15)


def test_vector_form_is_kept():
    e = parallel_env("skirmish", actions="flat", observation="vector")
    obs, _ = e.reset(seed=0)
    o = obs["adversary"]
    assert set(o) == {"observation", "action_mask"} and o["observation"].ndim == 1


def test_unknown_forms_are_refused():
    with pytest.raises(ValueError, match="actions must be one of"):
        GameDriver("skirmish", actions="tree")


@pytest.mark.parametrize("name", SHIPPED)
def test_spec_table_lists_every_channel(name):
    """The docs' spec table of a game names every channel and global and the head sizes."""
    from hexplay.env.spec import spec_markdown

    d = GameDriver(name, seed=0)
    text = spec_markdown(name)
    assert all(f"| `{c.name}` |" in text for c in (*d.channels, *d.globals))
    assert f"Discrete({d.heads.n})" in text and f"Discrete({d.codec.n})" in text
    if name in ("skirmish", "ambush"):  # their encoding drops a move straight after a move
        assert "Orders offered (the masks): The legal orders less a move" in text
    else:
        assert "Orders offered" not in text
