"""Sphinx configuration of the hexplay documentation site (built by ``bash scripts/docs.sh``).

Sphinx + MyST-NB: Markdown pages, API pages from the docstrings (autodoc + napoleon), the
notebooks executed at build time (small sizes, cached), and the rules tables generated from the
package's own data by the local extension ``_ext/hexplay_docs.py``.
"""

from __future__ import annotations

import builtins
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))  # the checkout's hexplay, as the tests import it

# The notebooks run small at build time, exactly as tests/test_notebooks.py runs them.
os.environ["HEXPLAY_SMALL"] = "1"

import hexplay  # noqa: E402

project = "hexplay"
author = "the hexplay authors"
copyright = "the hexplay authors"
release = version = hexplay.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "hexplay_docs",
]

exclude_patterns = [
    "_build",
    "_generated",  # fragments written by _ext/hexplay_docs.py, included by the pages
    "vendor",  # npm packages whose files _ext/hexplay_docs.py copies into _static/vendor
    "jupyter_execute",
    ".jupyter_cache",
    "**.ipynb_checkpoints",
    "evidence/generated",  # tables included by evidence.md, not pages of their own
]
html_theme = "furo"
html_title = f"hexplay {release}"
html_static_path = ["_static"]

# Markdown (MyST)
myst_enable_extensions = ["colon_fence", "deflist", "dollarmath"]
myst_heading_anchors = 3

# Notebooks: executed at build time with a cache (a notebook that did not change is not run
# again); an error in any cell fails the build.
nb_execution_mode = os.environ.get("HEXPLAY_DOCS_EXECUTE", "cache")
nb_execution_cache_path = str(HERE / "_build" / ".jupyter_cache")
nb_execution_timeout = 600
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_execution_in_temp = True
nb_merge_streams = True
# The saved widgets render offline: every script a widget page loads is the site's own (in
# this order: require.js, the board's front end once for the site, the loader's settings, the
# Jupyter widgets HTML manager), copied into _static/vendor by _ext/hexplay_docs.py; no CDN.
nb_ipywidgets_js = {
    "vendor/require.js": {},
    "vendor/hexplay-board.js": {},
    "hexplay-widgets.js": {},
    "vendor/html-manager/embed-amd.js": {},
}

# API pages from the docstrings (reStructuredText, Sphinx's roles: no napoleon needed)
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "show-inheritance": True,
    "ignore-module-all": True,
}

# Warnings are errors (scripts/docs.sh passes -W --keep-going), and every cross-reference to
# hexplay must resolve (nitpicky). Other libraries' objects are not in this site (intersphinx
# would need the network, which CI does not have): references to them are not checked.
nitpicky = True
nitpick_ignore_regex = [
    (
        r"py:.*",
        r"(builtins|fractions|collections|typing|types|enum|pathlib|numpy|np|pandas|pd|"
        r"pydantic|annotated_types|ipywidgets|traitlets|anywidget|bqplot|distributed|dask|"
        r"tornado|gymnasium|pettingzoo|sqlite3|asyncio|concurrent|threading|logging|json|"
        r"argparse|datetime|random|io|os|re|dataclasses|functools|itertools|subprocess|signal|"
        r"socket|http|urllib|hashlib|hmac|secrets|tomllib|tomli|math|statistics|copy|time|"
        r"contextlib|weakref|inspect|importlib|heapq|bisect|operator|textwrap|html|xml|W|G|"
        r"torch|nn|sb3_contrib|stable_baselines3|gym|Module|threadpoolctl)(\..*)?",
    ),
    # type aliases (Literal or Callable) that autodoc cannot document as classes
    (
        r"py:class",
        r"_PydanticGeneralMetadata|Annotated|NoneType|ellipsis|Path|Fraction|Density|Policy|"
        r"Axes|Dtype",  # (pandas' aliases, in a DataFrame subclass's signature)
    ),
    # pydantic's field constraints, shown in the field types (min_length=1, pattern='...')
    (r"py:class", r".*(=|\^|\$|A-Za-z).*"),
    # the pieces of a Literal type autodoc splits (``Literal['ok', 'wounded']``)
    (r"py:class", r".*'\}?"),
    # bases and type variables outside the API pages: abc, tornado's Application, TypeVars
    (r"py:.*", r"abc\..*|Application|hexplay\.engine\.plots\.T"),
    # Python's builtins (``type``, ``object``) as annotations name them
    (r"py:.*", "|".join(n for n in dir(builtins) if not n.startswith("_"))),
    # private names (not documented: the API pages hold the public members)
    (r"py:.*", r"(.*\.)?_\w+"),
]
# Links: scripts/docs.sh checks every internal link and anchor of the built site
# (docs/check_links.py). For `-b linkcheck` by hand, external addresses are skipped: CI has no
# network.
linkcheck_ignore = [r"https?://.*"]
