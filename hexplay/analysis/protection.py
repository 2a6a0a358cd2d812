"""How much protection is enough, judged against the attacks that can be found, and the robust
defence: questions asked of any game whose analysis description declares protection parameters
and search spaces (:class:`~hexplay.analysis.games.AnalysisSpec`'s ``protection`` and
``spaces``).

* :func:`enough_protection` — for one protection parameter (levels in order of more
  protection) and a threshold on P(the reported side wins), the smallest level that meets it
  against the **default** attack, against the **worst attack found** at that level
  (:func:`~hexplay.analysis.worstcase.best_response`, warm-started from the winners of the
  lower levels and of earlier runs) and against the game's **search player seeded with** that
  attack (where the game can seed it). Every figure is a fresh-seed estimate with its Wilson
  interval; ``bound="upper"`` asks that the interval's upper end meet the threshold,
  ``"point"`` the estimate. :meth:`EnoughResult.figure` draws the three curves (bqplot),
  :meth:`EnoughResult.svg` the same as a static SVG (docs).
* :func:`robust_defence` — alternate the best defence against the current attack and the worst
  attack against the current defence, both searched and re-estimated on fresh seeds, until
  neither improves beyond its interval; the value of the last pair is the protection judged
  against an attacker who adapts to it.

Seeds: every level's search uses the same ``seed`` and its re-estimate the same fresh seeds, so
the curves are compared on common games across levels; the same arguments give the same result.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .worstcase import (
    BUDGET,
    CANDIDATES,
    FINAL_GAMES,
    RUNGS,
    SEED_STRIDE,
    BestResponse,
    Estimate,
    best_response,
    estimate,
    load_found,
)

CURVES = ("default", "worst", "search")
"""The three attacks a protection level is judged against."""
COLOURS = {"default": "#2c7fb8", "worst": "#c0392b", "search": "#7b3294"}


@dataclass(frozen=True)
class Protection:
    """A protection parameter of a game (declared in its analysis description): the scenario
    parameter ``name``, its ``levels`` in order of more protection, the side it protects
    (``defender``) against the side whose P(win) is reported, and a label for plots."""

    name: str
    levels: tuple[Any, ...]
    label: str = ""
    defender: str = ""
    note: str = ""


def protection_of(game: str, name: str) -> Protection:
    """The protection parameter ``name`` that ``game`` declares; a ``ValueError`` naming those
    it does otherwise."""
    from .games import spec_of

    prot = spec_of(game).protection
    if name not in prot:
        raise ValueError(
            f"{game} declares no protection parameter {name!r}; it has: {', '.join(prot) or 'none'}"
        )
    return prot[name]


@dataclass
class EnoughResult:
    """The answer of :func:`enough_protection`: the rows of every level and curve, the
    searches, and the smallest level meeting the threshold on each curve."""

    game: str
    parameter: str
    threshold: float
    bound: str
    levels: list[Any]
    rows: list[dict[str, Any]] = field(default_factory=list)
    searches: list[BestResponse] = field(default_factory=list)
    label: str = ""
    title: str = ""
    seed: int = 0
    summaries: list[dict[str, Any]] = field(default_factory=list)
    """Each level's search in figures (:meth:`BestResponse.summary`; kept when saved)."""
    settings: dict[str, Any] = field(default_factory=dict)
    """The sizes the study ran at (candidates, budget, final_games...; set by its maker, kept
    when saved and stated first by :meth:`markdown`)."""

    def meets(self, row: Mapping[str, Any]) -> bool:
        v = row["ci_high"] if self.bound == "upper" else row["p"]
        return v <= self.threshold

    def enough(self, curve: str = "worst") -> Any:
        """The smallest level whose ``curve`` meets the threshold and every level above it
        does too (None: no level tested does)."""
        rows = [r for r in self.rows if r["curve"] == curve]
        if not rows:
            return None
        ok = [self.meets(r) for r in rows]
        for i in range(len(rows)):
            if all(ok[i:]):
                return rows[i]["level"]
        return None

    @property
    def answers(self) -> dict[str, Any]:
        curves = [c for c in CURVES if any(r["curve"] == c for r in self.rows)]
        return {c: self.enough(c) for c in curves}

    def table(self):
        import pandas as pd

        cols = ["level", "curve", "p", "ci_low", "ci_high", "games", "knobs"]
        df = pd.DataFrame(self.rows)
        return df[cols] if len(df) else pd.DataFrame(columns=cols)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "parameter": self.parameter,
            "threshold": self.threshold,
            "bound": self.bound,
            "levels": self.levels,
            "label": self.label,
            "title": self.title,
            "seed": self.seed,
            "rows": self.rows,
            "answers": self.answers,
            "searches": self.search_summaries(),
            "settings": self.settings,
        }

    def search_summaries(self) -> list[dict[str, Any]]:
        return [s.summary() for s in self.searches] or list(self.summaries)

    def markdown(self) -> str:
        """The answer, every figure and each level's search, as Markdown tables."""
        lines = [
            f"Threshold {self.threshold:.0%} on the {self.bound} bound of the 95 % interval; "
            f"seed {self.seed}.",
            *(["", sizes_text(self.settings)] if self.settings else []),
            "",
            "| against | enough |",
            "|---|---|",
        ]
        lines += [f"| {_curve_label(c)} | {v} |" for c, v in self.answers.items()]
        lines += ["", "| level | against | P | 95 % interval | games |", "|---|---|---|---|---|"]
        for r in self.rows:
            lines.append(
                f"| {r['level']} | {_curve_label(r['curve'])} | {r['p']:.3f} | "
                f"[{r['ci_low']:.3f}, {r['ci_high']:.3f}] | {r['games']} |"
            )
        sums = self.search_summaries()
        if sums:
            lines += [
                "",
                "| level | candidates | games | excluded by the bound | largest gap bound "
                "| not excluded | seconds |",
                "|---|---|---|---|---|---|---|",
            ]
            for level, s in zip(self.levels, sums):
                gap = s["excluded_upper"]
                gap_text = "-" if gap != gap else f"{gap:.3f}"  # (NaN: none excluded)
                lines.append(
                    f"| {level} | {s['candidates']} | {s['games']} | {s['excluded_by_bound']} "
                    f"| {gap_text} | {s['unresolved']} | {s['seconds']:.0f} |"
                )
        return "\n".join(lines) + "\n"

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> EnoughResult:
        keys = ("game", "parameter", "threshold", "bound", "levels", "rows", "label", "title")
        r = cls(**{k: d[k] for k in keys if k in d})
        r.seed = int(d.get("seed", 0))
        r.summaries = list(d.get("searches", []))
        r.settings = dict(d.get("settings", {}))
        return r

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), indent=1, default=str) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> EnoughResult:
        return cls.from_dict(json.loads(Path(path).read_text()))

    def figure(self):
        """The curves with their 95 % bands and the threshold (a bqplot Figure)."""
        import bqplot as bq
        import ipywidgets as w

        xs = [str(v) for v in self.levels]
        x_sc, y_sc = bq.OrdinalScale(domain=xs), bq.LinearScale(min=0.0, max=1.0)
        marks = []
        for curve, rows in self._by_curve().items():
            c = COLOURS[curve]
            x = [str(r["level"]) for r in rows]
            band = [[r["ci_low"] for r in rows], [r["ci_high"] for r in rows]]
            sc = {"x": x_sc, "y": y_sc}
            marks.append(
                bq.Lines(x=x, y=band, fill="between", fill_colors=[c], fill_opacities=[0.15],
                         colors=[c], stroke_width=0.5, scales=sc)
            )  # fmt: skip
            marks.append(
                bq.Lines(x=x, y=[r["p"] for r in rows], colors=[c], marker="circle",
                         labels=[_curve_label(curve)], display_legend=True, scales=sc)
            )  # fmt: skip
        marks.append(
            bq.Lines(x=xs, y=[self.threshold] * len(xs), colors=["#555"], line_style="dashed",
                     scales={"x": x_sc, "y": y_sc})
        )  # fmt: skip
        return bq.Figure(
            marks=marks,
            axes=[
                bq.Axis(scale=x_sc, label=self.label or self.parameter),
                bq.Axis(
                    scale=y_sc,
                    orientation="vertical",
                    tick_format=".0%",
                    label=self.title or "P(win)",
                ),
            ],  # fmt: skip
            title=f"threshold {self.threshold:.0%} ({self.bound}): enough = {self.answers}",
            legend_location="top-right",
            layout=w.Layout(width="600px", height="380px"),
        )

    def _by_curve(self) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {}
        for r in self.rows:
            out.setdefault(r["curve"], []).append(r)
        return out

    def svg(self, width: int = 560, height: int = 340) -> str:
        """The same curves as a static SVG (no plotting library: the docs' saved figures)."""
        left, right, top, bottom = 60, 150, 30, 50
        pw, ph = width - left - right, height - top - bottom
        n = max(1, len(self.levels) - 1)

        def x(i: int) -> float:
            return left + pw * (i / n if len(self.levels) > 1 else 0.5)

        def y(p: float) -> float:
            return top + ph * (1 - p)

        idx = {json.dumps(v, default=str): i for i, v in enumerate(self.levels)}
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'font-family="sans-serif" font-size="12">',
            f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
        ]
        for t in range(0, 11, 2):
            p = t / 10
            out.append(
                f'<line x1="{left}" x2="{left + pw}" y1="{y(p):.1f}" y2="{y(p):.1f}" '
                f'stroke="#ddd"/><text x="{left - 6}" y="{y(p) + 4:.1f}" '
                f'text-anchor="end">{p:.0%}</text>'
            )
        for i, v in enumerate(self.levels):
            out.append(f'<text x="{x(i):.1f}" y="{top + ph + 18}" text-anchor="middle">{v}</text>')
        out.append(
            f'<text x="{left + pw / 2}" y="{height - 10}" text-anchor="middle">'
            f"{_esc(self.label or self.parameter)}</text>"
        )
        out.append(
            f'<text x="14" y="{top + ph / 2}" transform="rotate(-90 14 {top + ph / 2})" '
            f'text-anchor="middle">{_esc(self.title or "P(win)")}</text>'
        )
        yt = y(self.threshold)
        out.append(
            f'<line x1="{left}" x2="{left + pw}" y1="{yt:.1f}" y2="{yt:.1f}" stroke="#555" '
            f'stroke-dasharray="5,4"/>'
        )
        for k, (curve, rows) in enumerate(self._by_curve().items()):
            c = COLOURS[curve]
            pts = [(x(idx[json.dumps(r["level"], default=str)]), r) for r in rows]
            hi = " ".join(f"{px:.1f},{y(r['ci_high']):.1f}" for px, r in pts)
            lo = " ".join(f"{px:.1f},{y(r['ci_low']):.1f}" for px, r in reversed(pts))
            out.append(f'<polygon points="{hi} {lo}" fill="{c}" fill-opacity="0.15"/>')
            line = " ".join(f"{px:.1f},{y(r['p']):.1f}" for px, r in pts)
            out.append(f'<polyline points="{line}" fill="none" stroke="{c}" stroke-width="2"/>')
            for px, r in pts:
                out.append(f'<circle cx="{px:.1f}" cy="{y(r["p"]):.1f}" r="3" fill="{c}"/>')
            ly = top + 14 + 18 * k
            out.append(
                f'<line x1="{left + pw + 12}" x2="{left + pw + 32}" y1="{ly - 4}" y2="{ly - 4}" '
                f'stroke="{c}" stroke-width="2"/><text x="{left + pw + 36}" y="{ly}">'
                f"{_esc(_curve_label(curve))}: {_esc(str(self.enough(curve)))}</text>"
            )
        ly = top + 14 + 18 * len(self._by_curve())
        out.append(
            f'<text x="{left + pw + 12}" y="{ly + 4}" fill="#555">threshold '
            f"{self.threshold:.0%} ({self.bound})</text>"
        )
        out.append("</svg>")
        return "\n".join(out) + "\n"


def sizes_text(settings: Mapping[str, Any]) -> str:
    """A study's sizes in words (its saved ``settings``): candidates, rungs, games a search,
    fresh games a figure, the seeded search's games, and the CPU time where recorded."""
    s = dict(settings)
    parts = []
    if "candidates" in s:
        parts.append(f"{s['candidates']} candidates a search")
    if "games" in s:
        parts.append(f"rungs of {', '.join(str(g) for g in s['games'])} games then doubling")
    if "budget" in s:
        parts.append(f"{s['budget']} games a search")
    if "final_games" in s:
        parts.append(f"{s['final_games']} fresh games a figure")
    if "rounds" in s:
        parts.append(f"at most {s['rounds']} rounds")
    if s.get("search") is not None and "search_games" in s:
        budget = ", ".join(f"{k}={v}" for k, v in dict(s["search"]).items())
        parts.append(f"{s['search_games']} for the seeded search ({budget})")
    text = "Sizes: " + "; ".join(parts) + "."
    if s.get("scale", 1) != 1:
        text += f" (The full size divided by {s['scale']:g}.)"
    if "cpu_s" in s:
        text += (
            f" It took {s['cpu_s'] / 60:.0f} CPU minutes ({s.get('wall_s', 0) / 60:.0f} of wall "
            f"time, {s.get('workers', '?')} worker processes)."
        )
    return text


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _curve_label(curve: str) -> str:
    return {"default": "default attack", "worst": "worst found", "search": "search seeded"}[curve]


def _row(level: Any, curve: str, e: Estimate) -> dict[str, Any]:
    lo, hi = e.ci
    return {
        "level": level,
        "curve": curve,
        "p": e.p,
        "ci_low": lo,
        "ci_high": hi,
        "games": e.games,
        "wins": e.wins,
        "knobs": json.dumps(e.knobs, sort_keys=True, default=str),
    }


def enough_protection(
    game: str,
    parameter: str,
    threshold: float,
    *,
    levels: Sequence[Any] | None = None,
    bound: str = "upper",
    scenario: Mapping[str, Any] | None = None,
    fixed: Mapping[str, Any] | None = None,
    candidates: int = CANDIDATES,
    games: Sequence[int] = RUNGS,
    budget: int | None = BUDGET,
    final_games: int = FINAL_GAMES,
    search: Mapping[str, Any] | None = None,
    search_games: int | None = None,
    seed: int = 0,
    warm: Sequence[Mapping[str, Any]] = (),
    found: str | Path | None = None,
    worst: bool = True,
    **sweep_kw: Any,
) -> EnoughResult:
    """How much of ``parameter`` (a protection parameter ``game`` declares; ``levels``
    default to its declared ones) keeps P(the reported side wins) at or below ``threshold``
    (``bound``: ``"upper"``, the Wilson interval's upper end; ``"point"``, the estimate)?
    See the module docstring.

    ``fixed``: the protecting side's knobs. ``candidates``, ``games``, ``budget``: each level's
    search (:func:`~hexplay.analysis.worstcase.best_response`); ``final_games``: fresh games of
    each figure. ``search``: the seeded search player's budget (e.g. ``{"iterations": 8}``;
    None: no search curve; the game must declare ``seeded_search``), played for
    ``search_games`` fresh games (default ``final_games``). ``warm``, ``found``: knob sets to
    try first at every level (``found``: a file of
    :func:`~hexplay.analysis.worstcase.save_found`). ``worst=False``: the default curve only
    (no search). ``sweep_kw`` go to :func:`~hexplay.analysis.sweep.run_sweep`.

    The worst curve is the stronger of the found attack and the default on the fresh games
    (the search may keep the default; choosing the higher of two estimates biases it up a
    little, never more than the larger interval's half-width)."""
    from .games import spec_of

    spec = spec_of(game)
    prot = protection_of(game, parameter)
    if bound not in ("upper", "point"):
        raise ValueError(f"bound is 'upper' or 'point', not {bound!r}")
    if not 0 <= threshold <= 1:
        raise ValueError(f"threshold is a probability, not {threshold!r}")
    levels = list(prot.levels if levels is None else levels)
    if not levels:
        raise ValueError("no levels to test")
    side = spec.win_side
    if search is not None and not spec.seeded_search:
        raise ValueError(f"{game}'s search player cannot be seeded (no seeded_search declared)")
    warm_sets = [dict(k) for k in warm]
    if found is not None:
        warm_sets += load_found(found, game, side)
    out = EnoughResult(game, parameter, threshold, bound, levels, label=prot.label or parameter)
    out.title, out.seed = spec.title, seed
    own = _own_client(sweep_kw)
    fresh = seed + SEED_STRIDE
    try:
        for level in levels:
            sc = {**dict(scenario or {}), parameter: level}
            if not worst:
                e = estimate(game, sc, {side: {}, **_others(spec, side, fixed)}, final_games,
                             fresh, **sweep_kw)  # fmt: skip
                out.rows.append(_row(level, "default", e))
                continue
            r = best_response(game, side, sc, fixed, candidates=candidates, games=games,
                              budget=budget, final_games=final_games, seed=seed, warm=warm_sets,
                              **sweep_kw)  # fmt: skip
            out.searches.append(r)
            out.rows.append(_row(level, "default", r.default))
            stronger = r.best if r.best.p >= r.default.p else r.default
            out.rows.append(_row(level, "worst", stronger))
            if r.best.knobs not in warm_sets:  # the next level starts from this one's winner
                warm_sets.insert(0, dict(r.best.knobs))
            if search is not None and spec.seeded_search:  # (declared: checked above)
                from ..registry import resolve

                knobs = resolve(spec.seeded_search)(side, stronger.knobs, dict(search))
                e = estimate(game, sc, {side: knobs, **_others(spec, side, fixed)},
                             search_games or final_games, fresh, **sweep_kw)  # fmt: skip
                e.knobs = dict(stronger.knobs)
                out.rows.append(_row(level, "search", e))
    finally:
        _close_own(own)
    return out


def _others(spec, side: str, fixed: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    return {s: dict(fixed or {}) for s in spec.sides if s != side}


def _own_client(sweep_kw: dict[str, Any]):
    """One local cluster for a whole study (closed by :func:`_close_own`) unless the caller
    gave a scheduler or client."""
    sweep_kw.setdefault("progress", False)
    if sweep_kw.get("client") is None and sweep_kw.get("scheduler") is None:
        from .sweep import local_client

        c = sweep_kw["client"] = local_client(sweep_kw.pop("n_workers", None))
        return c
    return None


def _close_own(client) -> None:
    if client is not None:
        from .sweep import _close_client

        _close_client(client)


# --- robust defence ---------------------------------------------------------------------------
@dataclass
class RobustRound:
    """One round: the attack searched against the current defence, then the defence searched
    against that attack; both pairs' fresh estimates."""

    attack: dict[str, Any]
    defence: dict[str, Any]
    attack_value: Estimate
    """The new attack against the defence it was searched against."""
    value: Estimate
    """The new defence against the new attack (the round's pair)."""


@dataclass
class RobustResult:
    """The answer of :func:`robust_defence` at one scenario: the rounds, the final pair and its
    value, and the default defence against the worst attack found for it."""

    game: str
    scenario: dict[str, Any]
    rounds: list[RobustRound]
    default_value: Estimate
    """The default defence against the worst attack found for it (round 1's attack value)."""
    converged: bool

    @property
    def defence(self) -> dict[str, Any]:
        return self.rounds[-1].defence

    @property
    def attack(self) -> dict[str, Any]:
        return self.rounds[-1].attack

    @property
    def value(self) -> Estimate:
        """The robust value: the last searched attack against the last defence, or the last
        pair, whichever is higher (the defence is judged by the stronger attack known)."""
        last = self.rounds[-1]
        return max(last.attack_value, last.value, key=lambda e: e.p)

    def row(self) -> dict[str, Any]:
        v, d = self.value, self.default_value
        return {
            **{f"scenario.{k}": x for k, x in self.scenario.items()},
            "robust_p": v.p,
            "robust_ci_low": v.ci[0],
            "robust_ci_high": v.ci[1],
            "default_defence_worst_p": d.p,
            "default_ci_low": d.ci[0],
            "default_ci_high": d.ci[1],
            "rounds": len(self.rounds),
            "converged": self.converged,
            "defence": json.dumps(self.defence, sort_keys=True, default=str),
            "attack": json.dumps(self.attack, sort_keys=True, default=str),
        }


def robust_defence(
    game: str,
    scenario: Mapping[str, Any] | None = None,
    *,
    rounds: int = 4,
    candidates: int = CANDIDATES,
    games: Sequence[int] = RUNGS,
    budget: int | None = BUDGET,
    final_games: int = FINAL_GAMES,
    seed: int = 0,
    **sweep_kw: Any,
) -> RobustResult:
    """Alternate the worst attack against the current defence and the best defence against
    that attack (both by :func:`~hexplay.analysis.worstcase.best_response`, each side's earlier
    winners as warm starts), at most ``rounds`` times, until neither search moves the value
    beyond its interval: the attack search no longer raises the value above the current pair's
    interval and the defence search no longer lowers it below the attack's. Round ``i``'s
    searches use seed ``seed + i``; every value is a fresh-seed estimate."""
    from .games import spec_of

    spec = spec_of(game)
    att = spec.win_side
    dfd = next(s for s in spec.sides if s != att)
    if att not in spec.spaces or dfd not in spec.spaces:
        raise ValueError(f"{game} declares no search space for both sides (needs {spec.sides})")
    own = _own_client(sweep_kw)
    kw: dict[str, Any] = dict(
        candidates=candidates, games=games, budget=budget, final_games=final_games
    )
    out: list[RobustRound] = []
    defence: dict[str, Any] = {}
    attacks: list[dict] = []
    defences: list[dict] = []
    pair: Estimate | None = None
    converged = False
    default_value: Estimate | None = None
    try:
        for i in range(rounds):
            a = best_response(game, att, scenario, defence, seed=seed + i, warm=attacks, **kw,
                              **sweep_kw)  # fmt: skip
            attack = a.best.knobs if a.best.p >= a.default.p else {}
            a_val = a.best if a.best.p >= a.default.p else a.default
            if default_value is None:
                default_value = a_val
            attacks = [attack, *[x for x in attacks if x != attack]]
            d = best_response(game, dfd, scenario, attack, seed=seed + i, warm=defences, **kw,
                              **sweep_kw)  # fmt: skip
            new_def = d.best.knobs if d.best.p <= d.default.p else {}
            if new_def and new_def == defence:
                new_def = defence
            value = d.best if new_def == d.best.knobs else d.default
            value = Estimate(new_def, value.wins, value.games)
            defences = [new_def, *[x for x in defences if x != new_def]]
            attack_gain = pair is not None and a_val.p > pair.ci[1]
            defence_gain = value.p < a_val.ci[0]
            out.append(RobustRound(attack, new_def, a_val, value))
            if pair is not None and not attack_gain and not defence_gain:
                converged = True
                defence = new_def
                break
            defence, pair = new_def, value
    finally:
        _close_own(own)
    assert default_value is not None
    return RobustResult(game, dict(scenario or {}), out, default_value, converged)


def robust_levels(
    game: str, parameter: str, levels: Sequence[Any] | None = None, **kw: Any
) -> list[dict[str, Any]]:
    """:func:`robust_defence` at each level of the protection parameter ``parameter`` (levels
    default to the declared ones; ``scenario`` and the other keywords go to it): one row a
    level (:meth:`RobustResult.row`, with the level and each round's values)."""
    prot = protection_of(game, parameter)
    scenario = dict(kw.pop("scenario", None) or {})
    own = _own_client(kw)
    rows = []
    try:
        for level in list(prot.levels if levels is None else levels):
            r = robust_defence(game, {**scenario, parameter: level}, **kw)
            row = {"level": level, **r.row()}
            row["rounds_values"] = [
                [x.attack_value.p, x.value.p] for x in r.rounds
            ]  # (attack vs the previous defence, the new pair)
            rows.append(row)
    finally:
        _close_own(own)
    return rows


def robust_markdown(
    rows: Sequence[Mapping[str, Any]], settings: Mapping[str, Any] | None = None
) -> str:
    """The robust-defence rows (:func:`robust_levels`) as a Markdown table, after the study's
    sizes (``settings``, :func:`sizes_text`) where given."""
    lines = [sizes_text(settings), ""] if settings else []
    lines += [
        "| level | robust value | 95 % interval | default defence vs its worst attack | 95 % "
        "interval | rounds | converged | defence | attack |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['level']} | {r['robust_p']:.3f} | [{r['robust_ci_low']:.3f}, "
            f"{r['robust_ci_high']:.3f}] | {r['default_defence_worst_p']:.3f} | "
            f"[{r['default_ci_low']:.3f}, {r['default_ci_high']:.3f}] | {r['rounds']} | "
            f"{'yes' if r['converged'] else 'no'} | `{r['defence']}` | `{r['attack']}` |"
        )
    return "\n".join(lines) + "\n"


# --- a saved best-response study, as the docs show it ------------------------------------------
def response_markdown(data: Mapping[str, Any]) -> str:
    """A saved best-response study (``{"kind": "best_response", ...}``: the searched side,
    the other side's ``fixed`` knobs, ``rows`` of fresh estimates, the ``search``'s summary,
    the ``settings``) as Markdown: its sizes, the figures, then the search's evidence."""
    fixed = ", ".join(f"{k}={v}" for k, v in dict(data.get("fixed", {})).items()) or "defaults"
    lines = [sizes_text(data["settings"]), ""] if data.get("settings") else []
    lines += [
        f"P({data['win_side']} wins), {data['side']} searched against {fixed}; each figure on "
        f"the same {data['rows'][0]['games']} fresh games (seeds from {data['fresh_seed']}).",
        "",
        f"| {data['side']} | P | 95 % interval | games | knobs |",
        "|---|---|---|---|---|",
    ]
    for r in data["rows"]:
        lines.append(
            f"| {r['label']} | {r['p']:.3f} | [{r['ci_low']:.3f}, {r['ci_high']:.3f}] | "
            f"{r['games']} | `{json.dumps(r['knobs'], sort_keys=True, default=str)}` |"
        )
    s = data.get("search")
    if s:
        gap = s["excluded_upper"]
        gap_text = "-" if gap != gap else f"{gap:.3f}"  # (NaN: none excluded)
        lines += [
            "",
            "| candidates | games | excluded by the bound | largest gap bound | not excluded "
            "| seconds |",
            "|---|---|---|---|---|---|",
            f"| {s['candidates']} | {s['games']} | {s['excluded_by_bound']} | {gap_text} | "
            f"{s['unresolved']} | {s['seconds']:.0f} |",
        ]
    return "\n".join(lines) + "\n"
