"""How quickly the transcript view shows a 50,000-message session, offscreen.

Prints the time from the rows being built to the first painted screen at the
bottom, the mean time of a jump through the middle, and how many row
documents were laid out (only what passed through the viewport should be).

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/transcript_view_bench.py [--messages 50000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from PySide6.QtWidgets import QApplication

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from desktop.ui.transcript.transcript_model import TranscriptModel
from desktop.ui.transcript.transcript_rows import build_rows
from desktop.ui.transcript.transcript_view import TranscriptView
from tests.ui.test_transcript_view import huge_messages


def painted(app: QApplication, view: TranscriptView) -> None:
    done = view.paints
    view.viewport().update()
    while view.paints == done:
        app.processEvents()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=50_000)
    count = parser.parse_args().messages
    app = QApplication([])
    made = huge_messages(count)
    started = time.perf_counter()
    rows, builder = build_rows(made)
    model = TranscriptModel()
    model.set_rows(rows, builder)
    view = TranscriptView()
    view.resize(900, 700)
    view.setModel(model)
    view.show()
    view.scroll_to_bottom()
    painted(app, view)
    first = time.perf_counter() - started
    bar = view.verticalScrollBar()
    started = time.perf_counter()
    for fraction in (0.1, 0.3, 0.5, 0.7, 0.9):
        bar.setValue(int(bar.maximum() * fraction))
        painted(app, view)
    jump = (time.perf_counter() - started) / 5
    built = view.delegate.documents_built
    print(f"{count} messages: first screen {first * 1000:.0f} ms, "
          f"jump {jump * 1000:.0f} ms, documents built {built}")  # fmt: skip


if __name__ == "__main__":
    main()
