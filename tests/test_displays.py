"""Rich displays in a notebook: a map, every game, a side's picture, a line-of-sight trace, a
reach and batch results show themselves as well-formed SVG/HTML; a side's picture holds only
what its view does; a notebook cell ending with a game shows its board."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

import hexplay
from hexplay.ai.player import play
from hexplay.engine.log import REFEREE
from hexplay.maps import svg as S
from hexplay.movement.model import UniformCost
from hexplay.movement.reach import Movement
from hexplay.testing.displays import SVG, drawn_units

GAMES = sorted(hexplay.games())


def xml(text: str) -> ET.Element:
    """Parse as XML (strict: every tag closed, attributes quoted, entities known)."""
    assert isinstance(text, str) and text
    return ET.fromstring(f"<root>{text}</root>")


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)


def html_tags(text: str) -> list[str]:
    p = _Tags()
    p.feed(text)
    p.close()
    return p.tags


def played(name: str, turns: int = 2, seed: int = 3):
    g = hexplay.new_game(name, seed=seed)
    players = {
        s: hexplay.game_entry(name).player("random", s, seed=seed + i)
        for i, s in enumerate(g.sides)
    }
    play(g, players, max_turns=turns)
    return g


def test_the_widgets_reuse_the_drawing_colours():
    from hexplay.widgets import board, review

    assert board.TERRAIN_PALETTE is S.TERRAIN_PALETTE
    assert review.board_svg is S.board_svg


@pytest.mark.parametrize("name", ["skirmish", "aggressor"])
def test_a_map_shows_itself_as_svg(name):
    m = hexplay.new_game(name, seed=0).map
    root = xml(m._repr_svg_())
    svg = root.find(f"{SVG}svg")
    assert svg is not None and svg.get("data-map") == m.name
    assert float(svg.get("width")) <= S.MAX_WIDTH and float(svg.get("height")) <= S.MAX_HEIGHT
    paths = [p for p in svg.iter(f"{SVG}path") if p.get("class") == "hx-terrain"]
    assert {p.get("data-terrain") for p in paths} <= set(m.terrain_names)
    # one hex outline per map hex, over all terrain paths
    assert sum(p.get("d").count("M") for p in paths) == m.size
    assert "svg" in html_tags(m._repr_svg_())


def test_a_los_trace_shows_itself_over_its_map_cropped():
    m = hexplay.new_game("skirmish", seed=0).map
    t = m.los("0101", "0510")
    assert t.map is m and t == dataclasses.replace(t, map=None)  # not part of its value
    root = xml(t._repr_svg_())
    los = [g for g in root.iter(f"{SVG}g") if g.get("class") == "hx-los"]
    assert len(los) == 1 and los[0].get("data-clear") == str(t.clear).lower()
    assert len(t._repr_svg_()) < len(m._repr_svg_()) / 2  # cropped: only the hexes near it
    if not t.clear:
        assert any(p.get("class") == "hx-block" for p in root.iter(f"{SVG}path"))
    assert dataclasses.replace(t, map=None)._repr_svg_() is None


def test_a_movement_reach_shows_its_hexes():
    m = hexplay.new_game("skirmish", seed=0).map
    r = Movement(m, UniformCost()).reachable("1010", 3)
    root = xml(r._repr_svg_())
    shaded = [p for g in root.iter(f"{SVG}g") if g.get("class") == "hx-reach" for p in g]
    assert len(shaded) == len(r.costs())


@pytest.mark.parametrize("name", GAMES)
def test_every_game_shows_its_board_and_status(name):
    g = played(name)
    text = g._repr_html_()
    root = xml(text)
    div = root.find("div")
    assert div.get("class") == "hexplay-picture" and div.get("data-side") == REFEREE
    assert g.info.title in "".join(div.itertext())
    assert f"turn {g.turn}" in "".join(div.itertext())
    assert root.find(f".//{SVG}svg") is not None
    on_map = {u for u, d in g.view(REFEREE)["units"].items() if d.get("hex")}
    assert drawn_units(root) == on_map
    assert "svg" in html_tags(text)


@pytest.mark.parametrize("name", GAMES)
def test_a_sides_picture_holds_only_its_view(name):
    g = played(name, turns=3)
    for side in g.sides:
        view = g.view(side)
        pic = g.picture(side)
        assert side in repr(pic)
        root = xml(pic._repr_html_())
        assert root.find("div").get("data-side") == side
        known = {u for u, d in view["units"].items() if d.get("hex")}
        assert drawn_units(root) == known
        hidden = {u for u, d in g.view(REFEREE)["units"].items() if d.get("hex")} - known
        ghosts = {u for u, d in (view.get("last_known") or {}).items() if d.get("hex")}
        assert not (drawn_units(root) | drawn_units(root, "hx-ghost")) & (hidden - ghosts)


def test_a_picture_refuses_an_unknown_side():
    g = hexplay.new_game("duel", seed=0)
    with pytest.raises(hexplay.engine.IllegalOrder):
        g.picture("nobody")


@pytest.mark.parametrize("name", GAMES)
def test_a_reach_shows_its_board_and_costs(name):
    g = played(name, turns=1)
    side = g.to_act()[0] if g.to_act() else g.sides[0]
    unit = next(
        (u for u, d in g.view(side)["units"].items() if d.get("side") == side and d.get("hex")),
        None,
    )
    if unit is None:
        pytest.skip(f"{name}: no unit of {side} on the map")
    r = g.reach(side, unit)
    assert r.map is g.map
    root = xml(r._repr_html_())
    assert root.find("div").get("class") == "hexplay-reach"
    if len(r):
        assert root.find(f".//{SVG}svg") is not None
        assert len(root.findall(".//table/tr")) == min(len(r), 40) + 1


def test_batch_and_summary_tables_show_a_plot_and_the_table():
    pytest.importorskip("pandas")
    from hexplay.analysis import run_batch, summarize
    from hexplay.analysis.results import GamesTable, SummaryTable

    df = run_batch(4, game="duel", seed=1)
    assert isinstance(df, GamesTable) and isinstance(df[df["turns"] > 0], GamesTable)
    text = df._repr_html_()
    plot = xml(text[: text.index("</svg>") + 6]).find(f"{SVG}svg")
    bars = [r for r in plot.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    counts = [int(r.find(f"{SVG}title").text.split(": ")[1].split(" of ")[0]) for r in bars]
    assert sum(counts) == 4
    assert "<table" in text and "table" in html_tags(text)
    s = summarize(df.assign(point=[0, 0, 1, 1]), game="duel")
    assert isinstance(s, SummaryTable)
    text = s._repr_html_()
    plot = xml(text[: text.index("</svg>") + 6]).find(f"{SVG}svg")
    assert len(list(plot.iter(f"{SVG}circle"))) == 2
    # a table reshaped beyond the plot still shows as a table
    assert "<table" in df[["seed"]]._repr_html_()


def test_a_notebook_cell_ending_with_a_game_shows_it(tmp_path, monkeypatch):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    cells = [
        "import hexplay\ng = hexplay.new_game('naval', seed=1)\ng",
        "g.picture('usn')",
        "hexplay.new_game('skirmish', seed=1).map.los('0101', '0510')",
        "g.map",
        "g.reach('usn', next(u for u, d in g.view('usn')['units'].items() if d['side'] == 'usn'))",
        "from hexplay.analysis import run_batch\nrun_batch(2, game='duel', seed=1)",
    ]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    client = nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    game, picture, los, board, reach, batch = (c.outputs[-1]["data"] for c in nb.cells)
    for data, side in ((game, REFEREE), (picture, "usn")):
        root = xml(data["text/html"])
        assert root.find("div").get("data-side") == side
        assert root.find(f".//{SVG}svg") is not None
    assert xml(los["image/svg+xml"]).find(f"{SVG}svg") is not None
    assert xml(board["image/svg+xml"]).find(f"{SVG}svg").get("data-map") == "naval C"
    root = xml(reach["text/html"])
    assert root.find("div").get("class") == "hexplay-reach"
    assert root.find(f".//{SVG}svg") is not None and root.find(".//table") is not None
    html = batch["text/html"]
    assert xml(html[: html.index("</svg>") + 6]).find(f"{SVG}svg") is not None
    assert "table" in html_tags(html)
