"""Look at the composer's Model and Permission mode choices in each language:
offscreen PNGs.

    python tools/composer_modes_screenshot.py   # docs/composer-modes-en.png, -es, -zh_CN

The models are the ones claude 2.1.332 lists for an API-key account (its
`initialize` answer); the account and folder are made up. Plan mode is chosen,
so its look is in the picture.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication  # noqa: E402
from PySide6.QtGui import QAction  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402  (the platform must be set first)

from desktop.app import TS_DIR  # noqa: E402
from desktop.domain.run_modes import ModelOption  # noqa: E402
from desktop.domain.settings import LANGUAGES  # noqa: E402
from desktop.ui.runs.composer import Composer  # noqa: E402
from desktop.ui.shell.translations import Translations  # noqa: E402

MODELS = [
    ModelOption("opus", "Opus", "claude-opus-5-5"),
    ModelOption("fable", "Fable", "claude-fable-5-2"),
    ModelOption("sonnet", "Sonnet", "claude-sonnet-5-5"),
    ModelOption("haiku", "Haiku", "claude-haiku-5-5"),
]
PROMPTS = {
    "en": "How would you split the parser into two modules?",
    "es": "¿Cómo dividirías el analizador en dos módulos?",
    "zh_CN": "你会如何把解析器拆成两个模块？",
}


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    with tempfile.TemporaryDirectory() as cache:
        translations = Translations(app, [], ts_dir=TS_DIR, cache_dir=Path(cache))
        for code in LANGUAGES:
            translations.apply(code)
            composer = Composer()
            stop = QAction(QCoreApplication.translate("WindowActions", "S&top Run"), composer)
            stop.setEnabled(False)  # as in the window while nothing runs
            composer.use_stop_action(stop)
            composer.set_accounts(["work", "personal"])
            composer.set_target("work", "~/src/parser")
            composer.modes.set_models(MODELS)
            composer.modes.set_choice("sonnet", "plan")
            composer.prompt.setPlainText(PROMPTS.get(code, PROMPTS["en"]))
            composer.resize(760, composer.sizeHint().height())
            composer.show()
            app.processEvents()
            out = ROOT / "docs" / f"composer-modes-{code}.png"
            composer.grab().save(str(out))
            print(out)
            composer.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
