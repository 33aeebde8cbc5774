"""Entries and messages as they cross between the reading processes and the window.

A 200 MB transcript's reading hands 75,000 entries from a worker to the
reading process and 75,000 messages from there to the window. Pickled one
frozen dataclass at a time that cost more than reading their lines; packed
into plain tuples first it still cost about a CPU-second a hop, most of it
in making the objects again on the far side. msgpack (msgspec) writes the
Structs as they are (as arrays: `array_like`) and makes them on the far side
in C: a fifth of that on either side, with the same values (enums by value,
`Usage` nested, tool inputs as the JSON they came from).

msgpack has no place for an integer beyond 64 bits or a string with a lone
surrogate, both of which a transcript's tool input can hold (msgspec's JSON
decoder keeps big integers exact; a repaired line may still carry odd text).
A batch that holds one goes as plain tuples, pickled with the batch, as
before: nothing is lost, and such batches are rare.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from operator import attrgetter
from typing import Any

import msgspec

from desktop.domain.events import Usage
from desktop.domain.transcript import Entry, Message

Packed = bytes | list[tuple[Any, ...]]
"""msgpack bytes, or the rare batch msgpack cannot hold as plain tuples."""

_encoder = msgspec.msgpack.Encoder()
_entries = msgspec.msgpack.Decoder(list[Entry])
_messages = msgspec.msgpack.Decoder(list[Message])
_CANNOT = (OverflowError, UnicodeEncodeError)
"""What msgpack raises for an integer past 64 bits or a lone surrogate."""


def pack_entries(entries: Sequence[Entry]) -> Packed:
    return _packed(entries, _pack)


def unpack_entries(packed: Packed) -> list[Entry]:
    return _unpacked(packed, _entries, _unpack)


def pack_messages(messages: Sequence[Message]) -> Packed:
    return _packed(messages, _pack_message)


def unpack_messages(packed: Packed) -> list[Message]:
    return _unpacked(packed, _messages, _unpack_message)


def _packed(values: Sequence[Any], as_tuple: Callable[[Any], tuple[Any, ...]]) -> Packed:
    try:
        return _encoder.encode(values)
    except _CANNOT:
        return [as_tuple(value) for value in values]


def _unpacked(
    packed: Packed, decoder: msgspec.msgpack.Decoder[Any], from_tuple: Callable[[Any], Any]
) -> list[Any]:
    if isinstance(packed, bytes):
        return decoder.decode(packed)  # a list: the decoders are made for list[...]
    return list(map(from_tuple, packed))


# The fallback: plain tuples, which pickle keeps exactly.

_ENTRY_FIELDS = Entry.__struct_fields__
_MESSAGE_FIELDS = Message.__struct_fields__
_entry_values = attrgetter(*_ENTRY_FIELDS)
_message_values = attrgetter(*_MESSAGE_FIELDS)
_usage_values = attrgetter(*(f.name for f in fields(Usage)))
_ENTRY_USAGE = _ENTRY_FIELDS.index("usage")
_ENTRY_MESSAGES = _ENTRY_FIELDS.index("messages")
_MESSAGE_USAGE = _MESSAGE_FIELDS.index("usage")


def _pack(entry: Entry) -> tuple[Any, ...]:
    values = list(_entry_values(entry))
    if entry.usage is not None:
        values[_ENTRY_USAGE] = _usage_values(entry.usage)
    values[_ENTRY_MESSAGES] = tuple(map(_pack_message, entry.messages))
    return tuple(values)


def _pack_message(message: Message) -> tuple[Any, ...]:
    values = _message_values(message)
    if message.usage is None:
        return values
    return (*values[:_MESSAGE_USAGE], _usage_values(message.usage), *values[_MESSAGE_USAGE + 1 :])


def _unpack(values: Sequence[Any]) -> Entry:
    values = list(values)
    if values[_ENTRY_USAGE] is not None:
        values[_ENTRY_USAGE] = Usage(*values[_ENTRY_USAGE])
    values[_ENTRY_MESSAGES] = tuple(map(_unpack_message, values[_ENTRY_MESSAGES]))
    return Entry(*values)


def _unpack_message(values: tuple[Any, ...]) -> Message:
    usage = values[_MESSAGE_USAGE]
    if usage is None:
        return Message(*values)
    return Message(*values[:_MESSAGE_USAGE], Usage(*usage), *values[_MESSAGE_USAGE + 1 :])
