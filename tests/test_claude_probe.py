"""The capability probe: parsing, caching per binary file, failures, the real CLI."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop.claude import probe
from desktop.claude.probe import CACHE_FILE, parse_flags, parse_version, probe_claude
from desktop.domain.errors import ClaudeError
from desktop.domain.runs import PROBED_FLAGS, RuntimeFingerprint

# a slice of the real `claude --help` (2.1.332), wrapped lines and all
HELP = """\
Usage: claude [options] [command] [prompt]

Options:
  --allowedTools, --allowed-tools <tools...>
      Comma or space-separated list of tool names to allow (e.g. "Bash(git *)
      Edit")
  --append-system-prompt <prompt>       Add text to the end of the default
                                        system prompt
  --bare                                Minimal mode: skip hooks. Explicitly
                                        provide context via:
                                        --system-prompt[-file],
                                        --append-system-prompt[-file], --add-dir
                                        (CLAUDE.md dirs), --mcp-config,
  --fork-session                        When resuming, create a new session ID
  -r, --resume [value]                  Resume a conversation by session ID or
  --session-id <uuid>                   Use a specific session ID for the
  -v, --version                         Output the version number

Commands:
  mcp                                   Configure and manage MCP servers
"""


@pytest.fixture(autouse=True)
def fresh_memory() -> Iterator[None]:
    probe.forget_cached()
    yield
    probe.forget_cached()


def standin(folder: Path, *, version: str = "2.1.332 (Claude Code)", help_text: str = HELP,
            extra: str = "") -> Path:  # fmt: skip
    """A fake `claude` that logs each call to calls.log."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "help.txt").write_text(help_text)
    script = folder / "claude"
    script.write_text(
        "#!/bin/sh\n"
        f'echo "$1" >> "{folder}/calls.log"\n'
        f"{extra}\n"
        f'case "$1" in --version) echo "{version}";; --help) cat "{folder}/help.txt";; esac\n'
    )
    script.chmod(0o755)
    return script


def calls(folder: Path) -> list[str]:
    log = folder / "calls.log"
    return log.read_text().split() if log.exists() else []


def test_parse_version() -> None:
    assert parse_version("2.1.332 (Claude Code)\n") == "2.1.332"
    assert parse_version("claude 3.0.0-beta.2") == "3.0.0-beta.2"
    assert parse_version("unknown") is None


def test_parse_flags_reads_definitions_not_mentions() -> None:
    flags = parse_flags(HELP)
    assert {"--allowedTools", "--allowed-tools", "--append-system-prompt", "--bare",
            "--fork-session", "--resume", "--session-id", "--version"} == flags  # fmt: skip
    # "--add-dir" and "--mcp-config" appear only inside --bare's description
    assert "--add-dir" not in flags and "--mcp-config" not in flags


def test_probe_and_cache_in_memory_and_on_disk(tmp_path: Path) -> None:
    binary = standin(tmp_path / "bin")
    cache = tmp_path / "cache"
    caps = asyncio.run(probe_claude(binary, cache_dir=cache))
    assert caps.version == "2.1.332"
    assert caps.path == str(binary.resolve())
    assert caps.supports("--resume") and caps.supports("--fork-session")
    assert not caps.supports("--include-partial-messages")  # not in this help
    assert calls(tmp_path / "bin") == ["--version", "--help"]

    assert asyncio.run(probe_claude(binary, cache_dir=cache)) == caps  # memory
    probe.forget_cached()
    assert asyncio.run(probe_claude(binary, cache_dir=cache)) == caps  # the file
    assert calls(tmp_path / "bin") == ["--version", "--help"]  # still only the first probe
    stored = json.loads((cache / CACHE_FILE).read_text())
    assert len(stored) == 1


def test_a_changed_binary_is_probed_again(tmp_path: Path) -> None:
    binary = standin(tmp_path / "bin")
    cache = tmp_path / "cache"
    asyncio.run(probe_claude(binary, cache_dir=cache))
    standin(tmp_path / "bin", version="2.2.0 (Claude Code)")
    stat = binary.stat()
    os.utime(binary, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # npm replaced it
    caps = asyncio.run(probe_claude(binary, cache_dir=cache))
    assert caps.version == "2.2.0"
    assert calls(tmp_path / "bin") == ["--version", "--help"] * 2
    assert len(json.loads((cache / CACHE_FILE).read_text())) == 2


def test_a_link_is_keyed_by_its_target(tmp_path: Path) -> None:
    binary = standin(tmp_path / "real")
    link = tmp_path / "claude-link"
    link.symlink_to(binary)
    caps = asyncio.run(probe_claude(link))
    assert caps.path == str(binary.resolve())
    assert str(caps.fingerprint) == f"2.1.332@{binary.resolve()}"


def test_a_corrupt_cache_is_ignored_and_rewritten(tmp_path: Path) -> None:
    binary = standin(tmp_path / "bin")
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / CACHE_FILE).write_text("{not json")
    caps = asyncio.run(probe_claude(binary, cache_dir=cache))
    assert caps.version == "2.1.332"
    assert json.loads((cache / CACHE_FILE).read_text())  # valid again


def test_failures_are_claude_errors(tmp_path: Path) -> None:
    broken = standin(tmp_path / "broken", extra='echo "segfault-ish" >&2; exit 3')
    with pytest.raises(ClaudeError, match=r"exit 3.*segfault-ish"):
        asyncio.run(probe_claude(broken))
    mute = standin(tmp_path / "mute", version="no digits here")
    with pytest.raises(ClaudeError, match="printed no version"):
        asyncio.run(probe_claude(mute))
    with pytest.raises(ClaudeError, match="cannot read"):
        asyncio.run(probe_claude(tmp_path / "absent"))


def test_a_hanging_binary_times_out(tmp_path: Path) -> None:
    # not exec'd: the sleep is a grandchild holding the pipes, as a real
    # launcher script's child would
    slow = standin(tmp_path / "slow", extra="sleep 30")
    with pytest.raises(ClaudeError, match=r"did not finish within 0\.3 s"):
        asyncio.run(probe_claude(slow, timeout=0.3))


def test_a_binary_whose_child_leaves_its_group_times_out_and_lets_the_pipes_go(
    tmp_path: Path,
) -> None:
    """A child that left the group outlives the kill and holds the pipes open: the
    probe still answers at its timeout, and closes its ends of them (left open, their
    transports fail this test's teardown with a ResourceWarning)."""
    pidfile = tmp_path / "stray.pid"
    stray = f"setsid sh -c 'echo $$ > {pidfile}; exec sleep 30' &\nsleep 30"
    slow = standin(tmp_path / "slow", extra=stray)
    try:
        with pytest.raises(ClaudeError, match=r"did not finish within 0\.5 s"):
            asyncio.run(probe_claude(slow, timeout=0.5))
    finally:
        if pidfile.exists():
            with contextlib.suppress(ProcessLookupError, ValueError):
                os.kill(int(pidfile.read_text()), signal.SIGKILL)


def test_fingerprint_round_trip() -> None:
    fp = RuntimeFingerprint("/opt/a@b/claude", "2.1.332")
    assert RuntimeFingerprint.parse(str(fp)) == fp
    with pytest.raises(ValueError):
        RuntimeFingerprint.parse("no-separator")


def test_the_real_cli(claude_bin: Path, tmp_path: Path) -> None:
    caps = asyncio.run(probe_claude(claude_bin, cache_dir=tmp_path))
    assert caps.version == "2.1.332"
    assert all(caps.supports(flag) for flag in PROBED_FLAGS)
    assert caps.supports("--replay-user-messages")
    # hidden from --help, so the probe cannot see it (argv passes it anyway)
    assert not caps.supports("--permission-prompt-tool")
    assert caps.path == str(claude_bin.resolve())
