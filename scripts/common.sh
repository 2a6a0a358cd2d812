# Shared by scripts/test.sh, docs.sh and demo.sh (sourced, not run): the repository root, the
# .venv path, messages, and the virtualenv set-up they all use.
# shellcheck shell=bash

cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.."
ROOT="$PWD"
VENV="$ROOT/.venv"
PYTHON="${PYTHON:-python3}"
export PIP_DISABLE_PIP_VERSION_CHECK=1

section() { printf '\n==== %s ====\n' "$*"; }
die() {
    printf 'ERROR: %s\n' "$*" >&2
    exit 1
}
as_root() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

# Create or reuse .venv and install the package with the given extras and, if named, a
# dependency group (PEP 735; pip >= 25.1 reads them, so pip is upgraded first when older);
# skipped when pyproject.toml is unchanged since the last successful install of that set.
#   ensure_venv all test    -> pip install -e ".[all]" --group test
ensure_venv() {
    local extra="$1" group="${2:-}" stamp want tag
    if [[ ! -x "$VENV/bin/python" ]] || ! "$VENV/bin/python" -c '' 2>/dev/null; then
        echo "creating virtualenv at $VENV"
        "$PYTHON" -m venv --clear "$VENV"
    fi
    tag="$extra${group:+-$group}"
    stamp="$VENV/.hexplay-installed-$tag"
    want="$(cat pyproject.toml "$VENV/pyvenv.cfg" | sha256sum | cut -d' ' -f1)"
    if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]] &&
        "$VENV/bin/python" -c 'import importlib.metadata as m; m.version("hexplay")' 2>/dev/null; then
        echo "virtualenv up to date (.[$extra]${group:+ --group $group})"
        return
    fi
    local t0=$SECONDS
    if [[ -n "$group" ]] && ! "$VENV/bin/python" - <<'PY'
import sys
from importlib.metadata import version
sys.exit(0 if tuple(int(x) for x in version("pip").split(".")[:2]) >= (25, 1) else 1)
PY
    then
        "$VENV/bin/python" -m pip install --upgrade "pip>=25.1"
    fi
    "$VENV/bin/python" -m pip install -e ".[$extra]" ${group:+--group "$group"}
    echo "$want" >"$stamp"
    echo "installed .[$extra]${group:+ --group $group} in $((SECONDS - t0)) s"
}

# Put .venv first on PATH for the rest of the script.
use_venv() {
    export VIRTUAL_ENV="$VENV"
    export PATH="$VENV/bin:$PATH"
}

# Install a package of examples/ (its own pyproject.toml, e.g. the example game, registered by an
# entry point) into .venv, editable; skipped when its pyproject.toml and this checkout are those of
# the last successful install and the package is still installed. Call after ensure_venv.
ensure_example() {
    local dir="$1" name stamp want
    [[ -f "$dir/pyproject.toml" ]] || die "no $dir/pyproject.toml"
    name="$(basename "$dir")"
    stamp="$VENV/.hexplay-installed-example-$name"
    # the checkout's path too: an editable install points at one checkout
    want="$({ cat "$dir/pyproject.toml" "$VENV/pyvenv.cfg"; readlink -f "$dir"; } | sha256sum |
        cut -d' ' -f1)"
    if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]] &&
        "$VENV/bin/python" -c "import importlib.metadata as m, sys; m.version(sys.argv[1])" \
            "$name" 2>/dev/null; then
        echo "example $name up to date"
        return
    fi
    "$VENV/bin/python" -m pip install --no-deps -e "$dir"
    echo "$want" >"$stamp"
    echo "installed example $name"
}
