"""Where the icons and the translation catalogs are: one answer for the window, the
self-test and every package, so `--self-test` proves what the window will load.

Installed — from a wheel, or in the PyInstaller folder — they are package data in
`desktop/assets/`: `icons/` (the SVG and its PNGs) and `i18n/` (the compiled `.qm`
catalogs). `setup.py`'s build step and `packaging/sessiondesk.spec` put them there
from the sources, which stay at the top of the repository: `resources/icons/` and
`i18n/*.ts`. An installed copy never compiles a catalog: what it ships is what it
speaks.

A source checkout (and an editable install of one) has no `desktop/assets/`: the
icons are read from `resources/icons/`, the catalogs from `resources/i18n/`
(`tools/build_translations.py`), and a catalog missing there is compiled from
`i18n/` into the home's cache on first use (`desktop.ui.shell.translations`).

No Qt here: the command line and the build read these paths too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

PACKAGE_DATA = Path(__file__).resolve().parent / "assets"
"""Where a wheel and the one-folder build carry the icons and the catalogs."""
CHECKOUT = Path(__file__).resolve().parent.parent
SOURCE_ICONS = CHECKOUT / "resources" / "icons"
SOURCE_CATALOGS = CHECKOUT / "resources" / "i18n"
SOURCE_TS = CHECKOUT / "i18n"


@dataclass(frozen=True)
class Assets:
    icon_dir: Path
    catalog_dir: Path
    ts_dir: Path | None
    """The `.ts` sources to compile a missing catalog from: a checkout's only."""


def locate() -> Assets:
    """The package data when this copy carries it, else the checkout's sources."""
    if PACKAGE_DATA.is_dir():
        return Assets(PACKAGE_DATA / "icons", PACKAGE_DATA / "i18n", None)
    return Assets(SOURCE_ICONS, SOURCE_CATALOGS, SOURCE_TS if SOURCE_TS.is_dir() else None)
