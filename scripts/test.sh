#!/usr/bin/env bash
# Sets up and runs every hexplay test on a fresh machine (Python 3.10+, Node 20 + npm, root):
#   system browser -> .venv with .[all] and the test group -> JS bundle rebuild + check -> ruff -> pytest.
# Idempotent: steps whose inputs did not change are skipped on the next run.
# Extra arguments are passed to pytest, e.g. `bash scripts/test.sh -k los -x`.
set -euo pipefail

source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/common.sh"

section "System packages (chromium for browser tests)"
if [[ -x /usr/bin/chromium ]]; then
    echo "found $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
else
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update
    as_root apt-get install -y chromium chromium-driver
fi

section "Python virtualenv (.venv, .[all] --group test)"
ensure_venv all test
for example in examples/*/; do
    # each example package (the game from outside the tests check) is installed like a user's
    [[ -f "$example/pyproject.toml" ]] && ensure_example "${example%/}"
done
use_venv
python --version

section "Learning extra (torch==2.13.0, the CPU build, first; then .[learn])"
# a range admitting newer torch would pull a multi-GB CUDA build: pin the CPU one first
python -c 'import torch' 2>/dev/null || python -m pip install "torch==2.13.0"
python -c 'import sb3_contrib' 2>/dev/null || python -m pip install -e ".[learn]"

if [[ -f js/package.json ]]; then
    section "Front end (js/ -> hexplay/static/)"
    command -v npm >/dev/null || die "npm not found: install Node.js 20 and npm"
    (
        cd js
        if [[ -f package-lock.json ]]; then
            # npm ci wipes node_modules: only run it when the lockfile changed.
            want="$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1)"
            if [[ -f node_modules/.hexplay-stamp && "$(cat node_modules/.hexplay-stamp)" == "$want" ]]; then
                echo "node_modules up to date"
            else
                npm ci --no-audit --no-fund
                mkdir -p node_modules
                echo "$want" >node_modules/.hexplay-stamp
            fi
        else
            echo "no js/package-lock.json: running npm install (commit the lockfile it writes)"
            npm install --no-audit --no-fund
        fi
        npm run build
    )
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        untracked="$(git ls-files --others --exclude-standard -- hexplay/static)"
        if ! git diff --exit-code --stat -- hexplay/static || [[ -n "$untracked" ]]; then
            [[ -z "$untracked" ]] || printf 'untracked:\n%s\n' "$untracked"
            die "the rebuilt bundle in hexplay/static differs from the committed one:" \
                "run 'cd js && npm run build' and commit hexplay/static"
        fi
        echo "hexplay/static matches the committed bundle"
    else
        echo "not a git checkout: skipping the bundle comparison"
    fi
fi

section "Lint (ruff)"
lint_paths=()
for p in hexplay tests benchmarks examples; do [[ -e "$p" ]] && lint_paths+=("$p"); done
ruff --version
ruff check "${lint_paths[@]}"
ruff format --check "${lint_paths[@]}"

section "Type check (mypy: shared layers clean; game packages held by scripts/typecheck-baseline.json)"
python scripts/typecheck.py

section "Tests (pytest: unit, property, notebook, browser)"
if [[ "${CI:-}" == "true" ]]; then
    # In CI the browser tests must run: they fail instead of skipping without chromium.
    export HEXPLAY_REQUIRE_BROWSER="${HEXPLAY_REQUIRE_BROWSER:-1}"
fi
echo "CI=${CI:-} HEXPLAY_REQUIRE_BROWSER=${HEXPLAY_REQUIRE_BROWSER:-}"
rc=0
python -m pytest "$@" || rc=$?
if [[ $rc -eq 5 ]]; then
    die "pytest collected no tests"
elif [[ $rc -ne 0 ]]; then
    die "pytest failed (exit code $rc)"
fi

section "All checks passed"
