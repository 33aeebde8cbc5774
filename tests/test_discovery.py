"""Finding sessions in a config dir: what counts, what is skipped, what is refused."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from desktop.claude import discovery
from desktop.claude.discovery import discover_sessions, find_session_file, iter_sessions
from desktop.domain.errors import UsageError
from tests.test_transcript_fixtures import Transcript, text

A = "0b6e1f5c-3d2a-4e8f-9a7b-1c2d3e4f5a6b"
B = "9f8e7d6c-5b4a-4321-8765-43210fedcba9"
C = "11111111-2222-4333-8444-555555555555"


def session(path: Path, prompt: str = "hi") -> Path:
    t = Transcript(session_id=path.stem)
    t.prompt(prompt)
    t.reply(text("hello"))
    return t.write(path)


@pytest.fixture
def config(tmp_path: Path) -> Path:
    root = tmp_path / "cfg"
    project = root / "projects" / "-home-ana-my-project-v2"
    session(project / f"{A}.jsonl")
    session(project / f"{B}.jsonl")
    session(root / "projects" / "-srv-other" / f"{C}.jsonl")
    # subagents of A, with the CLI's meta file
    agents = project / A / "subagents"
    session(agents / "agent-a1b2c3.jsonl")
    (agents / "agent-a1b2c3.meta.json").write_text('{"toolUseId": "toolu_1"}')
    session(agents / "agent-d4e5f6.jsonl")
    (agents / "notes.txt").write_text("not a transcript")
    # things that are not sessions
    (project / "memory").mkdir()
    (project / "notes.jsonl").write_text("{}\n")
    (project / f"{A}.jsonl.bak").write_text("{}\n")
    (project / f"{B}.txt").write_text("{}\n")
    (project / "sessions-index.json").write_text("{}")
    (project / C).mkdir()  # a folder named like a session, without a transcript
    (root / "projects" / "stray-file.jsonl").write_text("{}\n")
    return root


def test_only_uuid_named_transcripts_are_sessions(config: Path) -> None:
    found = discover_sessions(config)
    assert found.problems == []
    assert sorted(s.session_id for s in found.sessions) == sorted([A, B, C])
    by_id = {s.session_id: s for s in found.sessions}
    a = by_id[A]
    assert a.project == "-home-ana-my-project-v2"  # passed on as is, never decoded
    assert a.size == a.path.stat().st_size and a.mtime_ns == a.path.stat().st_mtime_ns
    assert [(s.agent_id, s.meta_path is not None) for s in a.subagents] == [
        ("a1b2c3", True),
        ("d4e5f6", False),
    ]
    assert by_id[B].subagents == () and by_id[C].subagents == ()


def test_missing_projects_folder_means_no_sessions(tmp_path: Path) -> None:
    found = discover_sessions(tmp_path / "never-used")
    assert found.sessions == [] and found.problems == []


def test_unreadable_folder_is_reported_and_the_rest_still_found(
    config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # as root chmod cannot deny us, so the refusal is simulated where the OS would raise it
    real_scandir = os.scandir

    def scandir(path: object) -> object:
        if str(path).endswith("-srv-other"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)  # type: ignore[arg-type]

    monkeypatch.setattr(discovery.os, "scandir", scandir)
    problems: list[discovery.ScanProblem] = []
    sessions = list(iter_sessions(config, problems))
    assert sorted(s.session_id for s in sessions) == sorted([A, B])
    (problem,) = problems
    assert problem.path.endswith("-srv-other") and problem.reason == "Permission denied"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads anything")
def test_really_unreadable_folder(config: Path) -> None:
    locked = config / "projects" / "-srv-other"
    locked.chmod(0)
    try:
        found = discover_sessions(config)
    finally:
        locked.chmod(0o755)
    assert len(found.sessions) == 2 and len(found.problems) == 1


def test_links_out_of_the_config_dir_are_not_followed(config: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    session(outside / f"{C}.jsonl")
    projects = config / "projects"
    (projects / "-linked-out").symlink_to(outside, target_is_directory=True)
    (projects / "-srv-other" / f"{B}.jsonl").symlink_to(outside / f"{C}.jsonl")
    archived = "22222222-3333-4444-8555-666666666666"
    session(projects / "-archive" / "2025" / f"{archived}.jsonl")
    inside = projects / "-linked-in"
    inside.symlink_to(projects / "-archive" / "2025", target_is_directory=True)
    (projects / "-again").symlink_to(projects / "-srv-other", target_is_directory=True)
    found = discover_sessions(config)
    paths = [s.path for s in found.sessions]
    assert all(os.path.realpath(p).startswith(os.path.realpath(projects)) for p in paths)
    # a link that stays inside is followed, and a file reached twice is listed once
    assert inside / f"{archived}.jsonl" in paths
    assert sorted(s.session_id for s in found.sessions) == sorted([A, B, C, archived])
    reasons = {Path(p.path).name: p.reason for p in found.problems}
    assert set(reasons) == {"-linked-out", f"{B}.jsonl"}
    assert all("outside the config dir" in r for r in reasons.values())


def test_moved_projects_folder_is_followed(tmp_path: Path) -> None:
    disk = tmp_path / "big-disk" / "claude-projects"
    session(disk / "-x" / f"{A}.jsonl")
    config = tmp_path / "cfg"
    config.mkdir()
    (config / "projects").symlink_to(disk, target_is_directory=True)
    assert [s.session_id for s in discover_sessions(config).sessions] == [A]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_named_like_a_session_is_ignored(config: Path) -> None:
    os.mkfifo(config / "projects" / "-srv-other" / f"{A}.jsonl")
    ids = [s.session_id for s in discover_sessions(config).sessions]
    assert sorted(ids) == sorted([A, B, C])


def test_find_session_file_by_id(config: Path) -> None:
    found = find_session_file(config, C)
    assert found is not None and found.path.name == f"{C}.jsonl"
    upper = find_session_file(config, A.upper())
    assert upper is not None and upper.session_id == A
    located = find_session_file(config, A)
    assert located is not None and len(located.subagents) == 2
    assert find_session_file(config, "01234567-89ab-4def-8123-456789abcdef") is None
    assert find_session_file(config.parent / "nothing-here", A) is None


def test_find_session_file_prefers_the_copy_written_last(config: Path) -> None:
    older = config / "projects" / "-srv-other" / f"{A}.jsonl"
    session(older)
    os.utime(older, ns=(1, 1))
    found = find_session_file(config, A)
    assert found is not None and found.project == "-home-ana-my-project-v2"


@pytest.mark.parametrize(
    "bad",
    [
        "../x",
        f"../{A}",
        f"{A}/../../etc/passwd",
        f"-home-ana-my-project-v2/{A}",
        f"{A}.jsonl",
        "*",
        "",
        f" {A}",
        f"{A}\n",
    ],
)
def test_path_like_ids_are_refused(config: Path, bad: str) -> None:
    with pytest.raises(UsageError, match="invalid session id"):
        find_session_file(config, bad)
