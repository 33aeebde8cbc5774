"""Build the window's translation catalogs.

    python tools/build_translations.py            # i18n/*.ts -> resources/i18n/*.qm
    python tools/build_translations.py --update   # first refresh i18n/*.ts from the code
    python tools/build_translations.py --check    # fail when a message is untranslated

English, the language of the source, has a catalog of its own holding only
the plural forms of counted messages (`tr("%n sessions", "", n)`: "1 session",
"2 sessions"); lupdate writes it with `-pluralonly`.

The `.ts` files in `i18n/` are the sources translators edit (by hand or in
Qt Linguist); `pyside6-lupdate` adds new strings to them from `desktop/ui/`
and `desktop/app.py` and drops strings the code no longer has.
`pyside6-lrelease` compiles them into `resources/i18n/`, which git ignores:
`.qm` files are always built, never edited or committed. `setup.py` calls
`release()` too, to put the catalogs in the wheel (`desktop/assets/i18n/`).
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TS_DIR = ROOT / "i18n"
QM_DIR = ROOT / "resources" / "i18n"
SOURCE_LANGUAGE = "en"
LANGUAGES = (SOURCE_LANGUAGE, "es", "zh_CN")
SOURCES = (ROOT / "desktop" / "ui", ROOT / "desktop" / "app.py")


def qt_tool(name: str) -> str:
    """The tool inside the PySide6 this Python imports first (in a wheel's isolated
    build there is no `pyside6-<name>` beside it), then `pyside6-<name>` next to this
    Python, so the venv's Qt is the one used."""
    spec = importlib.util.find_spec("PySide6")  # found, not imported: no Qt loaded
    for folder in (spec.submodule_search_locations or []) if spec else []:
        inside = Path(folder) / (f"{name}.exe" if sys.platform == "win32" else name)
        if inside.is_file():
            return str(inside)
    beside = Path(sys.executable).parent / f"pyside6-{name}"
    if beside.is_file():
        return str(beside)
    found = shutil.which(f"pyside6-{name}") or shutil.which(name)
    if found is None:
        raise SystemExit(f"error: pyside6-{name} not found; install PySide6 in this environment")
    return found


def source_files() -> list[str]:
    files: list[Path] = []
    for source in SOURCES:
        files.extend(sorted(source.rglob("*.py")) if source.is_dir() else [source])
    # relative paths keep the <location> lines in the .ts the same on every machine
    return [str(path.relative_to(ROOT)) for path in files]


def ts_path(language: str) -> Path:
    return TS_DIR / f"sessiondesk_{language}.ts"


def update_sources() -> None:
    TS_DIR.mkdir(exist_ok=True)
    for language in LANGUAGES:
        command = [
            qt_tool("lupdate"),
            *source_files(),
            "-no-obsolete",
            *(["-pluralonly"] if language == SOURCE_LANGUAGE else []),
            "-locations",
            "relative",
            "-source-language",
            "en",
            "-target-language",
            language,
            "-ts",
            str(ts_path(language).relative_to(ROOT)),
        ]
        subprocess.run(command, check=True, cwd=ROOT)


def release(out_dir: Path = QM_DIR) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    built = []
    for language in LANGUAGES:
        qm = out_dir / f"sessiondesk_{language}.qm"
        subprocess.run(
            [qt_tool("lrelease"), "-silent", str(ts_path(language)), "-qm", str(qm)], check=True
        )
        built.append(qm)
    return built


def unfinished(ts: Path) -> list[str]:
    """Source texts whose translation is missing, empty or still marked unfinished
    (a counted message needs every one of its plural forms)."""
    missing = []
    for message in ET.parse(ts).getroot().iter("message"):
        translation = message.find("translation")
        if translation is None or translation.get("type") in {"unfinished", "vanished", "obsolete"}:
            missing.append(message.findtext("source") or "")
        elif message.get("numerus") == "yes":
            forms = [form.text or "" for form in translation.iter("numerusform")]
            if not forms or not all(form.strip() for form in forms):
                missing.append(message.findtext("source") or "")
        elif not (translation.text or "").strip():
            missing.append(message.findtext("source") or "")
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="run lupdate over the code first")
    parser.add_argument("--check", action="store_true", help="fail on untranslated messages")
    args = parser.parse_args(argv)
    if args.update:
        update_sources()
    for qm in release():
        print(f"built {qm.relative_to(ROOT)}")
    if args.check:
        problems = {lang: unfinished(ts_path(lang)) for lang in LANGUAGES}
        for language, texts in problems.items():
            for text in texts:
                print(f"{language}: untranslated: {text!r}", file=sys.stderr)
        if any(problems.values()):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
