"""The Qt face of Sessiondesk: widgets, item models and dialogs.

The only package with user-visible strings (all through `tr()`) and the only
one that imports Qt. It reaches data through `desktop.services` and never
touches the store, the vault or the CLI adapter directly.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

import PySide6.QtCore  # noqa: F401  (it installs the import hook lightened below)

ModuleCheck = Callable[[ModuleType], bool]


def _names_pyside(module: ModuleType, hooks_own: ModuleCheck) -> bool:
    """Whether a module's source file names PySide6, asked of its raw bytes.

    PySide's import hook asks this of every module imported after Qt, to give
    each a default for its `__feature__` switches (which Sessiondesk never
    turns on), and answers it with `inspect.getsource`: locating, stat-ing,
    decoding and splitting every file into the line cache, about 0.2 ms a
    module and ~40 ms of the window's start. The same question of the file's
    bytes costs one read; what is not a `.py` file gets the hook's own answer.
    """
    path = getattr(module, "__file__", None)
    if isinstance(path, str) and path.endswith(".py"):
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            pass
    return hooks_own(module)


def _lighten_pyside_import_hook() -> None:
    feature = sys.modules.get("shibokensupport.feature")
    hooks_own: ModuleCheck | None = getattr(feature, "_mod_uses_pyside", None)
    if hooks_own is None or getattr(hooks_own, "lightened", False):
        return  # a PySide without that hook, or done already

    def names_pyside(module: ModuleType) -> bool:
        return _names_pyside(module, hooks_own)

    names_pyside.lightened = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = names_pyside  # type: ignore[union-attr]


_lighten_pyside_import_hook()
