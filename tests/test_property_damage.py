"""Generated damage and odd arguments through index, list, show and search.

Every case must end without an internal error, and every intact line of a
damaged transcript must still be readable. The suite runs the `ci` Hypothesis
profile (tests/conftest.py); `--hypothesis-profile=nightly` runs 10,000 cases
of each property.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from desktop.cli import main
from desktop.compose import open_services
from desktop.domain.accounts import AuthKind
from desktop.domain.errors import SessiondeskError
from desktop.domain.sessions import SessionFilter
from desktop.services.hub import ServiceHub
from tests.test_transcript_fixtures import Transcript, text

# what a person types: any character but control ones, lone surrogates included
# (written as JSON escapes, as a transcript holds them)
words = st.text(st.characters(exclude_categories=("Cc",)), min_size=1, max_size=30).filter(
    lambda s: s.strip()
)


def clean(said: str) -> str:
    """How the README says such text is shown: each lone surrogate as U+FFFD."""
    return re.sub("[\ud800-\udfff]", "\ufffd", said)


counts = st.integers(min_value=0, max_value=2**90)


def _truncated(line: bytes, cut: int) -> bytes:
    return line[: max(1, min(cut, len(line) - 1))]


damage = st.one_of(
    st.binary(min_size=1, max_size=120).map(lambda b: b.replace(b"\n", b"")),
    st.integers(1, 400).map(lambda n: b"\x00" * n),
    st.integers(1, 50_000).map(lambda n: b"[" * n),
    st.integers(1, 3000).map(lambda n: b'{"a":' * n),
    st.sampled_from([b"", b"   ", b"\r", b"null", b"[1, 2]", b'"text"', b'{"type": 7}']),
    st.binary(min_size=1, max_size=40).map(lambda b: b'{"type":"user","x":"' + b + b'"}'),
    st.recursive(
        st.none() | st.booleans() | counts | st.text(max_size=10),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
        max_leaves=10,
    ).map(lambda v: json.dumps(v).encode()),
)


@st.composite
def damaged(draw: st.DrawFn) -> tuple[str, bytes, list[str]]:
    """(session id, the file's bytes, the texts of its intact messages)."""
    sid = str(draw(st.uuids(version=4)))
    t = Transcript(session_id=sid, cwd="/src/" + draw(words).replace("/", "_"))
    said: list[str] = []
    for _ in range(draw(st.integers(1, 4))):
        prompt, reply = "q " + draw(words), "a " + draw(words)
        t.prompt(prompt)
        t.reply(text(reply), usage=(draw(counts), draw(counts)))
        said += [prompt, reply]
    lines = [json.dumps(entry).encode() + b"\n" for entry in t.lines]
    for bad in draw(st.lists(damage, max_size=5)):
        lines.insert(draw(st.integers(0, len(lines))), bad.replace(b"\n", b"") + b"\n")
    if draw(st.booleans()):  # CR-only line ends between two intact entries
        lines.insert(draw(st.integers(0, len(lines))), lines[0].rstrip(b"\n") + b"\r" + lines[0])
    tail = draw(st.sampled_from([b"", b"\x00" * 64, b'{"type":"user","mess', b"\r\r"]))
    return sid, b"".join(lines) + tail, said


@contextlib.contextmanager
def a_home() -> Iterator[tuple[ServiceHub, Path]]:
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp, "claude")
        (config / "projects" / "p").mkdir(parents=True)
        services = open_services(Path(tmp, "home"))
        services.accounts.add("work", str(config), AuthKind.LOGIN)
        try:
            yield services, config
        finally:
            services.close()


def shown_text(services: ServiceHub, sid: str) -> str:
    _record, content = services.sessions.show(sid)
    return "\n".join(m.text or "" for m in content.messages)


def test_damaged_transcripts_never_crash_and_keep_every_intact_line() -> None:
    with a_home() as (services, config):

        @given(damaged(), words)
        def check(case: tuple[str, bytes, list[str]], query: str) -> None:
            sid, data, said = case
            path = config / "projects" / "p" / f"{sid}.jsonl"
            path.write_bytes(data)
            try:
                services.sessions.refresh()
                listed = services.sessions.list(SessionFilter(text=sid))
                assert [r.session_id for r in listed] == [sid]
                shown = shown_text(services, sid)
                for said_text in said:
                    assert clean(said_text).strip() in shown
                with contextlib.suppress(SessiondeskError):  # a query may be refused, in words
                    services.sessions.search(query)
            finally:
                path.unlink()  # one file at a time on disk: a long run stays fast

        check()


odd_args = st.one_of(
    st.text(st.characters(exclude_characters="\x00", exclude_categories=("Cs",)), max_size=25),
    st.sampled_from(["walrus", "walrus \udcff", "caf\udce9", '"walrus', "-1", "0", "../x", "%_"]),
)
commands = st.one_of(
    st.tuples(
        st.just("search"),
        odd_args,
        st.just("--limit"),
        odd_args | st.integers(max_value=2**90).map(str),
    ),
    st.tuples(st.just("search"), odd_args),
    st.tuples(st.just("sessions"), st.just("show"), odd_args),
    st.tuples(st.just("sessions"), st.just("show"), st.uuids().map(lambda u: str(u).upper())),
    st.tuples(st.just("sessions"), st.just("list"), st.just("--account"), odd_args),
    st.tuples(st.just("sessions"), st.just("list"), st.just("--cwd"), odd_args),
    st.tuples(st.just("index")),
)


def test_odd_arguments_get_an_answer_never_an_internal_error() -> None:
    with a_home() as (services, config):
        t = Transcript(session_id=str(uuid.uuid4()))
        t.prompt("walrus")
        t.write(config / "projects" / "p" / f"{t.session_id}.jsonl")
        home = str(services.home)

        @given(commands, st.booleans())
        def check(command: tuple[str, ...], as_json: bool) -> None:
            out, err = io.StringIO(), io.StringIO()
            argv = ["--home", home, *(["--json"] if as_json else []), *command]
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    code = main(argv)
                except SystemExit as exc:  # argparse: bad usage
                    code = exc.code
            assert code in (0, 1, 2), err.getvalue()
            assert "internal error" not in err.getvalue()
            assert "Traceback" not in err.getvalue()

        check()
