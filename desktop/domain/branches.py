"""Where two branches of one conversation diverge: the shared messages, then
each branch's own."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from desktop.domain.replay import Turn


@dataclass(frozen=True, slots=True)
class Comparison:
    common: tuple[Turn, ...]
    a: tuple[Turn, ...]
    b: tuple[Turn, ...]


def same_message(x: Turn, y: Turn) -> bool:
    """One message seen from two branches: the same id, or (a fork copies
    the history under new ids) the same role and text."""
    if x.uuid is not None and x.uuid == y.uuid:
        return True
    return x.role == y.role and x.text == y.text


def diverge(a: Sequence[Turn], b: Sequence[Turn]) -> Comparison:
    shared = 0
    while shared < min(len(a), len(b)) and same_message(a[shared], b[shared]):
        shared += 1
    return Comparison(tuple(a[:shared]), tuple(a[shared:]), tuple(b[shared:]))
