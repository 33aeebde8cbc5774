"""A diff reads in either theme: every colour its lines are drawn in has AA
contrast (4.5:1) on the ground it is drawn on, in the window and in an HTML export."""

from __future__ import annotations

import re

import pytest
from PySide6.QtGui import QColor

from desktop.domain.session_export import ExportHeader, to_html
from desktop.domain.transcript import Message, Role
from desktop.ui.common.contrast import TEXT_AA, contrast
from desktop.ui.transcript.transcript_render import Theme


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_windows_diff_colours_read_on_their_lines(dark: bool) -> None:
    t = Theme.for_dark(dark)
    pairs = {
        "added text": (t.text, t.added_bg), "added sign": (t.added_sign, t.added_bg),
        "removed text": (t.text, t.removed_bg), "removed sign": (t.removed_sign, t.removed_bg),
        "context and @@": (t.muted, t.code_bg), "context text": (t.text, t.code_bg),
    }  # fmt: skip
    for what, (ink, ground) in pairs.items():
        ratio = contrast(QColor(ink), QColor(ground))
        assert ratio >= TEXT_AA, f"{what}: {ink} on {ground} is {ratio:.2f}:1"
    # the two kinds of line tell apart from the box around them, not only by hue
    assert t.added_bg != t.code_bg and t.removed_bg != t.code_bg


def test_an_html_exports_diff_colours_read() -> None:
    call = Message(Role.TOOL_USE, tool_name="Write", tool_use_id="t",
                   input={"file_path": "a.txt", "content": "x"})  # fmt: skip
    page = to_html(ExportHeader("t", "s", "a", None, None), [call])
    found = re.findall(r"\.diff \.(add|del)\{background:(#\w+);color:(#\w+)\}", page)
    rules = {kind: (ground, ink) for kind, ground, ink in found}
    assert set(rules) == {"add", "del"}
    for kind, (ground, ink) in rules.items():
        assert contrast(QColor(ink), QColor(ground)) >= TEXT_AA, kind
    assert "<span class='add'>+x</span>" in page
