"""Check every internal link of the built site: each relative ``href``/``src`` of every HTML
page must name a file of the site, and its ``#anchor`` an ``id`` in that file.

Sphinx's own ``linkcheck`` builder only checks external addresses (which CI cannot reach) and
leaves in-page anchors unchecked; this checks what a reader would click. Usage::

    python docs/check_links.py docs/_build/html      # exit code 1 and a list when broken
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class _Page(HTMLParser):
    """The ids and the links of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name"):
                self.ids.add(value)
            elif (name == "href" and tag in ("a", "link")) or (name == "src" and tag != "script"):
                self.links.append(value)


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8", errors="replace"))
    return page


def broken_links(site: Path) -> list[str]:
    """``page: link (why)`` for every internal link of the site that leads nowhere."""
    site = site.resolve()
    pages = {p.resolve(): _parse(p) for p in site.rglob("*.html")}
    broken = []
    for path, page in sorted(pages.items()):
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "data:", "javascript:")):
                continue  # external: not ours to check (and CI has no network)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            where = f"{path.relative_to(site)}: {link}"
            if not target.exists():
                broken.append(f"{where} (no such file)")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{where} (no anchor #{parts.fragment})")
    return broken


def main(argv: list[str]) -> int:
    site = Path(argv[1] if len(argv) > 1 else "docs/_build/html")
    if not site.is_dir():
        print(f"no site at {site}: build it first", file=sys.stderr)
        return 2
    broken = broken_links(site)
    n_pages = sum(1 for _ in site.rglob("*.html"))
    for line in broken:
        print("broken link:", line)
    print(f"{n_pages} pages, {len(broken)} broken internal links")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
