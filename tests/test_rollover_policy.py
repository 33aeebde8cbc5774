"""The rollover policy and its settings, as plain values (no claude, no Qt)."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.domain.carry import CarryMode
from desktop.domain.rollover import COMPACTION_MARGIN, RolloverPolicy
from tests.clirun import sessiondesk


def test_the_fixed_threshold_holds_until_the_window_is_known() -> None:
    policy = RolloverPolicy(threshold_tokens=150_000)
    assert policy.threshold(None) == 150_000
    assert policy.due(149_999, None) is None
    assert policy.due(150_000, None) == 150_000
    assert policy.due(None, None) is None


def test_the_fraction_of_the_window_is_used_when_set() -> None:
    policy = RolloverPolicy(threshold_tokens=150_000, threshold_fraction=0.5)
    assert policy.threshold(None) == 150_000  # no window reported: the tokens
    assert policy.threshold(200_000) == 100_000
    assert policy.due(100_000, 200_000) == 100_000


def test_the_threshold_always_comes_before_claudes_own_compaction() -> None:
    assert RolloverPolicy(threshold_tokens=190_000).threshold(200_000) == (
        200_000 - COMPACTION_MARGIN
    )
    assert RolloverPolicy(threshold_fraction=0.99).threshold(1_000_000) == (
        1_000_000 - COMPACTION_MARGIN
    )


def test_disabled_never_rolls_over() -> None:
    assert RolloverPolicy(enabled=False, threshold_tokens=10).due(10**9, 200_000) is None


def test_fill_is_the_share_of_the_threshold() -> None:
    policy = RolloverPolicy(threshold_tokens=100_000)
    assert policy.fill(62_000, None) == pytest.approx(0.62)
    assert policy.fill(None, None) is None


def test_the_policy_reads_the_stored_settings() -> None:
    policy = RolloverPolicy.of({
        "rollover.enabled": "false", "rollover.threshold_tokens": "1000",
        "rollover.threshold_fraction": "0.7", "rollover.seed": "summary",
    })  # fmt: skip
    assert policy == RolloverPolicy(False, 1000, 0.7, CarryMode.SUMMARY)
    assert RolloverPolicy.of({"rollover.threshold_fraction": ""}) == RolloverPolicy()


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("rollover.threshold_tokens", "lots", "positive whole number"),
        ("rollover.threshold_tokens", "0", "positive whole number"),
        ("rollover.threshold_fraction", "1.5", "between 0 and 1"),
        ("rollover.threshold_fraction", "half", "between 0 and 1"),
        ("rollover.seed", "migrate", "raw or summary"),
        ("rollover.enabled", "maybe", "true or false"),
    ],
)
def test_bad_rollover_settings_are_one_clear_line(
    home: Path, key: str, value: str, words: str
) -> None:
    refused = sessiondesk(home, "settings", "set", key, value)
    assert refused.code == 2
    lines = refused.stderr.strip().splitlines()
    assert len(lines) == 1 and key in lines[0] and words in lines[0], refused.stderr


def test_the_rollover_settings_are_listed_with_their_defaults(home: Path) -> None:
    listed = sessiondesk(home, "--json", "settings", "list").json()
    assert listed["rollover.enabled"] == "true"
    assert listed["rollover.threshold_tokens"] == "150000"
    assert listed["rollover.threshold_fraction"] == ""
    assert listed["rollover.seed"] == "raw"
    changed = sessiondesk(home, "--json", "settings", "set", "rollover.threshold_fraction", ".7")
    assert changed.json() == {"key": "rollover.threshold_fraction", "value": "0.7"}
    cleared = sessiondesk(home, "--json", "settings", "set", "rollover.threshold_fraction", "")
    assert cleared.json()["value"] == ""
