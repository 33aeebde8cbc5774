"""`sessions show` reads a transcript twice: the chain walked from each line's
small facts, then the shown lines read again, a batch at a time. What it shows
is what the whole read shows (`load_session`), and its memory does not grow
with what the lines say."""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
import tracemalloc
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.claude.transcripts import load_session, stream_session
from desktop.cli import main
from desktop.compose import open_services
from desktop.domain.accounts import AuthKind
from tests.test_property_damage import damage
from tests.test_transcript_fixtures import REAL, Transcript, text, tool_use

said = st.text(st.characters(exclude_categories=("Cc", "Cs")), min_size=1, max_size=12)

step = st.one_of(
    st.tuples(st.just("prompt"), said),
    st.tuples(st.just("reply"), said),
    st.tuples(st.just("tools"), st.integers(1, 3)),
    st.tuples(st.just("compact"), said),
    st.tuples(st.just("branch"), st.integers(0, 40)),  # the next entry hangs off an older one
    st.tuples(st.just("lost"), st.integers(0, 40)),  # the next entry's parent is no line
    st.tuples(st.just("meta"), st.booleans()),
)


def _same(path: Path) -> None:
    conversation, problems = load_session(path)
    messages, streamed_problems = stream_session(path)
    assert list(messages) == list(conversation.messages)
    assert streamed_problems == problems


@settings(max_examples=60, deadline=None)
@given(st.lists(step, max_size=25), st.lists(st.tuples(st.integers(0, 60), damage), max_size=4))
def test_two_passes_show_what_the_whole_read_shows(steps: list, harm: list) -> None:
    t = Transcript()
    made: list[str] = []
    parent: object = None
    for kind, value in steps:
        before = len(t.lines)
        if kind == "prompt":
            made.append(t.prompt(value) if parent is None else t.prompt(value, parent=parent))
        elif kind == "reply":
            made += t.reply(text(value)) if parent is None else t.reply(text(value), parent=parent)
        elif kind == "tools":  # parallel calls: each block and result hangs off the last
            calls = [f"toolu_{len(t.lines)}_{n}" for n in range(value)]
            made += t.reply(*(tool_use(c, "Read", {"file_path": c}) for c in calls))
            for call in calls:
                made.append(t.result(call, f"read {call}"))
        elif kind == "compact":
            made.append(t.compact(value))
        elif kind == "branch" and made:
            parent = made[value % len(made)]
            continue
        elif kind == "lost":
            parent = f"gone-{value}"
            continue
        elif kind == "meta":
            t.prompt("<command-name>/clear</command-name>", isMeta=value)
        if len(t.lines) > before:
            parent = None
    lines = [json.dumps(entry).encode() + b"\n" for entry in t.lines]
    for at, bad in harm:
        lines.insert(at % (len(lines) + 1), bad.replace(b"\n", b"") + b"\n")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, f"{t.session_id}.jsonl")
        path.write_bytes(b"".join(lines))
        _same(path)


def test_two_passes_on_the_real_cli_files() -> None:
    files = sorted(REAL.rglob("*.jsonl"))
    assert files
    for path in files:
        _same(path)


class _Sink(io.TextIOBase):
    """stdout that keeps nothing: only what the show itself holds is measured."""

    def __init__(self) -> None:
        self.written = 0

    def write(self, data: str) -> int:
        self.written += len(data)
        return len(data)


def test_show_of_a_big_transcript_holds_far_less_than_the_file() -> None:
    """~20 MB in 8,000 lines of 2.5 kB: a whole read holds every message's text
    (more than the file); two passes hold each line's facts and one batch."""
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp, "claude")
        (config / "projects" / "p").mkdir(parents=True)
        t = Transcript()
        for n in range(4_000):
            t.prompt(f"question {n} " + "walrus " * 350)
            t.reply(text(f"answer {n} " + "tusks " * 400))
        path = t.write(config / "projects" / "p" / f"{t.session_id}.jsonl")
        size = path.stat().st_size
        assert size > 18_000_000
        home = Path(tmp, "home")
        services = open_services(home)
        services.accounts.add("work", str(config), AuthKind.LOGIN)
        services.sessions.refresh()
        services.close()
        argv = ["--home", str(home), "--json", "sessions", "show", t.session_id]
        sink = _Sink()
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(io.StringIO()):
            assert main(argv) == 0  # once untraced: what it imports is not the show's
            sink.written = 0
            tracemalloc.start()
            try:
                assert main(argv) == 0
                _now, peak = tracemalloc.get_traced_memory()
            finally:
                tracemalloc.stop()
        assert sink.written > size // 2
        assert peak < size // 2, f"peak {peak:,} bytes for a file of {size:,}"
