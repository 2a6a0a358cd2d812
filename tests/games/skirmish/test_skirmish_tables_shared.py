"""One per-map table and memo for rules and players; no import loop; no private access."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np

from hexplay.games.skirmish.ai.players import ScriptedAdversary, ScriptedDefender
from hexplay.games.skirmish.ai.tactics import make_players, tables_for
from hexplay.games.skirmish.fixtures import practice_game
from hexplay.games.skirmish.game import SkirmishGame

PKG = Path(__file__).resolve().parents[3] / "hexplay"


def test_players_share_the_rules_per_map_table():
    g = SkirmishGame.new(seed=1)
    t = tables_for(g)
    assert t is g.terrain
    assert tables_for(SkirmishGame.new(seed=2)) is t  # one per map, not per game
    m = g.map
    # the fast masks and distances equal the plain map look-ups
    assert t.trees.tolist() == [m.terrain_at(h) == "trees" for h in m.hexes]
    slope = m.hexside_features.get("slope", frozenset())
    plain = [any(m.hexside(h, n) in slope for n in m.neighbors(h)) for h in m.hexes]
    assert t.slope_hex.tolist() == plain
    rng = np.random.default_rng(0)
    for a in rng.choice(t.labels, 5):
        d = t.dist_from(str(a))
        for b in rng.choice(t.labels, 20):
            assert int(d[t.index[str(b)]]) == m.distance(str(a), str(b))


def test_one_memo_of_the_shot_calculation():
    g = practice_game(seed=3)
    from hexplay.ai.player import play

    play(g, [ScriptedAdversary(3), ScriptedDefender(3)], max_turns=3)
    play(g, list(make_players(seed=3)), max_turns=2)
    kinds = {k[0] for k in g.terrain.memo if isinstance(k, tuple) and k}
    assert "shot_sixths" not in kinds  # the players ask game.odds (one key for one shot)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_arrange_does_not_import_the_game():
    assert not any(m.endswith("game") for m in _imports(PKG / "games/skirmish/arrange.py"))


def test_no_private_access_across_skirmish_modules():
    pat = re.compile(r"\b(?:g|game)\._[a-z]\w*")
    for p in [
        *(PKG / "games/skirmish").glob("*.py"),
        *(PKG / "games/skirmish/ai").glob("*.py"),
        *(PKG / "ai").glob("*.py"),
    ]:
        if p.name == "game.py":
            continue
        assert not pat.findall(p.read_text()), p.name
