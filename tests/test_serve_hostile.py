"""Hostile requests to the table server get a clear 400 (or an error message on the socket,
which stays open) and change nothing: JSON nested deeper than the strict reader allows,
duplicate keys, NaN, unknown fields or arguments; and no log line holds a seat token, even
tornado's own line for an uncaught exception."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from test_serve_http import req, seats
from tornado.websocket import websocket_connect

from hexplay.serve import TableServer
from hexplay.serve.app import redact


@pytest.fixture
def server():
    with TableServer().start() as s:
        yield s


def _post_raw(base, path, token, text):
    import urllib.error
    import urllib.request

    r = urllib.request.Request(base + path, text.encode(), method="POST")
    r.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(r, timeout=10) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


DEEP = '{"args": ' + "[" * 20000 + "]" * 20000 + "}"


def _snapshot(server, gid):
    return server.call(lambda: server.table.slots[gid].game.to_json())


def test_hostile_bodies_are_400_and_change_nothing(server):
    s = seats(server.new_game("tag", seed=1))
    base, gid, _ = s["red"]
    before = _snapshot(server, gid)
    base, gid, tok = s["red"]
    order = {"kind": "MV", "unit": "R1", "args": {"hex": "0101"}}
    for text in (
        DEEP,
        '{"args": {"order": 1}, "args": {"order": ' + json.dumps(order) + "}}",
        '{"args": {"order": NaN}}',
        '{"args": {}, "side": "blue"}',
    ):
        status, body = _post_raw(base, f"/api/games/{gid}/order", tok, text)
        assert status == 400 and body["error"]["code"] == "malformed", text[:60]
    for op, args in (("submit", {"side": "blue"}), ("undo", {"unit": None, "x": 1})):
        status, data = req(base, "POST", f"/api/games/{gid}/{op}", tok, {"args": args})
        assert status == 400 and json.loads(data)["error"]["code"] == "malformed", op
    status, _ = _post_raw(base, "/api/table", server.admin_token, DEEP.replace("args", "game"))
    assert status == 400
    assert _snapshot(server, gid) == before


def test_a_hostile_socket_message_is_answered_and_the_socket_stays(server):
    s = seats(server.new_game("tag", seed=1))
    base, gid, red = s["red"]

    async def go():
        url = base.replace("http", "ws") + f"/ws/games/{gid}?token={red}"
        ws = await websocket_connect(url)
        await ws.read_message()  # the state
        replies = []
        for text in ('{"op": "state", "args": ' + "[" * 20000 + "]" * 20000 + "}",
                     '{"op": "state", "op": "submit"}'):  # fmt: skip
            await ws.write_message(text)
            replies.append(json.loads(await ws.read_message()))
        await ws.write_message(json.dumps({"op": "state", "id": "x"}))
        replies.append(json.loads(await ws.read_message()))
        ws.close()
        return replies

    deep, dup, ok = asyncio.run(go())
    assert deep["type"] == "error" and "deep" in deep["error"]["message"]
    assert dup["type"] == "error" and "duplicate" in dup["error"]["message"]
    assert ok["type"] == "reply" and ok["ok"]


def test_no_log_line_holds_a_token(server, caplog, monkeypatch):
    s = seats(server.new_game("tag", seed=1))
    base, gid, red = s["red"]
    from hexplay.serve.app import SeatPage

    def boom(self, *a, **k):
        raise RuntimeError("forced")

    monkeypatch.setattr(SeatPage, "get", boom)
    with caplog.at_level(logging.INFO):
        status, _ = req(base, "GET", f"/seat/{gid}", red, header=False)
    assert status == 500
    text = "\n".join(
        [r.getMessage() for r in caplog.records] + [r.exc_text or "" for r in caplog.records]
    )
    assert "Uncaught exception" in text and "<redacted>" in text
    assert red not in text
    assert redact(f"GET /x?a=1&token={red}&b=2 Bearer {red}") == (
        "GET /x?a=1&token=<redacted>&b=2 Bearer <redacted>"
    )


def test_an_oversized_body_is_413_not_a_dropped_connection(server):
    s = seats(server.new_game("tag", seed=1))
    base, gid, tok = s["red"]
    before = _snapshot(server, gid)
    big = '{"args": {"pad": "' + "x" * (100 * 1024) + '"}}'
    status, body = _post_raw(base, f"/api/games/{gid}/order", tok, big)
    assert status == 413 and body["error"]["code"] == "too large"
    status, body = _post_raw(base, "/api/table", server.admin_token, big)
    assert status == 413
    assert _snapshot(server, gid) == before


def _raw_request(base: str, header_bytes: int) -> bytes:
    """A GET with one header of ``header_bytes`` bytes, by hand (urllib would refuse to send
    it); the server's answer, or b"" when it dropped the connection."""
    import socket
    from urllib.parse import urlsplit

    u = urlsplit(base)
    head = f"GET / HTTP/1.1\r\nHost: {u.netloc}\r\nX-Pad: {'x' * header_bytes}\r\n\r\n"
    with socket.create_connection((u.hostname, u.port), timeout=10) as s:
        try:
            s.sendall(head.encode())
        except OSError:  # the server closed while we were still sending
            return b""
        out = b""
        try:
            while chunk := s.recv(65536):
                out += chunk
        except OSError:
            pass
        return out


def test_oversized_headers_are_431_not_a_dropped_connection(server):
    from hexplay.serve.limits import MAX_HEADER_STREAM, MAX_HEADERS

    ok = _raw_request(server.url, 1000)
    assert ok.startswith(b"HTTP/1.1 200"), ok[:80]
    for size in (MAX_HEADERS + 1, 100 * 1024, MAX_HEADER_STREAM - 4096):
        answer = _raw_request(server.url, size)
        assert answer.startswith(b"HTTP/1.1 431"), (size, answer[:80])
        assert b'"too large"' in answer
    assert _raw_request(server.url, 1000).startswith(b"HTTP/1.1 200")  # still serving
