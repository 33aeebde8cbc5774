"""Account secrets in the OS keyring (Secret Service, Keychain, Credential Locker).

Never a plaintext file and never the fail backend: when no real keyring is
there, storing a secret is refused with a message that says what to do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop.domain.errors import VaultError

if TYPE_CHECKING:
    from keyring.backend import KeyringBackend

SERVICE = "sessiondesk"


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


def _wrap(action: str, exc: Exception) -> VaultError:
    import keyring.errors

    if isinstance(exc, keyring.errors.KeyringLocked):
        return VaultError(f"the OS keyring is locked: unlock it to {action}", kind="keyring_locked")
    return VaultError(f"the OS keyring refused to {action}: {type(exc).__name__}")


class KeyringVault:
    """Secrets by account key (`Account.secret_ref`), under one keyring service."""

    def __init__(self, service: str = SERVICE) -> None:
        self._service = service

    def store(self, account: str, secret: str) -> None:
        try:
            _backend().set_password(self._service, account, secret)
        except VaultError:
            raise
        except Exception as exc:  # keyring backends raise many kinds
            raise _wrap("store the secret", exc) from None

    def load(self, account: str) -> str | None:
        try:
            return _backend().get_password(self._service, account)
        except VaultError:
            raise
        except Exception as exc:
            raise _wrap("read the secret", exc) from None

    def delete(self, account: str) -> None:
        from keyring.errors import PasswordDeleteError

        try:
            _backend().delete_password(self._service, account)
        except PasswordDeleteError:
            return
        except VaultError:
            raise
        except Exception as exc:
            raise _wrap("delete the secret", exc) from None

    def has(self, account: str) -> bool:
        return self.load(account) is not None
