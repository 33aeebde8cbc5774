"""Secrets live in the real OS keyring: never in argv, the database or a crash report."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from desktop.crash import report_crash
from desktop.vault.keyring_vault import KeyringVault
from tests.clirun import sessiondesk

pytestmark = pytest.mark.keyring


def _db_bytes(home: Path) -> bytes:
    return b"".join(p.read_bytes() for p in home.glob("sessiondesk.db*"))


def test_secret_from_stdin_goes_to_the_keyring_only(home: Path, tmp_path: Path) -> None:
    secret = "sk-ant-api03-" + secrets.token_urlsafe(24)
    result = sessiondesk(
        home,
        "--json",
        "accounts",
        "add",
        "beta",
        "--config-dir",
        str(tmp_path / "beta"),
        "--create",
        "--auth",
        "api-key",
        "--secret-stdin",
        stdin=secret + "\n",
    )
    assert result.code == 0, result.stderr
    assert result.json()["has_secret"] is True
    assert secret not in result.stdout + result.stderr

    assert KeyringVault().load("beta") == secret
    listed = sessiondesk(home, "--json", "accounts", "list").json()
    assert listed[0]["has_secret"] is True
    assert secret.encode() not in _db_bytes(home)

    assert sessiondesk(home, "accounts", "remove", "beta").code == 0
    assert KeyringVault().load("beta") is None


def test_set_secret_replaces_and_rejects_empty(home: Path, tmp_path: Path) -> None:
    sessiondesk(
        home, "accounts", "add", "gamma", "--config-dir", str(tmp_path), "--auth", "oauth-token"
    )
    assert sessiondesk(home, "--json", "accounts", "list").json()[0]["has_secret"] is False
    empty = sessiondesk(home, "accounts", "set-secret", "gamma", "--secret-stdin", stdin="\n")
    assert empty.code == 2 and "empty" in empty.stderr
    token = "sk-ant-oat01-" + secrets.token_urlsafe(24)
    ok = sessiondesk(home, "accounts", "set-secret", "gamma", "--secret-stdin", stdin=token)
    assert ok.code == 0, ok.stderr
    assert KeyringVault().load("gamma") == token
    KeyringVault().delete("gamma")


def test_login_accounts_take_no_secret(home: Path, tmp_path: Path) -> None:
    result = sessiondesk(
        home,
        "accounts",
        "add",
        "delta",
        "--config-dir",
        str(tmp_path),
        "--secret-stdin",
        stdin="sk-ant-api03-whatever\n",
    )
    assert result.code == 2 and "login" in result.stderr


def test_crash_reports_mask_secrets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    token = "sk-ant-oat01-" + secrets.token_urlsafe(24)
    monkeypatch.setenv("CLAUDE_CODE_OAUTH_TOKEN", token)
    try:
        raise RuntimeError(f"request failed with CLAUDE_CODE_OAUTH_TOKEN={token}")
    except RuntimeError as exc:
        path = report_crash(tmp_path, exc)
    text = path.read_text()
    assert "request failed" in text
    assert token not in text
    assert "[redacted]" in text
