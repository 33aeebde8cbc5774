"""Full-text search terms for scripts without spaces.

The index tokenizes on word boundaries, which do not exist in Chinese or
Japanese text. Each CJK character is made its own token both when indexing
and when querying, and a query term becomes a phrase, so a run of characters
matches wherever it stands in a sentence.
"""

from __future__ import annotations

import re
import sys
from array import array
from collections.abc import Iterable, Sequence
from functools import cache

from desktop.domain.oddtext import clean

_CJK = (
    "\u3040-\u30ff"  # Hiragana, Katakana
    "\u3400-\u4dbf"  # CJK Extension A
    "\u4e00-\u9fff"  # CJK Unified Ideographs
    "\uac00-\ud7af"  # Hangul syllables
    "\uf900-\ufaff"  # CJK compatibility ideographs
)
_TERM = re.compile(r'"([^"]+)"|(\S+)')


@cache
def cjk_pattern(form: str) -> re.Pattern[str]:
    """`form` compiled with `{cjk}` standing for the class of CJK characters,
    on first use: the class spans 40,000 code points and takes ~8 ms to
    compile, which a command that meets no CJK text (a listing) need not pay."""
    return re.compile(form.format(cjk=f"[{_CJK}]"))


def segment(text: str) -> str:
    """Text as it is indexed: each CJK character with a space on either side."""
    return segment_all([text])[0]


_TOGETHER = 256
"""Texts spaced in one pass: a few hundred stay in the CPU's caches (a whole
part's 3,000 texts at once took 15 % longer)."""


def segment_all(texts: Sequence[str]) -> list[str]:
    """`segment` of each text, all of them in one pass.

    A first index spaces every message it stores, half a million CJK runs in
    all, and what costs is the work per run, not per character: the texts are
    glued by NUL (never in a run) and split into runs once, and every run is
    spaced in one step (`_spaced`), rather than a split and a join per text."""
    if len(texts) > _TOGETHER:
        return [
            spaced
            for start in range(0, len(texts), _TOGETHER)
            for spaced in segment_all(texts[start : start + _TOGETHER])
        ]
    whole = "\0".join(texts)
    if whole.isascii():
        return list(texts)
    if len(texts) > 1 and whole.count("\0") != len(texts) - 1:
        return [segment(text) for text in texts]  # a text holds a NUL itself: the glue
    parts = cjk_pattern("({cjk}+)").split(whole)
    if len(parts) == 1:
        return list(texts)
    # runs sit at the odd places; each comes back with its spaces at its edges
    parts[1::2] = _spaced(parts[1::2])
    spaced = "".join(parts)
    return spaced.split("\0") if len(texts) > 1 else [spaced]


_UTF32 = f"utf-32-{sys.byteorder[0]}e"
"""The codec whose code units are laid out as an `array` holds them."""


def _spaced(runs: list[str]) -> list[str]:
    """Each run with a space on either side of every character: the
    characters are laid out as 32-bit units and spaces written between them
    in one slice assignment, so no string is made per character."""
    units = array("I")  # 4 bytes an item on every platform Python runs on
    units.frombytes("\0".join(runs).encode(_UTF32))
    out = array("I", [0x20]) * (3 * len(units))
    out[1::3] = units
    # the glue between runs came out as " \0 ", each run as " 据  线 "
    return out.tobytes().decode(_UTF32).split(" \0 ")


Text = tuple[str | None, str, str]
"""A message's (uuid, role, text)."""


def searchable(texts: Iterable[Text]) -> list[Text]:
    """Texts as the index stores them: blank ones dropped, lone surrogates
    replaced (`clean`), CJK spaced (`segment`). Done where the transcripts are
    read, in the index's workers, so that the one process writing the
    database does not also do this."""
    kept = [
        (clean(uuid) if uuid else uuid, role, clean(text))
        for uuid, role, text in texts
        if text.strip()
    ]
    bodies = segment_all([text for _uuid, _role, text in kept])
    return [(uuid, role, body) for (uuid, role, _text), body in zip(kept, bodies, strict=True)]


def make_snippet(
    text: str, query: str, width: int = 160, mark: tuple[str, str] = ("[", "]")
) -> str:
    """A one-line excerpt of `text` around the first query term, the terms marked."""
    flat = " ".join(text.split())
    terms = [t for q, b in _TERM.findall(query) for t in [(q or b).strip()] if t]
    lowered = flat.lower()
    found = [(lowered.find(t.lower()), t) for t in terms]
    hits = sorted((pos, t) for pos, t in found if pos >= 0)
    if not hits:
        return flat[:width] + ("…" if len(flat) > width else "")
    first = hits[0][0]
    start = max(0, first - width // 3)
    excerpt = flat[start : start + width]
    for term in {t for _, t in hits}:
        excerpt = re.sub(
            re.escape(term), lambda m: f"{mark[0]}{m[0]}{mark[1]}", excerpt, flags=re.IGNORECASE
        )
    prefix = "…" if start > 0 else ""
    suffix = "…" if start + width < len(flat) else ""
    return prefix + excerpt + suffix


def mentions_all(text: str, query: str) -> bool:
    """Whether every term of the query (a quoted part as one phrase) occurs in
    `text`, whatever the letter case: for short texts kept outside the index,
    such as a conversation's title and description."""
    terms = [t for q, b in _TERM.findall(query) for t in [(q or b).strip()] if t]
    flat = " ".join(text.split()).casefold()
    return bool(terms) and all(" ".join(t.split()).casefold() in flat for t in terms)


def match_expression(query: str) -> str | None:
    """An FTS5 MATCH expression for what a person typed, or None if nothing to find.

    Every term must match (AND); a quoted part is one phrase. Operators typed by
    the person are taken as words, so no input can be a syntax error.
    """
    phrases = []
    for quoted, bare in _TERM.findall(query):
        words = re.findall(r"\w+", segment(quoted or bare))
        if words:
            phrases.append('"' + " ".join(words) + '"')
    return " ".join(phrases) if phrases else None
