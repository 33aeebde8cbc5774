"""How much of a conversation a switch carries to the next account.

Apart from `carry` (which loads the conversations and their replay) so that
the command line's parser can name the choices without that cost in every
command.
"""

from __future__ import annotations

from enum import StrEnum


class CarryMode(StrEnum):
    NONE = "none"
    RAW = "raw"
    SUMMARY = "summary"
    MIGRATE = "migrate"

    @classmethod
    def parse(cls, raw: str) -> CarryMode:
        try:
            return cls(raw)
        except ValueError:
            raise ValueError("expected one of " + ", ".join(m.value for m in cls)) from None
