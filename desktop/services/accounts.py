"""Register, change, list and remove accounts; keep their secrets in the vault.

When the OS keyring cannot be used, the window may keep a secret for this
process only (`keep_for_this_run`): a dict in memory, never written anywhere,
gone when the process ends.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

from desktop.domain.accounts import DEFAULT_ACCOUNT, Account, AuthKind, validate_account_name
from desktop.domain.changes import ChangeFeed, OpChanges
from desktop.domain.errors import ConflictError, NotFoundError, UsageError, VaultError
from desktop.domain.ports import AccountRepository, SecretVault, SettingsRepository

_DEFAULT_REGISTERED = "internal.default_account_registered"


@dataclass(frozen=True, slots=True)
class AccountView:
    account: Account
    has_secret: bool | None
    """None when the keyring could not be asked (locked or missing)."""


class AccountService:
    def __init__(
        self,
        repo: AccountRepository,
        vault: SecretVault,
        settings: SettingsRepository,
        default_config_dir: Path,
        feed: ChangeFeed | None = None,
    ) -> None:
        self._feed = feed or ChangeFeed()
        self._repo = repo
        self._vault = vault
        self._settings = settings
        self._default_config_dir = default_config_dir
        self._this_run: dict[str, str] = {}
        """Secrets kept in memory only, by account name (no keyring to hold them)."""

    def default_folder(self) -> Path:
        """Where Claude Code keeps its config when nothing says otherwise."""
        return self._default_config_dir

    def ensure_default(self) -> Account | None:
        """Register the default Claude config dir once, the first time we see it."""
        if self._settings.get(_DEFAULT_REGISTERED):
            return None
        if not self._default_config_dir.is_dir() or self._repo.get(DEFAULT_ACCOUNT):
            return None
        try:
            account = self._repo.add(DEFAULT_ACCOUNT, str(self._default_config_dir), AuthKind.LOGIN)
        except ConflictError:  # another process, starting on this home at once, was first
            return None
        self._settings.set(_DEFAULT_REGISTERED, "1")
        return account

    def add(self, name: str, config_dir: str, auth: AuthKind, secret: str | None = None) -> Account:
        validate_account_name(name)
        folder = _config_folder(config_dir)
        if secret is not None and auth is AuthKind.LOGIN:
            raise UsageError("a 'login' account keeps its login in its config dir: no secret",
                             kind="login_has_no_secret")  # fmt: skip
        if secret is not None and not secret.strip():
            raise UsageError("the secret read from stdin is empty", kind="secret_empty")
        account = self._repo.add(name, str(folder), auth)
        if secret is not None:
            try:
                self._vault.store(account.secret_ref, secret.strip())
            except VaultError:
                self._repo.remove(name)
                raise
        self._changed(name)
        return account

    def edit(self, name: str, config_dir: str | None = None,
             auth: AuthKind | None = None) -> Account:  # fmt: skip
        """Give an account another config dir or sign-in kind. A 'login' account
        has no secret: turning one into it forgets the stored secret."""
        account = self.get(name)
        folder = str(_config_folder(config_dir)) if config_dir is not None else account.config_dir
        kind = auth if auth is not None else account.auth
        changed = self._repo.update(name, folder, kind)
        if changed is None:  # another process removed it meanwhile
            raise NotFoundError(f"no account named {name!r}", kind="no_account", name=name)
        if kind is AuthKind.LOGIN and account.auth is not AuthKind.LOGIN:
            self._this_run.pop(name, None)
            with contextlib.suppress(VaultError):  # no keyring: no stored secret to forget
                self._vault.delete(account.secret_ref)
        self._changed(name)
        return changed

    def get(self, name: str) -> Account:
        account = self._repo.get(name)
        if account is None:
            known = ", ".join(a.name for a in self._repo.list()) or "none yet"
            raise NotFoundError(f"no account named {name!r} (accounts: {known})",
                                kind="no_account", name=name)  # fmt: skip
        return account

    def accounts(self) -> list[Account]:
        """The accounts alone, without asking the keyring (cheap: no D-Bus)."""
        return self._repo.list()

    def list(self) -> list[AccountView]:
        views = []
        for account in self._repo.list():
            has: bool | None = None
            if account.name in self._this_run:
                has = True
            elif account.auth is not AuthKind.LOGIN:
                try:
                    has = self._vault.has(account.secret_ref)
                except VaultError:
                    has = None
            else:
                has = False
            views.append(AccountView(account, has))
        return views

    def _new_secret(self, name: str, secret: str) -> tuple[Account, str]:
        """The account and the secret to keep for it, once checked that it takes one."""
        account = self.get(name)
        if account.auth is AuthKind.LOGIN:
            raise UsageError(f"account {name!r} uses the login in its config dir: no secret",
                             kind="login_has_no_secret", name=name)  # fmt: skip
        if not secret.strip():
            raise UsageError("the secret read from stdin is empty", kind="secret_empty")
        return account, secret.strip()

    def set_secret(self, name: str, secret: str) -> None:
        account, kept = self._new_secret(name, secret)
        self._vault.store(account.secret_ref, kept)
        self._this_run.pop(name, None)  # the keyring's copy wins from now on
        self._changed(name)

    def keep_for_this_run(self, name: str, secret: str) -> None:
        """Hold the secret in this process's memory only, for when no keyring
        can keep it: never a file, the database or the environment of this
        process; each run of `claude` gets it in its own environment."""
        self._this_run[name] = self._new_secret(name, secret)[1]
        self._changed(name)

    def kept_for_this_run(self, name: str) -> bool:
        return name in self._this_run

    def secret(self, name: str) -> str | None:
        """The account's secret, for the process environment only."""
        account = self.get(name)
        if account.auth is AuthKind.LOGIN:
            return None
        if name in self._this_run:
            return self._this_run[name]
        return self._vault.load(account.secret_ref)

    def remove(self, name: str) -> None:
        account = self.get(name)
        kept = self._this_run.pop(name, None)
        if account.auth is not AuthKind.LOGIN:
            try:
                self._vault.delete(account.secret_ref)
            except VaultError:
                if kept is None:
                    raise
        self._repo.remove(name)
        if name == DEFAULT_ACCOUNT:
            self._settings.set(_DEFAULT_REGISTERED, "1")
        self._changed(name)

    def _changed(self, name: str) -> None:
        self._feed.report(OpChanges.of(accounts=[name]))


def _config_folder(config_dir: str) -> Path:
    """The absolute folder `config_dir` names; a file there is refused."""
    if not config_dir.strip():
        raise UsageError("--config-dir must name a folder", kind="folder_empty")
    folder = Path(os.path.expanduser(config_dir)).absolute()
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{folder} exists and is not a folder", kind="not_a_folder",
                         folder=str(folder))  # fmt: skip
    return folder
