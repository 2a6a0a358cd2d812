"""The seat page: the ipywidgets seat panel over a RemoteGame, and the seat notebook."""

from __future__ import annotations

import serve_tiny  # noqa: F401  (registers the TAG games)

from hexplay.serve import RemoteGame, TableServer
from hexplay.serve.panel import SeatPanel


def test_the_seat_panel_plots_and_submits_through_the_table():
    with TableServer().start() as server:
        links = server.new_game("tag")
        red, blue = RemoteGame(links["red"]), RemoteGame(links["blue"])
        p = SeatPanel(red, watch=False)
        assert "setting up" in p.status.value and not p.submit_b.disabled
        p.submit_b.click()
        blue.submit()
        p.refresh()
        assert p.choice.options and p._legal[0].kind == "MV"
        hexes = p._legal[0].needs[0].options
        p._need_widgets["hex"].value = hexes.index("0201")
        p.order_b.click()
        assert red.view()["plot"] == [{"unit": "R1", "hex": "0201"}] and "0201" in p.units.value
        assert "B1" not in p.units.value  # blue is out of sight
        p.undo_b.click()
        assert red.view()["plot"] == []
        p.undo_b.click()  # the rules' refusal is shown, nothing changes
        assert "nothing to undo" in p.message.value and red.view()["plot"] == []
        ref = SeatPanel(RemoteGame(links["referee"]), watch=False)
        assert "B1" in ref.units.value and ref.children[2].layout.display == "none"
        for g in (red, blue):
            g.close()
