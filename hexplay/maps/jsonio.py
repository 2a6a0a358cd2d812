"""Strict JSON reading for every loader (maps, scenarios, saves, messages of every game).

``json.loads`` alone is too lenient for input from users and files: a duplicate key silently
keeps its last value, ``NaN``/``Infinity`` (not JSON) are accepted, deep nesting ends in a bare
``RecursionError``, and "text or a path?" guesses end in ``OSError: File name too long``.  Here:

* :func:`loads` parses text with duplicate keys refused, ``NaN``/``Infinity`` refused, nesting
  limited to :data:`MAX_DEPTH` (checked before parsing) and size limited to :data:`MAX_CHARS`.
* :func:`load_path` reads a file (size checked before reading, UTF-8) and parses it.
* :func:`read` takes either: a path, or JSON text (see :func:`read` for the rule).

Every failure is a :class:`JSONInputError` (a ``ValueError``) whose message says where (file,
line, column) and what; loaders wrap it into their own error (``MapError``, ``ScenarioError``,
``SaveError``).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["MAX_CHARS", "MAX_DEPTH", "JSONInputError", "load_path", "loads", "read"]

#: Deepest nesting of arrays/objects accepted.  Hexplay's own files nest at most ~8 deep
#: (a save's commands' arguments); 64 leaves room and stays far below Python's recursion limit.
MAX_DEPTH = 64
#: Largest text accepted (characters; a file's size is checked in bytes before reading).
#: A long game's save is ~1 MB; 32 MB bounds memory without refusing any real file.
MAX_CHARS = 32 * 1024 * 1024
#: Longest string :func:`read` will consider as a file name (longer strings are JSON text).
MAX_PATH_CHARS = 4096

#: A JSON string literal (no nested quantifier: linear time on any input).
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


class JSONInputError(ValueError):
    """JSON input that cannot be used; the message names the source and the position."""


def _fail(source: str | None, msg: str) -> JSONInputError:
    return JSONInputError(f"{source}: {msg}" if source else msg)


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in ``text`` outside string literals.

    Equal to counting brackets while skipping strings character by character; done with one
    regex pass and a numpy cumulative sum so that a 32 MB input costs milliseconds.
    """
    bare = _STRING.sub('""', text)
    codes = np.frombuffer(bare.encode("utf-8", "replace"), dtype=np.uint8)
    step = np.isin(codes, (0x5B, 0x7B)).astype(np.int64) - np.isin(codes, (0x5D, 0x7D))
    return int(np.cumsum(step).max()) if step.size else 0


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _Duplicate(k)
        out[k] = v
    return out


class _Duplicate(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON (numbers must be finite)")


def loads(
    text: str | bytes | bytearray,
    *,
    source: str | None = None,
    max_depth: int = MAX_DEPTH,
    max_chars: int = MAX_CHARS,
    allow_nan: bool = False,
) -> Any:
    """Parse JSON text strictly (see the module docstring); :class:`JSONInputError` if not."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise _fail(source, f"not UTF-8 text ({e.reason} at byte {e.start})") from None
    if not isinstance(text, str):
        raise _fail(source, f"expected JSON text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise _fail(source, f"JSON text of {len(text)} characters (at most {max_chars})")
    depth = nesting_depth(text)
    if depth > max_depth:
        raise _fail(source, f"JSON nested {depth} deep (at most {max_depth})")
    kw: dict[str, Any] = {"object_pairs_hook": _pairs}
    if not allow_nan:
        kw["parse_constant"] = _no_constant
    try:
        return json.loads(text, **kw)
    except _Duplicate as e:
        raise _fail(source, f"duplicate key {e.key!r} in a JSON object"[:300]) from None
    except json.JSONDecodeError as e:
        raise _fail(source, f"invalid JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
    except (ValueError, RecursionError) as e:  # NaN/Infinity; deep nesting the check missed
        raise _fail(source, f"invalid JSON: {e}"[:300]) from None


def load_path(path: str | os.PathLike, **kw: Any) -> Any:
    """Read and parse a JSON file strictly; the error says if the file does not exist."""
    p = Path(path)
    max_chars = kw.get("max_chars", MAX_CHARS)
    try:
        size = p.stat().st_size
        if not p.is_file():
            raise _fail(str(p), "is not a file")
        if size > 4 * max_chars:  # UTF-8: at most 4 bytes per character
            raise _fail(str(p), f"file of {size} bytes is too large")
        data = p.read_bytes()
    except FileNotFoundError:
        raise _fail(str(p), "file does not exist") from None
    except OSError as e:
        raise _fail(str(p), f"cannot read file: {e.strerror or e}") from None
    return loads(data, source=str(p), **kw)


def _looks_like_path(s: str) -> bool:
    if len(s) > MAX_PATH_CHARS or "\n" in s or "\0" in s:
        return False
    if "/" in s or "\\" in s or s.lower().endswith(".json"):
        return True
    try:
        return Path(s).exists()
    except (OSError, ValueError):
        return False


def read(text_or_path: str | bytes | os.PathLike, **kw: Any) -> Any:
    """JSON from a path or from text.

    A path object is a file.  A string whose first non-blank character is ``{`` or ``[`` is
    JSON text; otherwise a string that names an existing file, contains ``/`` or ``\\`` or ends
    in ``.json`` (and is short, one line) is a path; anything else is JSON text (whose error
    then also says that no such file exists).  Never an ``OSError``.
    """
    if isinstance(text_or_path, os.PathLike):
        return load_path(text_or_path, **kw)
    if isinstance(text_or_path, (bytes, bytearray)):
        return loads(text_or_path, **kw)
    if not isinstance(text_or_path, str):
        raise _fail(kw.get("source"), f"expected JSON text or a path, not {text_or_path!r}"[:200])
    s = text_or_path
    if s.lstrip()[:1] in ("{", "["):
        return loads(s, **kw)
    if _looks_like_path(s):
        return load_path(s, **{k: v for k, v in kw.items() if k != "source"})
    try:
        return loads(s, **kw)
    except JSONInputError as e:
        if len(s) <= MAX_PATH_CHARS and "\n" not in s:
            raise JSONInputError(f"{e} (and no file named {s[:80]!r} exists)") from None
        raise
