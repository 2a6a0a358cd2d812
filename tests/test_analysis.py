"""Analysis machinery with a trivial deterministic game runner (no game engine needed)."""

from __future__ import annotations

import sys

import dask
import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexplay.analysis import (
    IntRange,
    Uniform,
    expand_grid,
    join_point,
    parse_values,
    run_batch,
    run_sweep,
    sample_points,
    split_point,
    summarize,
    sweep,
    wilson_interval,
    wilson_intervals,
)
from hexplay.analysis.sweep import (
    LOCAL_CLUSTER_CONFIG,
    TAIL_SPLIT,
    _close_client,
    local_client,
    plan_chunks,
)
from hexplay.cli import main

THIS = sys.modules[__name__]


def trivial_runner(scenario: dict, tactics: dict, seed: int, record: bool = False) -> dict:
    """Adversary wins with probability falling in the barrier points required."""
    rng = np.random.default_rng(seed)
    need = scenario.get("barrier_points_required", 200)
    workers = tactics.get("adversary", {}).get("workers", 3)
    p = min(1.0, max(0.0, 0.9 - need / 400 + 0.05 * workers))
    u = rng.random()
    out = {
        "winner": "adversary" if u < p else "defender",
        "turns": int(rng.integers(5, 21)),
        "barrier_points": int(need if u < p else rng.integers(0, need)),
        "adversary_killed": int(rng.integers(0, 4)),
        "defender_killed": int(rng.integers(0, 4)),
    }
    if record:
        out["record"] = {"seed": seed, "u": u}
    return out


INTERRUPT_AT: set[int] = set()


def interruptible_runner(scenario: dict, tactics: dict, seed: int, record: bool = False) -> dict:
    if seed in INTERRUPT_AT:
        raise KeyboardInterrupt
    return trivial_runner(scenario, tactics, seed, record)


# --- statistics -----------------------------------------------------------------------------
def test_wilson_known_values():
    lo, hi = wilson_interval(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@given(st.integers(0, 10_000), st.integers(1, 10_000))
def test_wilson_contains_estimate(k, n):
    k = min(k, n)
    lo, hi = wilson_interval(k, n)
    assert 0.0 <= lo <= k / n + 1e-12 and k / n - 1e-12 <= hi <= 1.0
    vlo, vhi = wilson_intervals([k], [n])
    assert vlo[0] == pytest.approx(lo) and vhi[0] == pytest.approx(hi)
    if n >= 4:  # narrower with more data at the same proportion
        lo4, hi4 = wilson_interval(4 * k, 4 * n)
        assert hi4 - lo4 < hi - lo


def test_summarize_counts_and_bounds():
    games = pd.DataFrame(
        {
            "point": [0, 0, 0, 1, 1],
            "scenario.x": [1, 1, 1, 2, 2],
            "winner": ["adversary", "defender", "adversary", "defender", "defender"],
            "turns": [10, 20, 30, 5, 7],
        }
    )
    s = summarize(games, game="skirmish")
    assert list(s["games"]) == [3, 2] and list(s["wins"]) == [2, 0]
    assert s["p_adversary_win"].tolist() == pytest.approx([2 / 3, 0.0])
    assert s["turns"].tolist() == pytest.approx([20.0, 6.0])
    assert (s["ci_low"] <= s["p_adversary_win"]).all() and (
        s["p_adversary_win"] <= s["ci_high"]
    ).all()


# --- points -----------------------------------------------------------------------------------
def test_expand_grid_order_and_size():
    pts = expand_grid({"scenario.a": [1, 2], "adversary.k": IntRange(0, 2)})
    assert len(pts) == 6
    assert pts[0] == {"scenario.a": 1, "adversary.k": 0}
    assert pts[1] == {"scenario.a": 1, "adversary.k": 1}
    assert pts[-1] == {"scenario.a": 2, "adversary.k": 2}
    with pytest.raises(ValueError):
        expand_grid({"scenario.a": Uniform(0, 1)})


def test_sample_points_deterministic_and_in_range():
    spec = {"scenario.a": IntRange(3, 7), "defender.d": Uniform(0.0, 2.0), "x": ["u", "v"]}
    a = sample_points(spec, 50, seed=3)
    assert a == sample_points(spec, 50, seed=3)
    assert a != sample_points(spec, 50, seed=4)
    assert all(3 <= p["scenario.a"] <= 7 and 0 <= p["defender.d"] < 2 for p in a)
    assert {p["x"] for p in a} == {"u", "v"}


def test_split_and_join_point():
    sides = ("adversary", "defender")
    point = {"scenario.a": 1, "b": 2, "adversary.k": 3, "defender.m": "hold"}
    sc, tac = split_point(point, sides)
    assert sc == {"a": 1, "b": 2}
    assert tac == {"adversary": {"k": 3}, "defender": {"m": "hold"}}
    assert split_point(join_point(sc, tac), sides) == (sc, tac)
    with pytest.raises(ValueError):
        split_point({"bogus.k": 1}, sides)


def test_parse_values():
    assert parse_values("1,2,3") == [1, 2, 3]
    assert parse_values("2..4") == IntRange(2, 4)
    assert parse_values("0.5~1") == Uniform(0.5, 1.0)
    assert parse_values("hold,close") == ["hold", "close"]
    assert parse_values("[[1,2],[3]]") == [[1, 2], [3]]
    assert parse_values("true") == [True]


# --- batches ----------------------------------------------------------------------------------
def test_batch_reproducible_with_recorded_seeds():
    a = run_batch(
        40,
        {"barrier_points_required": 150},
        {"adversary": {"workers": 2}},
        seed=7,
        runner=trivial_runner,
        game="skirmish",
    )
    b = run_batch(
        40,
        {"barrier_points_required": 150},
        {"adversary": {"workers": 2}},
        seed=7,
        runner=trivial_runner,
        game="skirmish",
    )
    pd.testing.assert_frame_equal(a, b)
    assert a["seed"].tolist() == list(range(7, 47))
    assert a["game"].tolist() == list(range(40))
    assert (a["scenario.barrier_points_required"] == 150).all()
    assert (a["adversary.workers"] == 2).all()
    c = run_batch(
        40,
        {"barrier_points_required": 150},
        {"adversary": {"workers": 2}},
        seed=8,
        runner=trivial_runner,
        game="skirmish",
    )
    assert not a["winner"].equals(c["winner"])
    # game i depends only on its seed
    assert a.iloc[1:]["winner"].tolist() == c.iloc[:-1]["winner"].tolist()


def test_batch_records_are_json():
    df = run_batch(3, {}, seed=0, runner=trivial_runner, records=True, game="skirmish")
    assert df["record"].str.startswith("{").all()


# --- sweeps -----------------------------------------------------------------------------------
SPEC = {"scenario.barrier_points_required": [100, 200, 300], "adversary.workers": [1, 4]}


def test_sweep_sync_is_deterministic_and_chunking_invariant():
    pts = expand_grid(SPEC)
    a = run_sweep(
        pts, 30, runner=trivial_runner, scheduler="sync", progress=False, seed=1, game="skirmish"
    )
    b = run_sweep(
        pts,
        30,
        runner=trivial_runner,
        scheduler="sync",
        progress=False,
        seed=1,
        chunk_size=7,
        game="skirmish",
    )
    pd.testing.assert_frame_equal(a, b)
    assert len(a) == 6 * 30 and a.attrs["complete"]
    assert a.groupby("point")["seed"].apply(list).map(lambda s: s == list(range(1, 31))).all()
    ind = run_sweep(
        pts,
        30,
        runner=trivial_runner,
        scheduler="sync",
        progress=False,
        seed=1,
        common_seeds=False,
        game="skirmish",
    )
    assert ind["seed"].nunique() == 180


@given(st.integers(1, 5), st.integers(1, 60), st.integers(1, 25), st.integers(0, 400))
def test_chunk_plan_covers_every_game_once(n_points, n_games, size, tail):
    chunks = plan_chunks(n_points, n_games, size, tail)
    games = [(p, g + i) for p, g, count in chunks for i in range(count)]
    assert games == [(p, g) for p in range(n_points) for g in range(n_games)]  # once, in order
    assert all(1 <= count <= size for _p, _g, count in chunks)
    small = -(-size // TAIL_SPLIT)
    # the last ``tail`` games (at least) are in the small chunks, the rest in full-size ones
    in_small = 0
    for _p, _g, count in reversed(chunks):
        if count > small or in_small >= tail:
            break
        in_small += count
    assert in_small >= min(tail, n_points * n_games) or small >= size
    assert plan_chunks(n_points, n_games, size) == [
        (p, g, min(size, n_games - g)) for p in range(n_points) for g in range(0, n_games, size)
    ]


def test_local_cluster_housekeeping_is_set_on_the_workers():
    pytest.importorskip("distributed")
    client = local_client(1)
    try:
        got = client.run(lambda: {k: dask.config.get(k) for k in LOCAL_CLUSTER_CONFIG})
    finally:
        _close_client(client)
    assert list(got.values()) == [LOCAL_CLUSTER_CONFIG]


def test_sweep_progress_callback():
    seen = []
    run_sweep(
        expand_grid(SPEC),
        5,
        runner=trivial_runner,
        scheduler="sync",
        progress=lambda d, t: seen.append((d, t)),
        chunk_size=5,
        game="skirmish",
    )
    assert seen[-1] == (30, 30) and len(seen) == 6


def test_sweep_on_local_dask_cluster_matches_sync():
    cloudpickle = pytest.importorskip("cloudpickle")
    pytest.importorskip("distributed")
    cloudpickle.register_pickle_by_value(THIS)
    try:
        pts = expand_grid(SPEC)
        sync = run_sweep(
            pts, 20, runner=trivial_runner, scheduler="sync", progress=False, game="skirmish"
        )
        # default chunking: the last chunks cut smaller so both workers finish together
        dask = run_sweep(
            pts, 20, runner=trivial_runner, n_workers=2, progress=False, game="skirmish"
        )
    finally:
        cloudpickle.unregister_pickle_by_value(THIS)
    pd.testing.assert_frame_equal(sync, dask, check_dtype=False)
    assert dask.attrs["workers"] == 2


def test_sweep_interrupt_keeps_partial_results_and_resumes(tmp_path):
    pts = expand_grid(SPEC)
    full = run_sweep(
        pts, 10, runner=trivial_runner, scheduler="sync", progress=False, game="skirmish"
    )
    INTERRUPT_AT.add(5)  # seed 5: the first chunk of point 0 (games 5-9 with chunk size 5)
    try:
        part = run_sweep(
            pts,
            10,
            runner=interruptible_runner,
            scheduler="sync",
            progress=False,
            chunk_size=5,
            checkpoint=tmp_path,
            game="skirmish",
        )
    finally:
        INTERRUPT_AT.clear()
    assert not part.attrs["complete"] and len(part) == 5
    assert len(list(tmp_path.glob("*.parquet"))) == 1
    rest = run_sweep(
        pts,
        10,
        runner=interruptible_runner,
        scheduler="sync",
        progress=False,
        chunk_size=5,
        checkpoint=tmp_path,
        game="skirmish",
    )
    assert rest.attrs["complete"] and rest.attrs["games_played"] == 55
    pd.testing.assert_frame_equal(full, rest, check_dtype=False)
    with pytest.raises(ValueError, match="different sweep"):
        run_sweep(
            pts,
            11,
            runner=interruptible_runner,
            scheduler="sync",
            progress=False,
            chunk_size=5,
            checkpoint=tmp_path,
            game="skirmish",
        )


def test_sweep_statistics_follow_the_runner():
    summary, _ = sweep(
        SPEC, 400, runner=trivial_runner, scheduler="sync", progress=False, game="skirmish"
    )
    for w, g in summary.groupby("adversary.workers"):
        p = g.sort_values("scenario.barrier_points_required")["p_adversary_win"].to_numpy()
        assert (np.diff(p) < 0).all(), w
        expect = np.clip(0.9 - np.array([100, 200, 300]) / 400 + 0.05 * w, 0, 1)
        lo = g.sort_values("scenario.barrier_points_required")["ci_low"].to_numpy()
        hi = g.sort_values("scenario.barrier_points_required")["ci_high"].to_numpy()
        # 95 % intervals: with 6 points all covering is the overwhelmingly likely outcome
        assert ((lo - 0.03 <= expect) & (expect <= hi + 0.03)).all()


# --- command line -----------------------------------------------------------------------------
RUNNER = f"{__name__}:trivial_runner"


def test_cli_simulate_csv_and_parquet(tmp_path, capsys):
    out = tmp_path / "g.csv"
    rc = main(
        [
            "simulate",
            "-n",
            "12",
            "--seed",
            "3",
            "--runner",
            RUNNER,
            "--set",
            "scenario.barrier_points_required=120",
            "--set",
            "adversary.workers=2",
            "-o",
            str(out),
            "--summary",
            str(tmp_path / "s.parquet"),
        ]
    )
    assert rc == 0
    df = pd.read_csv(out)
    assert len(df) == 12 and df["seed"].tolist() == list(range(3, 15))
    assert (df["adversary.workers"] == 2).all()
    s = pd.read_parquet(tmp_path / "s.parquet")
    assert int(s["games"].iloc[0]) == 12
    ref = run_batch(
        12,
        {"barrier_points_required": 120},
        {"adversary": {"workers": 2}},
        seed=3,
        runner=trivial_runner,
        game="skirmish",
    )
    assert df["winner"].tolist() == ref["winner"].tolist()


def test_cli_sweep_parquet(tmp_path):
    out = tmp_path / "sweep.parquet"
    rc = main(
        [
            "sweep",
            "-n",
            "8",
            "--runner",
            RUNNER,
            "--scheduler",
            "sync",
            "--no-progress",
            "--param",
            "scenario.barrier_points_required=100..102",
            "--param",
            "adversary.workers=1,3",
            "-o",
            str(out),
        ]
    )
    assert rc == 0
    df = pd.read_parquet(out)
    assert len(df) == 3 * 2 * 8 and df["point"].nunique() == 6
    rc = main(
        [
            "sweep",
            "-n",
            "4",
            "--runner",
            RUNNER,
            "--scheduler",
            "sync",
            "--no-progress",
            "--param",
            "scenario.barrier_points_required=50~300",
            "--sample",
            "5",
            "-o",
            str(tmp_path / "s.csv"),
        ]
    )
    df = pd.read_csv(tmp_path / "s.csv")
    assert rc == 0 and df["point"].nunique() == 5 and len(df) == 20


def test_cli_rejects_bad_arguments(tmp_path):
    with pytest.raises(SystemExit):
        main(["simulate", "--set", "novalue"])
    with pytest.raises(SystemExit):
        main(["simulate", "-n", "1", "--runner", RUNNER, "-o", str(tmp_path / "x.xlsx")])


def test_a_checkpointed_sweep_resumes_on_another_number_of_workers(tmp_path):
    """The chunking of a checkpointed sweep is the manifest's, not the new worker count's."""
    cloudpickle = pytest.importorskip("cloudpickle")
    pytest.importorskip("distributed")
    pts = expand_grid(SPEC)
    full = run_sweep(
        pts, 20, runner=trivial_runner, scheduler="sync", progress=False, game="skirmish"
    )
    INTERRUPT_AT.add(15)  # a game of the first point's second chunk (1 worker's chunking)
    try:
        part = run_sweep(
            pts, 20, runner=interruptible_runner, scheduler="sync", progress=False,
            checkpoint=tmp_path, game="skirmish",
        )  # fmt: skip
    finally:
        INTERRUPT_AT.clear()
    assert not part.attrs["complete"] and 0 < len(part) < len(full)
    cloudpickle.register_pickle_by_value(THIS)
    try:
        rest = run_sweep(
            pts, 20, runner=interruptible_runner, n_workers=2, progress=False,
            checkpoint=tmp_path, game="skirmish",
        )  # fmt: skip
    finally:
        cloudpickle.unregister_pickle_by_value(THIS)
    assert rest.attrs["complete"] and rest.attrs["games_played"] == len(full) - len(part)
    pd.testing.assert_frame_equal(full, rest, check_dtype=False)
