"""The seat pages of ``hexplay serve``: Voila on the packaged seat notebook, a child process.

``hexplay serve`` alone gives links that open a playable board: when Voila is installed (the
``demo`` extra) and no ``--app-url`` is given, it starts ``voila hexplay/serve/seat.ipynb`` on
another port (``--app-port``; a free one by default), waits until it answers, and prints every
seat link through it (``http://host:port/?link=<seat link>``). The page's kernel opens the seat
with :func:`hexplay.serve.seat_app.seat_page`, which takes links to this table only (the table's
address is passed to Voila in :data:`TABLE_ENV`). Voila is stopped when the table stops
(Ctrl-C, SIGTERM; on Linux also when the table is killed). Its output is logged with every
token redacted (a page's URL carries its seat link). Without Voila the links open the table's
own status page and ``hexplay serve`` says how to get the board.
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import deque
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("hexplay.serve.voila")

NOTEBOOK = Path(__file__).with_name("seat.ipynb")
"""The seat notebook Voila serves (shipped in the package)."""
TABLE_ENV = "HEXPLAY_TABLE_URL"
"""The environment variable telling the seat page which table's links it opens."""
INSTALL_HINT = "pip install 'hexplay[demo]'"


def available() -> bool:
    """Whether Voila can be started (``voila`` is importable)."""
    return importlib.util.find_spec("voila") is not None


def free_port(ip: str = "127.0.0.1") -> int:
    """A port free on ``ip`` now."""
    with socket.socket(socket.AF_INET6 if ":" in ip else socket.AF_INET) as s:
        s.bind((ip if ip not in ("", "0.0.0.0", "::") else "", 0))
        return s.getsockname()[1]


def pages_url(table_url: str, port: int) -> str:
    """The seat pages' address: the table's (public) scheme and host with Voila's port."""
    u = urlsplit(table_url)
    host = u.hostname or "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"{u.scheme or 'http'}://{host}:{port}/"


PREFIX = "hexplay-seat-pages-"
"""The seat pages' folders (in the temporary directory)."""


def _clean_stale() -> None:
    """Remove the folders of seat pages whose table is gone (a table killed by SIGKILL)."""
    for folder in Path(tempfile.gettempdir()).glob(PREFIX + "*"):
        try:
            pid = int((folder / "owner.pid").read_text())
            os.kill(pid, 0)  # alive: its folder stays
        except ProcessLookupError:
            shutil.rmtree(folder, ignore_errors=True)
        except (OSError, ValueError):  # not ours to judge (another user's, being made)
            continue


def _die_with_parent() -> None:  # pragma: no cover - runs in the child, Linux only
    """In the child before exec: get SIGTERM when the table process dies (even by SIGKILL)."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class SeatPages:
    """Voila serving the seat notebook for the table at ``table_url``, listening on ``ip``;
    ``start()`` returns once it answers, ``url`` is the pages' public address."""

    def __init__(self, table_url: str, ip: str = "127.0.0.1", port: int = 0) -> None:
        self.table_url = table_url.rstrip("/")
        self.ip = ip
        self.port = port or free_port(ip)
        self.url = pages_url(self.table_url, self.port)
        self.proc: subprocess.Popen[str] | None = None
        self.folder: Path | None = None
        self.tail: deque[str] = deque(maxlen=30)
        """Voila's last output lines (redacted), for the error when it does not start."""

    def command(self) -> list[str]:
        return [
            sys.executable, "-m", "voila", NOTEBOOK.name, "--no-browser",
            f"--Voila.ip={self.ip}", f"--port={self.port}", "--Voila.port_retries=0",
            "--Voila.log_level=WARN",
        ]  # fmt: skip

    def start(self, timeout: float = 120.0) -> SeatPages:
        """Start Voila and wait until it serves; RuntimeError (with its last output) if not."""
        env = {**os.environ, TABLE_ENV: self.table_url}
        linux = sys.platform.startswith("linux")
        # a folder of its own: the notebook's folder is Voila's and its kernels' working
        # directory (the package's folder would shadow modules; it may be read-only)
        _clean_stale()
        self.folder = Path(tempfile.mkdtemp(prefix=PREFIX))
        shutil.copy(NOTEBOOK, self.folder / NOTEBOOK.name)
        (self.folder / "owner.pid").write_text(str(os.getpid()))
        self.proc = subprocess.Popen(
            self.command(), cwd=self.folder, env=env, text=True, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            preexec_fn=_die_with_parent if linux else None,  # noqa: PLW1509 - no threads yet in it
        )  # fmt: skip
        threading.Thread(target=self._pump, name="hexplay-voila-log", daemon=True).start()
        local = "127.0.0.1" if self.ip in ("", "0.0.0.0") else "[::1]" if self.ip == "::" else None
        host = local or (f"[{self.ip}]" if ":" in self.ip else self.ip)
        probe = f"http://{host}:{self.port}/voila/static/voila.js"  # (GET / runs the notebook)
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            if self.proc.poll() is not None:
                break
            try:
                with urllib.request.urlopen(probe, timeout=5) as r:
                    if r.status == 200:
                        log.info("seat pages (Voila) ready in %.1f s", time.monotonic() - t0)
                        return self
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.25)
        self.stop()
        tail = "\n  ".join(self.tail) or "(no output)"
        raise RuntimeError(f"Voila did not start on port {self.port}:\n  {tail}")

    def _pump(self) -> None:
        """Voila's output into the log, every token redacted."""
        from .app import redact

        assert self.proc is not None and self.proc.stdout is not None
        for line in self.proc.stdout:
            line = redact(line.rstrip())
            if line:
                self.tail.append(line)
                log.info("%s", line)

    def stop(self) -> None:
        """Stop Voila (and its kernels); nothing if it is not running."""
        p = self.proc
        if p is not None and p.poll() is None:
            p.terminate()
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(5)
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def __enter__(self) -> SeatPages:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
