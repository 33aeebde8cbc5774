"""`sessions show` streams its output: the same bytes as the whole document made at once."""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.cli import main
from desktop.cli.output import Output
from desktop.cli.sessions import message_json, record_json
from desktop.compose import open_services
from desktop.domain.accounts import AuthKind
from tests.test_transcript_fixtures import Transcript, text

said = st.text(st.characters(exclude_categories=("Cc", "Cs")), min_size=1, max_size=20)


def _shown(home: Path, *argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["--home", str(home), *argv]) == 0
    return out.getvalue()


@settings(max_examples=10)
@given(st.lists(st.tuples(said, said), min_size=0, max_size=6), st.integers(1, 3))
def test_show_writes_what_the_whole_document_gave(pairs: list[tuple[str, str]],
                                                   batch: int) -> None:  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp, "claude")
        (config / "projects" / "p").mkdir(parents=True)
        t = Transcript()
        for prompt, reply in pairs:
            t.prompt(prompt)
            t.reply(text(reply))
        if not pairs:
            t.prompt("only a prompt")
        t.write(config / "projects" / "p" / f"{t.session_id}.jsonl")
        home = Path(tmp, "home")
        services = open_services(home)
        services.accounts.add("work", str(config), AuthKind.LOGIN)
        services.sessions.refresh()
        record, content = services.sessions.show(t.session_id)
        whole = {**record_json(record), "archived": False,
                 "messages": [message_json(m) for m in content.messages],
                 "problems": content.problems}  # fmt: skip
        services.close()
        from desktop.cli import show_stream  # a small batch: the joins between batches too

        old_batch, show_stream.BATCH = show_stream.BATCH, batch
        try:
            streamed = _shown(home, "--json", "sessions", "show", t.session_id)
        finally:
            show_stream.BATCH = old_batch
        whole["archived"] = json.loads(streamed)["archived"]  # archived by the command's refresh
        expected = io.StringIO()
        with contextlib.redirect_stdout(expected):
            Output(json_mode=True).emit(whole, "")  # how the whole document was written
        assert streamed == expected.getvalue()
        assert json.loads(streamed)["messages"] == json.loads(expected.getvalue())["messages"]
        human = _shown(home, "sessions", "show", t.session_id)
        assert human.endswith("\n") and not human.endswith("\n\n")


class _Writes(io.StringIO):
    """stdout that remembers its longest single write."""

    longest = 0

    def write(self, text: str) -> int:
        self.longest = max(self.longest, len(text))
        return super().write(text)


def test_a_long_transcript_is_never_one_string_in_memory(tmp_path: Path) -> None:
    config = tmp_path / "claude"
    (config / "projects" / "p").mkdir(parents=True)
    t = Transcript()
    for n in range(3000):
        t.prompt(f"question {n} " + "walrus " * 40)
        t.reply(text(f"answer {n} " + "tusk " * 40))
    t.write(config / "projects" / "p" / f"{t.session_id}.jsonl")
    home = tmp_path / "home"
    services = open_services(home)
    services.accounts.add("work", str(config), AuthKind.LOGIN)
    services.close()
    for argv in (["--json", "sessions", "show", t.session_id], ["sessions", "show", t.session_id]):
        out = _Writes()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            assert main(["--home", str(home), *argv]) == 0
        whole = len(out.getvalue())
        assert whole > 500_000
        assert out.longest < whole / 2, "the whole output was made as one string"
