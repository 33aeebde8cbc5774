"""`[[SESS-042]]` in a prompt, with the real claude through the fake API: the
referenced conversation's recent text goes before the prompt, labelled; an
unknown handle stops the turn before anything is sent; another account's
conversation is sent only with --confirm-cross-account."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.clirun import CliResult, sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply, last_user_text
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register, run_turn

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


def _turn(home: Path, env: dict[str, str], *args: str) -> dict[str, Any]:
    result = run_turn(home, env, *args)
    assert result.code == 0, result.stderr
    return result.json_lines()[-1]


def _conversations(home: Path, env: dict[str, str]) -> list[str]:
    listed = sessiondesk(home, "--json", "conversations", "list", "--hidden", env=env)
    assert listed.code == 0, listed.stderr
    return [c["code"] for c in listed.json()]


def _refused(result: CliResult, *words: str) -> None:
    assert result.code == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert all(word in lines[0] for word in words), lines[0]


def test_a_reference_carries_that_conversations_recent_text(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    fake_api.enqueue(Reply.text("Named the ship ALBATROSS, painted it TEAL."))
    first = _turn(home, env, "--account", "alpha", "--cwd", str(project), "name the ship")
    code = sessiondesk(home, "--json", "conversations", "show", first["conversation_id"],
                       env=env).json()["code"]  # fmt: skip
    assert code == "SESS-001"

    fake_api.enqueue(Reply.text("Done the same way."))
    prompt = "name the boat the way [[SESS-001]] did"
    second = _turn(home, env, "--account", "alpha", "--cwd", str(project), prompt)
    assert second["status"] == "succeeded"
    sent = last_user_text(fake_api.main_turns()[-1])
    assert "ALBATROSS" in sent and "TEAL" in sent and "name the ship" in sent
    assert 'label="SESS-001' in sent, "the carried text is labelled with its handle"
    assert sent.rstrip().endswith(prompt), "the request comes last, as typed"
    shown = sessiondesk(home, "--json", "conversations", "show", second["conversation_id"],
                        env=env).json()  # fmt: skip
    assert shown["title"] == prompt, "named after what was typed, not the context"

    # continuing a conversation expands its prompt's references too
    fake_api.enqueue(Reply.text("Again."))
    _turn(home, env, "--conversation", second["conversation_id"], "and [[sess-1]] once more")
    assert "ALBATROSS" in last_user_text(fake_api.main_turns()[-1])


def test_an_unknown_handle_is_refused_before_anything_is_sent(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    fake_api.enqueue(Reply.text("Hello."))
    first = _turn(home, env, "--account", "alpha", "--cwd", str(project), "hello")
    asked = len(fake_api.main_turns())
    for args, unknown in (
        (("run", "--account", "alpha", "--cwd", str(project), "like [[SESS-099]] did"),
         "SESS-099"),
        (("continue", first["execution_id"], "and [[SESS-001]] and [[SESS-7]]"), "SESS-007"),
        (("fork", "SESS-001", "as [[SESS-042]] said"), "SESS-042"),
    ):  # fmt: skip
        refused = sessiondesk(home, "--json", *args, env=env)
        _refused(refused, f"no conversation {unknown} ", "nothing was sent")
    assert len(fake_api.main_turns()) == asked, "nothing reached the API"
    assert _conversations(home, env) == ["SESS-001"], "no conversation was started"


def test_another_accounts_conversation_needs_confirmation(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    register(home, claude_account("beta"), claude_bin)
    fake_api.enqueue(Reply.text("The secret harbour is OSPREY COVE."))
    _turn(home, env, "--account", "alpha", "--cwd", str(project), "where do we anchor?")
    asked = len(fake_api.main_turns())

    refused = run_turn(home, env, "--account", "beta", "--cwd", str(project),
                       "anchor where [[SESS-001]] said")  # fmt: skip
    _refused(refused, "SESS-001 (alpha)", "beta", "--confirm-cross-account")
    assert len(fake_api.main_turns()) == asked
    assert _conversations(home, env) == ["SESS-001"]

    fake_api.enqueue(Reply.text("Anchoring there."))
    allowed = _turn(home, env, "--account", "beta", "--cwd", str(project),
                    "--confirm-cross-account", "anchor where [[SESS-001]] said")  # fmt: skip
    assert allowed["account"] == "beta" and allowed["status"] == "succeeded"
    assert "OSPREY COVE" in last_user_text(fake_api.main_turns()[-1])
