"""Masking secrets in `claude`'s events (generated): whole events, and text cut
into stream deltas anywhere, the cut falling inside the secret included."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from desktop.domain.event_redact import StreamMasker, redact_event
from desktop.domain.events import StreamDelta
from desktop.domain.redact import redact
from desktop.domain.stream_json import parse_event

# a secret starts with a mark no other text holds: its occurrences never overlap,
# so where it was masked is one answer
secrets = st.text(
    st.characters(
        min_codepoint=0x21,
        max_codepoint=0x024F,
        exclude_categories=("Cs", "Cc"),
        exclude_characters="\u00a7",
    ),
    min_size=8,
    max_size=30,
).map(lambda s: "\u00a7" + s)
words = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\u00a7"), max_size=20)


def delta(text: str, index: int = 0) -> StreamDelta:
    event = parse_event(
        {
            "type": "stream_event",
            "event": {
                "type": "content_block_delta",
                "index": index,
                "delta": {"type": "text_delta", "text": text},
            },
        }
    )
    assert isinstance(event, StreamDelta)
    return event


@given(secrets, st.lists(words, min_size=1, max_size=4), st.data())
def test_a_secret_cut_across_deltas_is_never_shown(
    secret: str, around: list[str], data: st.DataObject
) -> None:
    whole = secret.join(around) if len(around) > 1 else around[0] + secret
    cuts = sorted(data.draw(st.lists(st.integers(0, len(whole)), max_size=8)))
    pieces = [whole[a:b] for a, b in zip([0, *cuts], [*cuts, len(whole)], strict=True)]
    masker = StreamMasker([secret])
    out = [e for piece in pieces for e in masker.take(delta(piece))]
    out += masker.take(parse_event({"type": "result", "subtype": "success", "result": "x"}))
    shown = "".join(e.text for e in out if isinstance(e, StreamDelta))
    assert shown == redact(whole, [secret])
    for event in out:  # each line --json prints says what its typed text says
        if isinstance(event, StreamDelta):
            assert event.raw["event"]["delta"]["text"] == event.text
            assert secret not in json.dumps(event.raw, ensure_ascii=False)


@given(secrets, words)
def test_every_string_of_an_event_is_masked(secret: str, word: str) -> None:
    lines = [
        {"type": "system", "subtype": "init", "session_id": "s", "apiKeySource": secret},
        {"type": "assistant", "message": {"id": "m", "content": [
            {"type": "text", "text": word + secret},
            {"type": "tool_use", "id": "t", "name": "Bash", "input": {secret: [secret]}}]}},
        {"type": "user", "message": {"content": [
            {"type": "tool_result", "tool_use_id": "t", "content": [{"type": "text",
                                                                     "text": secret}]}]}},
        {"type": "result", "subtype": "success", "result": secret, "errors": [secret]},
        {"type": "control_request", "request_id": "r", "request": {
            "subtype": "can_use_tool", "tool_name": "Bash", "input": {"c": secret}}},
        {"type": "anything_new", "deep": [[{"x": secret}]]},
    ]  # fmt: skip
    for line in lines:
        masked = redact_event(parse_event(line), [secret])
        assert secret not in json.dumps(masked.raw, ensure_ascii=False)


def test_an_event_without_a_secret_is_the_same_object() -> None:
    event = parse_event({"type": "result", "subtype": "success", "result": "fine"})
    assert redact_event(event, ["a-secret-value"]) is event
