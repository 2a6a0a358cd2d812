#!/usr/bin/env bash
# Builds the documentation site on a fresh clone (Python 3.10+): .venv with .[all] --group docs ->
# the test that the generated rules tables match the engine's tables -> sphinx-build with
# warnings as errors (every cross-reference to hexplay must resolve) -> a check of every internal
# link and anchor of the built pages (docs/check_links.py; external links are not followed) -> a
# notebook page opened in Chromium with outside requests refused draws its board
# (docs/check_offline.py: the widget manager and packages are served from the site itself).
# The site is written to docs/_build/html. Extra arguments are passed to sphinx-build.
set -euo pipefail

source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/common.sh"

section "Python virtualenv (.venv, .[all] --group docs)"
ensure_venv all docs
use_venv
export HEXPLAY_SMALL=1
python --version

section "The rules tables against the engine (pytest)"
rc=0
python -m pytest -q -p no:cacheprovider tests/test_docs_tables.py || rc=$?
[[ $rc -eq 0 ]] || die "the generated rules tables differ from the engine's (exit code $rc)"

section "The widget manager the site serves itself (docs/vendor: npm ci)"
command -v npm >/dev/null || die "npm not found: install Node.js 20 and npm"
(
    cd docs/vendor
    want="$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1)"
    if [[ -f node_modules/.hexplay-stamp && "$(cat node_modules/.hexplay-stamp)" == "$want" ]]; then
        echo "docs/vendor/node_modules up to date"
    else
        npm ci --no-audit --no-fund --ignore-scripts
        echo "$want" >node_modules/.hexplay-stamp
    fi
)

section "Sphinx: HTML, warnings as errors (docs/_build/html)"
t0=$SECONDS
sphinx-build -W --keep-going -b html -d docs/_build/doctrees "$@" docs docs/_build/html ||
    die "sphinx-build failed (see the warnings above)"
echo "built the site in $((SECONDS - t0)) s: docs/_build/html/index.html"

section "Links (every internal link and anchor of the built site)"
python docs/check_links.py docs/_build/html || die "broken internal links (listed above)"

section "Offline widgets (a notebook page in Chromium, outside requests refused)"
python docs/check_offline.py docs/_build/html ||
    die "the site's widgets need an outside address or do not render (see above)"

section "Documentation built"
