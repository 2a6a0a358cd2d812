"""A Jupyter pre-save hook that keeps hexplay's tracked notebooks free of outputs.

Running ``notebooks/*.ipynb`` in JupyterLab (a class playing the demo, a teacher trying the
convoy study) used to save every output, widget state and execution count into the tracked
files, so all of them came out modified. ``scripts/demo.sh`` starts JupyterLab with this hook
(``--ContentsManager.pre_save_hook=hexplay.jupyter_hooks.strip_outputs``): a notebook under
``notebooks/`` is written without outputs, execution counts or widget state, while the page
keeps showing them. Why a hook rather than a working copy of the notebooks: there is one copy,
so an edit to a notebook's code (a teacher's, a developer's) is saved and can be committed as
it is, clean; a copy would make the tracked notebooks and the ones in use drift apart.

Other folders (a student's own notebooks) are saved as Jupyter saves them.
"""

from __future__ import annotations

from typing import Any

#: Folders (relative to the server's root) whose notebooks are saved without outputs.
TRACKED_DIRS = ("notebooks",)
#: Notebook metadata keys that hold a session's state, not the notebook's content.
SESSION_METADATA = ("widgets",)


def tracked(path: str) -> bool:
    """Is ``path`` (as the contents manager names it: relative, "/"-separated) tracked?"""
    parts = [p for p in str(path).replace("\\", "/").split("/") if p]
    return len(parts) >= 2 and parts[0] in TRACKED_DIRS and parts[-1].endswith(".ipynb")


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
    """Pre-save hook (``ContentsManager.pre_save_hook``): strip a tracked notebook in place."""
    if model.get("type") != "notebook" or not tracked(path):
        return
    content = model.get("content")
    if isinstance(content, dict):
        clear_outputs(content)
