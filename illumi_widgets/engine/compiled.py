"""Which modules of this installation are compiled (the optional Cython build of ``js/hatch_build.py``).

The sources are the same either way: a wheel built with ``ILLUMI_WIDGETS_COMPILE=1`` carries, next to each
hot module's ``.py``, an extension module compiled from it, which Python imports in its place.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path


def compiled_modules() -> list[str]:
    """Dotted names of the package's modules installed as compiled extensions (``[]``: pure Python)."""
    root = Path(__file__).resolve().parent.parent
    out = []
    for path in root.rglob("*"):
        for suffix in EXTENSION_SUFFIXES:
            if path.name.endswith(suffix):
                rel = path.relative_to(root.parent).as_posix()[: -len(suffix)]
                out.append(rel.replace("/", "."))
                break
    return sorted(out)
