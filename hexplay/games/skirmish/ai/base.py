"""SKIRMISH's computer-player base: ``act(game)`` does whatever the side must do now.

The interface every game's players share is :class:`hexplay.ai.player.GamePlayer`; this base
adds SKIRMISH's set-up and plotting steps to it. A player decides from ``game.view(side)``
(its side's fog-of-war view) and the public map; it acts only through the game's intents
(``plot``, ``submit``, set-up calls), so the engine validates every order exactly as for a
human.
"""

from __future__ import annotations

from typing import Any

from hexplay.ai.player import GamePlayer
from hexplay.engine import IllegalOrder


class Player(GamePlayer):
    """Base computer player for SKIRMISH (set-up, then a plot per turn).

    A plot whose outcome the player does not read may be deferred (:meth:`defer_plot`, with
    the plots to try instead if the rules refuse it): the deferred plots go in together at the
    player's next plot (:meth:`try_plot`, :meth:`flush_plots`) or at an AP query whose answer
    they may change (:meth:`ap_left`), in their order, by one ``plot_many`` (else one by one,
    each refused one's fallbacks tried in turn, when it refuses the batch), so the game is the
    same, command for command, as with each tried at once.
    """

    def __init__(self, side: str, seed: int = 0) -> None:
        super().__init__(side, seed)
        self._deferred: list[tuple[str, dict[str, Any]]] = []
        self._fallbacks: dict[int, tuple[dict[str, Any], ...]] = {}  # deferred index -> tasks
        self._deferred_units: set[str] = set()

    def act(self, game) -> None:
        """Do this side's part of the current phase (set-up or plotting), then submit."""
        if game.over:
            return
        if game.phase == "setup":
            if not game.setup_done[self.side]:
                self.setup(game)
                game.submit(self.side)
        elif game.phase == "planning" and not game.plots.submitted[self.side]:
            self.plan(game, game.view(self.side, events=False))
            self.flush_plots(game)
            game.submit(self.side)

    def setup(self, game) -> None:
        game.auto_setup(self.side, self.rng)

    def plan(self, game, view: dict[str, Any]) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def defer_plot(
        self, unit: str, code: str, *, fallbacks: tuple[dict[str, Any], ...] = (), **kw: Any
    ) -> None:
        """:meth:`try_plot` later, its outcome unread; if the rules refuse it, each task of
        ``fallbacks`` (a :meth:`try_plot` argument dict with its ``code``) is tried in turn
        until one is accepted (see the class docstring)."""
        if fallbacks:
            self._fallbacks[len(self._deferred)] = fallbacks
        self._deferred.append((unit, {"code": code, **kw}))
        self._deferred_units.add(unit)

    def flush_plots(self, game) -> None:
        """Plot the deferred plots: all by one ``game.plot_many``; if it refuses, each by
        :meth:`try_plot` and, if refused, its fallbacks (the acceptable ones plotted, as if
        each had been tried at once)."""
        todo = self._deferred
        if not todo:
            return
        fallbacks = self._fallbacks
        self._deferred = []
        self._fallbacks = {}
        self._deferred_units = set()
        if len(todo) > 1:
            try:
                game.plot_many(self.side, todo)
                return
            except IllegalOrder:
                pass
        for i, (unit, task) in enumerate(todo):
            if not self.try_plot(game, unit, **task):
                for fb in fallbacks.get(i, ()):
                    if self.try_plot(game, unit, **fb):
                        break

    def ap_left(self, game, unit: str):
        """``game.ap_left`` of one of the side's units as it is once the deferred plots are
        plotted: asked at once (nothing plotted first) for a man on foot with no deferred plot
        of his own (:meth:`_ap_unchanged`), else after :meth:`flush_plots`."""
        if self._deferred and not self._ap_unchanged(game, unit):
            self.flush_plots(game)
        return game.ap_left(self.side, unit)

    def _ap_unchanged(self, game, unit: str) -> bool:
        """True if plotting the deferred plots cannot change ``unit``'s AP left: he is a man
        on foot (not aboard a vehicle) with no task of his own plotted or deferred. A man's AP
        left is his own tasks' AP plus what others charge him, and only a vehicle's movement
        (its riders) and an exchange of places (EP, in a vehicle) charge a man: a man on foot
        rides nothing this turn unless he plots an entry (EV) of his own."""
        if unit in self._deferred_units:
            return False
        m = game.men.get(unit)
        return m is not None and m.vehicle is None and not game.plots.orders[self.side].get(unit)

    def try_plot(self, game, unit: str, code: str, **kw: Any) -> bool:
        """Plot if legal; False (and nothing changed) if the rules forbid it (the deferred
        plots plotted first)."""
        if self._deferred:
            self.flush_plots(game)
        try:
            game.plot(self.side, unit, code, **kw)
        except IllegalOrder:
            return False
        return True

    def try_plot_tasks(self, game, unit: str, tasks: list[dict[str, Any]]) -> bool:
        """Plot all of ``tasks`` if legal together; False (and nothing changed) if not (the
        deferred plots plotted first)."""
        if self._deferred:
            self.flush_plots(game)
        try:
            game.plot_tasks(self.side, unit, tasks)
        except IllegalOrder:
            return False
        return True


def play(game, players, max_turns: int | None = None):
    """Let the players act until the game is over (or ``max_turns`` turns resolved).

    SKIRMISH's (and AMBUSH's) loop: each player acts in the given order, then the turn is
    resolved without returning its events. Any other game is played by the game API's loop
    (:func:`hexplay.ai.player.play`, where ``max_turns`` counts turns of play the same way).
    A round in which no player acts and no turn is resolved is an error (a side without a
    player), not a loop without end.
    """
    from ..game import SkirmishGame

    if not isinstance(game, SkirmishGame):
        from hexplay.ai.player import play as play_game

        return play_game(game, players, max_turns)
    resolved = 0
    while not game.over:
        before = len(game.commands.commands)
        for p in players:
            p.act(game)
        if game.phase == "planning" and game.plots.all_submitted:
            game.resolve_turn(events=False)  # (the turn's events stay in the game's log)
            resolved += 1
            if max_turns is not None and resolved >= max_turns:
                break
        elif len(game.commands.commands) == before and not game.over:
            sides = [p.side for p in players]
            raise RuntimeError(f"players for {sides} did not act; {list(game.to_act())} must")
    return game
