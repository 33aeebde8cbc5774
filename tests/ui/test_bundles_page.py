"""The bundles page: fill and order a bundle, export it, import it back, refuse a hostile file,
add a session from its right-click menu, and export one session from the window."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from desktop.services.bundles import ItemView
from desktop.services.hub import ServiceHub
from desktop.ui.library.bundles_page import BundlesPage
from desktop.ui.library.load_dialog import LoadContextDialog
from desktop.ui.library.session_export import HTML, format_of
from desktop.ui.shell.main_window import MainWindow
from tests.bundlekit import build, entries, tree_digest
from tests.test_transcript_fixtures import Transcript
from tests.ui.library_kit import Turn, record
from tests.ui.session_kit import add_account, new_session, pane, wait_listed, write

pytestmark = pytest.mark.gui


def _items(page: BundlesPage) -> list[str]:
    return [page.item_list.item(row).text() for row in range(page.item_list.count())]


def _idle(qtbot: QtBot, page: BundlesPage) -> None:
    qtbot.waitUntil(lambda: not page.progress.isVisible(), timeout=15_000)


def _window_with(
    open_window: Callable[[ServiceHub], MainWindow], hub: ServiceHub, qtbot: QtBot,
    folder: Path, prompt: str,
) -> tuple[MainWindow, Transcript]:  # fmt: skip
    """The window over account alpha with one session on disk, listed."""
    session = new_session(str(folder), prompt)
    write(add_account(hub, "alpha", folder), session)
    window = open_window(hub)
    wait_listed(qtbot, window, 1)
    return window, session


def test_a_bundle_is_made_filled_ordered_and_renamed_in_the_page(
    open_window: Callable[[ServiceHub], MainWindow], hub: ServiceHub, home: Path, qtbot: QtBot,
    tmp_path: Path,
) -> None:  # fmt: skip
    window, session = _window_with(open_window, hub, qtbot, tmp_path, "how do the tides work")
    record(home, "Fix the parser", "alpha", str(tmp_path), [Turn()])

    window.library.bundles.trigger()
    page = window.findChild(BundlesPage)
    assert page is not None and page.isVisible()
    assert window.library.bundles.shortcut().toString() == "Ctrl+Shift+B"
    assert not page.load_button.isEnabled() and not page.rename_button.isEnabled()

    page.ask_create()
    assert page.prompt is not None
    page.prompt.setTextValue("release notes")
    page.prompt.accept()
    assert page.bundle is not None and page.bundle.name == "release notes"
    assert page.message.text() == "Created the bundle “release notes”."
    assert page.create("release notes") is False
    assert page.message.text() == "A bundle named “release notes” exists already."

    assert page.add_refs(["SESS-001", session.session_id])
    assert page.add_note("Keep the changelog short.")
    assert _items(page) == [
        "1. SESS-001 · Fix the parser (alpha)",
        f"2. Session {session.session_id[:8]} · how do the tides work (alpha)",
        "3. Note: Keep the changelog short.",
    ]
    assert page.add_refs(["SESS-999"]) is False
    assert page.message.text() == "That could not be found; it may have been removed."
    assert len(_items(page)) == 3, "a refused item changes nothing"

    page.item_list.setCurrentRow(2)
    assert page.move(-1) and page.move(-1)
    assert page.item_list.currentRow() == 0
    assert [v.kind for v in page.views] == ["note", "conversation", "session"]
    assert not page.up_button.isEnabled() and page.down_button.isEnabled()
    page.item_list.setCurrentRow(1)
    assert page.remove_current()
    stored = hub.bundles.get("release notes")
    assert [i.kind.value for i in stored.items] == ["note", "session"]

    page.description.setPlainText("What went into 2.0")
    page.save_description.click()
    assert hub.bundles.get("release notes").description == "What went into 2.0"
    assert page.rename("notes for 2.0")
    assert [page.bundle_list.item(r).text() for r in range(page.bundle_list.count())] == [
        "notes for 2.0"
    ]
    assert page.bundle is not None and len(page.bundle.items) == 2

    assert page.delete_current()
    assert hub.bundles.list() == [] and page.bundle is None
    assert not page.export_button.isEnabled()


def test_export_then_import_and_a_hostile_file_is_refused_with_its_reason(
    open_window: Callable[[ServiceHub], MainWindow], hub: ServiceHub, home: Path, qtbot: QtBot,
    tmp_path: Path,
) -> None:  # fmt: skip
    window, session = _window_with(open_window, hub, qtbot, tmp_path, "what is a bundle")
    hub.bundles.create("trip")
    hub.bundles.add("trip", [session.session_id])
    page = window.library.open_bundles()
    work = window.library.work
    target = tmp_path / "out" / "trip.sdbundle"

    work.export("trip", str(target))  # the folder does not exist
    _idle(qtbot, page)
    assert page.message.text() == (
        f"Refused, nothing was changed: The folder {target.parent} does not exist."
    )
    target.parent.mkdir()
    with qtbot.waitSignal(work.done, timeout=15_000):
        work.export("trip", str(target))
    assert page.message.text() == f"Exported to {target}: 1 transcript."
    assert "manifest.json" in entries(target)

    valid = entries(target)
    hostile = tmp_path / "hostile.sdbundle"
    hostile.write_bytes(build({**valid, "../escape.txt": b"x"}))
    archive = home / "archive"
    before = tree_digest(archive)
    with qtbot.waitSignal(work.failed, timeout=15_000):
        work.import_file(str(hostile), "alpha")
    assert page.message.text() == (
        "Refused, nothing was changed: "
        "The entry “../escape.txt” has an absolute path or a path that leaves its folder."
    )
    assert tree_digest(archive) == before
    assert [b.name for b in hub.bundles.list()] == ["trip"]

    with qtbot.waitSignal(work.done, timeout=15_000):
        work.import_file(str(target), "alpha")
    assert [b.name for b in hub.bundles.list()] == ["trip", "trip (2)"]
    assert page.bundle is not None and page.bundle.name == "trip (2)"
    assert page.message.text().startswith("Imported the bundle “trip (2)”")


def test_add_to_bundle_from_the_session_menu_and_export_a_session(
    open_window: Callable[[ServiceHub], MainWindow], hub: ServiceHub, qtbot: QtBot,
    tmp_path: Path,
) -> None:  # fmt: skip
    window, session = _window_with(open_window, hub, qtbot, tmp_path, "a session worth keeping")
    assert pane(window).select_session("alpha", session.session_id)
    chosen = pane(window).selected_record()
    assert chosen is not None
    menu = window.sessions.menu.build(chosen)
    actions = {a.text().replace("&", ""): a for a in menu.actions() if a.text()}
    actions["Add to Bundle…"].trigger()
    dialog = window.library.work.dialog
    dialog.setTextValue("keepers")
    dialog.accept()
    assert [(i.kind.value, i.ref) for i in hub.bundles.get("keepers").items] == [
        ("session", session.session_id)
    ]
    assert window.status_bar.currentMessage() == "Added to the bundle “keepers”, now 1 item."
    # the execution tree's right-click menu offers the same for the conversation shown
    from_tree = window.library.bundle_conversation
    assert from_tree in window.conversation.tree.actions()
    assert from_tree.text() == "Add Conversation to &Bundle…"
    from_tree.trigger()
    dialog = window.library.work.dialog
    assert dialog.comboBoxItems() == ["keepers"]
    dialog.setTextValue("keepers")
    dialog.accept()
    assert len(hub.bundles.get("keepers").items) == 2

    exporter = window.library.exporter
    actions["Export…"].trigger()
    assert exporter.dialog is not None and exporter.dialog.isVisible()
    exporter.dialog.reject()
    export = window.library.export  # File > Export Session… acts on the chosen one
    assert export in window.file_menu.actions()
    assert export.shortcut().toString() == "Ctrl+Shift+E"
    first = exporter.dialog
    export.trigger()
    assert exporter.dialog is not first and exporter.dialog.isVisible()
    assert exporter.dialog.selectedFiles()[0].endswith("a session worth keeping.md")
    exporter.dialog.reject()
    assert (format_of("x.HTML"), format_of("x.md", HTML), format_of("x", HTML)) == (
        "html", "md", "html",
    )  # fmt: skip
    out = tmp_path / "keep.html"
    with qtbot.waitSignal(exporter.finished, timeout=15_000) as done:
        exporter.export(chosen, str(out), "html")
    assert done.args == [True, f"Saved the session to {out}."]
    page = out.read_text(encoding="utf-8")
    assert "<html" in page and "a session worth keeping" in page
    with qtbot.waitSignal(exporter.finished, timeout=15_000) as done:
        exporter.export(chosen, str(tmp_path / "missing" / "x.md"), "md")
    assert done.args[0] is False
    assert done.args[1].startswith("Could not export the session: ")
    # said in the window's words (`save_folder_missing`), the folder named
    assert f"{tmp_path / 'missing'} does not exist" in done.args[1]


def test_load_context_names_items_of_other_accounts_and_waits_for_the_box(
    qtbot: QtBot, tmp_path: Path
) -> None:
    items = [
        ItemView(1, "note", None, None, text="context"),
        ItemView(2, "session", "0123456789abcdef", "beta", title="elsewhere"),
    ]
    dialog = LoadContextDialog("mixed", items, ["alpha", "beta"], str(tmp_path))
    qtbot.addWidget(dialog)
    dialog.prompt.setPlainText("go on")
    assert dialog.cross.isVisibleTo(dialog)
    assert dialog.cross.text() == "Also send the text of 01234567 (beta) under alpha"
    with qtbot.assertNotEmitted(dialog.chosen):
        dialog.check()
    assert dialog.error.text() == (
        "Tick the box to send the other accounts' text, or choose their account."
    )
    dialog.account.setCurrentText("beta")  # the session's own account: nothing to confirm
    assert not dialog.cross.isVisibleTo(dialog)
    with qtbot.waitSignal(dialog.chosen) as chosen:
        dialog.check()
    assert chosen.args == ["beta", str(tmp_path), "go on", False]


@pytest.mark.claude
def test_a_reference_in_a_note_is_a_link_that_opens_its_conversation(
    open_window: Callable[[ServiceHub], MainWindow], hub: ServiceHub, qtbot: QtBot,
    tmp_path: Path, claude_bin: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setenv("SESSIONDESK_CLAUDE", str(claude_bin))  # adopting fingerprints claude
    window, session = _window_with(open_window, hub, qtbot, tmp_path, "how do the tides work")
    conversation = asyncio.run(hub.conversations.adopt(session.session_id, "alpha"))
    other = new_session(str(tmp_path), "something else")
    write(tmp_path / ".claude-alpha", other)
    hub.bundles.create("reading")
    hub.bundles.note("reading", f"Start from <b>[[{conversation.code}]]</b>, then [[SESS-999]]")
    window.sessions.reindex()
    wait_listed(qtbot, window, 2)
    assert pane(window).select_session("alpha", other.session_id)

    window.library.bundles.trigger()
    page = window.findChild(BundlesPage)
    assert page is not None
    page.bundle_list.setCurrentRow(0)
    page.item_list.setCurrentRow(0)
    shown = page.note_text.text()
    assert page.note_text.isVisible()
    assert f'href="sessiondesk:{conversation.code}"' in shown
    assert "&lt;b&gt;" in shown, "the note's own markup is text, never markup"
    page.note_text.linkActivated.emit(f"sessiondesk:{conversation.code}")
    assert pane(window).selected_record().session_id == session.session_id
