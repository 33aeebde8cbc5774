"""What the window says about a service error: its own words, in the person's language.

A `SessiondeskError` carries an English message for the command line and a
`kind` with `details` for the window. Every kind the window knows has a
translated sentence here; an unknown kind falls back to its family's
sentence (usage, not found, keyring…), never to the English message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication

from desktop.domain.errors import SessiondeskError


def _t(text: str) -> str:
    return QCoreApplication.translate("ErrorText", text)


_KINDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "folder_empty": lambda d: _t("Choose a folder."),
    "not_a_folder": lambda d: _t("{folder} exists and is not a folder.").format(**d),
    "login_has_no_secret": lambda d: _t(
        "This account signs in with the login kept in its folder: it has no secret to change."
    ),
    "secret_empty": lambda d: _t("The secret is empty."),
    "no_account": lambda d: _t("There is no account named {name}.").format(**d),
    "bad_account_name": lambda d: _t(
        "“{name}” cannot be an account name: use up to 64 letters, digits, '.', '_' or '-', "
        "starting with a letter or digit."
    ).format(**d),
    "account_exists": lambda d: _t("An account named {name} exists already.").format(**d),
    "prompt_empty": lambda d: _t("Write a prompt first."),
    "no_account_chosen": lambda d: _t("Choose an account for this conversation."),
    "no_folder_chosen": lambda d: _t("Choose a working folder."),
    "folder_missing": lambda d: _t("The working folder {folder} does not exist.").format(**d),
    "claude_cannot_start": lambda d: _t("claude could not be started ({path}).").format(**d),
    "claude_not_on_path": lambda d: _t(
        "The claude program was not found. Install Claude Code, or choose the program in Settings."
    ),
    "claude_missing": lambda d: _t(
        "{path} does not exist. Choose the claude program in Settings."
    ).format(**d),
    "claude_is_folder": lambda d: _t(
        "{path} is a folder, not the claude program. Choose the program in Settings."
    ).format(**d),
    "claude_not_executable": lambda d: _t(
        "{path} cannot be run (it is not executable). Choose the program in Settings."
    ).format(**d),
    "keyring_missing": lambda d: _t(
        "No keyring is available to keep secrets. Start your desktop's keyring and unlock it."
    ),
    "keyring_locked": lambda d: _t("The keyring is locked: unlock it and try again."),
}
_FAMILIES: dict[str, Callable[[], str]] = {
    "usage": lambda: _t("That cannot be done as asked."),
    "conflict": lambda: _t("That exists already."),
    "not_found": lambda: _t("That could not be found; it may have been removed."),
    "store": lambda: _t("Sessiondesk's database cannot be used right now."),
    "vault": lambda: _t("The keyring refused to keep or give the secret."),
    "claude": lambda: _t("claude could not be run or did not answer as expected."),
    "claude_not_found": lambda: _t("The claude program was not found. Choose it in Settings."),
    "error": lambda: _t("Something went wrong."),
}


def error_text(error: SessiondeskError) -> str:
    """The error in the window's language; its English message never reaches the screen."""
    say = _KINDS.get(error.kind)
    if say is not None:
        try:
            return say(error.details)
        except (KeyError, IndexError):
            pass  # a detail is missing: the family's sentence still helps
    for cls in type(error).__mro__:
        family = _FAMILIES.get(getattr(cls, "default_kind", ""))
        if family is not None:
            return family()
    return _FAMILIES["error"]()


def known_kinds() -> list[str]:
    """Every kind with a sentence of its own (for tests that keep this table complete)."""
    return sorted(_KINDS)
