"""AMBUSH: SKIRMISH's advanced form (NUREG/CR-1255) -- SKIRMISH with options, its own data.

The rules machinery lives in :mod:`hexplay.games.skirmish` as feature modules switched on by
scenario options; this package holds AMBUSH's tables (``data/*.toml``, :mod:`.tables`), its
standard scenarios (``scenarios/*.json``), :class:`~.game.AmbushGame` and the tables'
documentation (:mod:`.docs`).
"""
