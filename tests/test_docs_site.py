"""The documentation site's own machinery (docs/_ext/hexplay_docs.py, docs/conf.py): each
rules page has one title, the widget pages load nothing from outside the site and hold the
board's front end once for the site, the gallery comes from
the registered games."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import hexplay

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
spec = importlib.util.spec_from_file_location("hexplay_docs", DOCS / "_ext" / "hexplay_docs.py")
assert spec is not None and spec.loader is not None
ext = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ext)

STATIC = Path(hexplay.__file__).parent / "static"
BOARD = {n: (STATIC / n).read_text(encoding="utf-8") for n in ("board.js", "board.css")}


def _page(states: list[dict]) -> str:
    scripts = "".join(
        '<script type="application/vnd.jupyter.widget-state+json">'
        + json.dumps(s).replace("</", "<\\/")
        + "</script>"
        for s in states
    )
    return f"<html><body><p>before</p>{scripts}<p>after</p></body></html>"


def test_a_page_holds_a_placeholder_for_each_board_and_keeps_the_rest():
    board = {"_esm": BOARD["board.js"], "_css": BOARD["board.css"], "units": []}
    other = {"_esm": "export default {}", "value": "</script> is escaped"}
    state = {
        "version_major": 2,
        "version_minor": 0,
        "state": {
            "a": {"model_name": "AnyModel", "state": dict(board)},
            "b": {"model_name": "AnyModel", "state": dict(board)},
            "c": {"model_name": "AnyModel", "state": other},
        },
    }
    html = _page([state])
    assert len(html) > 2 * len(BOARD["board.js"])
    new, n = ext.one_board_bundle(html, BOARD)
    assert n == 4 and len(new) < len(BOARD["board.js"]) / 2
    assert new.startswith("<html><body><p>before</p>") and new.endswith(
        "<p>after</p></body></html>"
    )
    text = re.search(r"json\">(.*?)</script>", new, re.S).group(1)
    got = json.loads(text)["state"]
    assert got["a"]["state"]["_esm"] == ext.PLACEHOLDER + "board.js"
    assert got["b"]["state"]["_css"] == ext.PLACEHOLDER + "board.css"
    assert got["c"]["state"] == other and got["a"]["state"]["units"] == []
    assert ext.one_board_bundle("<p>no widgets</p>", BOARD) == ("<p>no widgets</p>", 0)


def test_the_widget_pages_load_only_the_sites_own_scripts():
    conf = (DOCS / "conf.py").read_text()
    block = conf[conf.index("nb_ipywidgets_js") :]
    block = block[: block.index("}\n") + 1]
    assert "http" not in block and "vendor/html-manager/embed-amd.js" in block
    order = re.findall(r'"([^"]+\.js)"', block)
    assert order.index("vendor/require.js") < order.index("hexplay-widgets.js")
    assert order.index("vendor/hexplay-board.js") < order.index("hexplay-widgets.js")
    assert order.index("hexplay-widgets.js") < order.index("vendor/html-manager/embed-amd.js")
    loader = (DOCS / "_static" / "hexplay-widgets.js").read_text()
    for pkg in ext.WIDGET_PACKAGES:
        assert f'{pkg}: vendor + "{pkg}/index"' in loader
    assert ext.PLACEHOLDER in loader and "HEXPLAY_STATIC" in loader
    lock = json.loads((DOCS / "vendor" / "package-lock.json").read_text())
    assert "node_modules/@jupyter-widgets/html-manager" in lock["packages"]


def test_each_rules_page_has_one_title(tmp_path):
    names = ext.rules_pages(tmp_path)
    assert "ambush" in names
    for name in names:
        text = (tmp_path / f"{name}.md").read_text()
        assert len(re.findall(r"^# ", text, re.M)) == 1, name


def test_the_gallery_draws_every_game():
    text = ext.gallery_markdown()
    assert text.count("class='hexplay-picture'") == len(hexplay.games())
    assert all(f"## {hexplay.game_entry(n).title}" in text for n in hexplay.games())


def test_the_widgets_api_is_one_page_per_module(tmp_path):
    names = ext.api_pages(tmp_path)
    assert "widgets" in names and "widgets-board" in names
    index = (tmp_path / "widgets.md").read_text()
    assert index.count("automodule") == 1 and "widgets-board" in index
