"""The address the table's links use."""

from __future__ import annotations

import socket


def public_url(host: str, port: int, given: str | None = None) -> str:
    """The address in the links: ``given``, or this machine's name when listening on all."""
    if given:
        return given.rstrip("/")
    if host in ("0.0.0.0", "::", ""):
        host = socket.getfqdn()
    return f"http://{host}:{port}"
