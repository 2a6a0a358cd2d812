"""AMBUSH's settings of the search player (:mod:`hexplay.ai.search`): its registered players
as the candidates (the search's default), 4 rollouts a turn."""

from __future__ import annotations

from hexplay.ai.search import SearchSettings, search_for

SETTINGS = SearchSettings(budget={"iterations": 4})
"""AMBUSH's search settings: the defaults, with a small budget."""

player = search_for(SETTINGS)
"""The registry's ``search`` player."""
