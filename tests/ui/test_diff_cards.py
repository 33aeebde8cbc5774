"""A diff in a card: every colour its lines are drawn in has AA contrast (4.5:1)
on its ground, in both themes and in an HTML export; a huge one shows its first
lines, escaped, and says how many more there are."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QLocale
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


def test_a_huge_write_card_lays_out_its_first_lines_and_says_the_rest() -> None:
    from desktop.ui.transcript.diff_html import MAX_SHOWN_LINES, note_text
    from desktop.ui.transcript.transcript_cards import card_html
    from desktop.ui.transcript.transcript_render import Labels

    content = "<script>alert(1)</script>\n" + "".join(f"row {i}\n" for i in range(20_000))
    call = Message(Role.TOOL_USE, tool_name="Write", tool_use_id="t",
                   input={"file_path": "/p/big.txt", "content": content})  # fmt: skip
    page = card_html(call, None, None, Theme.for_dark(True), Labels(diff_note=note_text))
    assert "<script>" not in page and "</span>&lt;script&gt;alert(1)&lt;/script&gt;</p>" in page
    assert page.count('<p style="margin:0px;') == MAX_SHOWN_LINES
    number = QLocale().toString  # as the window writes numbers
    assert f"cut to its first {number(1_500)} lines (" in page  # the domain's cap, then the card's
    assert f"{number(1_501 - MAX_SHOWN_LINES)} more lines of the diff are not shown" in page
