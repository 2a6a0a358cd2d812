"""A dependency-free progress bar: an ipywidgets bar inside Jupyter, a text bar elsewhere."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython  # type: ignore[import-not-found]
    except ImportError:  # pragma: no cover
        return False
    ip = get_ipython()
    return ip is not None and "IPKernelApp" in getattr(ip, "config", {})


class Progress:
    """Counts finished units of ``total``: ``update(k)``, then ``close()``.

    ``mode``: ``"auto"`` (widget in a kernel, text otherwise), ``"text"``, ``"widget"``,
    ``"none"``, or a callable ``f(done, total)`` called on every update.
    """

    def __init__(
        self,
        total: int,
        label: str = "games",
        mode: str | Callable[[int, int], Any] = "auto",
        stream: TextIO | None = None,
    ) -> None:
        self.total = int(total)
        self.done = 0
        self.label = label
        self.stream = stream or sys.stderr
        self.t0 = time.perf_counter()
        self._last = 0.0
        self._callback = mode if callable(mode) else None
        if mode == "auto":
            mode = "widget" if _in_kernel() else "text"
        self.mode = "callback" if self._callback else mode
        self._bar = None
        if self.mode == "widget":
            try:
                import ipywidgets as w
                from IPython.display import display

                self._bar = w.IntProgress(value=0, min=0, max=max(self.total, 1))
                self._text = w.Label(f"0/{self.total} {label}")
                display(w.HBox([self._bar, self._text]))
            except ImportError:  # pragma: no cover
                self.mode = "text"

    def update(self, k: int = 1) -> None:
        self.done += int(k)
        if self._callback is not None:
            self._callback(self.done, self.total)
            return
        now = time.perf_counter()
        if self.done < self.total and now - self._last < 0.2:
            return
        self._last = now
        rate = self.done / max(now - self.t0, 1e-9)
        msg = f"{self.done}/{self.total} {self.label} ({rate:,.0f}/s)"
        if self.mode == "widget" and self._bar is not None:
            self._bar.value = self.done
            self._text.value = msg
        elif self.mode == "text":
            frac = self.done / self.total if self.total else 1.0
            bar = "#" * int(30 * frac)
            self.stream.write(f"\r[{bar:<30}] {msg}")
            self.stream.flush()

    def close(self) -> None:
        if self.mode == "text":
            self._last = 0.0
            self.stream.write("\n")
            self.stream.flush()
