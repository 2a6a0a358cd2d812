"""WinProbabilityGauge: P(adversary win) of a game in progress, beside the board.

A horizontal gauge (ipywidgets ``FloatProgress``) with the estimate and its confidence interval,
and a small bqplot chart of the estimate after each turn with its confidence band. The numbers
come from :func:`hexplay.analysis.win_probability` (Monte Carlo of the remaining turns with the
computer players); marks are updated in place (``hold_sync``), never rebuilt.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import bqplot as bq
import ipywidgets as w

ADVERSARY_COLOUR = "#c0392b"
DEFENDER_COLOUR = "#2e86c1"


class WinProbabilityGauge(w.VBox):
    """Call :meth:`update` with the game after each turn (or :meth:`show` with an estimate).

    ``n``: simulated continuations per update; ``seed``: base seed (the turn is added, so the
    same game state always gives the same estimate); ``tactics``: the computer players' knobs
    used for the continuations; ``history``: show the chart of estimates by turn.
    """

    def __init__(
        self,
        game: Any = None,
        n: int = 200,
        seed: int = 0,
        tactics: Mapping[str, Mapping[str, Any]] | None = None,
        history: bool = True,
        **kwargs: Any,
    ) -> None:
        self.n = int(n)
        self.seed = int(seed)
        self.tactics = tactics
        self.estimates: list[dict[str, Any]] = []
        self.bar = w.FloatProgress(
            value=0.5, min=0.0, max=1.0, bar_style="", layout=w.Layout(width="100%")
        )
        self.bar.style.bar_color = ADVERSARY_COLOUR
        self.title = w.HTML("<b>P(adversary wins)</b>")
        self.label = w.HTML("–")
        children: list[w.Widget] = [self.title, self.bar, self.label]
        self._xs = bq.LinearScale(min=0.0)
        self._ys = bq.LinearScale(min=0.0, max=1.0)
        self.band = bq.Lines(
            x=[],
            y=[[], []],
            scales={"x": self._xs, "y": self._ys},
            fill="between",
            fill_colors=[ADVERSARY_COLOUR],
            fill_opacities=[0.2],
            colors=[ADVERSARY_COLOUR],
            stroke_width=0.5,
        )
        self.line = bq.Lines(
            x=[],
            y=[],
            scales={"x": self._xs, "y": self._ys},
            colors=[ADVERSARY_COLOUR],
            marker="circle",
            marker_size=16,
        )
        self.figure = bq.Figure(
            marks=[self.band, self.line],
            axes=[
                bq.Axis(scale=self._xs, label="turn", tick_format="d"),
                bq.Axis(scale=self._ys, side="left", tick_format=".0%"),
            ],
            fig_margin={"top": 10, "bottom": 35, "left": 45, "right": 10},
            layout=w.Layout(height="180px", width="100%"),
        )
        if history:
            children.append(self.figure)
        kwargs.setdefault("layout", w.Layout(width="280px"))
        super().__init__(children=children, **kwargs)
        if game is not None:
            self.update(game)

    # --- public ---------------------------------------------------------------------------
    def update(self, game: Any) -> dict[str, Any]:
        """Estimate from ``game``'s current state and show it; returns the estimate."""
        from hexplay.analysis.winprob import win_probability

        est = win_probability(game, n=self.n, seed=self.seed, tactics=self.tactics)
        self.show(est)
        return est

    def show(self, est: Mapping[str, Any]) -> None:
        """Display an estimate dict (``p_adversary``, ``ci_low``, ``ci_high``, ``turn``, ``n``)."""
        est = dict(est)
        turn = est.get("turn", len(self.estimates))
        self.estimates = [e for e in self.estimates if e.get("turn") != turn] + [est]
        self.estimates.sort(key=lambda e: e.get("turn", 0))
        p, lo, hi = est["p_adversary"], est["ci_low"], est["ci_high"]
        self.bar.value = float(p)
        state = " (game over)" if est.get("over") else ""
        self.label.value = (
            f"<b>{p:.0%}</b> &nbsp;[{lo:.0%} – {hi:.0%}] &nbsp;after turn {turn}, "
            f"n={est.get('n', 0)}{state}"
        )
        xs = [float(e.get("turn", i)) for i, e in enumerate(self.estimates)]
        with self.line.hold_sync(), self.band.hold_sync():
            self.line.x = xs
            self.line.y = [e["p_adversary"] for e in self.estimates]
            self.band.x = xs
            self.band.y = [
                [e["ci_low"] for e in self.estimates],
                [e["ci_high"] for e in self.estimates],
            ]
        self._xs.max = max(xs[-1], 1.0)

    def reset(self) -> None:
        """Forget the history (a new game)."""
        self.estimates = []
        with self.line.hold_sync(), self.band.hold_sync():
            self.line.x, self.line.y = [], []
            self.band.x, self.band.y = [], [[], []]
