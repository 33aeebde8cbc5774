"""The one build step pyproject.toml cannot say: the wheel carries the window's icons and
its compiled translation catalogs as package data, in `desktop/assets/` (where
`desktop.asset_paths` looks), made from the sources at the top of the repository,
`resources/icons/` and `i18n/*.ts`. Everything else is in pyproject.toml.

The catalogs are compiled with the `lrelease` inside PySide6, which pyproject.toml's
build requirements put in the build environment; an sdist also carries them
compiled (`resources/i18n/*.qm`), used when no `lrelease` can be found. An editable
install gets no copy: a checkout reads `resources/` and compiles on first use.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

ROOT = Path(__file__).resolve().parent
ICONS = ROOT / "resources" / "icons"
COMPILED = ROOT / "resources" / "i18n"


def translations_tool() -> ModuleType:
    """tools/build_translations.py, the one compiler the checkout and the packages use."""
    spec = importlib.util.spec_from_file_location(
        "build_translations", ROOT / "tools" / "build_translations.py"
    )
    if spec is None or spec.loader is None:
        raise SystemExit("error: tools/build_translations.py is missing")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compile_catalogs(out_dir: Path) -> None:
    tool = translations_tool()
    try:
        tool.release(out_dir)
    except SystemExit as no_lrelease:  # qt_tool's "not found": an sdist has them compiled
        shipped = sorted(COMPILED.glob("sessiondesk_*.qm"))
        if len(shipped) < len(tool.LANGUAGES):
            raise SystemExit(f"{no_lrelease}; and no compiled catalogs in {COMPILED}") from None
        out_dir.mkdir(parents=True, exist_ok=True)
        for qm in shipped:
            shutil.copy2(qm, out_dir / qm.name)
        print(f"no lrelease: using the compiled catalogs in {COMPILED}", file=sys.stderr)


class BuildWithAssets(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib) / "desktop" / "assets"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(ICONS, target / "icons")
        compile_catalogs(target / "i18n")


class SdistWithCatalogs(sdist):
    def run(self) -> None:
        # compiled first, so MANIFEST.in's graft of resources/ takes them along
        compile_catalogs(COMPILED)
        super().run()


setup(cmdclass={"build_py": BuildWithAssets, "sdist": SdistWithCatalogs})
