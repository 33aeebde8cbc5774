"""The transcript's renderer loaded ahead of its first use, on the blocking-work executor.

The first message shown costs markdown-it's import (about 110 ms on a busy
machine), and the first code block in a language an import and a few
hundred regular expressions (about 45 ms for Python): paid on the window's
thread when a transcript opens or in the middle of a streaming reply, that
is a visible stall.
"""

from __future__ import annotations

from concurrent.futures import Executor

from PySide6.QtWidgets import QWidget

from desktop.ui.common.first_paint import after_first_paint
from desktop.ui.transcript.transcript_render import Theme, code_html, markdown_html


class RendererWarmUp:
    def __init__(self, shown: QWidget, executor: Executor) -> None:
        """The renderer and the commonest lexers load once `shown` is on screen:
        before, the import competes with the first paint."""
        self._executor = executor
        self._markdown_warm = False
        after_first_paint(shown, lambda: executor.submit(_warm_up_highlighter))

    def before_reply(self) -> None:
        """A turn is being sent: the reply's Markdown renderer loads while claude starts
        (for a new conversation the first streamed reply is the first message rendered,
        where the import, 60–100 ms, was the longest stall on the window's thread)."""
        if not self._markdown_warm:
            self._markdown_warm = True
            self._executor.submit(_warm_up_markdown)


def _warm_up_markdown() -> None:
    markdown_html("x", Theme.for_dark(False))


def _warm_up_highlighter() -> None:
    theme = Theme.for_dark(False)
    for prompt in (False, True):
        markdown_html("x", theme, prompt=prompt)
    for language in ("python", "bash", "diff"):
        code_html("x", theme, language)
