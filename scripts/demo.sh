#!/usr/bin/env bash
# Sets up hexplay in .venv (with the demo extras) and opens JupyterLab on the demo notebook.
# Extra arguments go to JupyterLab, e.g. `bash scripts/demo.sh --no-browser --ip 0.0.0.0 --port 8888`.
set -euo pipefail

source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/common.sh"

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
