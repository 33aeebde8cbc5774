"""The Qt face of Sessiondesk: widgets, item models and dialogs.

The only package with user-visible strings (all through `tr()`) and the only
one that imports Qt. It reaches data through `desktop.services` and never
touches the store, the vault or the CLI adapter directly.
"""

from __future__ import annotations

from desktop.ui.pyside_workarounds import lighten_import_hook

lighten_import_hook()  # before the window's modules are imported, which it makes cheaper
