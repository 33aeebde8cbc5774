"""Write a synthetic Claude Code corpus in the real on-disk format.

Entries are compact JSON, one a line, as the real CLI writes them (ccusage only
counts lines written that way). Sizes come mostly from `api-request-blob`
entries, as in real transcripts, so a corpus of a given size has a realistic
number of messages in it.
"""

from __future__ import annotations

import argparse
import json
import random
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

WORDS = [
    "parser",
    "refactor",
    "token",
    "stream",
    "buffer",
    "index",
    "query",
    "cache",
    "session",
    "account",
    "folder",
    "migration",
    "window",
    "thread",
    "event",
    "async",
    "render",
    "markdown",
    "search",
    "解析",
    "重构",
    "会话",
    "索引",
]
MODEL = "claude-sonnet-4-5"


def _dump(entry: dict[str, object]) -> str:
    return json.dumps(entry, separators=(",", ":"), ensure_ascii=False)


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def write_session(
    path: Path, cwd: str, turns: int, target_bytes: int, rng: random.Random, start: datetime
) -> int:
    """One transcript of `turns` prompt/reply pairs padded to about `target_bytes`."""
    session_id = path.stem
    parent: str | None = None
    now = start
    lines: list[str] = []
    blob_each = max(0, target_bytes // max(turns, 1) - 1500)
    for turn in range(turns):
        common = {"sessionId": session_id, "cwd": cwd, "version": "2.1.332", "isSidechain": False}
        user_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        prompt = f"turn {turn}: {_sentence(rng, 12)}"
        lines.append(
            _dump(
                {
                    **common,
                    "type": "user",
                    "uuid": user_id,
                    "parentUuid": parent,
                    "timestamp": now.isoformat().replace("+00:00", "Z"),
                    "message": {"role": "user", "content": prompt},
                }
            )
        )
        if blob_each:
            lines.append(
                _dump(
                    {"type": "api-request-blob", "sessionId": session_id, "blob": "x" * blob_each}
                )
            )
        now += timedelta(seconds=rng.randint(2, 90))
        reply_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        text = f"Here is the plan.\n\n```python\nprint({turn})\n```\n{_sentence(rng, 40)}"
        lines.append(
            _dump(
                {
                    **common,
                    "type": "assistant",
                    "uuid": reply_id,
                    "parentUuid": user_id,
                    "timestamp": now.isoformat().replace("+00:00", "Z"),
                    "message": {
                        "id": f"msg_{reply_id[:12]}",
                        "type": "message",
                        "role": "assistant",
                        "model": MODEL,
                        "content": [{"type": "text", "text": text}],
                        "stop_reason": "end_turn",
                        "usage": {
                            "input_tokens": rng.randint(10, 5000),
                            "output_tokens": rng.randint(10, 900),
                            "cache_read_input_tokens": 0,
                            "cache_creation_input_tokens": 0,
                        },
                    },
                }
            )
        )
        parent = reply_id
    data = "\n".join(lines) + "\n"
    path.write_text(data, encoding="utf-8")
    return len(data.encode())


def make_corpus(
    config_dir: Path, sessions: int, total_mb: float, large_mb: float, seed: int = 7
) -> dict[str, object]:
    """N sessions totalling about `total_mb`, one of them `large_mb` by itself."""
    rng = random.Random(seed)
    projects = config_dir / "projects"
    written = 0
    start = datetime(2026, 10, 1, tzinfo=UTC)
    per_session = max(2000, int((total_mb - large_mb) * 1e6 / max(sessions - 1, 1)))
    largest = ""
    for index in range(sessions):
        cwd = f"/home/dev/src/project {index % 40}/sub_dir.{index % 7}"
        folder = projects / "".join(c if c.isalnum() else "-" for c in cwd)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{uuid.UUID(int=rng.getrandbits(128), version=4)}.jsonl"
        if index == 0 and large_mb > 0:
            turns, size = 25_000, int(large_mb * 1e6)  # 50,000 messages
            largest = str(path)
        else:
            turns, size = rng.randint(2, 30), per_session
        written += write_session(path, cwd, turns, size, rng, start + timedelta(minutes=index))
    return {"sessions": sessions, "bytes": written, "largest": largest}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("config_dir", type=Path)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--total-mb", type=float, default=500)
    parser.add_argument("--large-mb", type=float, default=200)
    args = parser.parse_args()
    print(json.dumps(make_corpus(args.config_dir, args.sessions, args.total_mb, args.large_mb)))


if __name__ == "__main__":
    main()
