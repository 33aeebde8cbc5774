"""Which language the window speaks, switched while it runs.

Catalogs are Qt `.qm` files named `sessiondesk_<code>.qm`, looked up in the
folders handed to `Translations`, in order. The app hands it
`resources/i18n/` (built by `tools/build_translations.py`) and then
`<home>/cache/i18n/`.

When no folder holds the catalog but its `.ts` source is at hand (a source
checkout that never ran the tool), the catalog is compiled into the cache
folder with the `lrelease` that ships inside PySide6, and compiled again
when the source is newer than the cached copy. When even that fails, a
warning is logged and the window stays in English: a missing translation
never keeps the app from starting.

The language `system` (the default of the `language` setting) is the
desktop's: the first of `QLocale.system().uiLanguages()` that is Spanish or
Chinese picks `es` or `zh_CN`, and anything else is English.

English has a catalog too, holding only the plural forms ("1 session",
"2 sessions"); without it the window still speaks English, with "%n" forms.

Qt's own catalog (`qtbase_<code>.qm`) is installed next to ours so that
standard buttons (OK, Cancel) and Qt's own dialogs speak the same language.

Installing or removing a translator makes Qt send every widget a
LanguageChange event; the widgets with text answer it by calling their
`retranslate_ui()`, so no restart is needed.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

import PySide6
from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator, Signal

from desktop.domain.settings import LANGUAGES, SYSTEM

log = logging.getLogger(__name__)

SOURCE_LANGUAGE = "en"
CATALOG_PREFIX = "sessiondesk_"


def catalog_name(code: str) -> str:
    return f"{CATALOG_PREFIX}{code}.qm"


def system_locale() -> QLocale:
    """The desktop's locale (a function of its own, so tests can stand in another)."""
    return QLocale.system()


def language_of(locale: QLocale) -> str:
    """The catalog for a locale: `es`, `zh_CN`, or `en` for any language we lack."""
    for tag in [*locale.uiLanguages(), locale.name()]:
        spoken = QLocale(tag.replace("-", "_")).language()
        if spoken == QLocale.Language.Spanish:
            return "es"
        if spoken == QLocale.Language.Chinese:
            return "zh_CN"  # the one Chinese catalog, in simplified characters
        if spoken == QLocale.Language.English:
            return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def resolve(code: str) -> str:
    """A language setting as a catalog code: `system` becomes the desktop's language."""
    return language_of(system_locale()) if code == SYSTEM else code


def find_lrelease() -> list[str] | None:
    """The command that compiles `.ts` into `.qm`, or None when there is none."""
    binary = Path(PySide6.__file__).resolve().parent / (
        "lrelease.exe" if os.name == "nt" else "lrelease"
    )
    if binary.is_file():
        return [str(binary)]
    found = shutil.which("pyside6-lrelease") or shutil.which("lrelease")
    return [found] if found else None


def compile_catalog(ts: Path, qm: Path) -> None:
    """Compile one `.ts` into `qm`; raises OSError or CalledProcessError on failure."""
    command = find_lrelease()
    if command is None:
        raise FileNotFoundError("no lrelease found (it ships with PySide6)")
    qm.parent.mkdir(parents=True, exist_ok=True)
    # compile beside the target then rename, so a second window never reads half a file
    fd, tmp_name = tempfile.mkstemp(prefix=qm.stem, suffix=".qm.tmp", dir=qm.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        subprocess.run(
            [*command, "-silent", str(ts), "-qm", str(tmp)],
            check=True,
            capture_output=True,
            timeout=60,
        )
        os.replace(tmp, qm)
    finally:
        tmp.unlink(missing_ok=True)


class Translations(QObject):
    """Installs the translators of one language into the application."""

    language_changed = Signal(str)
    """Emitted with the language code after a switch."""

    def __init__(
        self,
        app: QCoreApplication,
        search_dirs: Sequence[Path],
        *,
        ts_dir: Path | None = None,
        cache_dir: Path | None = None,
    ) -> None:
        super().__init__(app)
        self._app = app
        self._search_dirs = list(search_dirs)
        self._ts_dir = ts_dir
        self._cache_dir = cache_dir
        self._installed: list[QTranslator] = []
        self._current = SOURCE_LANGUAGE
        self._choice = SOURCE_LANGUAGE

    @property
    def current(self) -> str:
        """The language spoken now: en, es or zh_CN."""
        return self._current

    @property
    def choice(self) -> str:
        """What was asked for: a language code, or `system`."""
        return self._choice

    def catalog_for(self, code: str) -> Path | None:
        """The `.qm` file of a language, compiling it into the cache when needed."""
        name = catalog_name(code)
        for folder in self._search_dirs:
            if (folder / name).is_file():
                return folder / name
        if self._ts_dir is None or self._cache_dir is None:
            return None
        source = self._ts_dir / f"{CATALOG_PREFIX}{code}.ts"
        if not source.is_file():
            return None
        cached = self._cache_dir / name
        if cached.is_file() and cached.stat().st_mtime >= source.stat().st_mtime:
            return cached
        try:
            compile_catalog(source, cached)
        except (OSError, subprocess.SubprocessError) as exc:
            log.warning("could not compile %s: %s", source, exc)
            return cached if cached.is_file() else None
        return cached

    def apply(self, choice: str) -> bool:
        """Speak `choice` (a language code, or `system`) from now on.

        Returns False when the catalog could not be found or loaded; the
        window then speaks English, and `current` says so.
        """
        code = resolve(choice)
        if code not in LANGUAGES:
            raise ValueError(f"unknown language {choice!r}")
        self._choice = choice
        self._uninstall()
        loaded = True
        if code != SOURCE_LANGUAGE:
            catalog = self.catalog_for(code)
            ours = QTranslator(self)
            if catalog is None or not ours.load(str(catalog)):
                log.warning("no usable catalog for %s; showing English", code)
                loaded = False
            else:
                qt_own = QTranslator(self)
                qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
                if qt_own.load(f"qtbase_{code}", qt_dir):
                    self._install(qt_own)
                self._install(ours)
        self._current = code if loaded else SOURCE_LANGUAGE
        if self._current == SOURCE_LANGUAGE:
            plurals = self.catalog_for(SOURCE_LANGUAGE)
            english = QTranslator(self)
            if plurals is not None and english.load(str(plurals)):
                self._install(english)
        QLocale.setDefault(QLocale(self._current))
        self.language_changed.emit(self._current)
        return loaded

    def _install(self, translator: QTranslator) -> None:
        self._app.installTranslator(translator)
        self._installed.append(translator)

    def _uninstall(self) -> None:
        for translator in self._installed:
            self._app.removeTranslator(translator)
            translator.deleteLater()
        self._installed.clear()
