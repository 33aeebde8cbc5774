"""What the window says about a service error: its own words, in the person's language.

A `SessiondeskError` carries an English message for the command line and a
`kind` with `details` for the window. Every kind the window knows has a
translated sentence here; an unknown kind falls back to its family's
sentence (usage, not found, keyring…), never to the English message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from desktop.domain.errors import SessiondeskError


def _refused(text: str) -> Callable[[dict[str, Any]], str]:
    """A bundle file refused for this reason (translated in context ErrorText)."""
    return lambda d: QCoreApplication.translate("ErrorText", text).format(**d)


# the text is marked for lupdate here and translated when the error is shown
_BUNDLE_KINDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "bundle_too_many_entries": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "The file holds {count} entries: too many for a bundle.")
    ),
    "bundle_unsafe_path": _refused(
        QT_TRANSLATE_NOOP(
            "ErrorText",
            "The entry “{entry}” has an absolute path or a path that leaves its folder.",
        )
    ),
    "bundle_symlink": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "The entry “{entry}” is a symbolic link.")
    ),
    "bundle_folder": _refused(QT_TRANSLATE_NOOP("ErrorText", "The entry “{entry}” is a folder.")),
    "bundle_encrypted": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "The entry “{entry}” is encrypted.")
    ),
    "bundle_duplicate": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "The entry “{entry}” appears twice.")
    ),
    "bundle_too_large": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "The entry “{entry}” is too large.")
    ),
    "bundle_zip_bomb": _refused(
        QT_TRANSLATE_NOOP(
            "ErrorText", "The entry “{entry}” would expand far beyond its size (a zip bomb?)."
        )
    ),
    "bundle_too_large_in_all": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "The file would expand to more than a bundle may hold.")
    ),
    "not_a_bundle": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "The file is not a Sessiondesk bundle.")
    ),
    "bundle_bad_manifest": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "The bundle's manifest is damaged or invalid.")
    ),
    "bundle_newer": _refused(
        QT_TRANSLATE_NOOP(
            "ErrorText",
            "The bundle was made by a newer Sessiondesk (format {version}): update to import it.",
        )
    ),
    "bundle_entry_missing": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "The manifest lists “{entry}”, which the file lacks.")
    ),
    "bundle_entry_unlisted": _refused(
        QT_TRANSLATE_NOOP(
            "ErrorText", "The file holds “{entry}”, which its manifest does not list."
        )
    ),
    "bundle_entry_mismatch": _refused(
        QT_TRANSLATE_NOOP(
            "ErrorText", "“{entry}” is not what the manifest says (its size or checksum differs)."
        )
    ),
    "bundle_unreadable": _refused(QT_TRANSLATE_NOOP("ErrorText", "{path} cannot be read.")),
    "bundle_damaged": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "{path} is not a readable zip file (damaged?).")
    ),
    "save_folder_missing": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "The folder {folder} does not exist.")
    ),
    "bundle_other_accounts": _refused(
        QT_TRANSLATE_NOOP(
            "ErrorText",
            "The bundle holds items of other accounts than {account}: {items}. "
            "Tick the box to send their text under {account}.",
        )
    ),
    "bundle_exists": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "A bundle named “{name}” exists already.")
    ),
    "bad_bundle_name": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "A bundle's name is 1 to 128 printable characters.")
    ),
    "note_empty": _refused(QT_TRANSLATE_NOOP("ErrorText", "The note is empty.")),
}

# an image offered to the composer that cannot go with a turn
_IMAGE_KINDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "image_type": _refused(
        QT_TRANSLATE_NOOP(
            "ErrorText", "{name} is not an image Claude accepts (PNG, JPEG, GIF or WebP)."
        )
    ),
    "image_too_big": _refused(
        QT_TRANSLATE_NOOP(
            "ErrorText",
            "{name} is {size}; an image can be at most {limit} (the Claude API's limit).",
        )
    ),
    "image_count": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "A turn can send at most {limit} images.")
    ),
    "image_missing": _refused(QT_TRANSLATE_NOOP("ErrorText", "There is no image file {path}.")),
    "image_unreadable": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "The image {path} cannot be read.")
    ),
}

# where a file the person asked for could not go, and a home that cannot be used
_FILE_KINDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "output_is_folder": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "{path} is a folder: choose a file name.")
    ),
    "output_is_device": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "{path} is a device, not a file: choose a file name.")
    ),
    "output_is_pipe": _refused(
        QT_TRANSLATE_NOOP(
            "ErrorText", "{path} is a named pipe (FIFO), not a file: choose a file name."
        )
    ),
    "output_is_special": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "{path} is not a regular file: choose another file name.")
    ),
    "output_read_only": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "{path} is read-only: choose another file name.")
    ),
    "output_failed": _refused(
        QT_TRANSLATE_NOOP("ErrorText", "{path} cannot be written ({why}). Nothing was changed.")
    ),
    "output_name_empty": _refused(QT_TRANSLATE_NOOP("ErrorText", "Choose a file name.")),
    "home_unusable": _refused(
        QT_TRANSLATE_NOOP(
            "ErrorText",
            "{path} is on a kernel file system and cannot hold Sessiondesk's data: "
            "choose another folder.",
        )
    ),
    "home_read_only": _refused(
        QT_TRANSLATE_NOOP(
            "ErrorText",
            "Sessiondesk's data folder {path} is read-only: make it writable, "
            "or choose another folder.",
        )
    ),
    "disk_full": _refused(
        QT_TRANSLATE_NOOP(
            "ErrorText", "The disk that holds {path} is full: free some space and try again."
        )
    ),
    "database_read_only": _refused(
        QT_TRANSLATE_NOOP(
            "ErrorText",
            "The database {path} cannot be written (a read-only or immutable file): "
            "make it writable.",
        )
    ),
}

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
    "delete_busy": lambda d: QCoreApplication.translate(
        "ErrorText", "{code} is still answering a turn: stop it first (Esc), then delete it."
    ).format(**d),
    "unknown_reference": lambda d: QCoreApplication.translate(
        "ErrorText", "There is no conversation {codes}: fix the reference. Nothing was sent."
    ).format(**d),
    "cross_account_reference": lambda d: QCoreApplication.translate(
        "ErrorText", "{codes} belongs to another account than {account}. Nothing was sent."
    ).format(**d),
    "keyring_locked": lambda d: QCoreApplication.translate(
        "ErrorText", "The keyring is locked: unlock it and try again."
    ),
    "database_damaged": lambda d: (
        QCoreApplication.translate(
            "ErrorText",
            "Sessiondesk's database {path} is damaged and was left as it is. Restore it from "
            "a backup; if only the search index is damaged, rebuild the index.",
        ).format(**d)
        + _lost_turn(d)
    ),
    "database_gone": lambda d: (
        QCoreApplication.translate(
            "ErrorText",
            "Sessiondesk's database {path} was deleted or replaced while in use. Nothing more "
            "was written to it: restore it from a backup.",
        ).format(**d)
        + _lost_turn(d)
    ),
    "conversation_moved": lambda d: QCoreApplication.translate(
        "ErrorText",
        "That turn ran under {account}, and its conversation has moved to {owner}: "
        "continue the conversation itself instead. Nothing was sent.",
    ).format(**d),
    **_BUNDLE_KINDS,
    **_FILE_KINDS,
    **_IMAGE_KINDS,
}


def _lost_turn(d: dict[str, Any]) -> str:
    """The turn a vanished database cost, when one did: where its words still are."""
    if not d.get("execution"):
        return ""
    return " " + QCoreApplication.translate(
        "ErrorText", "The turn {execution} was not kept; its transcript: {transcript}."
    ).format(execution=d["execution"], transcript=d.get("transcript") or "?")


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
