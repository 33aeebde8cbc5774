"""Tokens saved by resuming: a resumed turn's input tokens next to what a
replay would have sent, from the usage claude reported.

The definition (README, "Tokens saved" says the same):

* a turn's *input tokens* are the ones Claude did not read from its cache:
  `input_tokens + cache_creation_input_tokens`;
* a replay of that turn would have sent those, plus the conversation so far as
  new text. The conversation so far is counted from the recorded usage of the
  turn the resume carried on from: its whole context (input, cache-write and
  cache-read tokens) and its reply (output tokens);
* *tokens saved* is the difference: that turn's context and reply.

Only a resumed turn has a figure, and only when both it and the turn it
carried on from reported their usage (an interrupted or failed turn may have
none, or report zeros).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from desktop.domain.conversations import Execution
from desktop.domain.tree_labels import Sent, how_sent, resumed_by

_FRESH = ("input_tokens", "cache_creation_input_tokens")
_CONTEXT = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")


@dataclass(frozen=True, slots=True)
class TokenSaving:
    input_tokens: int
    """What the resumed turn sent that Claude had not cached."""
    replay_tokens: int
    """What a replay would have sent instead."""

    @property
    def saved(self) -> int:
        return self.replay_tokens - self.input_tokens


def _count(usage: Mapping[str, Any], keys: tuple[str, ...]) -> int | None:
    values = [usage.get(key) for key in keys]
    if not any(isinstance(v, int) for v in values):
        return None  # nothing reported: unknown, not zero
    return sum(v for v in values if isinstance(v, int) and v > 0)


def token_saving(
    usage: Mapping[str, Any] | None, carried_on_from: Mapping[str, Any] | None
) -> TokenSaving | None:
    """The saving of a resumed turn whose usage is `usage`, resumed after the
    turn whose usage is `carried_on_from` (None: not known)."""
    if not usage or not carried_on_from:
        return None
    fresh = _count(usage, _FRESH)
    context = _count(carried_on_from, _CONTEXT)
    # a turn Claude answered read its prompt: one that read nothing (an API error, a
    # stop before the answer) reported zeros, which say nothing of what was saved
    if fresh is None or not context or not _count(usage, _CONTEXT):
        return None
    reply = carried_on_from.get("output_tokens")
    history = context + (reply if isinstance(reply, int) and reply > 0 else 0)
    return TokenSaving(fresh, fresh + history)


def link_of(execution: Execution) -> str | None:
    """The execution a turn carried on from: its parent, or the node it forked."""
    return execution.parent_execution_id or execution.forked_from_execution_id


def saving_of(execution: Execution, get: Callable[[str], Execution | None]) -> TokenSaving | None:
    """The saving of one execution (None unless it resumed Claude's session)."""
    resumed = resumed_by(execution.resumed, execution.session_id_in)
    if how_sent(execution.kind, resumed) is not Sent.RESUMED:
        return None
    link_id = link_of(execution)
    link = get(link_id) if link_id else None
    return token_saving(execution.usage, link.usage if link else None)


def summed(savings: Iterable[TokenSaving | None]) -> TokenSaving | None:
    """The savings of several turns together (None when none is known)."""
    known = [s for s in savings if s is not None]
    if not known:
        return None
    return TokenSaving(sum(s.input_tokens for s in known), sum(s.replay_tokens for s in known))
