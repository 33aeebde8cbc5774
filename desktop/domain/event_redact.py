"""Secrets masked in `claude`'s events before anyone sees them.

`claude` can echo the account's key in any event (a tool result that printed
the environment, an error that quotes a header, a result's text). Every
consumer of a run — `run --json` on stdout, the human stream, the window, the
execution's error in the database, the run log of its stderr — reads the
events a `Run` yields, so they are masked once, there. An event with nothing to
mask comes back as the same object (the common case costs one walk of its
strings); one with something is parsed again from its masked line, so its typed
fields and its `raw` (what `--json` prints) agree.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from typing import Any

from desktop.domain.events import Event, ParseError, ProcessExited, StreamDelta
from desktop.domain.redact import redact
from desktop.domain.stream_json import parse_event

MIN_SECRET = 8
"""Shorter values are not masked: a 4-character "secret" would mangle session
ids and ordinary words (the argv check uses the same bound)."""


def usable_secrets(values: Iterable[str | None]) -> tuple[str, ...]:
    """The values worth masking, longest first (so a secret that contains
    another is masked whole)."""
    kept = {v for v in values if v and len(v) >= MIN_SECRET}
    return tuple(sorted(kept, key=len, reverse=True))


def _scrub(value: Any, secrets: tuple[str, ...]) -> Any:
    if isinstance(value, str):
        return redact(value, secrets)
    if isinstance(value, Mapping):
        return {_scrub(k, secrets): _scrub(v, secrets) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_scrub(v, secrets) for v in value]
    return value


def redact_payload(value: Any, secrets: Iterable[str] = ()) -> Any:
    """A JSON value with every string (keys included) masked."""
    return _scrub(value, usable_secrets(secrets))


def redact_event(event: Event, secrets: Iterable[str] = ()) -> Event:
    """`event` with `secrets` (and Anthropic-shaped tokens) masked everywhere."""
    kept = usable_secrets(secrets)
    if isinstance(event, ProcessExited):  # not a line: its stderr is its text
        stderr = redact(event.stderr, kept)
        return event if stderr == event.stderr else dataclasses.replace(event, stderr=stderr)
    if isinstance(event, ParseError) and not event.raw:  # a line that was not JSON
        error, line = redact(event.error, kept), redact(event.line, kept)
        if (error, line) == (event.error, event.line):
            return event
        return dataclasses.replace(event, error=error, line=line)
    masked = _scrub(event.raw, kept)
    if masked == event.raw:
        return event
    return parse_event(masked)


_TOKEN_START = re.compile(r"s(?:k(?:-(?:a(?:n(?:t(?:-[A-Za-z0-9_\-]*)?)?)?)?)?)?\Z")
"""The end of a text that may be the start of an Anthropic-shaped token."""


class TextMask:
    """Masks a text that arrives in pieces (a reply's stream deltas): a secret cut
    across two pieces is held back until it can be told whole, so no piece
    printed ever shows part of one."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        self._secrets = usable_secrets(secrets)
        self._held = ""

    def feed(self, text: str) -> str:
        """What can be shown of the text so far."""
        buffer = self._held + text
        cut = len(buffer) - self._open_tail(buffer)
        head, tail = buffer[:cut], buffer[cut:]
        shown = redact(head, self._secrets)
        if shown + redact(tail, self._secrets) != redact(buffer, self._secrets):
            # the cut falls inside a whole secret (one that overlaps itself): hold it all
            head, tail, shown = "", buffer, ""
        self._held = tail
        return shown

    def flush(self) -> str:
        """The rest, once no piece will follow."""
        rest, self._held = redact(self._held, self._secrets), ""
        return rest

    def _open_tail(self, text: str) -> int:
        """How many characters at the end may begin a secret."""
        longest = 0
        for secret in self._secrets:
            for size in range(min(len(secret) - 1, len(text)), longest, -1):
                if text.endswith(secret[:size]):
                    longest = size
                    break
        token = _TOKEN_START.search(text)
        if token is not None:
            longest = max(longest, len(text) - token.start())
        return longest


_DELTA_FIELDS = {"text": "text", "thinking": "thinking", "tool_input": "partial_json"}
"""The kinds of delta that carry a piece of a longer text, and the field that holds it."""


def _with_text(delta: StreamDelta, text: str) -> StreamDelta:
    """The delta saying `text` instead, in its typed field and in its line."""
    raw = dict(delta.raw)
    sse = dict(raw.get("event") or {})
    inner = dict(sse.get("delta") or {})
    inner[_DELTA_FIELDS[delta.kind]] = text
    sse["delta"] = inner
    raw["event"] = sse
    return dataclasses.replace(delta, text=text, raw=raw)


class StreamMasker:
    """Every event of one run masked (`redact_event`), and the text that stream
    deltas cut into pieces masked across the cuts: a delta's text may be held
    back (the delta then says less, or nothing) and is said by the next delta
    of its block, or by a delta made for it when the block ends."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        self._secrets = usable_secrets(secrets)
        self._open: dict[tuple[str | None, int | None, str], tuple[TextMask, StreamDelta]] = {}

    def take(self, said: Event) -> list[Event]:
        """The events to pass on for one that came."""
        event = redact_event(said, self._secrets)
        if isinstance(event, StreamDelta) and event.kind in _DELTA_FIELDS:
            key = (event.parent_tool_use_id, event.index, event.kind)
            mask = self._open[key][0] if key in self._open else TextMask(self._secrets)
            self._open[key] = (mask, event)
            shown = mask.feed(event.text)
            return [event if shown == event.text else _with_text(event, shown)]
        return [*self.finish(), event]

    def finish(self) -> list[Event]:
        """Deltas for what is still held back: the blocks have ended."""
        rest = []
        for mask, last in self._open.values():
            held = mask.flush()
            if held:
                rest.append(_with_text(last, held))
        self._open.clear()
        return rest
