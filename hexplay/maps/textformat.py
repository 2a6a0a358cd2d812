"""The plain-text map format (``.txt`` / ``.hexmap``): easy to write and edit by hand.

Example::

    # comments run from '#' to the end of the line
    name: farmland
    description:
    | Free text; each line starts with '|' (kept verbatim, '#' included).
    size: 30 x 36                     # columns x rows (required)
    labels: ccrr                      # ccrr (0620) or letters (@UO); default ccrr
    layout: flat even-columns-low     # or flat odd-columns-low; default even-columns-low
    terrain: . = open, T = trees      # one character per terrain name (required)
    grid:                             # one line per row, one character per column (required)
    01 ....TT....                     # an optional row label ("01" / "A") may lead the line
    ...
    elevation:                        # optional; digits like the grid, or numbers separated
    01 1122334455                     # by spaces ("01 1 1 2 2 10 12 ...")
    hexsides slope:                   # a hexside feature; any number of these sections
    0620/0621 0719/0720 0101 NW
    road Route 4:                     # an ordered path of adjacent hexes: the road runs across
    0401 0402 0403                    # each side between consecutive hexes; also place "Route 4"
    place start points:               # a named list of hexes, in order; AAAA..BBBB is the
    2928 2929 0101..0302              # block of columns x rows between, column by column
    roads:                            # optional: road hexsides that belong to no named road
    0101/0102
    sight:                            # optional: the game's line-of-sight rules
    blocking terrain = trees          # terrain names whose hexes block (comma-separated)
    blocking hexsides = slope         # hexside features that block
    end hexes = exempt                # exempt (default) or block: the two end hexes
    end hexsides = exempt             # exempt (default) or block: the end hexes' sides
    combine = both                    # both (default) or either: lines along a hexside
    max range = none                  # none (default) or a number of hexes

Rules:

* A line containing ``:`` is a section header ``keyword [name]: [value]``.  Keywords are
  ``name size labels layout terrain grid elevation description roads sight`` and, with a name,
  ``hexsides NAME``, ``road NAME`` and ``place NAME`` (road and place names share one
  namespace: a road is a place).  Each section may appear once.  Other lines are the contents
  of the section above them; section contents may also start on the header line.
* A hexside is ``AAAA/BBBB`` (two adjacent hexes) or ``AAAA DIR`` (a hex on the map and one of
  ``N NE SE S SW NW``).  A side must touch the map (edge sides are allowed).  With letter
  labels, write the ``@`` (``@NE S``) so that no label reads as a direction.
* Hex lists (``place``, ``road``) are labels separated by spaces; ``AAAA..BBBB`` stands for the
  block of columns × rows between the two hexes, column by column (``@KA..@KO`` = column K).
* A grid or elevation row may start with its row label (``07`` or ``G``), which is checked.
* Terrain characters may not be whitespace or any of ``# : | , = /``.  Names may not contain
  ``#`` (nor ``:`` for section names) or start/end with spaces.
* ``sight`` holds ``key = value`` lines describing the map's
  :class:`~hexplay.maps.BlockingModel` (every key optional, defaults as above); a map
  without it has no sight model, and ``Map.los`` then needs one passed.
* :func:`read_map_text` validates everything and raises :class:`~hexplay.maps.MapError` naming
  the line; it never returns a partly built map.  :func:`write_map_text` writes any map whose
  names fit these rules; ``read_map_text(write_map_text(m))`` equals ``m`` in every field.
  Terrain characters are not part of a :class:`~hexplay.maps.Map`: the writer picks them
  (``.`` open/clear, ``T`` trees, ``r`` rough, else the name's first letter).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

import numpy as np

from ..hexgrid import Hex, Hexside, OffsetLayout
from ..sight import BlockingModel
from .map import Map, MapError
from .notation import (
    Frame,
    check_name,
    check_size,
    is_road_path,
    layout_words,
    parse_layout_words,
    path_sides,
)

__all__ = ["read_map_text", "write_map_text"]

_SCALAR = ("name", "size", "labels", "layout")
_PLAIN = (*_SCALAR, "terrain", "grid", "elevation", "description", "roads", "sight")
_NAMED = ("hexsides", "road", "place")
_BAD_TERRAIN_CHARS = "#:|,=/"
_PREFERRED_CHARS = {
    "open": ".",
    "clear": ".",
    "trees": "T",
    "woods": "T",
    "forest": "F",
    "rough": "r",
    "water": "~",
}


@dataclass
class _Section:
    key: str
    arg: str
    line: int
    value: str
    body: list[tuple[int, str]] = field(default_factory=list)

    @property
    def title(self) -> str:
        return f"{self.key} {self.arg}".strip()

    def items(self) -> Iterator[tuple[int, str]]:
        """Content lines, the header's inline value first."""
        if self.value:
            yield self.line, self.value
        yield from self.body


class _Reader:
    def __init__(self, text: str, source: str | None) -> None:
        self.text = text
        self.source = source
        self.prefix = f"{source}: " if source else ""

    def fail(self, line: int | None, msg: str) -> MapError:
        where = f"line {line}: " if line is not None else ""
        return MapError(f"{self.prefix}{where}{msg}")

    @contextmanager
    def at(self, line: int | None) -> Iterator[None]:
        try:
            yield
        except MapError:
            raise
        except (ValueError, KeyError, IndexError, TypeError) as e:
            msg = e.args[0] if e.args else type(e).__name__
            raise self.fail(line, str(msg)) from None

    # --- pass 1: sections -------------------------------------------------------------------
    def sections(self) -> dict[tuple[str, str], _Section]:
        out: dict[tuple[str, str], _Section] = {}
        cur: _Section | None = None
        for n, raw in enumerate(self.text.split("\n"), 1):
            raw = raw.removesuffix("\r")
            stripped = raw.lstrip()
            if stripped.startswith("|"):
                if cur is None or cur.key != "description":
                    raise self.fail(n, "lines starting with '|' belong in a 'description:' section")
                rest = stripped[1:]
                cur.body.append((n, rest[1:] if rest.startswith(" ") else rest))
                continue
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if ":" not in line:
                if cur is None:
                    raise self.fail(n, f"{line!r} comes before any section header")
                if cur.key in _SCALAR:
                    raise self.fail(
                        n, f"unexpected line {line!r}: '{cur.key}:' takes its value on its own line"
                    )
                cur.body.append((n, line))
                continue
            head, _, value = line.partition(":")
            words = head.split(None, 1)
            kw = words[0].lower() if words else ""
            arg = words[1].strip() if len(words) > 1 else ""
            if kw in _NAMED:
                if not arg:
                    raise self.fail(n, f"'{kw}:' needs a name, e.g. '{kw} Route 4:'")
            elif kw not in _PLAIN or arg:
                known = ", ".join([*_PLAIN, *(k + " NAME" for k in _NAMED)])
                raise self.fail(n, f"unknown section {head.strip()!r} (known: {known})")
            ident = (kw, arg) if kw == "hexsides" else ("place", arg) if kw in _NAMED else (kw, "")
            if ident in out:
                first = out[ident]
                this = f"{kw} {arg}".strip()
                raise self.fail(
                    n,
                    f"duplicate section '{this}' (already given as '{first.title}' at line "
                    f"{first.line})",
                )
            cur = _Section(kw, arg, n, value.strip())
            out[ident] = cur
        return out

    # --- pass 2: contents -------------------------------------------------------------------
    def read(self) -> Map:
        secs = self.sections()
        get = secs.get

        size = get(("size", ""))
        if size is None:
            raise self.fail(None, "missing 'size: COLS x ROWS' section")
        with self.at(size.line):
            cols, rows = _parse_size(size.value)
        style_sec = get(("labels", ""))
        style = style_sec.value.lower() if style_sec else "ccrr"
        with self.at(style_sec.line if style_sec else size.line):
            check_size(cols, rows, style)
        lay = get(("layout", ""))
        with self.at(lay.line if lay else None):
            low = parse_layout_words(lay.value) if lay else True
        frame = Frame(OffsetLayout(cols, rows, low), style)

        terr = get(("terrain", ""))
        if terr is None:
            raise self.fail(
                None, "missing 'terrain:' section (e.g. 'terrain: . = open, T = trees')"
            )
        chars: dict[str, int] = {}
        names: list[str] = []
        for n, text in terr.items():
            with self.at(n):
                _parse_legend(text, chars, names)
        if not names:
            raise self.fail(terr.line, "the terrain legend is empty")

        grid = get(("grid", ""))
        if grid is None:
            raise self.fail(None, "missing 'grid:' section")
        terrain = np.zeros((cols, rows), dtype=np.int16)
        for row, (n, text) in self.rows_of(grid, frame):
            with self.at(n):
                cells = _grid_cells(text, frame, row)
                if len(cells) != cols:
                    raise ValueError(f"grid row {row} has {len(cells)} columns, expected {cols}")
                for c, ch in enumerate(cells):
                    if ch not in chars:
                        legend = " ".join(chars)
                        raise ValueError(
                            f"unknown terrain character {ch!r} in column {c + 1} of row {row} "
                            f"(legend: {legend})"
                        )
                    terrain[c, row - 1] = chars[ch]

        elevation = None
        ele = get(("elevation", ""))
        if ele is not None:
            elevation = np.zeros((cols, rows), dtype=np.int32)
            for row, (n, text) in self.rows_of(ele, frame):
                with self.at(n):
                    elevation[:, row - 1] = _elevation_cells(text, frame, row)

        features: dict[str, frozenset[Hexside]] = {}
        roads: set[Hexside] = set()
        places: dict[str, tuple[Hex, ...]] = {}
        for (kw, arg), sec in secs.items():
            if kw == "hexsides":
                with self.at(sec.line):
                    check_name(arg, "hexside feature", section=True)
                features[arg] = frozenset(self.hexsides(sec, frame))
            elif kw == "place" and sec.key == "place":
                places[arg] = tuple(h for _, h in self.hexes(sec, frame))
            elif kw == "place":  # road
                path = self.hexes(sec, frame)
                if len(path) < 2:
                    raise self.fail(sec.line, f"road {arg!r} needs at least two hexes")
                for (_, a), (n, b) in zip(path, path[1:]):
                    with self.at(n):
                        try:
                            (side,) = path_sides([a, b])
                        except ValueError:
                            raise ValueError(
                                f"road {arg!r}: {frame.label(a)} and {frame.label(b)} are not "
                                "adjacent"
                            ) from None
                    roads.add(side)
                places[arg] = tuple(h for _, h in path)
            elif kw == "roads":
                roads.update(self.hexsides(sec, frame))

        sight_sec = get(("sight", ""))
        sight_model = None
        if sight_sec is not None:
            sight_model = self.sight(sight_sec, names)

        name_sec = get(("name", ""))
        if name_sec is not None:
            name = name_sec.value
        else:
            name = PurePath(self.source).stem if self.source else "unnamed"
        desc = get(("description", ""))
        description = "\n".join(t for _, t in desc.items()) if desc else ""
        with self.at(sight_sec.line if sight_sec else None):
            return Map(
                name=name,
                layout=frame.layout,
                terrain_names=tuple(names),
                terrain=terrain,
                hexside_features=features,
                roads=frozenset(roads),
                places=places,
                elevation=elevation,
                label_style=style,
                description=description,
                sight_model=sight_model,
            )

    def sight(self, sec: _Section, terrain_names: list[str]) -> BlockingModel:
        fields: dict[str, Any] = {}  # the values as each key's reader gives them
        where: dict[str, int] = {}
        for n, text in sec.items():
            with self.at(n):
                key, eq, value = text.partition("=")
                key, value = " ".join(key.lower().split()), value.strip()
                if not eq or key not in _SIGHT_KEYS:
                    raise ValueError(
                        f"sight: {text!r} should read 'KEY = VALUE' with KEY one of "
                        f"{', '.join(_SIGHT_KEYS)}"
                    )
                name, read = _SIGHT_KEYS[key]
                if name in fields:
                    raise ValueError(f"sight: {key!r} given twice (first at line {where[name]})")
                fields[name], where[name] = read(key, value), n
        with self.at(where.get("blocking_terrain", sec.line)):
            unknown = sorted(fields.get("blocking_terrain", set()) - set(terrain_names))
            if unknown:
                raise ValueError(
                    f"sight: blocking terrain {unknown} is not a terrain of this map "
                    f"({', '.join(terrain_names)})"
                )
        with self.at(sec.line):
            return BlockingModel(**fields)

    def rows_of(self, sec: _Section, frame: Frame) -> Iterator[tuple[int, tuple[int, str]]]:
        lines = list(sec.items())
        rows = frame.layout.rows
        if len(lines) > rows:
            raise self.fail(lines[rows][0], f"'{sec.key}' has more than {rows} rows")
        if len(lines) < rows:
            raise self.fail(sec.line, f"'{sec.key}' has {len(lines)} rows, expected {rows}")
        yield from enumerate(lines, 1)

    def hexsides(self, sec: _Section, frame: Frame) -> list[Hexside]:
        out: list[Hexside] = []
        for n, text in sec.items():
            with self.at(n):
                out.extend(s for _, s in frame.parse_hexside_tokens(text.split()))
        return out

    def hexes(self, sec: _Section, frame: Frame) -> list[tuple[int, Hex]]:
        out: list[tuple[int, Hex]] = []
        for n, text in sec.items():
            with self.at(n):
                out.extend((n, h) for t in text.split() for h in frame.hexes(t))
        return out


def _names(key: str, value: str) -> frozenset[str]:
    names = [x.strip() for x in value.split(",")]
    if names == [""]:
        return frozenset()
    if not all(names):
        raise ValueError(f"sight: {key} = {value!r} has an empty name")
    return frozenset(names)


def _choice(yes: str, no: str):
    def read(key: str, value: str) -> bool:
        v = value.lower()
        if v not in (yes, no):
            raise ValueError(f"sight: {key} must be {yes!r} or {no!r}, not {value!r}")
        return v == yes

    return read


def _combine(key: str, value: str) -> str:
    if value.lower() not in ("both", "either"):
        raise ValueError(f"sight: combine must be 'both' or 'either', not {value!r}")
    return value.lower()


def _max_range(key: str, value: str) -> int | None:
    if value.lower() == "none":
        return None
    if not re.fullmatch(r"[0-9]{1,6}", value):
        raise ValueError(f"sight: max range must be 'none' or a whole number, not {value!r}")
    return int(value)


#: Text key -> (BlockingModel field, reader of the value).
_SIGHT_KEYS = {
    "blocking terrain": ("blocking_terrain", _names),
    "blocking hexsides": ("blocking_hexsides", _names),
    "end hexes": ("exempt_end_hexes", _choice("exempt", "block")),
    "end hexsides": ("exempt_end_hexsides", _choice("exempt", "block")),
    "combine": ("combine", _combine),
    "max range": ("max_range", _max_range),
}


def _write_sight(model: BlockingModel) -> list[str]:
    for n in model.blocking_hexsides:
        if any(c in n for c in ",=#\n\r") or n != n.strip():
            raise ValueError(f"hexside feature {n!r} cannot be written in a 'sight:' section")
    r = "none" if model.max_range is None else str(model.max_range)
    return [
        "sight:",
        "blocking terrain = " + ", ".join(sorted(model.blocking_terrain)),
        "blocking hexsides = " + ", ".join(sorted(model.blocking_hexsides)),
        "end hexes = " + ("exempt" if model.exempt_end_hexes else "block"),
        "end hexsides = " + ("exempt" if model.exempt_end_hexsides else "block"),
        f"combine = {model.combine}",
        f"max range = {r}",
    ]


_SIZE_RE = re.compile(r"^([0-9]+)\s*[xX×]\s*([0-9]+)$")
_INT_RE = re.compile(r"[+-]?[0-9]{1,12}\Z")
_ELEVATION_MIN, _ELEVATION_MAX = int(np.iinfo(np.int32).min), int(np.iinfo(np.int32).max)


def _parse_size(text: str) -> tuple[int, int]:
    m = _SIZE_RE.match(text.strip())
    if not m:
        raise ValueError(f"size {text!r} should read 'COLUMNS x ROWS', e.g. '30 x 36'")
    cols, rows = int(m.group(1)), int(m.group(2))
    if cols < 1 or rows < 1:
        raise ValueError(f"size {cols} x {rows}: a map needs at least one column and one row")
    return cols, rows


def _parse_legend(text: str, chars: dict[str, int], names: list[str]) -> None:
    for item in text.split(","):
        if not item.strip():
            continue
        ch, eq, name = item.partition("=")
        ch, name = ch.strip(), name.strip()
        if not eq or len(ch) != 1 or not name:
            raise ValueError(f"terrain legend item {item.strip()!r} should read 'C = name'")
        if ch in _BAD_TERRAIN_CHARS:
            raise ValueError(f"{ch!r} cannot be a terrain character")
        if "=" in name:
            raise ValueError(f"terrain name {name!r} cannot contain '='")
        check_name(name, "terrain name", section=True)
        if ch in chars:
            raise ValueError(f"terrain character {ch!r} is defined twice")
        if name in names:
            raise ValueError(f"terrain {name!r} is given two characters")
        chars[ch] = len(names)
        names.append(name)


def _grid_cells(text: str, frame: Frame, row: int) -> str:
    tokens = text.split()
    if len(tokens) == 2:
        frame.check_row_label(tokens[0], row)
        return tokens[1]
    if len(tokens) == 1:
        return tokens[0]
    raise ValueError(
        f"grid row {row} should be one run of terrain characters, optionally after a row label"
    )


def _elevation_cells(text: str, frame: Frame, row: int) -> list[int]:
    cols = frame.layout.cols
    tokens = text.split()
    if len(tokens) == cols + 1:
        frame.check_row_label(tokens[0], row)
        tokens = tokens[1:]
    elif len(tokens) != cols:
        if len(tokens) == 2:
            frame.check_row_label(tokens[0], row)
            tokens = tokens[1:]
        if len(tokens) != 1 or len(tokens[0]) != cols:
            raise ValueError(
                f"elevation row {row}: expected {cols} digits or {cols} numbers separated by "
                "spaces (optionally after a row label)"
            )
        tokens = list(tokens[0])
    out = []
    for t in tokens:
        if not _INT_RE.match(t):
            raise ValueError(f"elevation row {row}: {t!r} is not a whole number")
        v = int(t)
        if not _ELEVATION_MIN <= v <= _ELEVATION_MAX:
            raise ValueError(
                f"elevation row {row}: {t[:30]} is outside {_ELEVATION_MIN}..{_ELEVATION_MAX}"
            )
        out.append(v)
    return out


def read_map_text(text: str, source: str | None = None) -> Map:
    """Read a map from the text format; :class:`MapError` names the line of any problem.

    ``source`` (a file name) prefixes error messages and, without a ``name:`` section, gives
    the map's name.
    """
    if not isinstance(text, str):
        raise MapError(
            f"{source + ': ' if source else ''}map text must be a string, not {type(text).__name__}"
        )
    reader = _Reader(text, source)
    try:
        return reader.read()
    except MapError:
        raise
    except Exception as e:  # a bug here must still surface as a MapError
        raise MapError(f"{reader.prefix}cannot read map: {type(e).__name__}: {e}") from e


# --- writing ---------------------------------------------------------------------------------
def _terrain_chars(names: tuple[str, ...]) -> list[str]:
    used: list[str] = []
    pool = [chr(c) for c in range(33, 127) if chr(c) not in _BAD_TERRAIN_CHARS]
    for name in names:
        candidates = [_PREFERRED_CHARS.get(name, ""), name[:1], name[:1].upper(), name[:1].lower()]
        ch = next(
            (c for c in candidates + pool if len(c) == 1 and c in pool and c not in used), None
        )
        if ch is None:
            raise MapError(f"too many terrain types ({len(names)}) for the text format")
        used.append(ch)
    return used


def _wrap(items: list[str], per_line: int) -> list[str]:
    return [" ".join(items[i : i + per_line]) for i in range(0, len(items), per_line)]


def write_map_text(m: Map) -> str:
    """The text form of ``m`` (round-trips exactly through :func:`read_map_text`).

    Raises :class:`MapError` if a name cannot be written in this format.
    """
    try:
        return _write(m)
    except MapError:
        raise
    except ValueError as e:
        raise MapError(str(e)) from None


def _write(m: Map) -> str:
    frame = Frame.of(m)
    check_size(m.cols, m.rows, m.label_style)
    check_name(m.name, "map name")
    for t in m.terrain_names:
        check_name(t, "terrain name", section=True)
        if any(c in t for c in ",="):
            raise ValueError(f"terrain name {t!r} cannot contain ',' or '='")
    if len(set(m.terrain_names)) != len(m.terrain_names):
        raise ValueError("terrain names must be distinct")
    out = ["# hexplay map, text format (see hexplay.maps.textformat)", f"name: {m.name}"]
    if m.description:
        if "\r" in m.description:
            raise ValueError("a description with carriage returns cannot be written as text")
        out.append("description:")
        out.extend(f"| {line}" if line else "|" for line in m.description.split("\n"))
    out += [
        f"size: {m.cols} x {m.rows}",
        f"labels: {m.label_style}",
        f"layout: {layout_words(m.layout)}",
    ]
    chars = _terrain_chars(m.terrain_names)
    out.append("terrain: " + ", ".join(f"{c} = {n}" for c, n in zip(chars, m.terrain_names)))
    out.append("grid:")
    for r in range(m.rows):
        row = "".join(chars[int(i)] for i in m.terrain[:, r])
        out.append(f"{frame.row_label(r + 1)} {row}")
    if m.elevation is not None:
        out.append("elevation:")
        digits = m.cols >= 3 and m.elevation.min() >= 0 and m.elevation.max() <= 9
        for r in range(m.rows):
            vals = [str(int(v)) for v in m.elevation[:, r]]
            out.append(frame.row_label(r + 1) + " " + ("".join(vals) if digits else " ".join(vals)))
    for feat, sides in m.hexside_features.items():
        check_name(feat, "hexside feature", section=True)
        out.append(f"hexsides {feat}:")
        out += _wrap([frame.format_hexside(s) for s in sorted(sides)], 8)
    covered: set[Hexside] = set()
    for pname, hexes in m.places.items():
        check_name(pname, "place name", section=True)
        for h in hexes:
            if not frame.on_map(h):
                raise ValueError(f"place {pname!r}: hex {tuple(h)} is not on the map")
        if is_road_path(m, hexes):
            out.append(f"road {pname}:")
            covered.update(path_sides(hexes))
        else:
            out.append(f"place {pname}:")
            if len(hexes) > 2 and list(hexes) == frame.block(hexes[0], hexes[-1]):
                out.append(f"{frame.label(hexes[0])}..{frame.label(hexes[-1])}")
                continue
        out += _wrap([frame.label(h) for h in hexes], 10)
    rest = sorted(m.roads - covered)
    if rest:
        out.append("roads:")
        out += _wrap([frame.format_hexside(s) for s in rest], 8)
    if m.sight_model is not None:
        out += _write_sight(m.sight_model)
    return "\n".join(out) + "\n"
