"""Accounts: a name, a Claude config dir and how the account authenticates."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from desktop.domain.errors import UsageError

DEFAULT_ACCOUNT = "default"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


class AuthKind(StrEnum):
    """How `claude` authenticates under this account."""

    LOGIN = "login"
    """The login already stored in the config dir (`claude /login`)."""
    API_KEY = "api-key"
    """An Anthropic API key, handed to `claude` as ANTHROPIC_API_KEY."""
    OAUTH_TOKEN = "oauth-token"
    """A long-lived token from `claude setup-token`, as CLAUDE_CODE_OAUTH_TOKEN."""

    @property
    def env_var(self) -> str | None:
        return {
            AuthKind.API_KEY: "ANTHROPIC_API_KEY",
            AuthKind.OAUTH_TOKEN: "CLAUDE_CODE_OAUTH_TOKEN",
        }.get(self)


@dataclass(frozen=True, slots=True)
class Account:
    name: str
    config_dir: str
    auth: AuthKind = AuthKind.LOGIN
    created: datetime | None = None
    id: int | None = None
    secret_ref: str = ""
    """Names the account's keyring entry: random for each new account, so a
    secret never passes to another home's, or a later, account of that name."""


def validate_account_name(name: str) -> str:
    """Names appear in paths, keyring entries and menus: keep them plain."""
    if not _NAME.match(name):
        raise UsageError(
            f"invalid account name {name!r}: use 1-64 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit",
            kind="bad_account_name",
            name=name,
        )
    return name
