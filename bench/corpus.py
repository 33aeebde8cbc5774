"""Write a synthetic Claude Code corpus in the real on-disk format.

Entries are compact JSON, one a line, with the field order the real CLI uses
(ccusage only counts lines written that way). A turn carries what a real one
does besides the conversation: queue operations, attachments, an
`api-request-shape` / `api-request-blob` / `api-request` triple, `tools-used`,
`last-prompt`, `cost-state`; a third of the replies call a tool and get a
result back. Sizes come mostly from the request blobs, as in real transcripts.
The blob's inner layout is our guess (the fixtures keep only its type): a
nested request body (model, system, messages with text blocks), which is the
expensive case for a reader that parses it.

Words follow a Zipf-like curve over a few thousand made-up English-looking
words, so searches can be timed for common and rare terms alike. One session
in five is in Chinese: half its words are two-character Chinese words, run
together without spaces as Chinese is written (`lexicon()` gives the
words, each language by rank).

Three shapes (`--shape`): `blobs` (the default), where request blobs are
most of the bytes; `text`: 2,000 small sessions plus one of 75,000 user and
assistant messages (about 200 MB), whose turns are clones of the lines the
real `claude` wrote through the test rig's fake API (`bench/templates/`,
`bench/template_turns.py`) with this generator's words as their texts
(`make_text_corpus`). A plain turn of the real CLI writes about 4.4 KB of its
own besides the texts, so at 75,000 messages in 200 MB the texts are about a
sixth of the bytes; fewer `--large-messages` give longer replies. And
`dense` (issue 27, `make_dense_corpus`): one transcript of 230,000 short
messages, the CLI's prompt and reply lines alone (about 900 bytes each,
about 210 MB), beside 2,000 sessions shaped as the text shape's small ones
but longer, 480 MB in all. Both cloned shapes are written by `bench/cloned_corpus.py`; the words
of every shape come from `bench/corpus_words.py`.

Generation is built for gigabytes: small lines are formatted from templates,
blobs are slices of one pre-built body string, and each file is written with
a single `write` of its encoded bytes.
"""

from __future__ import annotations

import argparse
import bisect
import itertools
import json
import random
import sys
import uuid
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script, too

from bench.cloned_corpus import make_dense_corpus, make_text_corpus
from bench.corpus_words import CHINESE_SHARE, sentence

MODEL = "claude-sonnet-4-5"
VERSION = "2.1.332"


@cache
def _blob_pool(chinese: bool) -> tuple[str, list[int], list[int]]:
    """A long run of serialized request messages, where each one ends (in
    characters) and how many bytes it takes up to there, so that a blob of any
    size is one slice."""
    rng = random.Random(3)
    units = []
    for n in range(400):
        role = "user" if n % 2 == 0 else "assistant"
        text = sentence(rng, 60, chinese) + '\n\n```python\nprint("x")\n```'
        units.append(
            json.dumps(
                {"role": role, "content": [{"type": "text", "text": text}]},
                separators=(",", ":"),
                ensure_ascii=False,
            )
        )
    units *= 40  # about 20 MB
    chars = list(itertools.accumulate(len(u) + 1 for u in units))
    sizes = list(itertools.accumulate(len(u.encode()) + 1 for u in units))
    return ",".join(units), [c - 1 for c in chars], [b - 1 for b in sizes]


def _blob(session_id: str, stamp: str, size: int, chinese: bool) -> str:
    """An `api-request-blob` line of about `size` bytes (not more)."""
    pool, chars, sizes = _blob_pool(chinese)
    head = (
        f'{{"type":"api-request-blob","sessionId":"{session_id}","timestamp":"{stamp}",'
        f'"blob":{{"model":"{MODEL}","max_tokens":32000,"stream":true,'
        f'"system":[{{"type":"text","text":"You are Claude Code."}}],"messages":['
    )
    parts = [head]
    left = size - len(head) - 3
    while left >= sizes[0]:  # bigger than the pool: repeat it
        fits = bisect.bisect_right(sizes, left) - 1
        parts.append(("," if len(parts) > 1 else "") + pool[: chars[fits]])
        left -= sizes[fits] + 1
    parts.append("]}}")
    return "".join(parts)


class _Session:
    """Builds one transcript's lines; blobs are sized once the rest is known."""

    def __init__(
        self,
        session_id: str,
        cwd: str,
        rng: random.Random,
        start: datetime,
    ) -> None:
        self.sid = session_id
        self.chinese = rng.random() < CHINESE_SHARE
        self.rng = rng
        self.now = start
        self.parent: str | None = None
        self.lines: list[str] = []
        self.blobs: list[tuple[int, str]] = []  # (line index, timestamp)
        self.common = (
            f'"userType":"external","entrypoint":"cli","cwd":{json.dumps(cwd)},'
            f'"sessionId":"{session_id}","version":"{VERSION}","gitBranch":"main"'
        )

    def _id(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def _stamp(self, seconds: int = 0) -> str:
        self.now += timedelta(seconds=seconds, milliseconds=self.rng.randint(1, 900))
        return self.now.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"

    def _chained(self, body: str, stamp: str) -> str:
        me = self._id()
        parent = json.dumps(self.parent)
        self.parent = me
        return (
            f'{{"parentUuid":{parent},"isSidechain":false,{body},'
            f'"uuid":"{me}","timestamp":"{stamp}",{self.common}}}'
        )

    def _meta(self, kind: str, fields: str) -> str:
        """A bookkeeping line: type first, no place in the parentUuid chain."""
        return f'{{"type":"{kind}",{fields}"sessionId":"{self.sid}"}}'

    def turn(self, number: int) -> None:
        rng, add = self.rng, self.lines.append
        text = f"turn {number}: {sentence(rng, rng.randint(6, 30), self.chinese)}"
        prompt = json.dumps(text, ensure_ascii=False)
        stamp = self._stamp(rng.randint(5, 600))
        add(self._meta("queue-operation", f'"operation":"enqueue","timestamp":"{stamp}",'))
        add(self._meta("queue-operation", f'"operation":"dequeue","timestamp":"{stamp}",'))
        message = f'"type":"user","message":{{"role":"user","content":{prompt}}}'
        add(self._chained(message, self._stamp()))
        kinds = ("environment", "date", "skill_listing", "prompt_snapshot")
        for kind in kinds[: 4 if number == 0 else 2]:
            attachment = f'"attachment":{{"type":"{kind}"}},"type":"attachment"'
            add(self._chained(attachment, self._stamp()))
        add(self._meta("atis-latch", '"atis":"",'))
        tool = rng.random() < 0.33
        for step in range(2 if tool else 1):
            add(self._meta("api-request-shape", ""))
            self.blobs.append((len(self.lines), self._stamp()))
            add("")  # the blob, sized in finish()
            add(self._meta("api-request", f'"timestamp":"{self._stamp()}",'))
            if tool and step == 0:
                self._tool_call()
            else:
                reply = f"Here is the plan.\n\n```python\nprint({number})\n```\n"
                reply += sentence(rng, rng.randint(20, 120), self.chinese)
                block = f'{{"type":"text","text":{json.dumps(reply, ensure_ascii=False)}}}'
                add(self._reply(block, "end_turn"))
        last = json.dumps(text[:60], ensure_ascii=False)
        add(self._meta("last-prompt", f'"lastPrompt":{last},"leafUuid":"{self.parent}",'))
        cost = (
            f'"totalCostUSD":{rng.random():.6f},"totalAPIDuration":{rng.randint(100, 9000)},'
            f'"modelUsage":{{"{MODEL}":{{"inputTokens":{rng.randint(10, 9000)}}}}},'
        )
        add(self._meta("cost-state", cost))

    def _tool_call(self) -> None:
        rng, add = self.rng, self.lines.append
        call = f"toolu_{self._id()[:18]}"
        target = f'{{"file_path":"/src/{rng.randint(1, 999)}.py"}}'
        add(
            self._reply(
                f'{{"type":"tool_use","id":"{call}","name":"Read","input":{target}}}', "tool_use"
            )
        )
        add(self._meta("tools-used", '"tools":["Read"],'))
        result = json.dumps(sentence(rng, rng.randint(40, 400), self.chinese), ensure_ascii=False)
        content = f'[{{"tool_use_id":"{call}","type":"tool_result","content":{result}}}]'
        message = f'"type":"user","message":{{"role":"user","content":{content}}}'
        add(self._chained(message, self._stamp(1)))

    def _reply(self, block: str, stop: str) -> str:
        rng = self.rng
        usage = (
            f'"usage":{{"input_tokens":{rng.randint(10, 5000)},"cache_creation_input_tokens":0,'
            f'"cache_read_input_tokens":{rng.randint(0, 90000)},'
            f'"output_tokens":{rng.randint(10, 900)},'
            f'"service_tier":"standard"}}'
        )
        message = (
            f'"message":{{"id":"msg_{self._id()[:24]}","type":"message","role":"assistant",'
            f'"model":"{MODEL}","content":[{block}],"stop_reason":"{stop}","stop_sequence":null,{usage}}},'
            f'"requestId":"req_{self._id()[:24]}","type":"assistant"'
        )
        return self._chained(message, self._stamp(rng.randint(2, 60)))

    def finish(self, target_bytes: int) -> bytes:
        known = sum(len(line.encode()) + 1 for line in self.lines)
        each = max(0, (target_bytes - known) // max(len(self.blobs), 1) - 1)
        for index, stamp in self.blobs:
            self.lines[index] = _blob(self.sid, stamp, each, self.chinese)
        return ("\n".join(self.lines) + "\n").encode()


def write_session(
    path: Path,
    cwd: str,
    turns: int,
    target_bytes: int,
    rng: random.Random,
    start: datetime,
) -> int:
    """One transcript of `turns` prompts and replies padded to about `target_bytes`
    (blobs take what the rest leaves)."""
    session = _Session(path.stem, cwd, rng, start)
    for number in range(turns):
        session.turn(number)
    data = session.finish(target_bytes)
    with open(path, "wb") as out:
        out.write(data)
    return len(data)


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
            turns, size = 25_000, int(large_mb * 1e6)  # about 60,000 messages
            largest = str(path)
        else:
            turns, size = rng.randint(2, 30), per_session
        written += write_session(path, cwd, turns, size, rng, start + timedelta(minutes=index))
    return {"sessions": sessions, "bytes": written, "largest": largest}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("config_dir", type=Path)
    parser.add_argument("--shape", choices=("blobs", "text", "dense"), default="blobs")
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--total-mb", type=float, default=500, help="blobs and dense shapes")
    parser.add_argument("--large-mb", type=float, default=200)
    parser.add_argument(
        "--large-messages", type=int, help="text and dense shapes (75,000 and 230,000)"
    )
    args = parser.parse_args()
    if args.shape == "text":
        messages = args.large_messages or 75_000
        made = make_text_corpus(args.config_dir, args.sessions, args.large_mb, messages)
    elif args.shape == "dense":
        messages = args.large_messages or 230_000
        made = make_dense_corpus(
            args.config_dir,
            sessions=args.sessions,
            total_mb=args.total_mb,
            large_mb=args.large_mb,
            large_messages=messages,
        )
    else:
        made = make_corpus(args.config_dir, args.sessions, args.total_mb, args.large_mb)
    print(json.dumps(made))


if __name__ == "__main__":
    main()
