"""A Jupyter pre-save hook that keeps hexplay's tracked notebooks free of outputs.

Running ``notebooks/*.ipynb`` in JupyterLab (a class playing the demo, a teacher trying the
convoy study) used to save every output, widget state and execution count into the tracked
files, so all of them came out modified. ``scripts/demo.sh`` starts JupyterLab with this hook
(``--ContentsManager.pre_save_hook=hexplay.jupyter_hooks.strip_outputs``): a notebook inside a
hexplay checkout's ``notebooks/`` folder is written without outputs, execution counts or widget
state, while the page keeps showing them. Why a hook rather than a working copy of the
notebooks: there is one copy, so an edit to a notebook's code (a teacher's, a developer's) is
saved and can be committed as it is, clean; a copy would make the tracked notebooks and the ones
in use drift apart.

The hook decides by the file's real location (the contents manager's ``root_dir`` joined with
the path it saves, links resolved), whatever Jupyter's root is: ``scripts/demo.sh`` opens
``notebooks/demo.ipynb``, so Jupyter's root is ``notebooks/`` itself and the paths it saves are
``demo.ipynb``. Other folders (a student's own notebooks) are saved as Jupyter saves them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

#: Folders of a hexplay checkout whose notebooks are saved without outputs.
TRACKED_DIRS = ("notebooks",)
#: A file that marks a folder as a hexplay checkout (the repository these notebooks ship in).
CHECKOUT_MARK = Path("hexplay") / "jupyter_hooks.py"
#: The checkout this module runs from (an editable install), the root when none is given.
HOME = Path(__file__).resolve().parents[1]
#: Notebook metadata keys that hold a session's state, not the notebook's content.
SESSION_METADATA = ("widgets",)


def real_path(path: str, root_dir: str | os.PathLike | None = None) -> Path:
    """Where ``path`` (as the contents manager names it: relative to its root, "/"-separated)
    is on disk: under ``root_dir`` (default: this checkout), links resolved."""
    parts = [p for p in str(path).replace("\\", "/").split("/") if p]
    root = Path(root_dir) if root_dir is not None else HOME
    return root.expanduser().resolve().joinpath(*parts).resolve()


def tracked(path: str, root_dir: str | os.PathLike | None = None) -> bool:
    """Is the notebook ``path`` (under Jupyter's ``root_dir``) inside a hexplay checkout's
    ``notebooks/`` folder (at any depth)?"""
    real = real_path(path, root_dir)
    if real.suffix != ".ipynb":
        return False
    for folder in real.parents:
        if folder.name in TRACKED_DIRS and (folder.parent / CHECKOUT_MARK).is_file():
            return True
    return False


def clear_outputs(nb: dict[str, Any]) -> dict[str, Any]:
    """``nb`` (a notebook as JSON) with no outputs, execution counts or widget state."""
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        md = cell.get("metadata")
        if isinstance(md, dict):
            md.pop("execution", None)
    meta = nb.get("metadata")
    if isinstance(meta, dict):
        for k in SESSION_METADATA:
            meta.pop(k, None)
    return nb


def strip_outputs(model: dict[str, Any], path: str, contents_manager: Any = None, **_: Any):
    """Pre-save hook (``ContentsManager.pre_save_hook``): strip a tracked notebook in place
    (tracked by its real location: ``contents_manager.root_dir`` + ``path``)."""
    if model.get("type") != "notebook":
        return
    root = getattr(contents_manager, "root_dir", None)
    if not tracked(path, root):
        return
    content = model.get("content")
    if isinstance(content, dict):
        clear_outputs(content)
