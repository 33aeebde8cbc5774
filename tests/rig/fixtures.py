"""Pytest fixtures of the test rig, registered in tests/conftest.py.

* ``claude_bin``: the real CLI (pinned version, installed on demand).
* ``fake_api``: the fake Messages API, emptied before each test.
* ``claude_account``: a factory of accounts that run the real CLI against it.
* ``keyring_backend``: the real Secret Service keyring, or skip/fail.

Markers and fixtures go together both ways: a test that uses ``claude_bin`` (or
``claude_account``) is marked ``claude`` and one that uses ``keyring_backend`` is
marked ``keyring``, so ``-m "not claude"`` deselects it; a test marked
``claude``/``keyring`` gets the matching check without asking for the fixture.
When something is missing the test is skipped, except under CI (env ``CI``),
where a missing prerequisite fails the run instead of silently passing it.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn, Protocol

import pytest

from tests.rig.claude import (
    CLAUDE_CLI_VERSION,
    ClaudeAccount,
    ClaudeUnavailable,
    find_claude,
    make_account,
)
from tests.rig.fakeapi import FakeAPI

__all__ = [
    "CLAUDE_CLI_VERSION",
    "AccountFactory",
    "claude_account",
    "claude_bin",
    "fake_api",
    "keyring_backend",
]

_MARKER_FIXTURES = {"claude": "claude_bin", "keyring": "keyring_backend"}


def _unavailable(reason: str) -> NoReturn:
    if os.environ.get("CI"):
        pytest.fail(f"required under CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # tryfirst: the markers must be on the items before -m deselection runs.
    for item in items:
        used = getattr(item, "fixturenames", ())
        for marker, fixture in _MARKER_FIXTURES.items():
            if fixture in used and item.get_closest_marker(marker) is None:
                item.add_marker(marker)


@pytest.fixture(autouse=True)
def _rig_marker_checks(request: pytest.FixtureRequest) -> None:
    for marker, fixture in _MARKER_FIXTURES.items():
        if request.node.get_closest_marker(marker) is not None:
            request.getfixturevalue(fixture)


# ---------------------------------------------------------------- the real CLI


@pytest.fixture(scope="session")
def _claude_bin_lookup() -> Path | str:
    # Looked up once per session; a failure is remembered as its reason.
    try:
        return find_claude()
    except ClaudeUnavailable as exc:
        return str(exc)
    except (OSError, TimeoutError) as exc:
        return f"could not get the claude CLI: {exc}"


@pytest.fixture(scope="session")
def claude_bin(_claude_bin_lookup: Path | str) -> Path:
    """Path to the real claude binary (see tests.rig.claude.find_claude)."""
    if isinstance(_claude_bin_lookup, str):
        _unavailable(_claude_bin_lookup)
    return _claude_bin_lookup


# ---------------------------------------------------------------- the fake API


@pytest.fixture(scope="session")
def _fake_api_server() -> Iterator[FakeAPI]:
    with FakeAPI() as server:
        yield server


@pytest.fixture
def fake_api(_fake_api_server: FakeAPI) -> Iterator[FakeAPI]:
    """The fake Messages API with no scripted replies and no recorded requests."""
    _fake_api_server.reset()
    yield _fake_api_server
    _fake_api_server.reset()


class AccountFactory(Protocol):
    def __call__(
        self, name: str = "alpha", *, max_retries: int | None = 0, onboarded: bool = True
    ) -> ClaudeAccount: ...


@pytest.fixture
def claude_account(claude_bin: Path, fake_api: FakeAPI, tmp_path: Path) -> AccountFactory:
    """Factory: ``claude_account(name="alpha", *, max_retries=0, onboarded=True)``.

    Each account gets a fresh config dir under tmp_path and a unique fake API key,
    and talks only to ``fake_api``. ``max_retries=None`` keeps the CLI's own
    retry policy; ``onboarded=False`` leaves the config dir empty.
    """
    root = tmp_path / "claude-accounts"

    def make(
        name: str = "alpha", *, max_retries: int | None = 0, onboarded: bool = True
    ) -> ClaudeAccount:
        return make_account(
            name,
            root=root,
            binary=claude_bin,
            base_url=fake_api.url,
            max_retries=max_retries,
            onboarded=onboarded,
        )

    return make


# ---------------------------------------------------------------- the keyring


@pytest.fixture(scope="session")
def _keyring_problem() -> str | None:
    """Why the real keyring cannot be used, or None when it can (checked once)."""
    try:
        import keyring
        from keyring.backends import SecretService, chainer
    except ImportError as exc:
        return f"keyring is not importable: {exc}"
    backend: Any = keyring.get_keyring()
    inner = backend.backends[0] if isinstance(backend, chainer.ChainerBackend) else backend
    if not isinstance(inner, SecretService.Keyring):
        return (
            f"keyring backend is {type(backend).__module__}.{type(backend).__name__}, not "
            "Secret Service (run under dbus-run-session with an unlocked gnome-keyring)"
        )
    # The backend can be chosen yet unusable (locked collection, no prompter), so
    # prove it with a real write, read and delete.
    from desktop.vault.keyring_vault import one_call_at_a_time

    service, user = "sessiondesk-test-rig", f"probe-{secrets.token_hex(6)}"
    try:
        # every worker probes at its first keyring test, all at once: the probes take
        # turns with each other and the app's calls, as the app's own calls do
        with one_call_at_a_time():
            keyring.set_password(service, user, "probe")
            value = keyring.get_password(service, user)
            keyring.delete_password(service, user)
    except Exception as exc:
        return f"Secret Service keyring does not work: {type(exc).__name__}: {exc}"
    if value != "probe":
        return f"Secret Service keyring returned {value!r} for a value just stored"
    return None


@pytest.fixture
def keyring_backend(_keyring_problem: str | None) -> Any:
    """The working Secret Service keyring backend (skips, or fails under CI, if none)."""
    if _keyring_problem is not None:
        _unavailable(_keyring_problem)
    import keyring

    return keyring.get_keyring()
