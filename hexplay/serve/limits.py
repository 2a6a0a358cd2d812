"""The table server's HTTP limits, one place for every server it runs (a table, a shard's
worker, a sharded table's front): oversized requests get an answer, not a dropped connection.

- A body over :data:`MAX_BODY` is answered 413 by the handlers (tornado reads up to
  :data:`MAX_STREAM` so the handler can say so; past that it drops the connection unread).
- Headers (the request line included) over :data:`MAX_HEADERS` are answered 431 here, before
  any handler runs (:class:`HeaderLimit`); tornado reads up to :data:`MAX_HEADER_STREAM` so
  this can be said; past that it drops the connection unread (a sender of endless headers gets
  no answer).
"""

from __future__ import annotations

import logging
from typing import Any

import tornado.httpserver
import tornado.httputil

log = logging.getLogger("hexplay.serve")

MAX_BODY = 64 * 1024
"""The largest request or WebSocket message (an order is a few hundred bytes)."""
MAX_STREAM = 64 * MAX_BODY
"""The HTTP server's own body limit, above :data:`MAX_BODY`: a larger body still reaches the
handler's check and is answered 413 (past this the connection is dropped unread)."""
MAX_HEADERS = 64 * 1024
"""The largest request line and headers (a seat's are well under 2 KiB): over it, a 431."""
MAX_HEADER_STREAM = 16 * MAX_HEADERS
"""Headers tornado reads before giving up on the connection (above :data:`MAX_HEADERS`, so
that a request between the two gets its 431)."""


def header_bytes(start_line: Any, headers: tornado.httputil.HTTPHeaders) -> int:
    """The size of a request's line and headers as sent (``name: value\\r\\n`` each)."""
    line = f"{start_line.method} {start_line.path} {start_line.version}"
    return len(line) + 2 + sum(len(k) + len(v) + 4 for k, v in headers.get_all())


class _TooLarge(tornado.httputil.HTTPMessageDelegate):
    """Answers 431 and reads nothing more of the request."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    def headers_received(self, start_line: Any, headers: Any) -> None:
        body = (
            b'{"ok": false, "error": {"status": 431, "code": "too large", '
            b'"message": "the request headers are over 64 KiB"}}'
        )
        self.conn.write_headers(
            tornado.httputil.ResponseStartLine("HTTP/1.1", 431, "Request Header Fields Too Large"),
            tornado.httputil.HTTPHeaders(
                {
                    "Content-Type": "application/json; charset=utf-8",
                    "Content-Length": str(len(body)),
                    "Connection": "close",
                }
            ),
            body,
        )
        self.conn.finish()

    def data_received(self, chunk: bytes) -> None:
        pass

    def finish(self) -> None:
        pass

    def on_connection_close(self) -> None:
        pass


class _Checked(tornado.httputil.HTTPMessageDelegate):
    """A request's delegate: the app's, unless the headers are over :data:`MAX_HEADERS`."""

    def __init__(self, app: Any, server_conn: Any, request_conn: Any) -> None:
        self.app, self.server_conn, self.conn = app, server_conn, request_conn
        self.inner: Any = None

    def headers_received(self, start_line: Any, headers: Any) -> Any:
        size = header_bytes(start_line, headers)
        if size > MAX_HEADERS:
            log.info("hexplay: a request with %d bytes of headers answered 431", size)
            self.inner = _TooLarge(self.conn)
        else:
            self.inner = self.app.start_request(self.server_conn, self.conn)
        return self.inner.headers_received(start_line, headers)

    def data_received(self, chunk: bytes) -> Any:
        return self.inner.data_received(chunk)

    def finish(self) -> None:
        self.inner.finish()

    def on_connection_close(self) -> None:
        if self.inner is not None:
            self.inner.on_connection_close()


class HeaderLimit(tornado.httputil.HTTPServerConnectionDelegate):
    """An HTTP server's delegate in front of a tornado ``Application``: a request whose headers
    are over :data:`MAX_HEADERS` gets a 431 and never reaches the application."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def start_request(self, server_conn: Any, request_conn: Any) -> Any:
        return _Checked(self.app, server_conn, request_conn)

    def on_close(self, server_conn: Any) -> None:
        self.app.on_close(server_conn)


def http_server(app: Any) -> tornado.httpserver.HTTPServer:
    """The HTTP server for ``app`` with the table's limits (see the module doc)."""
    return tornado.httpserver.HTTPServer(
        HeaderLimit(app), max_body_size=MAX_STREAM, max_header_size=MAX_HEADER_STREAM
    )
