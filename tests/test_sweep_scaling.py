"""A sweep on a cluster that scales from zero: submitted while the scheduler has no worker, it
plans small chunks, and two workers that join later both play them; ``min_workers`` waits for
a stated number of workers first; ``progress=False`` does not import tqdm."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("distributed")

from distributed import Client, LocalCluster, get_task_stream  # noqa: E402

from hexplay.analysis import run_sweep  # noqa: E402
from hexplay.analysis.sweep import SCALING_CHUNK  # noqa: E402

POINTS = [{"scenario.n_guards": 4}, {"scenario.n_guards": 5}]


def test_a_sweep_submitted_to_an_empty_cluster_keeps_late_workers_busy():
    with (
        LocalCluster(
            n_workers=0, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        assert not client.scheduler_info()["workers"]
        out = {}

        def go():
            with get_task_stream(client) as ts:
                out["df"] = run_sweep(
                    POINTS, 40, game="skirmish", client=client, progress=False, seed=5
                )
            out["tasks"] = ts.data

        t = threading.Thread(target=go)
        t.start()
        time.sleep(1.0)  # the sweep is submitted, no worker yet
        cluster.scale(2)
        t.join(timeout=300)
        assert not t.is_alive()
    df = out["df"]
    assert df.attrs["complete"] and len(df) == 80
    assert df.attrs["chunk_size"] == SCALING_CHUNK
    workers = {task["worker"] for task in out["tasks"] if "_chunk_task" in task["key"]}
    assert len(workers) == 2  # both late workers played chunks
    sync = run_sweep(POINTS, 40, game="skirmish", scheduler="sync", progress=False, seed=5)
    assert df.drop(columns=[c for c in df if c.endswith("_s")], errors="ignore").equals(
        sync.drop(columns=[c for c in sync if c.endswith("_s")], errors="ignore")
    )


def test_min_workers_waits_for_them():
    with (
        LocalCluster(
            n_workers=0, processes=False, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        threading.Timer(0.5, lambda: cluster.scale(2)).start()
        df = run_sweep(POINTS, 8, game="skirmish", client=client, progress=False, min_workers=2)
    assert df.attrs["workers"] == 2 and df.attrs["complete"]


def test_progress_false_does_not_import_tqdm():
    code = (
        "import sys; from hexplay.analysis import run_sweep; "
        "run_sweep([{}], 2, game='skirmish', scheduler='sync', progress=False); "
        "print('tqdm' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
