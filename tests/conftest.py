"""Shared fixtures. Rig fixtures live in tests/rig/ and are registered here."""

from __future__ import annotations

import gc
import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.clirun import sessiondesk

pytest_plugins: list[str] = [
    "tests.rig.fixtures",
]


@pytest.fixture(autouse=True)
def _leaks_fail_their_test() -> Iterator[None]:
    """What a test left open fails that test's teardown, not a later test.

    An unclosed sqlite3 connection, file or socket warns from its finaliser; one held
    in a reference cycle (an SQLAlchemy engine's pool) is finalised only when the
    collector next runs, under whichever test runs then. Collected here, its
    ResourceWarning (an error, see pyproject) reaches pytest's unraisable-exception
    check at the end of this teardown.

    Cost: what was alive before the test is frozen, so the collection walks only what
    the test made (200 command-line tests: 0.08 s of CPU in all), where a full one
    walks the window tests' whole heap (~0.13 s each, ~160 s a run). A test whose code
    thaws it (the window's collector, the transcript filler: CPython has one frozen
    generation) pays a full one. Measured over a whole run: 18 s of CPU for 1,150
    tests, most of it in the 80 window tests that thaw (~2% of the run's CPU)."""
    gc.freeze()
    try:
        yield
    finally:
        gc.collect()
        gc.unfreeze()


@pytest.fixture(autouse=True)
def _audit_log_left_behind() -> Iterator[None]:
    """A command run in-process points the audit log at its test's home; a later test
    in the same worker would write there after the home is gone (a logged error)."""
    from desktop.audit_file import LOGGER

    logger = logging.getLogger(LOGGER)
    before = list(logger.handlers)
    yield
    for handler in [h for h in logger.handlers if h not in before]:
        logger.removeHandler(handler)
        handler.close()


def pytest_fixture_post_finalizer(fixturedef: pytest.FixtureDef[object]) -> None:
    """A wider fixture's objects were frozen in each of its tests: one full collection
    after its teardown finds its leak, in the teardown of the last test that used it.
    Four modules have such fixtures, so this is cheaper than a collection a module."""
    if fixturedef.scope != "function":
        gc.collect()


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
