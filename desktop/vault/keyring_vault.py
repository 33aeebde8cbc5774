"""Account secrets in the OS keyring (Secret Service, Keychain, Credential Locker).

Never a plaintext file and never the fail backend: when no real keyring is
there, storing a secret is refused with a message that says what to do.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.domain.errors import VaultError
from desktop.file_lock import exclusive

if TYPE_CHECKING:
    from keyring.backend import KeyringBackend

SERVICE = "sessiondesk"


@contextlib.contextmanager
def one_call_at_a_time() -> Iterator[None]:
    """Hold the keyring for this user's processes while one call runs.

    gnome-keyring-daemon 42 loses track of its collections when clients overlap.
    Measured for 30 s on its own bus: three processes storing and deleting saw the
    default collection missing (an `InitError` after a create prompt no one could
    answer); one storing beside one reading killed the daemon, and the bus then
    started a fresh one whose keyring was locked. With every call holding this
    lock, three writers and a reader made 1,290-1,670 calls a run in three runs
    without an error (`bench/keyring_overlap.py`). The lock lives where the
    Secret Service's session does (the runtime folder), so the window, scripts
    and a second window all take turns.
    """
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    folder = Path(runtime) if runtime and os.path.isdir(runtime) else Path(tempfile.gettempdir())
    uid = os.getuid() if hasattr(os, "getuid") else 0
    with contextlib.ExitStack() as held:
        # a lock file we may not open (another user's, a read-only folder) only costs
        # the turn-taking; the secret is still stored or read
        with contextlib.suppress(OSError):
            held.enter_context(exclusive(folder / f"sessiondesk-keyring-{uid}.lock"))
        yield


def _backend() -> KeyringBackend:
    # keyring (and its D-Bus backend) loads at the first secret asked for, not
    # when the services are wired: most commands never need one
    import keyring
    from keyring.backends import fail, null

    backend = keyring.get_keyring()
    module = type(backend).__module__
    plaintext = module.startswith("keyrings.alt") or module.endswith(".file")
    if isinstance(backend, fail.Keyring | null.Keyring) or plaintext:
        raise VaultError(
            "no OS keyring is available: start a Secret Service (for example "
            "gnome-keyring-daemon) and unlock it, then try again",
            kind="keyring_missing",
        )
    return backend


def _wrap(action: str, exc: Exception, secret: str | None = None) -> VaultError:
    import keyring.errors

    if isinstance(exc, keyring.errors.KeyringLocked):
        return VaultError(f"the OS keyring is locked: unlock it to {action}", kind="keyring_locked")
    # the backend's own words say which part failed (no collection, no service, a
    # dismissed prompt); a reason that quotes the secret is left out, never shown
    reason = " ".join(str(exc).split())[:200].rstrip(".")
    if not reason or (secret and secret in str(exc)):
        return VaultError(f"the OS keyring refused to {action}: {type(exc).__name__}")
    return VaultError(f"the OS keyring refused to {action}: {type(exc).__name__} ({reason})")


class KeyringVault:
    """Secrets by account key (`Account.secret_ref`), under one keyring service."""

    def __init__(self, service: str = SERVICE) -> None:
        self._service = service

    def store(self, account: str, secret: str) -> None:
        try:
            with one_call_at_a_time():
                _backend().set_password(self._service, account, secret)
        except VaultError:
            raise
        except Exception as exc:  # keyring backends raise many kinds
            raise _wrap("store the secret", exc, secret) from None

    def load(self, account: str) -> str | None:
        try:
            with one_call_at_a_time():
                return _backend().get_password(self._service, account)
        except VaultError:
            raise
        except Exception as exc:
            raise _wrap("read the secret", exc) from None

    def delete(self, account: str) -> None:
        from keyring.errors import PasswordDeleteError

        try:
            with one_call_at_a_time():
                _backend().delete_password(self._service, account)
        except PasswordDeleteError:
            return
        except VaultError:
            raise
        except Exception as exc:
            raise _wrap("delete the secret", exc) from None

    def has(self, account: str) -> bool:
        return self.load(account) is not None
