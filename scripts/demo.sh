#!/usr/bin/env bash
# Sets up hexplay in .venv (with the demo extras) and opens JupyterLab on the demo notebook.
# Extra arguments go to JupyterLab, e.g. `bash scripts/demo.sh --no-browser --ip 0.0.0.0 --port 8888`.
set -euo pipefail

cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.."
ROOT="$PWD"
VENV="$ROOT/.venv"
PYTHON="${PYTHON:-python3}"
export PIP_DISABLE_PIP_VERSION_CHECK=1

section() { printf '\n==== %s ====\n' "$*"; }

# Same logic as scripts/test.sh: create or reuse .venv, reinstall only when pyproject.toml changed.
ensure_venv() {
    local extra="$1" stamp want
    if [[ ! -x "$VENV/bin/python" ]] || ! "$VENV/bin/python" -c '' 2>/dev/null; then
        echo "creating virtualenv at $VENV"
        "$PYTHON" -m venv --clear "$VENV"
    fi
    stamp="$VENV/.hexplay-installed-$extra"
    want="$(cat pyproject.toml "$VENV/pyvenv.cfg" | sha256sum | cut -d' ' -f1)"
    if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]] &&
        "$VENV/bin/python" -c 'import importlib.metadata as m; m.version("hexplay")' 2>/dev/null; then
        echo "virtualenv up to date (.[$extra])"
        return
    fi
    "$VENV/bin/python" -m pip install -e ".[$extra]"
    echo "$want" >"$stamp"
}

section "Python virtualenv (.venv, .[demo])"
ensure_venv demo

notebook="notebooks/demo.ipynb"
[[ -f "$notebook" ]] || {
    echo "ERROR: $notebook not found" >&2
    exit 1
}

args=()
[[ $EUID -eq 0 ]] && args+=(--allow-root)
# the tracked notebooks are saved without outputs (hexplay/jupyter_hooks.py says why)
args+=(--ContentsManager.pre_save_hook=hexplay.jupyter_hooks.strip_outputs)

section "JupyterLab: $notebook"
exec "$VENV/bin/jupyter" lab "$notebook" "${args[@]}" "$@"
