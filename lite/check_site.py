"""Check what a built classroom site (scripts/lite.sh) holds: Pyodide's core served by the site
itself and named by the kernel's settings, hexplay's wheel and its bundled pure-Python
dependencies in the site's piplite index, and each notebook with its install cell first.

    python lite/check_site.py lite/_build/site       # exit code 1 and a list when incomplete
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
WHEELS = ("hexplay", "ipywidgets", "anywidget", "bqplot")
NOTEBOOKS = (
    "demo.ipynb",
    "tutorial_playing_a_turn.ipynb",
    "tutorial_inspecting.ipynb",
    "tutorial_live_inspection.ipynb",
    "aggressor.ipynb",
    "naval.ipynb",
)


def problems(site: Path) -> list[str]:
    out = []
    if not (site / "index.html").is_file() or not (site / "lab" / "index.html").is_file():
        out.append("no JupyterLite pages (index.html, lab/index.html)")
    out += [f"static/pyodide/{f} missing" for f in PYODIDE_FILES
            if not (site / "static" / "pyodide" / f).is_file()]  # fmt: skip
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config.get("litePluginSettings", {}).get(KERNEL, {})
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        out.append(f"the kernel's pyodideUrl is {kernel.get('pyodideUrl')!r}, not the site's own")
    urls = kernel.get("pipliteUrls") or []
    index = site / "pypi" / "all.json"
    if not index.is_file() or not any(u.split("?")[0] == "./pypi/all.json" for u in urls):
        out.append("no piplite index of the site's wheels (pypi/all.json in pipliteUrls)")
    else:
        listed = json.loads(index.read_text())
        out += [f"{w} is not in the site's piplite index" for w in WHEELS if w not in listed]
    for name in NOTEBOOKS:
        path = site / "files" / name
        if not path.is_file():
            out.append(f"files/{name} missing")
            continue
        first = json.loads(path.read_text())["cells"][0]
        if "%pip install" not in "".join(first["source"]):
            out.append(f"files/{name} does not install hexplay first")
    return out


def main(argv: list[str]) -> int:
    site = Path(argv[0] if argv else "lite/_build/site")
    found = problems(site)
    for p in found:
        print(p)
    if not found:
        print(f"ok: {site} holds Pyodide's core, hexplay's wheel and {len(NOTEBOOKS)} notebooks")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
