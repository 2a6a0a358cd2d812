"""Open the built classroom site in headless Chromium with every request to another host
refused: the kernel starts, and hexplay's wheel and its bundled pure-Python dependencies
install from the site and import (all that runs without numpy, which Pyodide's distribution
serves online).

    python lite/check_browser.py lite/_build/site      # exit code 1 when it did not
"""

from __future__ import annotations

import functools
import http.server
import shutil
import socket
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlsplit

TIMEOUT_MS = 180_000
MARK = "HEXPLAY-LITE-OK"
CODE = f"""\
import piplite
await piplite.install(
    ["hexplay", "ipywidgets", "jupyterlab-widgets", "anywidget", "psygnal", "typing-extensions",
     "bqplot", "bqscales", "traittypes"],
    deps=False,
)
import importlib.metadata as m, ipywidgets, anywidget, comm
print("{MARK[:6]}" + "{MARK[6:]}", m.version("hexplay"), ipywidgets.__version__)
"""
"""Run in the site's REPL (the mark split in the code so that only the output holds it)."""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def main(argv: list[str]) -> int:
    site = Path(argv[0] if argv else "lite/_build/site")
    exe = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(exe).is_file():
        print("chromium not found: cannot check the classroom site in a browser")
        return 1
    from playwright.sync_api import sync_playwright

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(_Quiet, directory=str(site))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    outside: list[str] = []
    ok = False
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=exe, args=["--no-sandbox"])
            ctx = browser.new_context()

            def route(r: object) -> None:
                url = r.request.url  # type: ignore[attr-defined]
                if urlsplit(url).hostname == "127.0.0.1":
                    r.continue_()  # type: ignore[attr-defined]
                else:
                    outside.append(url)
                    r.abort()  # type: ignore[attr-defined]

            ctx.route("**/*", route)
            page = ctx.new_page()
            t0 = time.perf_counter()
            url = f"http://127.0.0.1:{port}/repl/index.html?kernel=python&code={quote(CODE)}"
            page.goto(url)
            try:
                page.wait_for_function(
                    f"() => document.body.innerText.includes({MARK!r})", timeout=TIMEOUT_MS
                )
                ok = True
                line = next(
                    ln for ln in page.evaluate("() => document.body.innerText").splitlines()
                    if MARK in ln
                )  # fmt: skip
                print(f"ok: {line} ({time.perf_counter() - t0:.0f} s, outside requests refused)")
            except Exception as e:  # playwright's TimeoutError: report, not crash
                print(f"the kernel did not run the install ({type(e).__name__})")
                print(page.evaluate("() => document.body.innerText")[-1500:])
            browser.close()
    finally:
        server.shutdown()
    if outside:
        print(f"(refused outside requests: {sorted(set(outside))[:5]})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
