"""AMBUSH's settings of the search player (:mod:`hexplay.ai.search`): its registered players
as the candidates (the search's default), 8 rollouts a turn."""

from __future__ import annotations

from hexplay.ai.search import SearchSettings, search_for

SETTINGS = SearchSettings(budget={"iterations": 8})
"""AMBUSH's search settings: the defaults, 8 rollouts a turn. Measured
(``benchmarks/search_budgets.py``, the defender, 12 games of the default scenario, seeds
70000-70011): with 2 or 4 rollouts the search played another candidate than its base policy in
7 % of its decisions, with 8 in 14 %: 8 is the smallest budget where the rollouts change
decisions, at about twice the cost of 4 (the documentation's budgets table, generated from the
benchmark's output, has the costs)."""

player = search_for(SETTINGS)
"""The registry's ``search`` player."""
