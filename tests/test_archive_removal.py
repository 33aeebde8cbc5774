"""`archive remove` and `archive prune`: archived copies go with their rows and
files, the bytes are freed (a shared pack is written again without them), and
the session list stays truthful — a session whose copy was all that was left
leaves it, one whose original is on disk stays."""

from __future__ import annotations

import gzip
from datetime import UTC, datetime, timedelta
from pathlib import Path

from desktop.compose import DB_NAME
from tests.clirun import sessiondesk
from tests.removal_kit import add_account, rows, sid, transcript


def _listed(home: Path) -> dict[str, dict[str, object]]:
    return {s["id"]: s for s in sessiondesk(home, "--json", "sessions", "list").json()}


def _archive_bytes(home: Path) -> int:
    return sum(p.stat().st_size for p in (home / "archive").rglob("*") if p.is_file())


def test_remove_asks_first_then_removes_one_copy(home: Path, tmp_path: Path) -> None:
    config = tmp_path / "claude"
    add_account(home, config)
    gone, live = sid(), sid()
    gone_file = transcript(config, gone, "OSPREY")
    transcript(config, live, "KESTREL")
    assert sessiondesk(home, "index").code == 0
    gone_file.unlink()  # Claude Code cleaned it up: only our copy is left
    assert sessiondesk(home, "index").code == 0
    assert _listed(home)[gone]["missing"] and _listed(home)[gone]["archived"]
    before = (home / DB_NAME).stat().st_size, _archive_bytes(home)

    asked = sessiondesk(home, "--json", "archive", "remove", gone)
    assert asked.code == 2 and "add --yes" in asked.stderr
    plan = asked.json()
    assert plan["count"] == 1 and plan["unlisted"] == 1 and plan["stored_bytes"] > 0
    assert _archive_bytes(home) == before[1]
    assert gone in _listed(home)

    done = sessiondesk(home, "--json", "archive", "remove", gone, "--yes")
    assert done.code == 0, done.stderr
    assert done.json()["removed"] is True and done.json()["bytes_freed"] > 0
    assert _archive_bytes(home) == before[1] - done.json()["bytes_freed"]
    listed = _listed(home)
    assert gone not in listed, "nothing of it is left to open"
    assert listed[live]["archived"] and not listed[live]["missing"]
    assert sessiondesk(home, "--json", "search", "OSPREY").json() == []
    assert sessiondesk(home, "sessions", "show", gone).code != 0
    again = sessiondesk(home, "archive", "remove", gone, "--yes")
    assert again.code == 2 and "no archived copy" in again.stderr


def test_a_copy_whose_original_is_on_disk_stays_listed(home: Path, tmp_path: Path) -> None:
    config = tmp_path / "claude"
    add_account(home, config)
    live = sid()
    transcript(config, live, "HERON")
    assert sessiondesk(home, "settings", "set", "archive.enabled", "false").code == 0
    assert sessiondesk(home, "index").code == 0
    assert sessiondesk(home, "settings", "set", "archive.enabled", "true").code == 0
    assert sessiondesk(home, "index").code == 0
    done = sessiondesk(home, "--json", "archive", "remove", live, "--yes")
    assert done.code == 0 and done.json()["unlisted"] == 0
    listed = _listed(home)
    assert live in listed and not listed[live]["missing"]
    assert len(sessiondesk(home, "--json", "search", "HERON").json()) > 0


def test_prune_takes_only_one_accounts_copies_older_than_the_days(
    home: Path, tmp_path: Path
) -> None:
    work, play = tmp_path / "work", tmp_path / "play"
    add_account(home, work, "work")
    add_account(home, play, "play")
    now = datetime.now(UTC).replace(tzinfo=None)
    old, young, others = sid(), sid(), sid()
    # a transcript's last entry is its time: 10 days and an hour ago, and 10 days less an hour
    transcript(work, old, "OLD", now - timedelta(days=10, hours=1))
    transcript(work, young, "YOUNG", now - timedelta(days=10) + timedelta(hours=1))
    transcript(play, others, "OTHERS", now - timedelta(days=30))
    # more small ones, so that the batch shares a pack: the pruned one's bytes must still go
    fillers = [sid() for _ in range(8)]
    for n, filler in enumerate(fillers):
        transcript(work, filler, f"FILLER{n}", now - timedelta(days=2))
    assert sessiondesk(home, "index").code == 0
    packed = rows(home, "SELECT count(*) FROM archived_transcripts WHERE file LIKE '%/packs/%'")
    assert packed[0][0] >= 8
    (work / "projects" / "-src-app" / f"{old}.jsonl").unlink()
    assert sessiondesk(home, "index").code == 0
    before = _archive_bytes(home)

    asked = sessiondesk(home, "--json", "archive", "prune", "--account", "work",
                        "--older-than", "10")  # fmt: skip
    assert asked.code == 2
    assert [c["session_id"] for c in asked.json()["copies"]] == [old]
    done = sessiondesk(home, "--json", "archive", "prune", "--account", "work",
                       "--older-than", "10", "--yes")  # fmt: skip
    assert done.code == 0, done.stderr
    assert done.json()["count"] == 1 and done.json()["bytes_freed"] > 0
    assert _archive_bytes(home) == before - done.json()["bytes_freed"]
    kept = {s for (s,) in rows(home, "SELECT session_id FROM archived_transcripts")}
    assert kept == {young, others, *fillers}
    listed = _listed(home)
    assert old not in listed and {young, others, *fillers} <= set(listed)
    # the copies that shared a pack with it still read back whole
    for filler in fillers:
        (work / "projects" / "-src-app" / f"{filler}.jsonl").unlink()
    assert sessiondesk(home, "index").code == 0
    shown = sessiondesk(home, "--json", "sessions", "show", fillers[3])
    assert shown.code == 0, shown.stderr
    assert any("FILLER3" in m["text"] for m in shown.json()["messages"])
    for pack in (home / "archive" / "work" / "packs").glob("*.gz"):
        gzip.decompress(pack.read_bytes())  # every member whole

    nothing = sessiondesk(home, "--json", "archive", "prune", "--account", "play",
                          "--older-than", "31", "--yes")  # fmt: skip
    assert nothing.code == 0 and nothing.json()["count"] == 0


def test_prune_refuses_bad_input(home: Path, tmp_path: Path) -> None:
    add_account(home, tmp_path / "claude")
    unknown = sessiondesk(home, "archive", "prune", "--account", "nobody", "--older-than", "3",
                          "--yes")  # fmt: skip
    assert unknown.code == 2 and "no account 'nobody'" in unknown.stderr
    negative = sessiondesk(home, "archive", "prune", "--account", "work", "--older-than", "-1")
    assert negative.code == 2 and "Traceback" not in negative.stderr
