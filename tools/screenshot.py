"""Look at the window as a person would: build it offscreen and save a PNG.

    python tools/screenshot.py                       # docs/screenshot.png, English
    python tools/screenshot.py out.png --language es
    python tools/screenshot.py --all                 # English, first run, es, zh_CN

The window runs over a throwaway home with two made-up accounts, so the
picture never shows anything of the machine it was taken on.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication  # noqa: E402  (the platform must be set first)
from PySide6.QtWidgets import QApplication  # noqa: E402

from desktop.app import build_window  # noqa: E402
from desktop.compose import open_services  # noqa: E402
from desktop.domain.accounts import AuthKind  # noqa: E402
from desktop.domain.settings import LANGUAGES  # noqa: E402

SIZE = (1200, 760)
ACCOUNTS = ("work", "personal")


def shoot(output: Path, language: str, with_accounts: bool) -> Path:
    with tempfile.TemporaryDirectory(prefix="sessiondesk-shot-") as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        # keep the machine's own ~/.claude out of the picture
        os.environ["CLAUDE_CONFIG_DIR"] = str(Path(tmp) / "no-default")
        hub = open_services(home)
        try:
            if with_accounts:
                for name in ACCOUNTS:
                    hub.accounts.add(name, str(Path(tmp) / f".claude-{name}"), AuthKind.LOGIN)
            hub.settings.set("language", language)
            window = build_window(hub)
            window.resize(*SIZE)
            window.splitter.setSizes([290, SIZE[0] - 290])
            window.show()
            if with_accounts:
                window.navigation.select_account(ACCOUNTS[0])
            for _ in range(3):  # layouts and posted LanguageChange events settle
                QCoreApplication.processEvents()
            output.parent.mkdir(parents=True, exist_ok=True)
            if not window.grab().save(str(output)):
                raise SystemExit(f"error: could not write {output}")
            window.close()
            if window.translations is not None:
                window.translations.apply("en")  # the next shot starts from English
            QCoreApplication.processEvents()
        finally:
            hub.close()
    return output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", type=Path, default=ROOT / "docs" / "screenshot.png")
    parser.add_argument("--language", choices=list(LANGUAGES), default="en")
    parser.add_argument("--no-accounts", action="store_true", help="the first-run window")
    parser.add_argument("--all", action="store_true", help="every language and the first run")
    args = parser.parse_args(argv)
    _app = QApplication.instance() or QApplication([sys.argv[0]])
    shots = [(args.output, args.language, not args.no_accounts)]
    if args.all:
        stem, suffix = args.output.stem, args.output.suffix
        shots = [
            (args.output, "en", True),
            (args.output.with_name(f"{stem}-first-run{suffix}"), "en", False),
            *[
                (args.output.with_name(f"{stem}-{code}{suffix}"), code, True)
                for code in LANGUAGES
                if code != "en"
            ],
        ]
    for output, language, with_accounts in shots:
        print(shoot(output, language, with_accounts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
