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
from collections.abc import Iterable, Mapping
from typing import Any

from desktop.domain.events import Event, ParseError, ProcessExited
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
