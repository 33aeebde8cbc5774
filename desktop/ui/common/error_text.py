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

_KINDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "folder_empty": lambda d: QCoreApplication.translate("ErrorText", "Choose a folder."),
    "not_a_folder": lambda d: QCoreApplication.translate(
        "ErrorText", "{folder} exists and is not a folder."
    ).format(**d),
    "login_has_no_secret": lambda d: QCoreApplication.translate(
        "ErrorText",
        "This account signs in with the login kept in its folder: it has no secret to change.",
    ),
    "secret_empty": lambda d: QCoreApplication.translate("ErrorText", "The secret is empty."),
    "no_account": lambda d: QCoreApplication.translate(
        "ErrorText", "There is no account named {name}."
    ).format(**d),
    "bad_account_name": lambda d: QCoreApplication.translate(
        "ErrorText",
        "“{name}” cannot be an account name: use up to 64 letters, digits, '.', '_' or '-', "
        "starting with a letter or digit.",
    ).format(**d),
    "account_exists": lambda d: QCoreApplication.translate(
        "ErrorText", "An account named {name} exists already."
    ).format(**d),
    "prompt_empty": lambda d: QCoreApplication.translate("ErrorText", "Write a prompt first."),
    "no_account_chosen": lambda d: QCoreApplication.translate(
        "ErrorText", "Choose an account for this conversation."
    ),
    "no_folder_chosen": lambda d: QCoreApplication.translate(
        "ErrorText", "Choose a working folder."
    ),
    "folder_missing": lambda d: QCoreApplication.translate(
        "ErrorText", "The working folder {folder} does not exist."
    ).format(**d),
    "claude_cannot_start": lambda d: QCoreApplication.translate(
        "ErrorText", "claude could not be started ({path})."
    ).format(**d),
    "claude_not_on_path": lambda d: QCoreApplication.translate(
        "ErrorText",
        "The claude program was not found. Install Claude Code, or choose the program in Settings.",
    ),
    "claude_missing": lambda d: QCoreApplication.translate(
        "ErrorText", "{path} does not exist. Choose the claude program in Settings."
    ).format(**d),
    "claude_is_folder": lambda d: QCoreApplication.translate(
        "ErrorText", "{path} is a folder, not the claude program. Choose the program in Settings."
    ).format(**d),
    "claude_not_executable": lambda d: QCoreApplication.translate(
        "ErrorText", "{path} cannot be run (it is not executable). Choose the program in Settings."
    ).format(**d),
    "keyring_missing": lambda d: QCoreApplication.translate(
        "ErrorText",
        "No keyring is available to keep secrets. Start your desktop's keyring and unlock it.",
    ),
    "busy": lambda d: QCoreApplication.translate(
        "ErrorText", "This conversation is still answering a turn: wait for it, or stop it (Esc)."
    ),
    "unknown_reference": lambda d: QCoreApplication.translate(
        "ErrorText", "There is no conversation {codes}: fix the reference. Nothing was sent."
    ).format(**d),
    "cross_account_reference": lambda d: QCoreApplication.translate(
        "ErrorText", "{codes} belongs to another account than {account}. Nothing was sent."
    ).format(**d),
    "keyring_locked": lambda d: QCoreApplication.translate(
        "ErrorText", "The keyring is locked: unlock it and try again."
    ),
}
_FAMILIES: dict[str, Callable[[], str]] = {
    "usage": lambda: QCoreApplication.translate("ErrorText", "That cannot be done as asked."),
    "conflict": lambda: QCoreApplication.translate("ErrorText", "That exists already."),
    "not_found": lambda: QCoreApplication.translate(
        "ErrorText", "That could not be found; it may have been removed."
    ),
    "store": lambda: QCoreApplication.translate(
        "ErrorText", "Sessiondesk's database cannot be used right now."
    ),
    "vault": lambda: QCoreApplication.translate(
        "ErrorText", "The keyring refused to keep or give the secret."
    ),
    "claude": lambda: QCoreApplication.translate(
        "ErrorText", "claude could not be run or did not answer as expected."
    ),
    "claude_not_found": lambda: QCoreApplication.translate(
        "ErrorText", "The claude program was not found. Choose it in Settings."
    ),
    "error": lambda: QCoreApplication.translate("ErrorText", "Something went wrong."),
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
