"""An Edit asked for by the model, through the real `claude`: the permission card
shows its diff, Allow applies it, and the transcript's card and both exports show
the same diff."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from desktop.domain.conversations import ExecutionStatus
from desktop.domain.edit_diff import edit_diff
from desktop.ui.runs.permission_card import PermissionCard
from desktop.ui.transcript.transcript_render import Theme
from desktop.ui.transcript.transcript_rows import RowKind
from tests.clirun import sessiondesk
from tests.rig.fakeapi import Reply
from tests.ui.run_kit import Rig, until

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]

OLD = "def total(items):\n    return sum(items)\n"
NEW = "def total(items: list[int]) -> int:\n    # an empty basket costs nothing\n" + OLD[18:]
BEFORE = f"import sys\n\n{OLD}\nprint(total([1, 2]))\n"


def sides(lines: list[str]) -> tuple[list[str], list[str]]:
    """The old and new text a diff's lines say."""
    old = [line[1:] for line in lines if line[:1] in (" ", "-")]
    new = [line[1:] for line in lines if line[:1] in (" ", "+")]
    return old, new


def diff_lines(plain: str) -> list[str]:
    """A shown diff's lines: from its first hunk head to its last line (the box
    around them adds an empty line above and below)."""
    lines = plain.split("\n")
    start = lines.index("@@")
    end = max(i for i, line in enumerate(lines) if line)
    return lines[start : end + 1]


async def tool_card(rig: Rig, tool: str = "Edit") -> PermissionCard:
    """`tool`'s card; a Read asked first (claude edits only what it has read) is allowed."""
    found: list[PermissionCard] = []

    def waiting() -> bool:
        for card in rig.desk.cards.pending():
            if card.request.tool_name == tool:
                found.append(card)
                return True
            card.allow_button.click()
        return False

    await until(waiting, 45, f"the {tool}'s permission card")
    return found[0]


def test_an_edit_is_decided_on_its_diff_and_shown_as_one_afterwards(
    rig: Rig, home: Path, tmp_path: Path
) -> None:
    target = rig.project / "basket.py"
    target.write_text(BEFORE)
    edit = {"file_path": str(target), "old_string": OLD, "new_string": NEW}
    rig.api.enqueue(Reply.tool_use("Read", {"file_path": str(target)}),
                    Reply.tool_use("Edit", edit), Reply.text("Typed the basket."))  # fmt: skip

    async def scenario() -> str:
        rig.new_conversation()
        rig.type_and_send("type the basket")
        live = await rig.started()
        card = await tool_card(rig)
        assert card.diff_view is not None and card.diff_view.isVisible()
        shown = diff_lines(card.diff_view.toPlainText())
        # the card's lines are the tool's input, each side whole, marked line by line
        assert sides(shown) == (OLD.splitlines(), NEW.splitlines())
        assert [line for line in shown if line[:1] == "+"] == [
            "+def total(items: list[int]) -> int:",
            "+    # an empty basket costs nothing",
        ]
        assert [line for line in shown if line[:1] == "-"] == ["-def total(items):"]
        assert "+2 −1" in card.input_label.text() and str(target) in card.input_label.text()
        painted = card.diff_view.toHtml().lower()
        light = Theme.for_dark(False)
        assert light.added_bg.lower() in painted and light.removed_bg.lower() in painted
        assert target.read_text() == BEFORE, "nothing changes before the answer"

        card.allow_button.click()
        execution = await rig.finished(live)
        assert execution.status is ExecutionStatus.SUCCEEDED
        assert target.read_text() == BEFORE.replace(OLD, NEW)
        await rig.settled_on(live)

        # the transcript read back from disk: the Edit's card is the same diff
        model = rig.desk.panel.model
        (number,) = [i for i, row in enumerate(model.rows())
                     if row.kind is RowKind.TOOL and row.message.tool_name == "Edit"]  # fmt: skip
        model.set_expanded(number, True)
        document = rig.desk.panel.view.delegate.document(model.rows()[number], 700)
        text = document.toPlainText()
        assert "\nResult\n" in text, "read back with its result"
        assert diff_lines(text.split("\nResult\n")[0]) == shown
        assert live.key is not None
        return live.key[1]

    session_id = rig.play(scenario())
    expected = edit_diff("Edit", edit)
    assert expected is not None
    md = tmp_path / "basket.md"
    done = sessiondesk(home, "sessions", "export", session_id, "--format", "md", "-o", str(md))
    assert done.code == 0, done.stderr
    assert f"```diff\n{expected.text()}\n```" in md.read_text()
    page = tmp_path / "basket.html"
    done = sessiondesk(home, "sessions", "export", session_id, "--format", "html", "-o", str(page))
    assert done.code == 0, done.stderr
    html = page.read_text()
    added = re.findall(r"<span class='add'>(.*?)</span>", html)
    removed = re.findall(r"<span class='del'>(.*?)</span>", html)
    assert added == ["+def total(items: list[int]) -&gt; int:",
                     "+    # an empty basket costs nothing"]  # fmt: skip
    assert removed == ["-def total(items):"]
    assert ".diff .add{background:" in html


def test_a_new_file_is_asked_for_as_all_added_lines(rig: Rig) -> None:
    target = rig.project / "notes.md"
    content = "# Notes\n\n- buy <bread> & `milk`\n"
    rig.api.enqueue(Reply.tool_use("Write", {"file_path": str(target), "content": content}),
                    Reply.text("Wrote the notes."))  # fmt: skip

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("write my notes")
        live = await rig.started()
        card = await tool_card(rig, "Write")
        assert card.diff_view is not None
        assert diff_lines(card.diff_view.toPlainText()) == [
            "@@",
            "+# Notes",
            "+",
            "+- buy <bread> & `milk`",
        ]
        assert "+3 −0" in card.input_label.text()
        card.allow_button.click()
        await rig.finished(live)
        assert target.read_text() == content

    rig.play(scenario())
