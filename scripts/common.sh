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

# Create or reuse .venv and install the package with the given extra; skipped when
# pyproject.toml is unchanged since the last successful install of that extra.
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
    local t0=$SECONDS
    "$VENV/bin/python" -m pip install -e ".[$extra]"
    echo "$want" >"$stamp"
    echo "installed .[$extra] in $((SECONDS - t0)) s"
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
