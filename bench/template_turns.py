"""Turns cloned from the real CLI's lines (`bench/templates/`, see make_templates.py).

Each template turn is compiled once into a list of literal pieces and slots;
a clone fills the slots and joins. What a clone changes: every uuid (fresh,
the same old uuid giving the same new one within a turn; the uuid a turn
takes from the turn before, its `parentUuid`, becomes the clone's previous
leaf), the session id, message, request and tool-call ids, timestamps and
the epoch-millisecond fields beside them (shifted to the clone's clock), the
folder, and the conversation's texts (the prompt wherever it is repeated,
the reply, the words before a tool call, the tool's result). Everything else
is what claude wrote, in its order.
"""

from __future__ import annotations

import json
import random
import re
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

TEMPLATES = Path(__file__).with_name("templates")
_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_SLOT = re.compile(
    r"@@(?P<text>\w+)@@"
    rf"|(?P<uuid>{_UUID})"
    r'|(?<="timestamp":")(?P<time>[^"]+)'
    r"|(?<=\"sentAtMs\":)(?P<epoch>\d+)|(?<=\"startTime\":)(?P<start>\d+)"
    r"|(?P<id>(?:msg|req|toolu)_fake\w+)"
)
_TIME_FORMAT = "%Y-%m-%dT%H:%M:%S.%f"
Slot = tuple[str, Any]


def _stamp(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _marked(value: Any, texts: dict[str, str], notes: str) -> Any:
    """The entry with its conversation texts replaced by @@name@@ markers."""
    if isinstance(value, str):
        for name, text in texts.items():
            if value == text:
                return f"@@{name}@@"
        return "@@result@@" if notes and notes in value else value
    if isinstance(value, list):
        return [_marked(v, texts, notes) for v in value]
    if isinstance(value, dict):
        return {k: _marked(v, texts, notes) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Turn:
    """One template turn, compiled: its lines' pieces, and the uuid its chain ends on."""

    kind: str
    lines: tuple[tuple[str | Slot, ...], ...]
    leaf: str
    seconds: float
    """How long the turn took when claude wrote it (first to last timestamp)."""
    texts: frozenset[str]
    types: tuple[str, ...] = ()
    """Each line's entry type, as claude wrote it."""


def _compile(kind: str, raw: list[str], meta: dict[str, Any], earlier: set[str]) -> Turn:
    texts = meta["turns"][kind]
    notes = meta["notes"].strip()
    cwd = json.dumps(meta["cwd"])[1:-1]
    stamps = [_stamp(m) for line in raw for m in re.findall(r'"timestamp":"([^"]+)"', line)]
    t0 = stamps[0]
    lines, seen, leaf, types = [], set(), "", []
    for line in raw:
        entry = json.loads(line)
        types.append(entry.get("type", ""))
        if entry.get("type") == "last-prompt":
            leaf = entry["leafUuid"]
        text = json.dumps(_marked(entry, texts, notes), ensure_ascii=False, separators=(",", ":"))
        text = text.replace(cwd, "@@cwd@@")
        pieces: list[str | Slot] = []
        at = 0
        for match in _SLOT.finditer(text):
            pieces.append(text[at : match.start()])
            name, value = next((k, v) for k, v in match.groupdict().items() if v is not None)
            if name == "uuid":
                seen.add(value)
                if value == meta["session_id"]:
                    name = "sid"
                elif value in earlier:
                    name = "parent"
            elif name == "time":
                value = (_stamp(value) - t0) / timedelta(milliseconds=1)
            elif name in ("epoch", "start"):
                value = int(value) - int(t0.timestamp() * 1000)
            pieces.append((name, value))
            at = match.end()
        pieces.append(text[at:])
        lines.append(tuple(p for p in pieces if p != ""))
    earlier |= seen
    used = {p[1] for line in lines for p in line if isinstance(p, tuple) and p[0] == "text"}
    used.discard("cwd")
    seconds = (stamps[-1] - t0).total_seconds()
    return Turn(kind, tuple(lines), leaf, seconds, frozenset(used), tuple(types))


def exchange(template: Turn) -> Turn:
    """`template`'s prompt and reply lines alone (its user and assistant
    entries, as claude wrote them), without the queue, request and cost lines
    around them: a conversation of short messages as dense as the CLI writes
    one. The reply stays the turn's leaf, so clones still chain."""
    keep = [n for n, kind in enumerate(template.types) if kind in ("user", "assistant")]
    return Turn(
        f"{template.kind}_exchange",
        tuple(template.lines[n] for n in keep),
        template.leaf,
        template.seconds,
        template.texts,
        tuple(template.types[n] for n in keep),
    )


@cache
def templates(folder: Path = TEMPLATES) -> dict[str, Turn]:
    """The template turns by kind (start, tool, text, text_zh), compiled."""
    meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    earlier: set[str] = set()
    turns = {}
    for kind in meta["turns"]:  # in the order claude wrote them: chains run across turns
        raw = (folder / f"{kind}.jsonl").read_text(encoding="utf-8").splitlines()
        turns[kind] = _compile(kind, raw, meta, earlier)
    return turns


class ClonedSession:
    """Writes one session's lines by cloning template turns."""

    def __init__(self, session_id: str, cwd: str, rng: random.Random, start: datetime) -> None:
        self.sid = session_id
        self.cwd = json.dumps(cwd, ensure_ascii=False)[1:-1]
        self.rng = rng
        self.now = start
        self.started_ms = int(start.timestamp() * 1000)
        self.parent: str | None = None
        self.parts: list[str] = []
        self.messages = 0

    def _new_id(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def turn(self, template: Turn, texts: dict[str, str]) -> None:
        """Append a clone of `template` whose texts are `texts` (by slot name)."""
        escaped = {k: json.dumps(v, ensure_ascii=False)[1:-1] for k, v in texts.items()}
        escaped["cwd"] = self.cwd
        ids: dict[str, str] = {}
        base = self.now
        base_ms = int(base.timestamp() * 1000)
        add = self.parts.append
        for line in template.lines:
            for piece in line:
                if isinstance(piece, str):
                    add(piece)
                    continue
                name, value = piece
                if name == "text":
                    add(escaped[value])
                elif name == "uuid":
                    add(ids.get(value) or ids.setdefault(value, self._new_id()))
                elif name == "sid":
                    add(self.sid)
                elif name == "parent":
                    add(self.parent or "")
                elif name == "time":
                    stamp = base + timedelta(milliseconds=value)
                    add(stamp.strftime(_TIME_FORMAT)[:-3] + "Z")
                elif name == "epoch":
                    add(str(base_ms + value))
                elif name == "start":
                    add(str(self.started_ms))
                else:  # a message, request or tool-call id: same prefix, new tail
                    if value not in ids:
                        head = value.split("_", 1)[0]
                        ids[value] = f"{head}_{self._new_id().replace('-', '')[:24]}"
                    add(ids[value])
            add("\n")
        self.parent = ids[template.leaf]
        self.now = base + timedelta(seconds=template.seconds + self.rng.randint(5, 600))

    def data(self) -> bytes:
        return "".join(self.parts).encode()


def overhead(template: Turn) -> int:
    """Bytes of one clone of `template` with empty texts."""
    session = ClonedSession("0" * 36, "/home/dev/src/app 0", random.Random(0), datetime(2026, 1, 1))
    session.parent = "0" * 36
    session.turn(template, dict.fromkeys(template.texts, ""))
    return len(session.data())
