"""Regenerate `bench/templates/`: turns as the real `claude` writes them.

    .venv/bin/python bench/make_templates.py

Runs the test rig's pinned `claude` against the rig's fake Messages API on
127.0.0.1, in a fresh config dir, for one session of four turns: a first
plain-text turn (the session's start: environment, skill and prompt
snapshots), a turn with a `Read` tool call and its result, a later plain
turn, and one asked and answered in Chinese (later turns go through
`--resume`). Each turn's lines, cut from `<config>/projects/<project>/
<session>.jsonl`, are stored as `templates/<kind>.jsonl`, and
`templates/meta.json` says which strings in them are the conversation's
texts, the session id and the folder they were written in, so that
`bench/corpus.py` can clone them.

Lines are stored as written except that a long string outside the
conversation (a system prompt, a skill listing, a tool's description) is cut
to `KEEP_CHARS` characters: the templates stay a few KB and the clones'
bytes stay the conversation's. Field names and their order are untouched.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.rig.claude import CLAUDE_CLI_VERSION, find_claude, make_account  # noqa: E402
from tests.rig.fakeapi import FakeAPI, Reply  # noqa: E402

TEMPLATES = Path(__file__).with_name("templates")
KEEP_CHARS = 80
LONG_LINE = 2000
LIST_ITEMS = 3
STORED_CWD = "/home/dev/src/app"
"""The folder the turns ran in, as the templates name it (the run's is a temporary one)."""
STORED_CONFIG = "/home/dev/.claude"
NOTES = "the parser keeps its place between reads\n"
TURNS: dict[str, dict[str, str]] = {
    "start": {"prompt": "Summarise the parser module, please.", "reply": "The parser reads lines."},
    "tool": {
        "prompt": "What does notes.txt say?",
        "preamble": "Let me read it.",
        "reply": "It says the parser keeps its place.",
    },
    "text": {"prompt": "And the cache?", "reply": "The cache keeps parsed sessions."},
    "text_zh": {"prompt": "请解释一下解析器的缓存", "reply": "解析器把会话索引缓存在数据库里。"},
}
"""Each turn's texts, each distinct, so that corpus.py finds them by value."""
_ARGS = ["-p", "--output-format", "stream-json", "--verbose"]


def _replies(kind: str, notes: Path) -> list[Reply]:
    texts = TURNS[kind]
    if kind == "tool":
        call = Reply.tool_use("Read", {"file_path": str(notes)}, text=texts["preamble"])
        return [call, Reply.text(texts["reply"])]
    return [Reply.text(texts["reply"])]


def _trim(value: Any, items: int | None = None) -> Any:
    """Strings cut to KEEP_CHARS; lists to `items` entries when given."""
    if isinstance(value, str):
        return value[:KEEP_CHARS]
    if isinstance(value, list):
        return [_trim(v, items) for v in value[:items]]
    if isinstance(value, dict):
        return {k: _trim(v, items) for k, v in value.items()}
    return value


def _compact(entry: dict[str, Any]) -> str:
    return json.dumps(entry, ensure_ascii=False, separators=(",", ":"))


def stored_line(line: str, cwd: str, config: str) -> str:
    """The line as claude wrote it, with `STORED_CWD` for the folder it ran in
    (and `STORED_CONFIG` for its config dir), and
    long strings (and the lists of a line still long after that) cut outside user
    and assistant entries."""
    line = line.replace(cwd, STORED_CWD).replace(config, STORED_CONFIG)
    entry = json.loads(line)
    if _compact(entry) != line:  # our re-encoding must be byte for byte the CLI's
        raise SystemExit(f"a line does not round-trip through json: {line[:200]}")
    if entry.get("type") in ("user", "assistant"):
        return _compact(entry)
    trimmed = _compact(_trim(entry))
    return trimmed if len(trimmed) <= LONG_LINE else _compact(_trim(entry, LIST_ITEMS))


def record(work: Path) -> tuple[list[list[str]], str, str, str]:
    """Run the four turns: each one's new lines, the session id, the folder
    and the config dir."""
    cwd = work / "project"
    cwd.mkdir()
    notes = cwd / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    turns: list[list[str]] = []
    session = ""
    with FakeAPI() as fake:
        account = make_account("templates", root=work, binary=find_claude(), base_url=fake.url)
        for kind in TURNS:
            fake.enqueue(*_replies(kind, notes))
            resume = ["--resume", session] if session else []
            proc = account.run([*_ARGS, *resume, TURNS[kind]["prompt"]], cwd=cwd, timeout=120)
            if proc.returncode != 0:
                raise SystemExit(f"claude failed on the {kind} turn: {proc.stderr[-800:]}")
            last = json.loads(proc.stdout.strip().splitlines()[-1])
            session = session or last["session_id"]
            lines = account.transcript(session).read_text(encoding="utf-8").splitlines()
            turns.append(lines[sum(len(t) for t in turns) :])
        fake.assert_all_consumed()
    return turns, session, str(cwd), str(account.config_dir)


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="sessiondesk-templates-") as work:
        turns, session, cwd, config = record(Path(work))
    TEMPLATES.mkdir(exist_ok=True)
    for kind, lines in zip(TURNS, turns, strict=True):
        body = "".join(stored_line(line, cwd, config) + "\n" for line in lines)
        (TEMPLATES / f"{kind}.jsonl").write_text(body, encoding="utf-8")
        print(f"{kind}: {len(lines)} lines, {len(body.encode()):,} bytes")
    meta = {
        "claude_version": CLAUDE_CLI_VERSION,
        "session_id": session,
        "cwd": STORED_CWD,
        "notes": NOTES,
        "turns": TURNS,
    }
    (TEMPLATES / "meta.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
