"""AMBUSH's settings of the search player (:mod:`hexplay.ai.search`): its registered players
as the candidates (the search's default: the scripted player is the base), 8 rollouts a turn,
no set-up search (the base sets up).

Its strength at that budget, against the scripted player in the default scenario on the same
400 games (seeds 0-399, ``benchmarks/search.py --only ambush``, saved in
``docs/evidence/search.json``): P(cargo away) is 0.273 [0.231, 0.318]
(``scripted_ambush_p_adversary``) with the base on both sides; the search as the defender
brings it down to 0.190 [0.155, 0.231] (``search_ambush_defender_p_adversary``), for 0.046
CPU s a decision (``search_ambush_defender_p_adversary``); as the adversary it gains nothing
beyond noise, 0.282 [0.241, 0.329] (``search_ambush_adversary_p_adversary``), for 0.033 CPU
s a decision (``search_ambush_adversary_p_adversary``). No set-up cost: the budget searches
no set-up (``setup_iterations`` 0)."""

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
