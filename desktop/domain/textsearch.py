"""Full-text search terms for scripts without spaces.

The index tokenizes on word boundaries, which do not exist in Chinese or
Japanese text. Each CJK character is made its own token both when indexing
and when querying, and a query term becomes a phrase, so a run of characters
matches wherever it stands in a sentence.
"""

from __future__ import annotations

import re
from functools import cache

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
    """Text as it is indexed: CJK characters spaced apart."""
    return text if text.isascii() else cjk_pattern("({cjk})").sub(r" \1 ", text)


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
