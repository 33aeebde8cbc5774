"""Look at the card for Claude's questions as a person would, in each language.

    python tools/ask_card_screenshot.py            # docs/ask-card-en.png, -es, -zh_CN

Made-up questions (in the picture's language, as Claude would ask them); the
first one answered, the second half answered with an answer of one's own.
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
from desktop.domain.events import PermissionRequest  # noqa: E402
from desktop.domain.questions import ASK_TOOL, questions_of  # noqa: E402
from desktop.domain.settings import LANGUAGES  # noqa: E402
from desktop.ui.runs.question_card import QuestionCard  # noqa: E402
from desktop.ui.shell.translations import Translations  # noqa: E402

WORDS = {
    "en": ("Database", "Which database should the export service use?",
           [("SQLite", "One file, nothing to run"), ("PostgreSQL", "A server, for many writers")],
           "Platforms", "Which platforms must the command line support?",
           [("Linux", "Servers and desktops"), ("macOS", "Laptops"), ("Windows", "Office PCs")],
           "the BSDs"),
    "es": ("Base de datos", "¿Qué base de datos debe usar el servicio de exportación?",
           [("SQLite", "Un archivo, nada que arrancar"), ("PostgreSQL", "Un servidor")],
           "Plataformas", "¿En qué plataformas debe funcionar la línea de órdenes?",
           [("Linux", "Servidores y escritorios"), ("macOS", "Portátiles"), ("Windows", "Oficina")],
           "los BSD"),
    "zh_CN": ("数据库", "导出服务应使用哪种数据库?",
              [("SQLite", "单个文件,无需运行服务"), ("PostgreSQL", "服务器,适合多人写入")],
              "平台", "命令行必须支持哪些平台?",
              [("Linux", "服务器和桌面"), ("macOS", "笔记本"), ("Windows", "办公电脑")],
              "BSD 系统"),
}  # fmt: skip


def request(code: str) -> PermissionRequest:
    h1, q1, o1, h2, q2, o2, _ = WORDS[code]
    data = {"questions": [
        {"question": q, "header": h, "multiSelect": multi,
         "options": [{"label": label, "description": d} for label, d in options]}
        for h, q, options, multi in ((h1, q1, o1, False), (h2, q2, o2, True))
    ]}  # fmt: skip
    return PermissionRequest("r1", "can_use_tool", {}, ASK_TOOL, data, "toolu_1", (), None)


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    with tempfile.TemporaryDirectory() as cache:
        translations = Translations(app, [], ts_dir=TS_DIR, cache_dir=Path(cache))
        for code in LANGUAGES:
            translations.apply(code)
            asked = request(code)
            card = QuestionCard(asked, questions_of(ASK_TOOL, asked.input) or ())
            card.resize(720, 600)
            first, second = card.boxes
            first.option_buttons[0].setChecked(True)
            second.option_buttons[0].setChecked(True)
            second.other_button.setChecked(True)
            second.other_edit.setText(WORDS[code][-1])
            card.show()
            app.processEvents()
            card.resize(720, card.sizeHint().height())  # as the stack's layout sizes it
            app.processEvents()
            out = ROOT / "docs" / f"ask-card-{code}.png"
            card.grab().save(str(out))
            print(out)
            card.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
