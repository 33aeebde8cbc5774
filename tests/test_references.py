"""The `[[SESS-042]]` parser and the expansion of references into context
(pure domain: generated text, no I/O)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from desktop.domain.references import (
    ReferencedConversation,
    expand_references,
    find_references,
    link_target,
    number_of_link,
    referenced_numbers,
    segments,
)
from desktop.domain.replay import OMITTED, Turn

plain = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40).filter(
    lambda t: "[[" not in t and "]]" not in t and "[" not in t[-1:] and "]" not in t[:1]
)
numbers = st.integers(min_value=0, max_value=999_999_999)


@st.composite
def written_reference(draw: st.DrawFn) -> tuple[str, int]:
    """A reference as a person might type it: any case, padded number, spaces inside."""
    number = draw(numbers)
    word = draw(st.sampled_from(["SESS", "sess", "Sess", "sESS"]))
    digits = str(number).zfill(draw(st.integers(min_value=1, max_value=9)))
    left, right = draw(st.sampled_from(["", " ", "  "])), draw(st.sampled_from(["", " "]))
    return f"[[{left}{word}-{digits}{right}]]", number


@given(st.text(max_size=300))
def test_segments_give_any_text_back_exactly(text: str) -> None:
    pieces = segments(text)
    assert "".join(piece for piece, _ in pieces) == text
    found = [number for _, number in pieces if number is not None]
    assert found == [ref.number for ref in find_references(text)]


@given(st.lists(st.tuples(plain, written_reference()), max_size=8), plain)
def test_every_reference_written_is_found_in_order(
    parts: list[tuple[str, tuple[str, int]]], tail: str
) -> None:
    text = "".join(before + written for before, (written, _) in parts) + tail
    expected = [number for _, (_, number) in parts]
    refs = find_references(text)
    assert [r.number for r in refs] == expected
    assert all(text[r.start : r.end].startswith("[[") for r in refs)
    assert referenced_numbers(text) == list(dict.fromkeys(expected))


@given(st.text(max_size=200).filter(lambda t: "[[" not in t))
def test_text_without_double_brackets_references_nothing(text: str) -> None:
    assert find_references(text) == [] and segments(text) in ([], [(text, None)])


def test_near_misses_are_not_references() -> None:
    for text in ("[SESS-1]", "[[SESS-]]", "[[SESS 1]]", "[[SESSION-1]]", "[[SESS-1]",
                 "[[SESS-1234567890]]", "SESS-042", "[[SESS-x1]]"):  # fmt: skip
        assert find_references(text) == [], text


@given(numbers)
def test_links_name_their_conversation(number: int) -> None:
    assert number_of_link(link_target(number)) == number
    assert link_target(number).startswith("sessiondesk:SESS-")


@given(st.text(max_size=60))
def test_other_links_are_not_conversations(link: str) -> None:
    if not link.lower().startswith("sessiondesk:"):
        assert number_of_link(link) is None


turns = st.lists(
    st.builds(Turn, st.sampled_from(["user", "assistant"]), st.text(min_size=1, max_size=400)),
    max_size=12,
)


referenced = st.lists(
    st.tuples(numbers, st.text(max_size=30), turns),
    min_size=1,
    max_size=4,
    unique_by=lambda t: t[0],
)


@given(
    referenced,
    st.text(min_size=1, max_size=200),
    st.integers(min_value=64, max_value=4096),
)
def test_the_expansion_is_labelled_within_budget_and_ends_with_the_prompt(
    found: list[tuple[int, str, list[Turn]]], prompt: str, budget: int
) -> None:
    convs = [ReferencedConversation(n, title, "alpha", ts) for n, title, ts in found]
    expanded = expand_references(prompt, convs, budget)
    assert expanded.endswith("\n\n" + prompt)
    share = budget // len(convs)
    blocks = expanded[: -len(prompt)].split("<conversation-history label=")[1:]
    assert len(blocks) == len(convs)
    for conv, block in zip(convs, blocks, strict=True):
        assert block.startswith(f'"SESS-{conv.number:03d}')
        body = block.split("\n", 1)[1].rsplit("</conversation-history>", 1)[0]
        kept = body.replace(OMITTED, "").strip()
        if not any(t.text.strip() for t in conv.turns):
            assert kept == "(no text yet)"
        else:
            assert len(kept.encode("utf-8")) <= share + 16


def test_no_reference_leaves_the_prompt_as_it_is() -> None:
    assert expand_references("just this", [], 1000) == "just this"


def test_references_inside_carried_context_are_not_the_request() -> None:
    carried = (
        'Context from the bundle "b" follows.\n\n'
        '<conversation-history label="SESS-004 old">\nUser: as [[SESS-009]] did\n'
        "</conversation-history>\n\n"
        '<bundle-note label="note 2">\nsee [[SESS-010]]\n</bundle-note>\n\n'
        "now do it like [[SESS-001]]"
    )
    assert referenced_numbers(carried) == [1]
    assert [r.number for r in find_references(carried)] == [9, 10, 1]  # all still links
