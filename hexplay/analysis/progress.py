"""Progress bars for batches and sweeps: ``tqdm.auto`` (a widget in Jupyter, text elsewhere).

:func:`progress_bar` maps the sweep's ``progress`` argument onto tqdm: ``"auto"`` (tqdm.auto),
``"text"`` (the text bar on stderr), ``"widget"`` (the notebook widget), ``"none"``, or a
callable ``f(done, total)`` called on every update instead of a bar.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO


class _Callback:
    """A bar that reports ``(done, total)`` to a function."""

    def __init__(self, total: int, fn: Callable[[int, int], Any]) -> None:
        self.total, self.n, self.fn = int(total), 0, fn

    def update(self, k: int = 1) -> None:
        self.n += int(k)
        self.fn(self.n, self.total)

    def close(self) -> None:
        pass


def progress_bar(
    total: int,
    mode: str | Callable[[int, int], Any] = "auto",
    unit: str = "games",
    file: TextIO | None = None,
):
    """A bar with ``update(k)`` and ``close()`` for ``total`` units (see the module docstring);
    a text bar writes to ``file`` (default stderr)."""
    if callable(mode):
        return _Callback(total, mode)
    if mode == "none":  # no bar: tqdm is not even imported
        return _Callback(total, lambda _done, _total: None)
    if mode == "widget":
        from tqdm.notebook import tqdm
    elif mode == "text":
        from tqdm.std import tqdm
    elif mode == "auto":
        from tqdm.auto import tqdm
    else:
        raise ValueError(f"progress must be auto, text, widget, none or a callable; not {mode!r}")
    return tqdm(total=int(total), unit=unit, smoothing=0.1, file=file)
