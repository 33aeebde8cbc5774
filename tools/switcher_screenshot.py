"""Look at the account switcher as a person would, in each language: offscreen PNGs.

    python tools/switcher_screenshot.py            # docs/switcher-en.png, -es, -zh_CN

Made-up account names only; the second target is one the policy never
carries to, so a picture of the disabled checkbox and its reason is one
choice away in the dialog (the pictures show the allowed pair).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402  (the platform must be set first)

from desktop.app import TS_DIR  # noqa: E402
from desktop.domain.settings import LANGUAGES  # noqa: E402
from desktop.ui.accounts.switcher import AccountSwitcher  # noqa: E402
from desktop.ui.shell.translations import Translations  # noqa: E402

ACCOUNTS = ["work", "personal", "client"]
REFUSED = "the policy never carries context between accounts work and client"


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    with tempfile.TemporaryDirectory() as cache:
        translations = Translations(app, [], ts_dir=TS_DIR, cache_dir=Path(cache))
        for code in LANGUAGES:
            translations.apply(code)
            dialog = AccountSwitcher(
                "work", ACCOUNTS, lambda to: REFUSED if to == "client" else None
            )
            dialog.choose("personal")
            dialog.show()
            app.processEvents()
            out = ROOT / "docs" / f"switcher-{code}.png"
            dialog.grab().save(str(out))
            print(out)
            dialog.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
