"""Shared fixtures. Rig fixtures live in tests/rig/ and are registered here."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.clirun import sessiondesk

pytest_plugins: list[str] = [
    "tests.rig.fixtures",
]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh Sessiondesk home, also exported for child processes."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("SESSIONDESK_HOME", str(folder))
    # the default account must come from the test's own config dir, never the machine's
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "no-default-claude"))
    yield folder


def in_ci() -> bool:
    return bool(os.environ.get("CI"))


# Hypothesis: a few hundred cases in the suite; `--hypothesis-profile=nightly`
# for a long run (see the README's Development section)
settings.register_profile(
    "ci",
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "nightly",
    max_examples=10_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("ci")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A working folder for turns run from the command line."""
    folder = tmp_path / "project"
    folder.mkdir()
    return folder


@pytest.fixture
def target(home: Path, tmp_path: Path) -> Path:
    """A home with one account, `mine`, to import bundles into."""
    added = sessiondesk(
        home, "accounts", "add", "mine", "--config-dir", str(tmp_path / "c"), "--create"
    )
    assert added.code == 0, added.stderr
    return home
