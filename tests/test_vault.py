"""Secrets live in the real OS keyring: never in argv, the database or a crash report."""

from __future__ import annotations

import secrets
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from desktop.crash import report_crash
from desktop.vault.keyring_vault import KeyringVault, _wrap
from tests.clirun import sessiondesk
from tests.vaultkit import keyring_key

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

    key = keyring_key(home, "beta")
    assert KeyringVault().load(key) == secret
    listed = sessiondesk(home, "--json", "accounts", "list").json()
    assert listed[0]["has_secret"] is True
    assert secret.encode() not in _db_bytes(home)

    assert sessiondesk(home, "accounts", "remove", "beta").code == 0
    assert KeyringVault().load(key) is None


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
    assert KeyringVault().load(keyring_key(home, "gamma")) == token
    assert sessiondesk(home, "accounts", "remove", "gamma").code == 0


def _has_secret(home: Path, name: str) -> bool:
    listed = sessiondesk(home, "--json", "accounts", "list").json()
    return next(a["has_secret"] for a in listed if a["name"] == name)


def test_a_name_reused_in_another_home_or_after_removal_has_no_secret(
    home: Path, tmp_path: Path
) -> None:
    token = "sk-ant-oat01-" + secrets.token_urlsafe(24)
    first, second = tmp_path / "first", tmp_path / "second"
    for home, secret in ((first, token), (second, None)):
        added = sessiondesk(
            home, "accounts", "add", "delta", "--config-dir", str(tmp_path / "cfg"), "--create",
            "--auth", "oauth-token", *(["--secret-stdin"] if secret else []), stdin=secret or "",
        )  # fmt: skip
        assert added.code == 0, added.stderr
    assert (_has_secret(first, "delta"), _has_secret(second, "delta")) == (True, False)
    old_key = keyring_key(first, "delta")

    assert sessiondesk(first, "accounts", "remove", "delta").code == 0
    assert KeyringVault().load(old_key) is None
    again = sessiondesk(first, "accounts", "add", "delta", "--config-dir", str(tmp_path / "cfg"),
                        "--auth", "oauth-token")  # fmt: skip
    assert again.code == 0, again.stderr
    assert keyring_key(first, "delta") != old_key
    assert _has_secret(first, "delta") is False


def test_edit_changes_folder_and_sign_in_kind(home: Path, tmp_path: Path) -> None:
    token = "sk-ant-oat01-" + secrets.token_urlsafe(24)
    added = sessiondesk(
        home, "accounts", "add", "eta", "--config-dir", str(tmp_path / "a"), "--create",
        "--auth", "oauth-token", "--secret-stdin", stdin=token,
    )  # fmt: skip
    assert added.code == 0, added.stderr

    nothing = sessiondesk(home, "accounts", "edit", "eta")
    assert nothing.code == 2 and "--config-dir" in nothing.stderr
    typo = sessiondesk(home, "accounts", "edit", "eta", "--config-dir", str(tmp_path / "nope"))
    assert typo.code == 2 and "does not exist" in typo.stderr
    unknown = sessiondesk(home, "accounts", "edit", "zeta", "--auth", "login")
    assert unknown.code == 1 and "no account named 'zeta'" in unknown.stderr

    moved = sessiondesk(home, "--json", "accounts", "edit", "eta", "--config-dir",
                        str(tmp_path / "b"), "--create", "--auth", "api-key")  # fmt: skip
    assert moved.code == 0, moved.stderr
    assert moved.json()["config_dir"] == str(tmp_path / "b")
    assert (moved.json()["auth"], moved.json()["has_secret"]) == ("api-key", True)
    assert KeyringVault().load(keyring_key(home, "eta")) == token  # stays with the account

    # a 'login' account keeps its login in its folder: the stored secret is forgotten
    login = sessiondesk(home, "--json", "accounts", "edit", "eta", "--auth", "login")
    assert (login.json()["auth"], login.json()["has_secret"]) == ("login", False)
    assert KeyringVault().load(keyring_key(home, "eta")) is None
    assert token.encode() not in _db_bytes(home)


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


HOLDER = """
import sys
from desktop.vault.keyring_vault import one_call_at_a_time
with one_call_at_a_time():
    print("held", flush=True)
    sys.stdin.read()
"""


def test_keyring_calls_of_several_processes_take_turns(keyring_backend: object) -> None:
    # gnome-keyring-daemon 42 loses its default collection, or dies, when calls overlap
    key, secret = f"turns-{secrets.token_hex(6)}", "sk-ant-api03-" + secrets.token_urlsafe(24)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    storing = threading.Thread(target=KeyringVault().store, args=(key, secret))
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        storing.start()
        storing.join(0.5)
        assert storing.is_alive(), "a keyring call went ahead while another process held it"
    finally:
        assert holder.stdin is not None and holder.stdout is not None
        holder.stdin.close()
        holder.wait(10)
        holder.stdout.close()
    storing.join(10)
    assert not storing.is_alive(), "the call did not go ahead once the other process let go"
    try:
        assert KeyringVault().load(key) == secret
    finally:
        KeyringVault().delete(key)
    assert KeyringVault().load(key) is None


def test_a_refusal_gives_the_keyrings_reason_but_never_the_secret() -> None:
    from keyring.errors import InitError

    dismissed = InitError("Failed to create the collection: Prompt dismissed.")
    assert str(_wrap("store the secret", dismissed, "sk-ant-x")) == (
        "the OS keyring refused to store the secret: "
        "InitError (Failed to create the collection: Prompt dismissed)"
    )
    quoting = _wrap(
        "store the secret", ValueError("cannot store sk-ant-api03-XYZ"), "sk-ant-api03-XYZ"
    )
    assert str(quoting) == "the OS keyring refused to store the secret: ValueError"
    assert str(_wrap("read the secret", OSError())) == (
        "the OS keyring refused to read the secret: OSError"
    )
