"""The conformance kit (hexplay.testing) on every shipped game and on the example game from
outside (examples/hexplay-duel, installed by scripts/test.sh): one test per game and check."""

from __future__ import annotations

import pytest
from toy_games import shipped_games

import hexplay
import hexplay.testing as kit

EXAMPLE = "duel"
GAMES = [*shipped_games(), EXAMPLE]

PENDING: dict[tuple[str, str], str] = {}
"""Checks this branch knows to fail, each filled by a branch merged beside it (strict: a
check that starts passing fails here until its entry is taken out)."""


@pytest.mark.parametrize("check", list(kit.CHECKS))
@pytest.mark.parametrize("name", GAMES)
def test_conformance(name: str, check: str, request: pytest.FixtureRequest) -> None:
    if name == EXAMPLE and EXAMPLE not in hexplay.games():
        pytest.fail("the example game is not installed: pip install -e examples/hexplay-duel")
    reason = PENDING.get((name, check))
    if reason is not None:
        request.applymarker(pytest.mark.xfail(strict=True, reason=reason))
    kit.run_check(check, name)
