"""argv and environment of a run: every option lands, no secret ever does."""

from __future__ import annotations

import pytest

from desktop.claude.argv import build_argv, build_env, check_argv
from desktop.domain.errors import ClaudeError, UsageError
from desktop.domain.runs import Capabilities, RunRequest

SECRET = "sk-ant-api03-verysecretvalue-0123456789"
TOKEN = "sk-ant-oat01-anothersecret-abcdefghij"
PARENT = "11111111-2222-4333-8444-555555555555"
CHILD = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"


def value_after(argv: list[str], flag: str) -> list[str]:
    return [argv[i + 1] for i, a in enumerate(argv) if a == flag]


def test_a_plain_run() -> None:
    argv = build_argv("/opt/claude", RunRequest(cwd="/src"))
    assert argv[:2] == ["/opt/claude", "-p"]
    assert value_after(argv, "--output-format") == ["stream-json"]
    assert value_after(argv, "--input-format") == ["stream-json"]
    assert value_after(argv, "--permission-prompt-tool") == ["stdio"]
    for flag in ("--verbose", "--include-partial-messages", "--replay-user-messages"):
        assert flag in argv
    for flag in ("--resume", "--fork-session", "--model", "--append-system-prompt"):
        assert flag not in argv


def test_every_option() -> None:
    request = RunRequest(
        cwd="/src",
        resume=PARENT,
        fork_session=True,
        session_id=CHILD,
        append_system_prompt="Earlier, under another account:\n…",
        allowed_tools=("Read", "Bash(git log *)"),
        disallowed_tools=("WebFetch",),
        model="sonnet",
    )
    argv = build_argv("claude", request)
    assert value_after(argv, "--resume") == [PARENT]
    assert "--fork-session" in argv
    assert value_after(argv, "--session-id") == [CHILD]
    assert value_after(argv, "--append-system-prompt") == ["Earlier, under another account:\n…"]
    # a rule with spaces stays one argument
    assert value_after(argv, "--allowedTools") == ["Read", "Bash(git log *)"]
    assert value_after(argv, "--disallowedTools") == ["WebFetch"]
    assert value_after(argv, "--model") == ["sonnet"]


def test_no_permission_prompts() -> None:
    argv = build_argv("claude", RunRequest(cwd="/src", ask_permissions=False))
    assert "--permission-prompt-tool" not in argv


def test_secrets_never_reach_argv() -> None:
    account_env = {
        "CLAUDE_CONFIG_DIR": "/home/me/.claude-work",
        "ANTHROPIC_API_KEY": SECRET,
        "CLAUDE_CODE_OAUTH_TOKEN": TOKEN,
    }
    request = RunRequest(
        cwd="/src",
        resume=PARENT,
        fork_session=True,
        append_system_prompt="carry-over",
        allowed_tools=("Bash",),
        model="opus",
    )
    argv = build_argv("/usr/bin/claude", request)
    env = build_env(account_env, base={"PATH": "/usr/bin"})
    joined = "\0".join(argv)
    assert SECRET not in joined and TOKEN not in joined
    assert "/home/me/.claude-work" not in joined  # the config dir too goes by env
    assert env["ANTHROPIC_API_KEY"] == SECRET and env["CLAUDE_CODE_OAUTH_TOKEN"] == TOKEN
    check_argv(argv, env)  # and the guard agrees


def test_the_guard_refuses_a_secret_in_argv() -> None:
    env = {"ANTHROPIC_API_KEY": SECRET}
    leaky = build_argv("claude", RunRequest(cwd="/src", append_system_prompt=f"key is {SECRET}"))
    with pytest.raises(ClaudeError, match="credential"):
        check_argv(leaky, env)
    # short or empty values cannot be told from ordinary words: no false alarms
    check_argv(["claude", "-p", "x"], {"ANTHROPIC_API_KEY": "", "CLAUDE_CODE_OAUTH_TOKEN": "x"})


def test_env_drops_credentials_of_other_accounts() -> None:
    base = {
        "PATH": "/usr/bin",
        "HOME": "/home/me",
        "ANTHROPIC_API_KEY": "sk-ant-from-the-shell-0000000000",
        "ANTHROPIC_AUTH_TOKEN": "another-one-from-the-shell",
        "CLAUDE_CONFIG_DIR": "/home/me/.claude",
    }
    env = build_env(
        {"CLAUDE_CONFIG_DIR": "/accounts/beta", "CLAUDE_CODE_OAUTH_TOKEN": TOKEN}, base=base
    )
    assert env == {
        "PATH": "/usr/bin",
        "HOME": "/home/me",
        "CLAUDE_CONFIG_DIR": "/accounts/beta",
        "CLAUDE_CODE_OAUTH_TOKEN": TOKEN,
    }


def test_capabilities_drop_comforts_and_refuse_needs() -> None:
    old = Capabilities("/opt/claude", "1.0.0", frozenset({"--resume", "--input-format"}))
    argv = build_argv("claude", RunRequest(cwd="/src", resume=PARENT), old)
    assert "--include-partial-messages" not in argv
    assert "--replay-user-messages" not in argv
    assert value_after(argv, "--resume") == [PARENT]
    with pytest.raises(ClaudeError, match="--fork-session"):
        build_argv("claude", RunRequest(cwd="/src", resume=PARENT, fork_session=True), old)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"fork_session": True}, "resume"),
        ({"session_id": "not-a-uuid"}, "UUID"),
        ({"resume": PARENT, "session_id": CHILD}, "new or forked"),
    ],
)
def test_impossible_requests(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        RunRequest(cwd="/src", **kwargs)  # type: ignore[arg-type]
