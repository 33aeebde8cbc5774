"""Look at the account screens as a person would: offscreen PNGs in docs/.

    python tools/accounts_screenshot.py

Writes `edit-account.png` (Accounts → Edit Account…), `keep-secret.png`
(Add Account when no keyring can keep the secret), `settings-switching.png`
(the settings dialog's "Switching accounts" section) and
`conversation-header.png` (the header's *Switch…*), over a throwaway home
with made-up accounts; no keyring is asked.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402  (the platform first)

from desktop.compose import open_services, prepare_home  # noqa: E402
from desktop.domain.accounts import AuthKind  # noqa: E402
from desktop.domain.conversations import Conversation  # noqa: E402
from desktop.domain.errors import VaultError  # noqa: E402
from desktop.ui.accounts.account_dialogs import AddAccountDialog  # noqa: E402
from desktop.ui.accounts.account_edit import EditAccountDialog  # noqa: E402
from desktop.ui.conversations.conversation_header import ConversationHeader  # noqa: E402
from desktop.ui.settings.settings_dialog import SettingsDialog  # noqa: E402

SESSION = "5f0c2a7e-93d4-4b1e-a6f1-2c8d7e4b9a10"


def save(app: QApplication, widget: QWidget, name: str) -> None:
    widget.show()
    app.processEvents()
    out = ROOT / "docs" / name
    widget.grab().save(str(out))
    print(out)
    widget.close()


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        prepare_home(home)
        hub = open_services(home)
        try:
            for name in ("work", "personal"):
                folder = Path(tmp) / f".claude-{name}"
                folder.mkdir()
                hub.accounts.add(name, str(folder), AuthKind.LOGIN)
            hub.settings.set("carry_context.never", '[["work", "personal"]]')

            edit = EditAccountDialog(hub.accounts, "work")
            edit.set_auth_kind(AuthKind.API_KEY)
            save(app, edit, "edit-account.png")

            add = AddAccountDialog(hub.accounts)
            add.name_edit.setText("client")
            add.config_dir_edit.setText("~/.claude-client")
            add.set_auth_kind(AuthKind.API_KEY)
            add.secret_edit.setText("not-a-real-secret")
            add.offer_this_run(VaultError("no OS keyring is available", kind="keyring_missing"))
            save(app, add, "keep-secret.png")

            settings = SettingsDialog(hub.settings, None, None, ["personal", "work"])
            settings.resize(640, settings.sizeHint().height())
            save(app, settings, "settings-switching.png")

            header = ConversationHeader()
            shown = Conversation(
                "c1", 42, "Tidy the release notes", account="work", session_id=SESSION,
                cwd="/home/ana/projects/release",
            )  # fmt: skip
            header.show_conversation(shown, SESSION)
            header.resize(560, header.sizeHint().height())
            save(app, header, "conversation-header.png")
        finally:
            hub.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
