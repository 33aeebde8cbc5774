"""What the two typed line decoders read alike (`entry_decode` for the window,
`index_decode` for the index): a call's token counts, a message's blocks, a
quiet turn's close and a user block's text, by `parse_entry`'s rules.

Each decoder keeps its own Structs of a line and its blocks: the index's name
fewer fields, so the ones it never reads (thinking, tool ids) stay unbuilt.
Fields typed `Any` take whatever `parse_entry` copes with (and build it); the
others refuse what `parse_entry` would treat as missing, sending the line the
usual way.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

import msgspec

from desktop.domain import transcript_text as tt
from desktop.domain.transcript import Usage, usage_of


class UsageFields(msgspec.Struct):
    input_tokens: Any = None
    output_tokens: Any = None
    cache_read_input_tokens: Any = None
    cache_creation_input_tokens: Any = None

    def usage(self) -> Usage:
        return usage_of(
            self.input_tokens,
            self.output_tokens,
            self.cache_read_input_tokens,
            self.cache_creation_input_tokens,
        )


class Block(Protocol):
    type: Any
    text: Any
    source: Any


B = TypeVar("B", bound=Block)


def blocks(content: str | list[B] | None, text_block: type[B]) -> list[B]:
    """A message's blocks; a plain string is one text block."""
    if isinstance(content, str):
        return [text_block(type="text", text=content)]  # type: ignore[call-arg]
    return content or []


def quiet_close(said: list[B], stop_reason: str | None, model: str | None, flagged: bool) -> bool:
    """Whether an assistant line is a quiet turn's close: kept for the chain,
    never shown, replayed nor searched."""
    return (
        len(said) == 1
        and said[0].type == "text"
        and tt.closes_quiet_turn(
            tt.str_or_none(said[0].text) or "",
            stop_reason=stop_reason,
            model=model,
            flagged=flagged,
        )
    )


def user_text(block: Block) -> str:
    """A user block's text, as `flatten` of the one block has it."""
    if block.type in ("image", "document"):
        return tt.block_placeholder(block.type, block.source)
    return tt.str_or_none(block.text) or ""
