"""The games hexplay ships, one package each (``hexplay.games.skirmish``, ...).

Each package holds everything of its game (rules, players, sampler, search settings, app
adapter and panels, editor kind, analysis spec, env encoding, side queries, docs tables) and one
plugin record that the registry reads. Shared layers never import these packages.

``hexplay.games()`` is also the registry's list of game names: this package is callable
(``hexplay.games()`` and ``hexplay.registry.games()`` are the same call), because importing a
subpackage ``hexplay.games.<name>`` binds ``hexplay.games`` to this module.
"""

from __future__ import annotations

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        """Names of the registered games (:func:`hexplay.registry.games`)."""
        from ..registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
