"""Tab completion: the scripts `sessiondesk completions SHELL` prints, driven as each
shell drives them, and the index answers behind them (`sessiondesk __complete`).

Speed is measured by bench/completion_bench.py, not here: a timed test on a shared
machine says more about the machine than about the code.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.cli import command_parser
from desktop.cli.completion import command_table
from desktop.completion_index import candidates
from tests.clirun import sessiondesk

SESSION = "5e55a1d0-aaaa-4bbb-8ccc-000000000001"
OTHER_SESSION = "77aa0000-aaaa-4bbb-8ccc-000000000002"


@pytest.fixture
def index(home: Path, tmp_path: Path) -> Path:
    """A home with two accounts, three conversations (SESS-001, -002, -042) and two
    sessions, the rows put in the real database directly."""
    for name in ("alice", "bob"):
        done = sessiondesk(home, "accounts", "add", name, "--config-dir", str(tmp_path / name),
                           "--create")  # fmt: skip
        assert done.code == 0, done.stderr
    db = sqlite3.connect(home / "sessiondesk.db")
    with db:
        for number in (1, 2, 42):
            db.execute(
                "INSERT INTO conversations(id, number, title, description, archived, "
                "history_epoch, created, updated) VALUES (?, ?, 't', '', 0, 0, "
                "'2026-01-01', '2026-01-01')",
                (f"c0ffee{number:02d}-0000-4000-8000-000000000000", number),
            )
        account = db.execute("SELECT id FROM accounts WHERE name = 'alice'").fetchone()[0]
        for session, modified in ((SESSION, "2026-01-02"), (OTHER_SESSION, "2026-01-01")):
            db.execute(
                "INSERT INTO sessions(account_id, session_id, path, message_count, size, "
                "mtime_ns, read_offset, input_tokens, output_tokens, missing, modified) "
                "VALUES (?, ?, '/x', 1, 1, 1, 0, 0, 0, 0, ?)",
                (account, session, modified),
            )
    db.close()
    return home


@pytest.fixture
def program(tmp_path: Path) -> Path:
    """A `sessiondesk` on PATH, as an installed one would be, running this checkout."""
    folder = tmp_path / "bin"
    folder.mkdir()
    script = folder / "sessiondesk"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m desktop "$@"\n')
    script.chmod(0o755)
    return folder


def script_for(shell: str, tmp_path: Path) -> Path:
    done = sessiondesk(tmp_path / "unused-home", "completions", shell)
    assert done.code == 0, done.stderr
    assert not (tmp_path / "unused-home").exists()  # printing a script opens no home
    path = tmp_path / f"completion.{shell}"
    path.write_text(done.stdout)
    return path


BASH_DRIVER = """
source "$1"
line=$2
COMP_LINE=$line; COMP_POINT=${#line}; COMPREPLY=()
_sessiondesk
printf '%s\\n' "${COMPREPLY[@]}"
"""


def bash_complete(script: Path, program: Path, line: str) -> list[str]:
    done = subprocess.run(
        ["bash", "--norc", "-c", BASH_DRIVER, "test", str(script), line],
        capture_output=True, text=True, timeout=60,
        env={**os.environ, "PATH": f"{program}:{os.environ['PATH']}"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return [word for word in done.stdout.splitlines() if word]


def test_bash_completes_commands_handles_ids_and_names(
    index: Path, program: Path, tmp_path: Path
) -> None:
    script = script_for("bash", tmp_path)
    home = f"--home {index}"

    def complete(line: str) -> list[str]:
        return bash_complete(script, program, line)

    assert complete("sessiondesk con") == ["continue", "conversations"]
    assert complete("sessiondesk conversations h") == ["hide"]
    assert complete(f"sessiondesk {home} conversations show SESS-0") == [
        "SESS-042", "SESS-002", "SESS-001",
    ]  # fmt: skip
    assert complete(f"sessiondesk {home} tree SESS-04") == ["SESS-042"]
    assert complete(f"sessiondesk {home} fork c0ffee4") == ["c0ffee42-0000-4000-8000-000000000000"]
    assert complete(f"sessiondesk {home} run --account ") == ["alice", "bob"]
    assert complete(f"sessiondesk {home} run --account=a") == ["alice"]
    assert complete(f"sessiondesk {home} accounts remove b") == ["bob"]
    assert complete(f"sessiondesk {home} sessions show ") == [SESSION, OTHER_SESSION]
    assert complete(f"sessiondesk {home} bundle add notes SESS-042 SESS-00") == [
        "SESS-002", "SESS-001",
    ]  # fmt: skip
    assert complete("sessiondesk accounts add x --auth o") == ["oauth-token"]
    assert complete("sessiondesk settings get rollover.s") == ["rollover.seed"]
    assert complete("sessiondesk completions ") == ["bash", "zsh", "fish"]
    assert "--conversation" in complete("sessiondesk run --con")
    assert complete(f"sessiondesk {home} run some-prompt-") == []  # free text: nothing


def test_the_home_from_the_environment_is_the_one_asked(
    index: Path, program: Path, tmp_path: Path
) -> None:
    # the `home` fixture exports SESSIONDESK_HOME, as a person's shell may
    script = script_for("bash", tmp_path)
    assert bash_complete(script, program, "sessiondesk stop ") == []  # no execution yet
    assert bash_complete(script, program, "sessiondesk tree SESS-00") == ["SESS-002", "SESS-001"]


def test_no_index_answers_nothing_and_says_nothing(tmp_path: Path, program: Path) -> None:
    script = script_for("bash", tmp_path)
    missing = tmp_path / "never-made"
    assert bash_complete(script, program, f"sessiondesk --home {missing} tree S") == []
    assert not missing.exists()  # completing never creates a home
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "sessiondesk.db").write_text("not a database")
    assert candidates(broken / "sessiondesk.db", "conversation", "") == []


def test_the_index_answers_each_kind(index: Path) -> None:
    db = index / "sessiondesk.db"
    assert candidates(db, "account", "") == ["alice", "bob"]
    assert candidates(db, "conversation", "") == ["SESS-042", "SESS-002", "SESS-001"]
    assert candidates(db, "session", "") == [SESSION, OTHER_SESSION]
    # alongside handles, ids only once the word is started: they would bury the handles
    assert candidates(db, "ref", "") == ["SESS-042", "SESS-002", "SESS-001"]
    assert candidates(db, "ref", "77") == [OTHER_SESSION]
    assert candidates(db, "account", "%") == []  # LIKE's wildcards are plain characters
    assert candidates(db, "no-such-kind", "") == []


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_offers_the_same(index: Path, program: Path, tmp_path: Path) -> None:
    script = script_for("zsh", tmp_path)
    # zsh's completion system stood in for: compadd prints what it is given
    driver = f"""
compdef() {{ :; }}
compset() {{ :; }}
compadd() {{ shift; print -rl -- "${{(@P)1}}"; }}
source {script}
words=(${{(z)1}}); [[ $1 == *' ' ]] && words+=('')
CURRENT=${{#words}}
_sessiondesk
"""

    def complete(line: str) -> list[str]:
        done = subprocess.run(
            ["zsh", "-f", "-c", driver, "test", line], capture_output=True, text=True, timeout=60,
            env={**os.environ, "PATH": f"{program}:{os.environ['PATH']}"},
        )  # fmt: skip
        assert done.stderr == ""
        return done.stdout.split()

    assert "conversations" in complete("sessiondesk con")
    assert complete(f"sessiondesk --home {index} tree SESS-0") == [
        "SESS-042", "SESS-002", "SESS-001",
    ]  # fmt: skip
    assert complete(f"sessiondesk --home {index} switch SESS-001 --to ") == ["alice", "bob"]


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_fish_offers_the_same(index: Path, program: Path, tmp_path: Path) -> None:
    script = script_for("fish", tmp_path)

    def complete(line: str) -> list[str]:
        done = subprocess.run(
            ["fish", "--no-config", "-c", f"source {script}; complete -C$argv[1]", line],
            capture_output=True, text=True, timeout=60,
            env={**os.environ, "PATH": f"{program}:{os.environ['PATH']}"},
        )  # fmt: skip
        assert done.stderr == ""
        return [row.split("\t")[0] for row in done.stdout.splitlines()]

    assert complete("sessiondesk con") == ["continue", "conversations"]
    assert complete(f"sessiondesk --home {index} tree SESS-04") == ["SESS-042"]
    assert complete(f"sessiondesk --home {index} run --account=") == [
        "--account=alice", "--account=bob",
    ]  # fmt: skip


def test_every_command_of_the_parser_is_in_the_table() -> None:
    parser = command_parser()
    table = {command.path: command for command in command_table(parser)}
    assert set(table[""].subcommands) >= {"accounts", "conversations", "completions", "run"}
    assert table["conversations show"].positionals == ["conversation"]
    assert table["sessions show"].positionals == ["session"]
    assert "--account=account" in table["run"].options
    assert table["bundle add"].positionals == ["bundle", "item+"]


def test_the_man_page_names_every_command(tmp_path: Path) -> None:
    out = tmp_path / "sessiondesk.1"
    tool = Path(__file__).resolve().parents[1] / "tools" / "make_manpage.py"
    done = subprocess.run([sys.executable, str(tool), "-o", str(out)], capture_output=True,
                          text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    page = out.read_text()
    assert page.startswith(".TH SESSIONDESK 1")
    for command in command_table(command_parser()):
        if command.path:
            assert f'.SS "{command.path.replace("-", chr(92) + "-")}"' in page
    if shutil.which("man"):
        shown = subprocess.run(["man", "-l", str(out)], capture_output=True, text=True,
                               env={**os.environ, "MANPAGER": "cat", "MANWIDTH": "80"},
                               timeout=60)  # fmt: skip
        assert shown.returncode == 0, shown.stderr
        assert "conversations show" in shown.stdout
