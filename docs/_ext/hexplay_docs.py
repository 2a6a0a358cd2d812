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

Generated files are rewritten only when their content changes (Sphinx then rebuilds only
what changed) and are not committed (``docs/.gitignore``).
"""

from __future__ import annotations

import builtins
import importlib
import inspect
import pkgutil
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
        text = (
            f"# {entry.title} tables\n\n"
            f"Generated when the site is built by `{module.__name__}.tables_markdown()` from "
            f"the tables `{package}` plays by. The rules as implemented, with every reading "
            f"of the source, are in the package's docstrings: {{py:mod}}`{package}`.\n\n"
            f"{module.tables_markdown()}"
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
        else:
            pages = {page: (title, _modules(package))}
        for name, (t, mods) in pages.items():
            _write(out / f"{name}.md", _api_page(t, mods))
            written.append(name)
    for stale in out.glob("*.md"):
        if stale.stem not in written:
            stale.unlink()
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


def evidence_pages(src: Path, out: Path) -> list[str]:
    """Write the tables of the saved studies and of the search budgets; their names."""
    import json

    from hexplay.analysis.protection import EnoughResult, robust_markdown

    written = []
    for path in sorted(src.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if path.stem == "search_budgets":
            text = budgets_markdown(data)
        elif not isinstance(data, dict) or "rows" not in data:  # (found.json: warm starts)
            continue
        elif "threshold" not in data:  # a robust-defence study
            text = robust_markdown(data["rows"])
        else:
            text = EnoughResult.load(path).markdown()
        _write(out / f"{path.stem}.md", text)
        written.append(path.stem)
    return written


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


def _generate(app: Sphinx) -> None:
    docs = Path(app.srcdir)
    evidence_pages(docs / "evidence", docs / "evidence" / "generated")
    rules_pages(docs / "rules" / "generated")
    api_pages(docs / "api" / "generated")
    copy_notebooks(docs.parent / "notebooks", docs / "notebooks")


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
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
