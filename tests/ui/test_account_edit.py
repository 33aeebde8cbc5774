"""Accounts changed in the window: another folder or sign-in kind, and a secret
kept until quitting when no keyring can hold it (never on disk, in argv, in
the logs or in the database)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Callable
from pathlib import Path

import keyring
import pytest
from keyring.backends import fail

from desktop.domain.accounts import AuthKind
from desktop.services.hub import ServiceHub
from desktop.ui.accounts.account_dialogs import AddAccountDialog
from desktop.ui.accounts.account_edit import EditAccountDialog
from desktop.ui.shell.main_window import MainWindow
from desktop.vault.keyring_vault import KeyringVault
from tests.rig.fakeapi import Reply
from tests.rig.fixtures import AccountFactory
from tests.rig.locked_keyring import locked_keyring
from tests.ui.run_kit import Rig

pytestmark = [pytest.mark.gui, pytest.mark.keyring]


def test_edit_changes_the_folder_and_the_sign_in_kind(
    hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow], tmp_path: Path
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    hub.accounts.add("work", str(first), AuthKind.OAUTH_TOKEN, "sk-ant-oat01-old")
    try:
        window = open_window(hub)
        dialog = window.open_edit_account()
        assert isinstance(dialog, EditAccountDialog)
        dialog.account_combo.setCurrentText("work")
        assert dialog.config_dir_edit.text() == str(first)
        assert dialog.auth_kind() is AuthKind.OAUTH_TOKEN
        assert not dialog.name_edit.isVisible()

        dialog.config_dir_edit.setText(str(tmp_path / "file.txt"))
        (tmp_path / "file.txt").write_text("not a folder")
        dialog.accept()
        assert dialog.isVisible() and dialog.error_label.isVisible()
        assert hub.accounts.get("work").config_dir == str(first)  # nothing changed

        dialog.config_dir_edit.setText(str(second))
        dialog.set_auth_kind(AuthKind.API_KEY)
        dialog.accept()  # an empty secret keeps the stored one
        assert not dialog.isVisible()
        account = hub.accounts.get("work")
        assert (account.config_dir, account.auth) == (str(second), AuthKind.API_KEY)
        assert KeyringVault().load(account.secret_ref) == "sk-ant-oat01-old"
        assert window.commands.edit_account.isEnabled()
    finally:
        hub.accounts.remove("work")


@pytest.mark.claude
def test_without_a_keyring_a_secret_is_kept_until_quitting_and_nowhere_else(
    rig: Rig, claude_account: AccountFactory, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:  # fmt: skip
    gamma = claude_account("gamma")
    canary = gamma.api_key
    caplog.set_level(logging.DEBUG)
    monkeypatch.setattr(keyring, "get_keyring", lambda: fail.Keyring())
    rig.api.enqueue(Reply.text("Hello from gamma."))
    seen_argv: list[str] = []

    async def scenario() -> None:
        dialog = add_with_secret(rig.window, "gamma", gamma.config_dir, canary)
        assert dialog.isVisible(), "no keyring: the dialog stays open and says so"
        assert dialog.this_run.isVisible() and not dialog.error_label.isVisible()
        assert "never written to disk" in dialog.this_run.explanation.text()
        assert rig.hub.accounts.accounts() == [a for a in rig.hub.accounts.accounts()
                                               if a.name != "gamma"]  # fmt: skip
        dialog.this_run.keep_button.click()
        assert not dialog.isVisible()
        assert rig.hub.accounts.kept_for_this_run("gamma")
        assert [v.has_secret for v in rig.hub.accounts.list() if v.account.name == "gamma"] == [
            True
        ]

        composer = rig.desk.composer
        rig.new_conversation()
        composer.set_accounts(["alpha", "gamma"])
        composer.account_combo.setCurrentIndex(composer.account_combo.findData("gamma"))
        rig.type_and_send("hello")
        live = await rig.started()
        while live.streaming:  # every process's argv while claude runs
            seen_argv.extend(_all_argv())
            await asyncio.sleep(0.05)
        done = await rig.finished(live)
        assert done.account == "gamma" and done.status.value == "succeeded", done.error
        keys = {r.headers.get("x-api-key") for r in rig.api.main_turns()}
        assert keys == {canary}, "the kept secret reached claude (through its environment)"

    rig.play(scenario())
    assert seen_argv, "the processes' argv were read while claude ran"
    assert not [a for a in seen_argv if canary in a]
    assert canary not in caplog.text
    assert canary not in json.dumps(rig.hub.settings.effective(), ensure_ascii=False)
    on_disk = [p for p in rig.hub.home.rglob("*") if p.is_file() and canary.encode() in
               p.read_bytes()]  # fmt: skip
    assert not on_disk, f"the secret was written to {on_disk}"
    assert canary not in os.environ.get("ANTHROPIC_API_KEY", "")


def add_with_secret(window: MainWindow, name: str, folder: Path, secret: str) -> AddAccountDialog:
    """Fill in Add Account for an API-key account and press OK, as a person would."""
    dialog = window.open_add_account()
    dialog.name_edit.setText(name)
    dialog.config_dir_edit.setText(str(folder))
    dialog.set_auth_kind(AuthKind.API_KEY)
    dialog.secret_edit.setText(secret)
    dialog.accept()
    return dialog


def _all_argv() -> list[str]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                found.append((entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(
                    "utf-8", "replace"))  # fmt: skip
            except OSError:
                continue  # it ended meanwhile
    return found


# keyring's SecretService backend drops its D-Bus connection unclosed when the collection
# stays locked (get_preferred_collection raises before the `closing` its callers use)
@pytest.mark.filterwarnings("ignore:unclosed <socket.socket:ResourceWarning")
def test_a_locked_keyring_offers_to_keep_the_secret_until_quitting(
    hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    folder = tmp_path / "delta"
    folder.mkdir()
    secret = "sk-ant-api03-LOCKED-0123456789abcdef"
    window = open_window(hub)
    with locked_keyring(tmp_path / "bus", monkeypatch):
        dialog = add_with_secret(window, "delta", folder, secret)
        assert dialog.isVisible(), "a locked keyring: the dialog stays open and says so"
        assert dialog.this_run.isVisible() and not dialog.error_label.isVisible()
        assert "locked" in dialog.this_run.explanation.text()
        assert "delta" not in [a.name for a in hub.accounts.accounts()], "nothing half-added"

        dialog.this_run.keep_button.click()
        assert not dialog.isVisible()
        try:
            assert hub.accounts.kept_for_this_run("delta")
            assert hub.accounts.secret("delta") == secret  # read from memory, keyring still locked
        finally:
            hub.accounts.remove("delta")
