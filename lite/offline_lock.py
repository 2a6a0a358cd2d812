"""Make the site's Pyodide start its kernel with no outside request, and fetch the rest online.

Pyodide's npm package is its core only; its ``pyodide-lock.json`` names every package of
Pyodide's distribution by a file beside it. This rewrites the site's copy of the lock:

* the packages the kernel loads when it starts (:data:`STARTUP`: micropip, IPython and theirs)
  are pure-Python wheels, downloaded here from the package index at the lock's versions and
  served by the site (the lock's ``sha256`` set to the files served);
* every other package (numpy, pandas, pydantic's core...) is named by its address in Pyodide's
  distribution on jsDelivr (:data:`DISTRIBUTION`): a browser with internet fetches it there
  the first time; a school without internet points DISTRIBUTION at its own copy.

    python lite/offline_lock.py lite/static/pyodide
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

PYODIDE_VERSION = "314.0.6"
DISTRIBUTION = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
STARTUP = (
    "micropip",
    "packaging",
    "ipython",
    "asttokens",
    "decorator",
    "executing",
    "matplotlib-inline",
    "prompt-toolkit",
    "pure-eval",
    "pygments",
    "six",
    "stack-data",
    "traitlets",
    "wcwidth",
    "jedi",
    "parso",
    "typing-extensions",
)
"""Lock entries the kernel needs to start (pyodide-kernel's initPackageManager/initKernel)."""


def main(argv: list[str]) -> int:
    pyodide = Path(argv[0] if argv else "lite/static/pyodide")
    lock_path = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    packages = lock["packages"]
    want = {name: packages[name]["version"] for name in STARTUP}
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
         "--only-binary=:all:", "--platform", "any", "--implementation", "py",
         "--python-version", "3.14", "-d", str(pyodide),
         *(f"{n}=={v}" for n, v in want.items())],
        check=True,
    )  # fmt: skip
    wheels = {p.name: p for p in pyodide.glob("*.whl")}
    for name, entry in packages.items():
        if name in want:
            norm = name.replace("-", "_").lower()
            found = [
                w
                for w in wheels
                if w.lower().startswith(f"{norm}-{want[name]}-")
                or w.lower().replace("-", "_").startswith(f"{norm}_{want[name]}")
            ]
            if len(found) != 1:
                print(f"{name}=={want[name]}: no single wheel among {sorted(wheels)}")
                return 1
            entry["file_name"] = found[0]
            entry["sha256"] = hashlib.sha256(wheels[found[0]].read_bytes()).hexdigest()
        elif "://" not in entry["file_name"]:
            entry["file_name"] = DISTRIBUTION + entry["file_name"]
    lock_path.write_text(json.dumps(lock))
    print(
        f"{len(want)} packages served by the site, {len(packages) - len(want)} from {DISTRIBUTION}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
