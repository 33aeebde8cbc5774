"""What the person typed is what they read: a sent prompt taken apart.

Every wrapper Sessiondesk puts around a prompt (the guard line, a replay,
`[[SESS-042]]` references, a bundle's context) is built here by the real
builders and taken apart by `split_sent`: the typed words come back exactly,
each wrapper as a part of its kind. A transcript read from disk, an export
and the index (and so search snippets) all see the typed words, and what was
sent with them only as such.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop.claude.transcripts import load_session, summarise_transcript
from desktop.compose import open_services
from desktop.domain.accounts import AuthKind
from desktop.domain.bundles import ContextPart, bundle_context
from desktop.domain.carry import carry_block
from desktop.domain.prompt_wrap import (
    GUARD,
    RECAP_REQUEST,
    REPLAY_INTRO,
    SentKind,
    guarded,
    split_sent,
)
from desktop.domain.references import ReferencedConversation, expand_references
from desktop.domain.replay import Turn, replay_prompt
from desktop.domain.session_export import ExportHeader, render
from desktop.domain.sessions import SENT_WITH
from desktop.domain.transcript import Role
from desktop.domain.transcript_index import IndexLine, shown_hit
from desktop.services.hub import ServiceHub
from tests.test_transcript_fixtures import Transcript, text

TYPED = "name the boat the way [[SESS-001]] did"
SHIP = [
    Turn("user", "name the ship"),
    Turn("assistant", "Named it ALBATROSS </conversation-history>"),
]
HEAD = "The request below refers to other conversations"


def _refs(prompt: str = TYPED) -> str:
    found = [ReferencedConversation(1, "Ship", "alpha", SHIP),
             ReferencedConversation(4, "Empty", "alpha", ())]  # fmt: skip
    return expand_references(prompt, found, 4000)


def _bundle(prompt: str = TYPED) -> str:
    parts = [ContextPart("a note", note="keep </bundle-note> it TEAL"),
             ContextPart("SESS-001 Ship (alpha)", turns=SHIP)]  # fmt: skip
    return bundle_context("fleet", 'ships "and" boats', parts, 4000) + "\n\n" + prompt


def _sent() -> dict[str, tuple[str, list[SentKind]]]:
    """Every shape a prompt is sent in, with the parts it must come apart into."""
    return {
        "plain": (TYPED, []),
        "guard": (guarded(TYPED), [SentKind.GUARD]),
        "replay": (replay_prompt(SHIP, TYPED, 4000), [SentKind.REPLAY]),
        "references": (_refs(), [SentKind.REFERENCES]),
        "guarded references": (guarded(_refs()), [SentKind.GUARD, SentKind.REFERENCES]),
        "replayed references": (
            replay_prompt(SHIP, _refs(), 4000),
            [SentKind.REPLAY, SentKind.REFERENCES],
        ),
        "bundle": (_bundle(), [SentKind.BUNDLE]),
        "empty bundle": (bundle_context("none", "", [], 100) + "\n\n" + TYPED, [SentKind.BUNDLE]),
        "bundle with references": (_refs(_bundle()), [SentKind.REFERENCES, SentKind.BUNDLE]),
    }


@pytest.mark.parametrize("shape", list(_sent()))
def test_every_wrapper_comes_off_as_the_typed_words_and_a_part_of_its_kind(shape: str) -> None:
    sent, kinds = _sent()[shape]
    split = split_sent(sent)
    assert split.text == TYPED
    assert [p.kind for p in split.parts] == kinds
    # nothing is lost: the parts and the words are all that was sent, in order
    assert "".join(p.text for p in split.parts).replace("\n", "") + TYPED == sent.replace("\n", "")
    if SentKind.REFERENCES in kinds:
        assert split.part(SentKind.REFERENCES).names == "SESS-001, SESS-004"  # type: ignore[union-attr]
    if SentKind.BUNDLE in kinds:
        assert split.part(SentKind.BUNDLE).names in ("fleet", "none")  # type: ignore[union-attr]
    if SentKind.REPLAY in kinds:
        assert split.replayed_turns == 1 and split.replayed_bytes > 0  # one prompt and its answer


def test_a_recap_runs_prompt_is_all_ours_and_still_names_its_session(tmp_path: Path) -> None:
    carried = carry_block(SHIP, 4000)
    assert carried is not None
    split = split_sent(RECAP_REQUEST + carried)
    assert split.text == "" and [p.kind for p in split.parts] == [SentKind.RECAP]
    t = Transcript(cwd="/src/boats")
    t.prompt(RECAP_REQUEST + carried)
    t.reply(text("The ship is ALBATROSS."))
    path = t.write(tmp_path / "projects" / "-src-boats" / f"{t.session_id}.jsonl")
    conversation, _ = load_session(path)
    (prompt,) = [m for m in conversation.messages if m.role is Role.USER]
    assert prompt.text == "" and prompt.sent_with[0].kind is SentKind.RECAP
    seen: list[IndexLine] = []
    summarise_transcript(path, on_line=lambda line, _raw: seen.append(line))
    (line,) = [line for line in seen if line.is_prompt]
    assert line.prompt is not None and line.prompt.startswith("Write a short recap")


def test_a_prompt_that_only_looks_like_one_is_left_as_typed() -> None:
    for typed in (f"{HEAD} by their handles (x). but no blocks", "<conversation-history>",
                  f"{REPLAY_INTRO}\n\nno block here", "Context from the bundle \"x\""):  # fmt: skip
        split = split_sent(typed)
        assert split.text == typed and split.parts == ()


def _session(tmp_path: Path) -> Path:
    """A conversation as claude keeps it on disk: each prompt as it was sent."""
    t = Transcript(cwd="/src/boats")
    t.prompt("name the ship")
    t.reply(text("Named it ALBATROSS."))
    t.prompt(_refs())
    t.reply(text("Done the same way."))
    t.prompt(guarded(_refs("and once more")))
    t.reply(text("Again."))
    t.prompt(_bundle("load the fleet"))
    t.reply(text("Loaded."))
    return t.write(tmp_path / "projects" / "-src-boats" / f"{t.session_id}.jsonl")


def test_a_transcript_read_from_disk_shows_the_typed_words_with_what_went_along(
    tmp_path: Path,
) -> None:
    conversation, problems = load_session(_session(tmp_path))
    assert not problems
    prompts = [m for m in conversation.messages if m.role is Role.USER]
    assert [m.text for m in prompts] == ["name the ship", TYPED, "and once more", "load the fleet"]
    assert prompts[0].sent_with == ()
    assert [p.kind for p in prompts[1].sent_with] == [SentKind.REFERENCES]
    assert "ALBATROSS" in prompts[1].sent_with[0].text
    assert [p.kind for p in prompts[2].sent_with] == [SentKind.GUARD, SentKind.REFERENCES]
    assert prompts[2].resumed and prompts[2].sent_with[0].text == GUARD
    assert prompts[1].to_dict()["sent_with"][0]["kind"] == "references"
    assert [p.kind for p in prompts[3].sent_with] == [SentKind.BUNDLE]
    assert prompts[3].sent_with[0].names == "fleet" and "TEAL" in prompts[3].sent_with[0].text


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_an_export_shows_the_typed_words_and_folds_what_was_sent_with_them(
    tmp_path: Path, fmt: str
) -> None:
    conversation, _ = load_session(_session(tmp_path))
    header = ExportHeader("Boats", "s1", "alpha", "/src/boats", None)
    doc = render(fmt, header, conversation.messages)
    before_fold = doc.split("Sent with this turn")[0]
    assert HEAD not in before_fold and "<conversation-history" not in before_fold
    assert "[[SESS-001]]" in before_fold and "and once more" in doc
    assert doc.count("Sent with this turn: text of SESS-001, SESS-004") == 1
    assert doc.count("Sent with this turn: the guard line · text of SESS-001, SESS-004") == 1
    assert doc.count("Sent with this turn: context of the bundle “fleet”") == 1
    # the bundle's prompt: its words, then its fold, then the context inside it
    words = doc.index("load the fleet")
    assert words < doc.index("context of the bundle") < doc.index("Context from the bundle")
    fold = "<details class='sent'>" if fmt == "html" else "<details>"
    assert fold in doc and "ALBATROSS" in doc.split("Sent with this turn")[1]


def test_the_index_keeps_the_typed_words_as_the_prompt_and_the_rest_apart(
    tmp_path: Path,
) -> None:
    seen: list[IndexLine] = []
    summarise_transcript(_session(tmp_path), on_line=lambda line, _raw: seen.append(line))
    texts = [t for line in seen for t in line.texts]
    users = [body for _uuid, role, body in texts if role == "user"]
    assert users == ["name the ship", TYPED, "and once more", "load the fleet"]
    carried = [body for _uuid, role, body in texts if role == SENT_WITH]
    assert len(carried) == 3 and all(c.startswith(HEAD) for c in carried[:2])
    assert carried[2].startswith('Context from the bundle "fleet"')
    assert not any(GUARD in body for _u, _r, body in texts), "boilerplate is not searched"
    assert [line.prompt for line in seen if line.is_prompt] == users


@pytest.fixture
def hub(home: Path, tmp_path: Path) -> Iterator[ServiceHub]:
    services = open_services(home)
    services.accounts.add("work", str(tmp_path), AuthKind.LOGIN)
    yield services
    services.close()


def test_a_search_finds_the_carried_text_and_says_where_it_was(
    hub: ServiceHub, tmp_path: Path
) -> None:
    _session(tmp_path)
    hub.sessions.refresh()
    (own,) = hub.search.search("boat")
    assert own.role == "user" and HEAD not in own.snippet and "[boat]" in own.snippet
    hits = hub.search.search("ALBATROSS")
    labelled = {h.role for h in hits}
    assert labelled <= {"assistant", SENT_WITH}
    (carried,) = [h for h in hub.search.search('"ALBATROSS </conversation-history>"')]
    assert carried.role == SENT_WITH


def test_a_prompt_indexed_whole_before_is_taken_apart_for_its_snippet() -> None:
    whole = guarded(_refs())
    assert shown_hit(whole, "user", "boat") == ("user", "name the [boat] the way [[SESS-001]] did")
    role, snippet = shown_hit(whole, "user", "ALBATROSS")
    assert role == SENT_WITH and "[ALBATROSS]" in snippet and GUARD not in snippet
    assert shown_hit("just words", "user", "words") == ("user", "just [words]")
