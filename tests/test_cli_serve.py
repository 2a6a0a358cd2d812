"""``hexplay serve`` reaches the table server's own command line."""

from __future__ import annotations

import pytest

from hexplay.cli import main


def test_hexplay_serve_dispatches_to_the_table_server(capsys):
    with pytest.raises(SystemExit) as e:
        main(["serve", "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: hexplay serve") and "--public-url" in out
