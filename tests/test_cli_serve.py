"""``hexplay serve`` reaches the table server's own command line."""

from __future__ import annotations

import html
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest

from hexplay.cli import main


def test_hexplay_serve_dispatches_to_the_table_server(capsys):
    with pytest.raises(SystemExit) as e:
        main(["serve", "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: hexplay serve") and "--public-url" in out


REPO = Path(__file__).resolve().parents[1]
LINK = re.compile(r"^\s+(\w+): (http\S+)$")


def serve(args: list[str], pre: str = "", n_links: int = 3, timeout: float = 90) -> list[str]:
    """``hexplay serve ARGS`` in a subprocess until it printed ``n_links`` seat links; its
    stdout lines (then it is stopped, as Ctrl-C or SIGTERM stops it)."""
    code = f"{pre}\nfrom hexplay.cli import main\nmain(['serve', *{args!r}])"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    p = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=env,
    )  # fmt: skip
    lines: list[str] = []
    t0 = time.monotonic()
    try:
        while sum(bool(LINK.match(x)) for x in lines) < n_links:
            line = p.stdout.readline()
            assert line, (lines, p.stderr.read())
            lines.append(line.rstrip("\n"))
            assert time.monotonic() - t0 < timeout, lines
    finally:
        p.terminate()
        assert p.wait(30) == 0  # (SIGTERM: a clean stop)
    return lines


def links_of(lines: list[str]) -> dict[str, str]:
    return {m.group(1): m.group(2) for m in map(LINK.match, lines) if m}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_restart_lists_the_games_links_again(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite")
    port = str(free_port())
    first = serve(["--db", db, "--port", port, "--no-app", "--new", "skirmish", "--quiet"])
    links = links_of(first)
    assert set(links) == {"adversary", "defender", "referee"}
    assert "seat links open the table's status page (--no-app)" in first
    again = serve(["--db", db, "--port", port, "--no-app", "--quiet"])
    assert links_of(again) == links  # the same game, the same links, without --new
    gid = links["referee"].split("/seat/")[1].split("?")[0]
    assert f"game {gid} (skirmish, turn 0):" in again


def test_without_voila_the_links_open_the_status_page_and_it_says_how_to_get_the_board(
    tmp_path: Path,
) -> None:
    hide = "import hexplay.serve.seat_pages as P\nP.available = lambda: False"
    port = str(free_port())
    lines = serve(["--db", str(tmp_path / "t.sqlite"), "--port", port, "--new", "skirmish"], hide)
    assert any("pip install 'hexplay[demo]'" in x for x in lines), lines
    assert all(f"127.0.0.1:{port}/seat/" in u for u in links_of(lines).values())


def test_sharded_front_lists_the_stored_games(tmp_path: Path) -> None:
    from hexplay.serve import Store, Table
    from hexplay.serve.cli import stored_games

    db = tmp_path / "t.sqlite"
    table = Table(Store(db))
    slot = table.create("skirmish", seed=1, title="3B")
    want = table.links(slot, "http://h:1", "http://h:2/")
    table.store.close()
    [(gid, heading, links)] = stored_games(str(db), "http://h:1", "http://h:2/")
    assert (gid, heading, links) == (slot.id, "skirmish '3B'", want)
    assert list(links) == ["adversary", "defender", "referee"]


def test_a_seat_pages_link_is_read_as_the_seat_link_it_carries() -> None:
    from hexplay.serve.client import parse_link
    from hexplay.serve.table import seat_links

    app = seat_links("http://t:8765", "g1", {"red": "tok"}, "http://t:9000/")["red"]
    assert app.startswith("http://t:9000/?link=http%3A%2F%2Ft%3A8765%2Fseat%2Fg1")
    assert parse_link(app) == ("http://t:8765", "g1", "tok")
    with pytest.raises(ValueError, match="not a table link") as e:
        parse_link("ftp://x/seat/g1?token=secret")
    assert "secret" not in str(e.value)


def test_tokens_are_redacted_also_url_encoded_in_a_seat_pages_link() -> None:
    from hexplay.serve.app import redact

    line = "GET /?link=http%3A%2F%2Fh%3A1%2Fseat%2Fg%3Ftoken%3DAbC_d-9 200"
    assert "AbC_d-9" not in redact(line) and "token%3D<redacted>" in redact(line)
    assert "x9" not in redact("link=http%253A%252F%252Fh%252Fseat%252Fg%253Ftoken%253Dx9")


def test_the_seat_page_opens_only_this_tables_seat_links() -> None:
    from hexplay.serve import start_table
    from hexplay.serve.seat_app import SeatApp, seat_page

    def text(w) -> str:
        return html.unescape(getattr(w, "value", ""))

    assert "seat's link" in text(seat_page("", "http://127.0.0.1:1"))
    assert "Not a seat link" in text(seat_page("link=nonsense", ""))
    other = "link=" + urllib.parse.quote("http://elsewhere:80/seat/g?token=t")
    assert "Another table" in text(seat_page(other, "http://127.0.0.1:1"))
    with start_table(db=":memory:", port=0) as table:
        links = table.new_game("skirmish", seed=1)
        q = "link=" + urllib.parse.quote(links["adversary"])
        wrong = "link=" + urllib.parse.quote(links["adversary"].replace("token=", "token=x"))
        assert "No such seat" in text(seat_page(wrong, table.url))
        app = seat_page(q, table.url)
        try:
            assert isinstance(app, SeatApp) and app.seat == "adversary"
        finally:
            app.close()


def test_the_package_ships_the_seat_notebook_voila_serves() -> None:
    from hexplay.serve import seat_pages

    nb = json.loads(seat_pages.NOTEBOOK.read_text())
    code = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert "seat_page()" in code
    assert all(not c.get("outputs") for c in nb["cells"])
    pages = seat_pages.SeatPages("https://teacher.local:8765", "0.0.0.0", 9001)
    assert pages.url == "https://teacher.local:9001/"
    assert pages.command()[1:3] == ["-m", "voila"] and "--port=9001" in pages.command()


def test_a_killed_tables_seat_page_folder_is_removed_by_the_next(tmp_path, monkeypatch) -> None:
    import tempfile

    from hexplay.serve import seat_pages

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale, live, young = (tmp_path / f"{seat_pages.PREFIX}{x}" for x in "abc")
    for folder in (stale, live, young):
        folder.mkdir()
    (stale / "owner.pid").write_text(str(dead.pid))
    (live / "owner.pid").write_text(str(os.getpid()))
    seat_pages._clean_stale()
    assert not stale.exists() and live.exists() and young.exists()
