"""Tokens saved by resuming: a resumed turn's input tokens next to what a
replay would have sent, from the usage claude reported (the definition is in
`desktop.domain.token_savings` and the README). The real `claude` runs the
turns against the fake API, which reports the usage we choose."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.domain.token_savings import TokenSaving, token_saving
from tests.clirun import sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register, run_turn

FIRST = {"input_tokens": 1000, "cache_creation_input_tokens": 200,
         "cache_read_input_tokens": 300, "output_tokens": 50}  # fmt: skip
SECOND = {"input_tokens": 40, "cache_creation_input_tokens": 60,
          "cache_read_input_tokens": 1500, "output_tokens": 20}  # fmt: skip


def test_the_saving_is_the_earlier_turns_context_and_reply() -> None:
    saving = token_saving(SECOND, FIRST)
    # new input: 40 + 60; the history a replay re-sends: 1000 + 200 + 300 + 50
    assert saving == TokenSaving(input_tokens=100, replay_tokens=1650)
    assert saving.saved == 1550


def test_no_figure_without_both_usages() -> None:
    assert token_saving(SECOND, None) is None
    assert token_saving(None, FIRST) is None
    assert token_saving(SECOND, {"output_tokens": 5}) is None, "a context never reported"


def test_no_figure_from_a_turn_that_read_nothing() -> None:
    """A failed or stopped turn reports zeros: "0 new tokens in, a replay would have
    sent 0" said what did not happen (seen in the flow walk's screenshots)."""
    zeros = {"input_tokens": 0, "cache_creation_input_tokens": 0,
             "cache_read_input_tokens": 0, "output_tokens": 0}  # fmt: skip
    assert token_saving(zeros, FIRST) is None, "the failed turn itself"
    assert token_saving(SECOND, zeros) is None, "the turn after a failed one"


@pytest.mark.claude
@pytest.mark.keyring
def test_stats_count_what_resumed_turns_did_not_resend(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    fake_api.enqueue(Reply.text("PELICAN.", **FIRST))
    first = run_turn(home, env, "--account", "alpha", "--cwd", str(project), "remember")
    assert first.code == 0, first.stderr
    conversation = first.json_lines()[-1]["conversation_id"]
    fake_api.enqueue(Reply.text("Still PELICAN.", **SECOND))
    second = run_turn(home, env, "--conversation", conversation, "what was it?")
    assert second.code == 0, second.stderr
    assert second.json_lines()[-1]["resumed"] is True

    shown = sessiondesk(home, "--json", "stats", env=env)
    assert shown.code == 0, shown.stderr
    stats = shown.json()
    totals = stats["totals"]
    assert (totals["resumed_input_tokens"], totals["replay_tokens"]) == (100, 1650)
    assert totals["tokens_saved"] == 1550
    (alpha,) = stats["accounts"]
    assert alpha["tokens_saved"] == 1550
    text = sessiondesk(home, "stats", env=env)
    assert "TOKENS SAVED" in text.stdout and "1550" in text.stdout
