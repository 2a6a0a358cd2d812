#!/usr/bin/env bash
# Builds the serverless classroom page (lite/_build/site, see lite/README.md) on a fresh clone
# (Python 3.10+, Node 20 + npm): .venv with .[all] --group lite -> Pyodide's core from npm ->
# hexplay's wheel and the pure-Python wheels it needs -> the notebooks with an install cell ->
# `jupyter lite build` -> a check of what the site holds (lite/check_site.py) -> the site in
# Chromium with outside requests refused: the kernel starts, hexplay's wheel installs
# (lite/check_browser.py; skipped without chromium unless CI=true).
set -euo pipefail

source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/common.sh"

section "Python virtualenv (.venv, .[all] --group lite)"
ensure_venv all lite
use_venv

section "Pyodide's core (lite/package.json: npm ci)"
command -v npm >/dev/null || die "npm not found: install Node.js 20 and npm"
(
    cd lite
    want="$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1)"
    if [[ -f node_modules/.hexplay-stamp && "$(cat node_modules/.hexplay-stamp)" == "$want" ]]; then
        echo "lite/node_modules up to date"
    else
        npm ci --no-audit --no-fund --ignore-scripts
        echo "$want" >node_modules/.hexplay-stamp
    fi
    rm -rf static/pyodide
    mkdir -p static/pyodide
    for f in pyodide.mjs pyodide.js pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip \
        pyodide-lock.json package.json; do
        cp "node_modules/pyodide/$f" static/pyodide/
    done
)
# the kernel's start-up packages served by the site, the rest named by their online address
python lite/offline_lock.py lite/static/pyodide

section "Wheels: hexplay and the pure-Python packages it needs (lite/_build/wheels)"
rm -rf lite/_build lite/.jupyterlite.doit.db
mkdir -p lite/_build/wheels lite/_build/contents
python -m pip wheel --no-deps --quiet -w lite/_build/wheels .
# pure-Python dependencies that Pyodide's distribution lacks, at the versions of .venv
# (numpy, pandas, pydantic and its core, traitlets, typing_extensions: Pyodide's own)
pure=()
for dist in ipywidgets jupyterlab_widgets comm anywidget psygnal bqplot bqscales traittypes; do
    pure+=("$dist==$(python -c "import importlib.metadata as m, sys; print(m.version(sys.argv[1]))" "$dist")")
done
python -m pip download --quiet --no-deps --only-binary=:all: --platform any \
    --implementation py --python-version 3.14 -d lite/_build/wheels "${pure[@]}"
ls lite/_build/wheels

section "Notebooks (lite/_build/contents: each with an install cell first)"
python - <<'PY'
from pathlib import Path

import nbformat

NOTEBOOKS = (
    "demo",
    "tutorial_playing_a_turn",
    "tutorial_inspecting",
    "tutorial_live_inspection",
    "aggressor",
    "naval",
)
for name in NOTEBOOKS:
    nb = nbformat.read(Path("notebooks") / f"{name}.ipynb", as_version=4)
    cell = nbformat.v4.new_code_cell("%pip install -q hexplay  # the site's own wheel (piplite)")
    cell.metadata["tags"] = ["hexplay-lite-install"]
    nb.cells.insert(0, cell)
    nbformat.write(nb, Path("lite/_build/contents") / f"{name}.ipynb")
    print(f"lite/_build/contents/{name}.ipynb")
PY

section "JupyterLite build (lite/_build/site)"
t0=$SECONDS
(cd lite && jupyter lite build --config jupyter_lite_config.json)
echo "built the site in $((SECONDS - t0)) s"

section "What the site holds (lite/check_site.py)"
python lite/check_site.py lite/_build/site || die "the classroom site is incomplete (see above)"

section "The site in Chromium, outside requests refused (lite/check_browser.py)"
if [[ -x /usr/bin/chromium || "${CI:-}" == "true" ]]; then
    python lite/check_browser.py lite/_build/site ||
        die "the classroom site's kernel did not start or install hexplay offline (see above)"
else
    echo "no /usr/bin/chromium: skipped (bash scripts/test.sh installs it)"
fi

section "Classroom site built: lite/_build/site (serve it: python -m http.server -d lite/_build/site)"
