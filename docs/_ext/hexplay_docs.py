"""Sphinx extension of the hexplay docs: pages written from the package before the build.

* ``rules/generated/<game>.md``: one page per registered game whose rules package has a
  ``docs`` module (:func:`hexplay.engine.tabledocs.game_tables_markdown`), so a game's tables
  page appears as soon as the game is registered with one. The tables come from the engine's
  own data: the page and the engine cannot disagree.
* ``api/generated/<area>.md``: one API page per part of the package (:data:`API_AREAS`), with
  every module found under it, so a new module (or a new game's rules package) is documented
  without editing a page.
* ``evidence/generated/*.md``: the tables of the saved full-size studies
  (``evidence/<study>.json``, made by ``evidence/make_curves.py``) and of the search player's
  budgets (``evidence/search_budgets.json``, written by ``benchmarks/search_budgets.py``): the
  figures on the page are those the runs wrote.
* ``notebooks/*.ipynb``: the repository's notebooks, copied in to be executed and rendered
  (MyST-NB runs them at build time with ``HEXPLAY_SMALL=1``, see ``conf.py``).
* ``_generated/gallery.md`` and ``_generated/env_specs.md``: each registered game's board (its
  notebook display) and its PettingZoo environment's spaces, included by ``gallery.md`` and
  ``environments.md``.

Generated files are rewritten only when their content changes (Sphinx then rebuilds only
what changed) and are not committed (``docs/.gitignore``).
"""

from __future__ import annotations

import builtins
import importlib
import inspect
import pkgutil
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the page writers import without Sphinx (tests/test_docs_tables.py)
    from sphinx.application import Sphinx


def _write(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def rules_pages(out: Path) -> list[str]:
    """Write one tables page per registered game that has a ``docs`` module; their names."""
    import hexplay
    from hexplay.engine.tabledocs import docs_module

    written = []
    for name in hexplay.games():
        entry = hexplay.game_entry(name)
        module = docs_module(entry.game_class)
        if module is None:
            continue
        package = module.__name__.rpartition(".")[0]
        body = module.tables_markdown()
        if body.startswith("# "):  # the page's title is written here: one per page (a
            body = body.partition("\n")[2].lstrip("\n")  # second would list it twice)
        text = (
            f"# {entry.title} tables\n\n"
            f"Generated when the site is built by `{module.__name__}.tables_markdown()` from "
            f"the tables `{package}` plays by. The rules as implemented, with every reading "
            f"of the source, are in the package's docstrings: {{py:mod}}`{package}`.\n\n"
            f"{body}"
        )
        _write(out / f"{name}.md", text)
        written.append(name)
    for stale in out.glob("*.md"):
        if stale.stem not in written:
            stale.unlink()
    return written


API_AREAS: dict[str, tuple[str, str]] = {
    "protocol": ("The game API", "hexplay.engine"),
    "registry": ("The registry and the command line", "hexplay"),
    "testing": ("The conformance kit", "hexplay.testing"),
    "players": ("Computer players", "hexplay.ai"),
    "analysis": ("Analysis: batches, sweeps, win probability", "hexplay.analysis"),
    "env": ("PettingZoo environments", "hexplay.env"),
    "widgets": ("Widgets and apps", "hexplay.widgets"),
    "serve": ("The table server", "hexplay.serve"),
    "hexgrid": ("Hex geometry", "hexplay.hexgrid"),
    "maps": ("Maps", "hexplay.maps"),
    "sight": ("Line of sight", "hexplay.sight"),
    "movement": ("Movement", "hexplay.movement"),
    "rules": ("Rules packages", "hexplay.games"),
}
"""API page -> (title, package). ``hexplay`` itself lists only its own top-level modules;
``hexplay.games`` gets one page per game package (``rules-<game>``)."""


SPLIT_AREAS = frozenset({"widgets"})
"""API areas written as one page per module (an index page with the package's own docstring and
a table of contents): one page for all of them would be too long to read or load."""


def _modules(package: str, recursive: bool = True) -> list[str]:
    pkg = importlib.import_module(package)
    names = [package]
    for info in pkgutil.iter_modules(pkg.__path__, package + "."):
        if info.ispkg:
            if recursive:
                names += _modules(info.name)
        else:
            names.append(info.name)
    return names


def _api_page(title: str, modules: list[str]) -> str:
    parts = [f"# {title}\n"]
    for name in modules:
        parts.append(f"## `{name}`\n\n```{{eval-rst}}\n.. automodule:: {name}\n```\n")
    return "\n".join(parts)


def api_pages(out: Path) -> list[str]:
    """Write the API pages (one per area, one per rules package); their names."""
    written = []
    for page, (title, package) in API_AREAS.items():
        if package == "hexplay":
            top = importlib.import_module("hexplay")
            mods = ["hexplay"] + [
                i.name for i in pkgutil.iter_modules(top.__path__, "hexplay.") if not i.ispkg
            ]
            pages = {page: (title, mods)}
        elif package == "hexplay.games":
            rules = importlib.import_module(package)
            pages = {
                f"rules-{i.name.rpartition('.')[2]}": (
                    f"Rules: `{i.name}`",
                    _modules(i.name),
                )
                for i in pkgutil.iter_modules(rules.__path__, package + ".")
                if i.ispkg
            }
            pages[page] = (
                title,
                [
                    package,
                    *(
                        i.name
                        for i in pkgutil.iter_modules(rules.__path__, package + ".")
                        if not i.ispkg
                    ),
                ],
            )
        elif page in SPLIT_AREAS:
            mods = _modules(package)
            subs = {f"{page}-{m.rpartition('.')[2]}": m for m in mods[1:]}
            toc = "\n".join(subs)
            _write(
                out / f"{page}.md",
                _api_page(title, mods[:1])
                + f"\nOne page per module:\n\n```{{toctree}}\n:maxdepth: 1\n\n{toc}\n```\n",
            )
            written.append(page)
            pages = {name: (f"`{m}`", [m]) for name, m in subs.items()}
        else:
            pages = {page: (title, _modules(package))}
        for name, (t, mods) in pages.items():
            _write(out / f"{name}.md", _api_page(t, mods))
            written.append(name)
    for stale in out.glob("*.md"):
        if stale.stem not in written:
            stale.unlink()
    return written


GALLERY_TURNS = 2
"""Turns of play (random players, seed 1) before a game's board is drawn for the gallery."""


def gallery_markdown() -> str:
    """One section per registered game: its board after :data:`GALLERY_TURNS` turns of
    random play, drawn by the game's own notebook display (``Game._repr_html_``, inline SVG:
    the picture a notebook cell ending with the game shows)."""
    import hexplay
    from hexplay.ai.player import play

    parts = []
    for name in hexplay.games():
        entry = hexplay.game_entry(name)
        g = entry.new(seed=1)
        players = {s: entry.player("random", s, seed=1 + i) for i, s in enumerate(g.sides)}
        play(g, players, max_turns=GALLERY_TURNS)
        parts.append(
            f"## {entry.title}\n\n`hexplay.new_game({name!r}, seed=1)` after {GALLERY_TURNS} "
            f"turns of random play (`g` at the end of a cell; `g.picture(side)` shows one "
            f"side's view):\n\n{g._repr_html_()}\n"
        )
    return "\n".join(parts)


def env_pages(out: Path) -> list[str]:
    """Write one page of environment spaces per registered game
    (:func:`hexplay.env.spec.spec_markdown`); their names (none without pettingzoo)."""
    try:
        from hexplay.env.spec import spec_markdown
    except ImportError:
        return []
    import hexplay

    written = []
    for name in hexplay.games():
        title = hexplay.game_entry(name).title
        _write(out / f"{name}.md", f"# {title}: environment spaces\n\n{spec_markdown(name)}")
        written.append(name)
    return written


def copy_notebooks(src: Path, out: Path) -> list[str]:
    """Copy the repository's notebooks into the docs source (only those that changed)."""
    out.mkdir(parents=True, exist_ok=True)
    names = []
    for nb in sorted(src.glob("*.ipynb")):
        target = out / nb.name
        if not target.exists() or target.read_bytes() != nb.read_bytes():
            shutil.copyfile(nb, target)
        names.append(nb.name)
    for stale in out.glob("*.ipynb"):
        if stale.name not in names:
            stale.unlink()
    return names


# --- widgets that render offline -----------------------------------------------------------------
WIDGET_PACKAGES = ("anywidget", "bqplot", "bqscales")
"""Widget packages the notebooks' saved widgets use besides ipywidgets' own (which the HTML
manager bundles): each one's AMD build, from the environment building the site (the very
version whose state the notebooks saved), is served from ``_static/vendor/<name>/index.js``."""
STATE_SCRIPT = re.compile(
    r'(<script type="application/vnd\.jupyter\.widget-state\+json">)(.*?)(</script>)', re.S
)
PLACEHOLDER = "hexplay-static:"
"""A board's ``_esm`` / ``_css`` in a page's saved widget state, once the built page points to
the one copy of the site (``_static/vendor/hexplay-board.js``; ``_static/hexplay-widgets.js``
puts the text back before the widgets are drawn)."""


def vendor_static(docs: Path) -> list[str]:
    """Copy what the widget pages load into ``_static/vendor``: require.js and the HTML
    manager (``docs/vendor``'s npm packages: ``npm ci`` there, as scripts/docs.sh does), the
    widget packages' AMD builds (:data:`WIDGET_PACKAGES`, from ``sys.prefix``) and the board's
    front end (``hexplay/static``) once for the site. The files copied."""
    import json
    import sys

    import hexplay

    out = docs / "_static" / "vendor"
    npm = docs / "vendor" / "node_modules"
    manager = npm / "@jupyter-widgets" / "html-manager" / "dist"
    if not (manager / "embed-amd.js").is_file() or not (npm / "requirejs" / "require.js").is_file():
        raise RuntimeError(
            "docs/vendor/node_modules is missing: run `npm ci` in docs/vendor (scripts/docs.sh "
            "does) so that the site serves the widget manager itself"
        )
    files = {out / "require.js": npm / "requirejs" / "require.js"}
    for f in manager.iterdir():  # the AMD bundle and the fonts its styles name
        if f.suffix != ".map" and not f.name.endswith("embed.js") and f.name != "libembed-amd.js":
            files[out / "html-manager" / f.name] = f
    share = Path(sys.prefix) / "share" / "jupyter" / "nbextensions"
    for pkg in WIDGET_PACKAGES:
        src = share / pkg / "index.js"
        if not src.is_file():
            raise RuntimeError(f"{src} is missing: install hexplay's dependencies (.[all])")
        files[out / pkg / "index.js"] = src
    for dst, src in files.items():
        if not dst.exists() or dst.read_bytes() != src.read_bytes():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)
    static = Path(hexplay.__file__).parent / "static"
    board = {n: (static / n).read_text(encoding="utf-8") for n in ("board.js", "board.css")}
    _write(out / "hexplay-board.js", f"window.HEXPLAY_STATIC = {json.dumps(board)};\n")
    return sorted(str(p.relative_to(out)) for p in files) + ["hexplay-board.js"]


def one_board_bundle(html: str, board: dict[str, str]) -> tuple[str, int]:
    """``html`` with every widget's ``_esm`` / ``_css`` that is the board's front end
    (``board``: file name -> text) replaced by :data:`PLACEHOLDER` + the file name; and how
    many were replaced."""
    import json

    texts = {text: name for name, text in board.items()}
    count = 0

    def swap(m: re.Match[str]) -> str:
        nonlocal count
        state = json.loads(m.group(2))
        for model in state.get("state", {}).values():
            s = model.get("state", {})
            for key in ("_esm", "_css"):
                name = texts.get(s.get(key)) if isinstance(s.get(key), str) else None
                if name is not None:
                    s[key] = PLACEHOLDER + name
                    count += 1
        text = json.dumps(state, separators=(",", ":")).replace("</", "<\\/")
        return m.group(1) + text + m.group(3)

    return STATE_SCRIPT.sub(swap, html), count


def _one_board_bundle_everywhere(app: Sphinx, exception: Exception | None) -> None:
    """After an HTML build: each page's saved boards point to the site's one copy of the
    board's front end instead of holding it (550 kB a board)."""
    if exception is not None or app.builder.format != "html":
        return
    import hexplay

    static = Path(hexplay.__file__).parent / "static"
    board = {n: (static / n).read_text(encoding="utf-8") for n in ("board.js", "board.css")}
    for page in Path(app.outdir).rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if "widget-state+json" not in text:
            continue
        new, n = one_board_bundle(text, board)
        if n:
            page.write_text(new, encoding="utf-8")


def evidence_pages(src: Path, out: Path) -> list[str]:
    """Write the tables of the saved studies and of the search budgets; their names."""
    import json

    from hexplay.analysis.protection import EnoughResult, response_markdown, robust_markdown

    written = []
    for path in sorted(src.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if path.stem == "search_budgets":
            text = budgets_markdown(data)
        elif path.stem == "search":
            text = search_markdown(data)
        elif path.stem == "found_base":
            text = found_base_markdown(data)
        elif not isinstance(data, dict) or "rows" not in data:  # (found.json: warm starts)
            continue
        elif data.get("kind") == "best_response":  # one side searched against fixed knobs
            text = response_markdown(data)
        elif "threshold" not in data:  # a robust-defence study
            text = robust_markdown(data["rows"], data.get("settings"))
        else:
            text = EnoughResult.load(path).markdown() + also_markdown(data.get("also", []))
        _write(out / f"{path.stem}.md", text)
        written.append(path.stem)
    return written


def also_markdown(rows: list[dict]) -> str:
    """A study's other-side figures (``make_curves.py``'s ``also``: the other side's wins and
    the draws in the same fresh games), as a Markdown table; empty without them."""
    if not rows:
        return ""
    side = rows[0]["side"]
    lines = [
        "",
        f"| level | against | P({side} wins) | 95 % interval | draws | games |",
        "|---|---|---|---|---|---|",
    ]
    labels = {"default": "default attack", "worst": "worst found", "search": "search seeded"}
    for r in rows:
        lines.append(
            f"| {r['level']} | {labels[r['curve']]} | {r['p']:.3f} | [{r['ci_low']:.3f}, "
            f"{r['ci_high']:.3f}] | {r['draws']} | {r['games']} |"
        )
    return "\n".join(lines) + "\n"


def budgets_markdown(fig: dict) -> str:
    """The search player's figures by game, side and budget (``benchmarks/search_budgets.py``'s
    JSON): the share of turn decisions it changed, CPU seconds a decision, score."""
    rows: dict[tuple[str, str, int], dict[str, float]] = {}
    for key, value in fig.items():
        if not key.startswith("search_budget_"):
            continue
        head, _, what = key.rpartition("_")
        if what == "s":  # (cpu_s)
            head, _, _ = head.rpartition("_")
            what = "cpu_s"
        game, side, n = head[len("search_budget_") :].rsplit("_", 2)
        rows.setdefault((game, side, int(n)), {})[what] = value
    lines = [
        f"{fig.get('_games', '?')} games a row (seeds from 70000), the search player against the "
        "game's default players.",
        "",
        "| game | side | rollouts a decision | decisions changed | CPU s a decision | score |",
        "|---|---|---|---|---|---|",
    ]
    for (game, side, n), v in sorted(rows.items()):
        lines.append(
            f"| {game} | {side} | {n} | {v.get('switch', float('nan')):.0%} | "
            f"{v.get('cpu_s', float('nan')):.3f} | {v.get('score', float('nan')):.2f} |"
        )
    return "\n".join(lines) + "\n"


def search_markdown(fig: dict) -> str:
    """The search player's strength and costs (``benchmarks/search.py --json``): one row a
    figure, its games, interval, budget and the seconds a decision."""

    def num(v: object, fmt: str = ".3f") -> str:
        return "-" if v is None else format(v, fmt)

    lines = [
        f"Measured {fig.get('_measured', '?')} (load {fig.get('_load', '?')} on 2 cores), "
        "seeds from 0.",
        "",
        "| figure | value | 95 % interval | games | budget | CPU s a decision | CPU s a set-up |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, v in sorted(fig.items()):
        if name.startswith("_"):
            continue
        budget = ", ".join(f"{k}={x}" for k, x in v.get("budget", {}).items()) or "-"
        lo, hi = v["ci"]
        lines.append(
            f"| `{name}` | {v['p']:.3f} | [{lo:.3f}, {hi:.3f}] | {v['games']} | {budget} | "
            f"{num(v.get('cpu_s_decision'))} | {num(v.get('cpu_s_setup'))} |"
        )
    return "\n".join(lines) + "\n"


def found_base_markdown(fig: dict) -> str:
    """The search adversary with a found attack as its base against other bases
    (``benchmarks/found_base.py``): P(adversary wins) of each player, then the paired gains."""
    lines = [
        f"SKIRMISH at {fig['guards']} guards against the tactic defender, {fig['games']} games "
        f"each on common seeds from {fig['seed0']}. Bases: "
        + "; ".join(f"*{k}*, {v}" for k, v in fig.get("bases", {}).items())
        + ".",
        "",
        "| adversary | P(adversary wins) | 95 % interval |",
        "|---|---|---|",
    ]
    for r in fig["rows"]:
        lines.append(f"| {r['adversary']} | {r['p']:.3f} | [{r['ci'][0]:.3f}, {r['ci'][1]:.3f}] |")
    lines += ["", "| search adversary | difference (paired) | 95 % interval |", "|---|---|---|"]
    for g in fig["gains"]:
        lo, hi = g["ci"]
        lines.append(f"| {g['comparison']} | {g['gain']:+.3f} | [{lo:+.3f}, {hi:+.3f}] |")
    knobs = ", ".join(f"{k}={v:.3g}" if isinstance(v, float) else f"{k}={v}"
                      for k, v in sorted(fig["found_knobs"].items()))  # fmt: skip
    lines += ["", f"The found attack: {knobs}."]
    return "\n".join(lines) + "\n"


def _generate(app: Sphinx) -> None:
    docs = Path(app.srcdir)
    evidence_pages(docs / "evidence", docs / "evidence" / "generated")
    rules_pages(docs / "rules" / "generated")
    api_pages(docs / "api" / "generated")
    env_pages(docs / "env" / "generated")
    copy_notebooks(docs.parent / "notebooks", docs / "notebooks")
    # fragments the hand-written pages include (not pages themselves: conf.py excludes them)
    _write(docs / "_generated" / "gallery.md", gallery_markdown())
    vendor_static(docs)


BUILTIN_NAMES = frozenset(dir(builtins))
"""Names of Python's builtins: a reference to one is never fuzzily matched to a member."""


def _nearest_targets() -> None:
    """Resolve a short name found in several modules (``Scenario`` in each game's package) to
    the one nearest the referring module (the longest shared dotted prefix), as a reader of
    that module's source would; still ambiguous ties are left to Sphinx (a warning)."""
    from sphinx.domains.python import PythonDomain

    find_obj = PythonDomain.find_obj
    if getattr(find_obj, "_hexplay_nearest", False):
        return

    def nearest(self, env, modname, classname, name, type, searchmode=0):
        matches = find_obj(self, env, modname, classname, name, type, searchmode)
        if name in BUILTIN_NAMES and all(m[0] != name for m in matches):
            return []  # ``type`` in an annotation is the builtin, not an attribute named type
        if len(matches) > 1 and modname:
            here = modname.split(".")

            def shared(match: tuple[str, object]) -> int:
                n = 0
                for a, b in zip(here, match[0].split(".")):
                    if a != b:
                        break
                    n += 1
                return n

            best = max(shared(m) for m in matches)
            top = [m for m in matches if shared(m) == best]
            if len(top) == 1:
                return top
        return matches

    nearest._hexplay_nearest = True  # type: ignore[attr-defined]
    PythonDomain.find_obj = nearest  # type: ignore[method-assign]


def _import_path(path: str) -> object | None:
    """The object a dotted path names (a module, then attributes), or None."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return None
        return obj
    return None


def _canonical(obj: object, objects: dict, last: str) -> str | None:
    """Where an object is documented: its defining module and qualified name (classes,
    functions, modules), else the documented name of the same object (constants)."""
    name = getattr(obj, "__name__", None) if inspect.ismodule(obj) else None
    if name is None and (inspect.isclass(obj) or inspect.isroutine(obj)):
        module, qual = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
        name = f"{module}.{qual}" if module and qual else None
    if name in objects:
        return name
    for other in objects:
        if other.rpartition(".")[2] == last and _import_path(other) is obj:
            return other
    return None


def _reexported(app: Sphinx, env, node, contnode):
    """Resolve a reference to a name as the docstrings use it: re-exported by a package
    (``hexplay.maps.Map``, ``IllegalOrder`` in ``hexplay.engine``) or imported into the module
    (``Game.order``), by importing it and finding where it is documented."""
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip(".~")
    module, klass = node.get("py:module"), node.get("py:class")
    domain = env.get_domain("py")
    candidates = [target]
    if module:
        candidates += [f"{module}.{klass}.{target}"] if klass else []
        candidates.append(f"{module}.{target}")
    names = []
    for path in candidates:
        obj = _import_path(path)
        if obj is not None:
            names.append(_canonical(obj, domain.objects, target.rpartition(".")[2]))
    # A member named without its class (``counters`` of the module's ``GameUI``, or
    # ``SkirmishGame.odds`` where the class is not imported): the one object of that name in
    # the referring module, else the one in the whole package.
    suffix = [n for n in domain.objects if n.endswith("." + target)]
    here = [n for n in suffix if module and n.startswith(module + ".")]
    names += here if len(here) == 1 else suffix if len(suffix) == 1 else []
    for name in names:
        if name is None:
            continue
        ref = domain.resolve_xref(env, node["refdoc"], app.builder, "obj", name, node, contnode)
        if ref is not None:
            return ref
    return None


def setup(app: Sphinx) -> dict[str, object]:
    _nearest_targets()
    app.connect("builder-inited", _generate)
    app.connect("missing-reference", _reexported)
    app.connect("build-finished", _one_board_bundle_everywhere)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
