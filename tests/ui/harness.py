"""Start/stop JupyterLab, Voila and headless Chromium for the browser tests and benchmarks.

A plain module (no pytest) so that ``tests/ui/conftest.py`` and ``benchmarks/browser.py`` share
it.  Every server gets its own token, port, settings, workspaces, ``JUPYTER_*_DIR`` and
``IPYTHONDIR`` under a temporary home; servers are stopped by PID (process group).

The notebooks the tests write contain two tiny anywidgets defined in :data:`PROBE_CELL`:

* ``Probe``: exposes ``window.__hexplayProbe(code)`` in the page; the kernel evaluates ``code``
  (an expression, or statements that assign ``_result``) in the notebook namespace and answers
  with the JSON value.  This reads Python-side state from Lab *and* Voila.
* ``Echo``: a bare widget whose button sends a message that Python counts and answers, and
  ``window.__hexplayEcho(n)`` that times ``n`` JS → Python → JS round trips in the page; its
  second button ("echo") sends the very message ``__hexplayEcho`` sends, its reply written in
  the page (a real click's echo, one message each way: the first button's count is a synced
  trait, a second message).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
REPO = Path(__file__).resolve().parents[2]


class ServerError(RuntimeError):
    """A server did not come up (died, or never answered)."""


def chromium_path() -> str | None:
    """The system Chromium, or ``None`` when there is none (tests then skip)."""
    env = os.environ.get("HEXPLAY_CHROMIUM")  # an explicit choice: that one or none
    for cand in (env,) if env else CHROMIUM_CANDIDATES:
        if Path(cand).is_file() and os.access(cand, os.X_OK):
            return cand
    return None if env else shutil.which("chromium")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def jupyter_env(home: Path) -> dict[str, str]:
    """An environment whose Jupyter/IPython config, data and runtime live under ``home``."""
    env = dict(os.environ)
    dirs = {
        "JUPYTER_CONFIG_DIR": home / "config",
        "JUPYTER_DATA_DIR": home / "data",
        "JUPYTER_RUNTIME_DIR": home / "runtime",
        "IPYTHONDIR": home / "ipython",
    }
    for key, path in dirs.items():
        path.mkdir(parents=True, exist_ok=True)
        env[key] = str(path)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    # The kernel must import this checkout's hexplay even when it is not pip-installed.
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    return env


@dataclass
class Server:
    """A running JupyterLab or Voila process."""

    kind: str
    proc: subprocess.Popen[bytes]
    url: str
    token: str
    log: Path
    root: Path
    started_s: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def page_url(self, path: str = "") -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.url}/{path.lstrip('/')}{sep}token={self.token}"

    def log_tail(self, n: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""

    def stop(self) -> None:
        stop_process(self.proc)


def stop_process(proc: subprocess.Popen[bytes] | None, timeout: float = 8.0) -> None:
    """Stop ``proc`` and its children (own process group) by PID: SIGTERM, then SIGKILL."""
    if proc is None or proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except (ProcessLookupError, PermissionError):
        proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            proc.kill()
        proc.wait(timeout=timeout)


def _wait_ready(proc: subprocess.Popen[bytes], probe_url: str, log: Path, timeout: float) -> None:
    """Poll ``probe_url`` until it answers 200; fail at once if the process dies."""
    deadline = time.monotonic() + timeout
    last = ""
    while time.monotonic() < deadline:
        code = proc.poll()
        if code is not None:
            tail = log.read_text(errors="replace")[-3000:] if log.exists() else ""
            raise ServerError(f"server exited with code {code} before it was ready:\n{tail}")
        try:
            with urllib.request.urlopen(probe_url, timeout=2) as resp:
                if resp.status == 200:
                    return
                last = f"HTTP {resp.status}"
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as exc:
            last = repr(exc)
        time.sleep(0.15)
    tail = log.read_text(errors="replace")[-3000:] if log.exists() else ""
    raise ServerError(f"server not ready after {timeout:.0f}s ({last}):\n{tail}")


def _spawn(cmd: list[str], env: dict[str, str], cwd: Path, log: Path) -> subprocess.Popen[bytes]:
    fh = open(log, "wb")  # noqa: SIM115 - the child owns the handle for its lifetime
    try:
        return subprocess.Popen(
            cmd, env=env, cwd=cwd, stdout=fh, stderr=subprocess.STDOUT, start_new_session=True
        )
    finally:
        fh.close()


def _lab_settings(home: Path) -> Path:
    settings = home / "lab-settings"
    notif = settings / "@jupyterlab" / "apputils-extension"
    notif.mkdir(parents=True, exist_ok=True)
    (notif / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    # Nothing in the page should depend on the network or pop up over the notebook.
    (home / "lab-workspaces").mkdir(parents=True, exist_ok=True)
    return settings


def start_lab(
    root: Path,
    home: Path,
    timeout: float = 60.0,
    app: str = "lab",
    extra_args: Iterable[str] = (),
) -> Server:
    """JupyterLab (``app="lab"``) or Notebook 7 (``app="notebook"``) serving ``root`` on
    127.0.0.1 with a fresh token (stopped by the caller); ``extra_args`` go to its command."""
    home.mkdir(parents=True, exist_ok=True)
    port, token = free_port(), secrets.token_hex(16)
    env = jupyter_env(home)
    settings = _lab_settings(home)
    log = home / "jupyterlab.log"
    cls = {"lab": "LabApp", "notebook": "JupyterNotebookApp"}[app]
    cmd = [
        sys.executable,
        "-m",
        {"lab": "jupyterlab", "notebook": "notebook"}[app],
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        f"--{cls}.expose_app_in_browser=True",
        f"--{cls}.user_settings_dir={settings}",
        f"--{cls}.workspaces_dir={home / 'lab-workspaces'}",
        "--MappingKernelManager.cull_idle_timeout=0",
        *extra_args,
    ]
    t0 = time.monotonic()
    proc = _spawn(cmd, env, root, log)
    server = Server(app, proc, f"http://127.0.0.1:{port}", token, log, root)
    try:
        _wait_ready(proc, f"{server.url}/api/status?token={token}", log, timeout)
    except BaseException:
        stop_process(proc)
        raise
    server.started_s = time.monotonic() - t0
    return server


def start_voila(notebook: Path, home: Path, timeout: float = 60.0) -> Server:
    """Voila on 127.0.0.1 with a fresh token (stopped by the caller).

    ``notebook`` is one notebook (served at ``/``) or a folder (each notebook at
    ``/voila/render/<name>``)."""
    home.mkdir(parents=True, exist_ok=True)
    port, token = free_port(), secrets.token_hex(16)
    env = jupyter_env(home)
    log = home / "voila.log"
    cmd = [
        sys.executable,
        "-m",
        "voila",
        "." if notebook.is_dir() else notebook.name,
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        f"--token={token}",
        "--show_tracebacks=True",
    ]
    t0 = time.monotonic()
    root = notebook if notebook.is_dir() else notebook.parent
    proc = _spawn(cmd, env, root, log)
    server = Server("voila", proc, f"http://127.0.0.1:{port}", token, log, root)
    try:
        # GET / would execute the notebook: probe a static URL instead.
        _wait_ready(proc, f"{server.url}/voila/static/voila.js?token={token}", log, timeout)
    except BaseException:
        stop_process(proc)
        raise
    server.started_s = time.monotonic() - t0
    return server


def launch_browser(playwright: Any, profile: Path, executable: str | None = None, **kw: Any) -> Any:
    """A headless Chromium persistent context with a fresh profile directory."""
    exe = executable or chromium_path()
    if exe is None:
        raise FileNotFoundError("no chromium executable found")
    profile.mkdir(parents=True, exist_ok=True)
    return playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=exe,
        headless=True,
        args=CHROMIUM_ARGS,
        viewport=kw.pop("viewport", {"width": 1400, "height": 1000}),
        **kw,
    )


def new_page(ctx: Any) -> tuple[Any, list[str]]:
    """A page that records console errors and uncaught exceptions."""
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))

    def on_console(msg: Any) -> None:
        if msg.type == "error":
            errors.append(f"console: {msg.text}")

    page.on("console", on_console)
    return page, errors


# --------------------------------------------------------------------------------------------
# Notebooks written by the tests
# --------------------------------------------------------------------------------------------

PROBE_CELL = r'''
import json as _json

import anywidget as _anywidget
import traitlets as _traitlets


def _jsonable(v):
    return _json.loads(_json.dumps(v, default=lambda o: getattr(o, "to_dict", lambda: str(o))()))


class Probe(_anywidget.AnyWidget):
    """Test probe: window.__hexplayProbe(code) evaluates code in the kernel, returns JSON."""

    _esm = """
    export default { render({ model, el }) {
      el.classList.add("hexplay-probe");
      let seq = 0;
      const pending = new Map();
      const onMsg = (m) => {
        const p = pending.get(m.id);
        if (p) { pending.delete(m.id); p(m); }
      };
      model.on("msg:custom", onMsg);
      window.__hexplayProbe = (code) => new Promise((resolve) => {
        const id = ++seq;
        pending.set(id, resolve);
        model.send({ id, code });
      });
      el.dataset.ready = "true";
      el.textContent = "probe ready";
      return () => model.off("msg:custom", onMsg);
    } };
    """

    def __init__(self, namespace):
        super().__init__()
        self._ns = namespace
        self.on_msg(self._handle)

    def _handle(self, _widget, content, _buffers=None):
        reply = {"id": content.get("id")}
        try:
            code = content["code"]
            try:
                value = eval(compile(code, "<probe>", "eval"), self._ns)
            except SyntaxError:
                self._ns.pop("_result", None)
                exec(compile(code, "<probe>", "exec"), self._ns)
                value = self._ns.get("_result")
            reply.update(ok=True, value=_jsonable(value))
        except Exception as exc:  # reported to the test, which fails with it
            import traceback

            reply.update(ok=False, error=f"{type(exc).__name__}: {exc}",
                         traceback=traceback.format_exc())
        self.send(reply)


class Echo(_anywidget.AnyWidget):
    """A bare widget: a button click (or __hexplayEcho) goes to Python and comes back."""

    clicks = _traitlets.Int(0).tag(sync=True)
    _esm = """
    export default { render({ model, el }) {
      el.classList.add("hexplay-echo");
      const btn = document.createElement("button");
      btn.className = "hexplay-echo-button";
      btn.textContent = "ping";
      const out = document.createElement("span");
      out.className = "hexplay-echo-reply";
      // the echo's own message pair started by a real click (benchmarks/browser.py): the
      // reply's seq written in the page
      const ebtn = document.createElement("button");
      ebtn.className = "hexplay-echo-click";
      ebtn.textContent = "echo";
      const eout = document.createElement("span");
      eout.className = "hexplay-echo-click-reply";
      el.append(btn, out, ebtn, eout);
      let clicked = 0;
      const onMsg = (m) => {
        if (m.kind === "pong") out.textContent = "pong " + m.n;
        else if (m.kind === "echo" && typeof m.seq === "string") eout.textContent = m.seq;
      };
      model.on("msg:custom", onMsg);
      btn.addEventListener("click", () => model.send({ kind: "ping" }));
      ebtn.addEventListener("click", () => model.send({ kind: "echo", seq: "click " + ++clicked }));
      // n round trips; gapMs of quiet between them (back-to-back sends can meet TCP
      // delayed-ACK stalls that a user's clicks, seconds apart, never see).
      window.__hexplayEcho = async (n, gapMs = 0) => {
        const times = [];
        for (let i = 0; i < n; i++) {
          if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
          const t0 = performance.now();
          await new Promise((resolve) => {
            const h = (m) => {
              if (m.kind === "echo" && m.seq === i) { model.off("msg:custom", h); resolve(); }
            };
            model.on("msg:custom", h);
            model.send({ kind: "echo", seq: i });
          });
          times.push(performance.now() - t0);
        }
        return times;
      };
      el.dataset.ready = "true";
      return () => model.off("msg:custom", onMsg);
    } };
    """

    def __init__(self):
        super().__init__()
        self.on_msg(self._handle)

    def _handle(self, _widget, content, _buffers=None):
        if content.get("kind") == "ping":
            self.clicks += 1
            self.send({"kind": "pong", "n": self.clicks})
        elif content.get("kind") == "echo":
            self.send(content)


probe = Probe(globals())
echo = Echo()
'''


def notebook_json(cells: Iterable[str]) -> dict[str, Any]:
    """A minimal nbformat-4 notebook with the given code cells (no outputs)."""
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"cell-{i}",
                "metadata": {},
                "outputs": [],
                "source": src.strip("\n"),
            }
            for i, src in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_notebook(path: Path, cells: Iterable[str]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook_json(cells), indent=1))
    return path


# --------------------------------------------------------------------------------------------
# Page helpers (playwright sync API)
# --------------------------------------------------------------------------------------------


def open_lab_notebook(page: Any, server: Server, name: str, timeout_ms: float = 45_000) -> None:
    """Open ``name`` in JupyterLab (or Notebook 7), wait for an idle kernel, run all cells via
    the command registry (``window.jupyterapp``) and wait for the probe widget to render."""
    prefix = "notebooks" if server.kind == "notebook" else "lab/tree"
    page.goto(server.page_url(f"{prefix}/{name}"), wait_until="domcontentloaded")
    page.wait_for_function(
        """(name) => {
          const app = window.jupyterapp;
          if (!app || !app.shell) return false;
          const w = app.shell.currentWidget;
          if (!w || !w.context || w.context.path !== name) return false;
          const k = w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
          return !!k && k.status === "idle" && k.connectionStatus === "connected";
        }""",
        arg=name,
        timeout=timeout_ms,
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    wait_probe(page, timeout_ms)


def open_voila(
    page: Any, server: Server, name: str | None = None, timeout_ms: float = 45_000
) -> None:
    """Open a Voila page (which runs the notebook) and wait for the probe widget."""
    path = f"voila/render/{name}" if name else ""
    page.goto(server.page_url(path), wait_until="domcontentloaded")
    wait_probe(page, timeout_ms)


@contextlib.contextmanager
def app_page(
    request: Any,
    browser_context: Any,
    name: str,
    ready: Callable[[Any], Any],
    size: tuple[int, int] = (1600, 1200),
) -> Iterator[Any]:
    """A page showing notebook ``name`` in the front end ``request.param`` (``"lab"``: in
    JupyterLab, its cell code hidden so the app fills the view; ``"voila"``), once
    ``ready(page)`` returned. The page carries ``hexplay_errors`` (its console errors) and
    ``hexplay_env``; it is closed on exit. (The shared set-up of the module-scoped app
    fixtures: pytest's ``request`` gives the front end and the running servers.)"""
    env = request.param
    page, errors = new_page(browser_context)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        if env == "lab":
            open_lab_notebook(page, request.getfixturevalue("lab_server"), name)
            hide_code(page)
        else:
            open_voila(page, request.getfixturevalue("voila_server"), name)
        ready(page)
        page.hexplay_errors = errors
        page.hexplay_env = env
        yield page
    finally:
        page.close()


@contextlib.contextmanager
def board_page(
    browser_context: Any,
    server: Server,
    notebook: Path,
    cells: Iterable[str],
    size: tuple[int, int] | None = None,
    timeout_ms: float = 45_000,
) -> Iterator[Any]:
    """A page showing the notebook ``cells`` (written to ``notebook``, in ``server``'s folder)
    in JupyterLab, once its board has rendered (``data-ready``); ``size``: the viewport. The
    page carries ``hexplay_errors`` (its console errors) and is closed on exit."""
    write_notebook(notebook, cells)
    page, errors = new_page(browser_context)
    try:
        if size is not None:
            page.set_viewport_size({"width": size[0], "height": size[1]})
        open_lab_notebook(page, server, notebook.name)
        page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=timeout_ms)
        page.hexplay_errors = errors
        yield page
    finally:
        page.close()


def hide_code(page: Any) -> None:
    """Hide every code cell's input in JupyterLab (the notebook shows the widgets only)."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:hide-all-cell-code')")


@contextlib.contextmanager
def lab_app_page(
    browser_context: Any, server: Server, notebook: Path, cell: str, size: tuple[int, int]
) -> Iterator[Any]:
    """A :func:`board_page` of the app ``cell`` makes (as ``app``, shown under the probe), at
    viewport ``size``, its code hidden, once the board has framed the turn."""
    cells = [PROBE_CELL, cell, "app", "probe"]
    with board_page(browser_context, server, notebook, cells, size) as page:
        hide_code(page)
        page.wait_for_function("() => document.querySelector('.hexplay-board').dataset.framed")
        yield page


def run_and_redraw(page: Any, code: str, timeout_ms: float = 30_000) -> Any:
    """Run ``code`` in the kernel (:func:`kernel`) and wait until the board has redrawn
    (``el.dataset.renders`` changed); the code's value."""
    before = page.eval_on_selector(".hexplay-board", "el => el.dataset.renders")
    value = kernel(page, code)
    page.wait_for_function(
        "(n) => document.querySelector('.hexplay-board').dataset.renders !== n",
        arg=before,
        timeout=timeout_ms,
    )
    return value


def wait_probe(page: Any, timeout_ms: float = 45_000) -> None:
    page.wait_for_function("() => typeof window.__hexplayProbe === 'function'", timeout=timeout_ms)


class ProbeError(AssertionError):
    pass


def kernel(page: Any, code: str) -> Any:
    """Evaluate ``code`` in the notebook's kernel through the probe widget; its JSON value."""
    reply = page.evaluate("(code) => window.__hexplayProbe(code)", code)
    if not reply.get("ok"):
        raise ProbeError(f"kernel probe failed for {code!r}:\n{reply.get('traceback')}")
    return reply["value"]


def wait_kernel(page: Any, code: str, timeout_s: float = 10.0, interval_s: float = 0.05) -> Any:
    """Poll ``code`` in the kernel until it is truthy; return that value."""
    deadline = time.monotonic() + timeout_s
    value = None
    while time.monotonic() < deadline:
        value = kernel(page, code)
        if value:
            return value
        time.sleep(interval_s)
    raise AssertionError(f"kernel condition {code!r} still falsy after {timeout_s}s: {value!r}")


def median(xs: Iterable[float]) -> float:
    s = sorted(xs)
    n = len(s)
    if n == 0:
        return float("nan")
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])
