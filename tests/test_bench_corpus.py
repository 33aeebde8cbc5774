"""The bench's conversation-text corpus: clones of the real CLI's turns that the index reads whole.

`bench/corpus.py --shape text` clones the lines `claude` wrote (bench/templates/)
with new ids, times, folder and texts. These check the clones keep the
template's fields in their order, chain within a file, and that `sessiondesk
index` reads a small generated corpus with no damage and the message counts
the generator meant. No timing here: the figures are bench/issue15.py's.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.cloned_corpus import make_dense_corpus, make_text_corpus
from bench.template_turns import TEMPLATES, ClonedSession, templates
from tests.clirun import sessiondesk


def _keys(entry: Any) -> Any:
    """The entry's field names in order, nested, without the values."""
    if isinstance(entry, dict):
        return [(k, _keys(v)) for k, v in entry.items()]
    if isinstance(entry, list):
        return [_keys(v) for v in entry[:1]]
    return None


def test_a_clone_keeps_every_field_in_claudes_order_and_chains() -> None:
    turns = templates()
    sid = "5e55a1f0-0000-4000-8000-000000000001"
    session = ClonedSession(sid, "/work/app ü", random.Random(3), datetime(2026, 3, 1, tzinfo=UTC))
    kinds = ["start", "tool", "text", "text_zh"]
    for kind in kinds:
        texts = {name: f'{kind} {name} 文本 "quoted"\n' for name in turns[kind].texts}
        session.turn(turns[kind], texts)
    cloned = [json.loads(line) for line in session.data().decode().splitlines()]
    written = [
        json.loads(line)
        for kind in kinds
        for line in (TEMPLATES / f"{kind}.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert [_keys(e) for e in cloned] == [_keys(e) for e in written]
    assert {e["sessionId"] for e in cloned} == {sid}
    assert {e["cwd"] for e in cloned if "cwd" in e} == {"/work/app ü"}
    prompts = [e["message"]["content"] for e in cloned if e.get("promptId") and
               isinstance(e["message"]["content"], str)]  # fmt: skip
    assert prompts == [f'{kind} prompt 文本 "quoted"\n' for kind in kinds]
    known: set[str] = set()
    for entry in cloned:
        if "uuid" in entry:
            assert entry["parentUuid"] is None or entry["parentUuid"] in known
            known.add(entry["uuid"])
    old = {e["uuid"] for e in written if "uuid" in e}
    assert known and not known & old
    # claude's own stamps are not quite in line order within a turn; turns are
    enqueued = [e["timestamp"] for e in cloned if e.get("operation") == "enqueue"]
    assert len(enqueued) == 4 and enqueued == sorted(set(enqueued))
    assert enqueued[0] == "2026-03-01T00:00:00.000Z"


def _indexed_whole(config: Path, home: Path, counts: dict[str, int]) -> list[dict[str, Any]]:
    """`sessiondesk index` of the corpus, checked to read every session with no
    error and the message counts the generator meant; the sessions listed."""
    env = {"CLAUDE_CONFIG_DIR": str(config)}
    indexed = sessiondesk(home, "index", env=env)
    listed = sessiondesk(home, "--json", "sessions", "list", env=env)
    assert indexed.code == 0, indexed.stderr + indexed.stdout
    assert f"{len(counts)} read" in indexed.stdout and "error" not in indexed.stdout
    assert listed.code == 0, listed.stderr
    sessions: list[dict[str, Any]] = listed.json()
    assert [s["error"] for s in sessions] == [None] * len(counts)
    assert {s["id"]: s["message_count"] for s in sessions} == counts
    return sessions


def test_the_index_reads_a_generated_text_corpus_whole(tmp_path: Path) -> None:
    config = tmp_path / "claude"
    made = make_text_corpus(config, sessions=12, large_mb=0.3, large_messages=60, seed=5)
    counts: dict[str, int] = made["messages"]  # type: ignore[assignment]

    sessions = _indexed_whole(config, tmp_path / "home", counts)

    assert counts[Path(str(made["largest"])).stem] == 60
    assert all(s["first_prompt"].startswith("turn 0: ") for s in sessions)
    env = {"CLAUDE_CONFIG_DIR": str(config)}
    hits = sessiondesk(tmp_path / "home", "--json", "search", "parser", env=env)
    assert hits.code == 0 and hits.json(), hits.stderr


def test_the_dense_corpus_is_short_messages_that_the_index_counts(tmp_path: Path) -> None:
    config = tmp_path / "claude"
    made = make_dense_corpus(
        config, sessions=10, total_mb=1.5, large_mb=0.18, large_messages=200, seed=5
    )
    counts: dict[str, int] = made["messages"]  # type: ignore[assignment]
    largest = Path(str(made["largest"]))
    raw = largest.read_bytes().splitlines()
    start = len((TEMPLATES / "start.jsonl").read_text(encoding="utf-8").splitlines())
    exchanges = raw[start:]  # after the session's start, prompts and replies alone
    assert [json.loads(e)["type"] for e in exchanges] == ["user", "assistant"] * 99
    assert 850 < sum(len(e) + 1 for e in exchanges) / 198 < 1000  # bytes a message (issue 27)
    assert 1.3e6 < int(made["bytes"]) < 1.7e6  # type: ignore[call-overload]

    _indexed_whole(config, tmp_path / "home", counts)

    assert counts[largest.stem] == 200
