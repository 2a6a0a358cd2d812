"""Tables of results that show themselves in a notebook as their table with a plot.

:class:`GamesTable` (what :func:`~hexplay.analysis.run_batch` and
:func:`~hexplay.analysis.run_sweep` return: one row per game) plots the share of games each
side won, per parameter point; :class:`SummaryTable` (what
:func:`~hexplay.analysis.summarize` returns: one row per point) plots P(win) with its Wilson
interval per point. Both are pandas DataFrames in every other respect (the plot is an inline
SVG drawn from the table itself: no plotting library, nothing fetched).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from ..maps.svg import esc, side_colours

#: The most points a plot shows (the table shows them all).
PLOT_POINTS = 30
DRAW_COLOUR = "#9a9a9a"


def _sides_of(table: pd.DataFrame) -> list[str]:
    """The game's sides in their order (the table's ``attrs["game"]``), else the winners seen."""
    name = table.attrs.get("game")
    if name:
        try:
            from .games import spec_of

            return list(spec_of(str(name)).sides)
        except Exception:  # an unregistered name: fall back on the table
            pass
    col = table["winner"] if "winner" in table.columns else pd.Series([], dtype=object)
    return sorted({str(w) for w in col.dropna()})


def _frame(rows: list[str], width: int, row_h: int, body: str, title: str) -> str:
    h = 24 + row_h * len(rows) + 22
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' class='hexplay-plot' width='{width}' "
        f"height='{h}' viewBox='0 0 {width} {h}' font-family='sans-serif' font-size='11'>"
        f"<title>{esc(title)}</title><text x='4' y='14' font-weight='bold'>{esc(title)}</text>"
        f"{body}</svg>"
    )


def wins_plot_svg(games: pd.DataFrame, width: int = 520) -> str:
    """Per parameter point (``point``; one bar for a batch): the share of games each side
    won (stacked, side colours; draws grey), with the count of games. Empty without a
    ``winner`` column or rows."""
    if "winner" not in games.columns or len(games) == 0:
        return ""
    sides = _sides_of(games)
    colours = side_colours(sides)
    keys = games["point"] if "point" in games.columns else pd.Series(0, index=games.index)
    points = list(dict.fromkeys(keys.tolist()))[:PLOT_POINTS]
    label_w, x0 = 70, 74
    bar_w = width - x0 - 60
    body = []
    for i, p in enumerate(points):
        sel = games["winner"][keys == p]
        n = len(sel)
        y = 24 + 18 * i
        x = float(x0)
        for side in [*sides, None]:
            k = int(sel.isna().sum()) if side is None else int((sel == side).sum())
            if not k:
                continue
            w = bar_w * k / n
            colour = DRAW_COLOUR if side is None else colours[side]
            who = "no winner" if side is None else side
            body.append(
                f"<rect x='{x:.1f}' y='{y}' width='{w:.1f}' height='14' fill='{colour}'>"
                f"<title>{esc(who)}: {k} of {n}</title></rect>"
            )
            x += w
        name = f"point {p}" if "point" in games.columns else "batch"
        body.append(
            f"<text x='{label_w}' y='{y + 11}' text-anchor='end'>{esc(name)}</text>"
            f"<text x='{x0 + bar_w + 4}' y='{y + 11}'>{n} games</text>"
        )
    legend_y = 24 + 18 * len(points) + 14
    lx = x0
    for side, colour in [*colours.items(), ("no winner", DRAW_COLOUR)]:
        body.append(
            f"<rect x='{lx}' y='{legend_y - 9}' width='10' height='10' fill='{colour}'/>"
            f"<text x='{lx + 13}' y='{legend_y}'>{esc(side)}</text>"
        )
        lx += 20 + 7 * len(side)
    return _frame(points, width, 18, "".join(body), "games won, by side")


def p_win_plot_svg(summary: pd.DataFrame, width: int = 520) -> str:
    """Per row (a parameter point): P(win) as a dot on [0, 1] with its Wilson interval as a
    bar. Empty without a ``p_<side>_win`` column."""
    cols = [c for c in summary.columns if c.startswith("p_") and c.endswith("_win")]
    if not cols or len(summary) == 0:
        return ""
    col = cols[0]
    p = summary[col].to_numpy(dtype=float)
    if {"ci_low", "ci_high"} <= set(summary.columns):
        lo = summary["ci_low"].to_numpy(dtype=float)
        hi = summary["ci_high"].to_numpy(dtype=float)
    else:
        lo = hi = p
    x0, x1 = 74, width - 60
    body = []
    for t in (0.0, 0.25, 0.5, 0.75, 1.0):
        x = x0 + (x1 - x0) * t
        body.append(
            f"<line x1='{x:.1f}' y1='20' x2='{x:.1f}' y2='{24 + 18 * min(len(p), PLOT_POINTS)}' "
            f"stroke='#ddd'/><text x='{x:.1f}' y='{36 + 18 * min(len(p), PLOT_POINTS)}' "
            f"text-anchor='middle' fill='#555'>{t:g}</text>"
        )
    names = summary["point"].tolist() if "point" in summary.columns else list(range(len(p)))
    rows = []
    for i in range(min(len(p), PLOT_POINTS)):
        y = 24 + 18 * i + 7
        rows.append(str(names[i]))
        body.append(f"<text x='70' y='{y + 4}' text-anchor='end'>point {esc(names[i])}</text>")
        if np.isnan(p[i]):
            continue
        xa, xb, xp = (x0 + (x1 - x0) * float(v) for v in (lo[i], hi[i], p[i]))
        body.append(
            f"<g><title>{esc(col)} = {p[i]:.2f} [{lo[i]:.2f}, {hi[i]:.2f}]</title>"
            f"<line x1='{xa:.1f}' y1='{y}' x2='{xb:.1f}' y2='{y}' stroke='#2f5fa8' "
            f"stroke-width='3'/><circle cx='{xp:.1f}' cy='{y}' r='4' fill='#b8322a'/></g>"
        )
    return _frame(rows, width, 18, "".join(body), f"{col} with its 95% interval")


class _PlotAboveTable(pd.DataFrame):
    """A DataFrame that a notebook shows as its :meth:`_plot` (SVG) above the table, the
    table alone when the frame was reshaped beyond the plot's reach."""

    def _plot(self) -> str:
        raise NotImplementedError

    @property
    def _constructor(self) -> Any:
        return type(self)

    def _repr_html_(self) -> str | None:
        table = super()._repr_html_()
        try:
            plot = self._plot()
        except Exception:  # a table reshaped beyond a plot's reach: the table alone
            plot = ""
        return plot + (table or "")


class GamesTable(_PlotAboveTable):
    """One row per game (a batch or a sweep): a DataFrame that a notebook shows as a plot of
    the games each side won per point (:func:`wins_plot_svg`) above the table."""

    def _plot(self) -> str:
        return wins_plot_svg(self)


class SummaryTable(_PlotAboveTable):
    """One row per parameter point (:func:`~hexplay.analysis.summarize`): a DataFrame that a
    notebook shows as a plot of P(win) with its interval per point above the table."""

    def _plot(self) -> str:
        return p_win_plot_svg(self)
