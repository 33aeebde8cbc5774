"""Fuzzy matching for the command palette: the typed letters in order, not together.

`score()` says whether a query matches a text and how well: each word of the
query must appear in the text as a subsequence, case ignored. Letters that
start a word of the text, and letters that follow each other, count more,
so "nc" ranks "New Conversation" above "Cancel".
"""

from __future__ import annotations

WORD_START = 8
RUN = 5
LETTER = 1
GAP = 1
MAX_GAP_PENALTY = 6


def _starts_word(text: str, index: int) -> bool:
    return (
        index == 0
        or not text[index - 1].isalnum()
        or (text[index - 1].islower() and text[index].isupper())
    )


def _word_score(word: str, text: str, folded: str) -> int | None:
    """Best greedy placement of `word` in `text`, preferring starts of words."""
    position, total, previous = 0, 0, -2
    for char in word:
        found = folded.find(char, position)
        if found < 0:
            return None
        # a later start of a word beats the first plain occurrence
        start = found
        while start >= 0 and not _starts_word(text, start) and start != previous + 1:
            start = folded.find(char, start + 1)
        if start >= 0:
            found = start
        total += LETTER
        if _starts_word(text, found):
            total += WORD_START
        if found == previous + 1:
            total += RUN
        else:
            total -= min(MAX_GAP_PENALTY, (found - previous - 1) * GAP) if previous >= 0 else 0
        previous, position = found, found + 1
    return total


def _fold(text: str) -> str:
    # letter by letter, so positions in the result are positions in `text` (ß folds to ss)
    return "".join(next((f for f in (c.casefold(), c.lower()) if len(f) == 1), c) for c in text)


def score(query: str, text: str) -> int | None:
    """How well `query` matches `text` (higher is better), or None when it does not."""
    words = _fold(query).split()
    if not words:
        return 0
    folded = _fold(text)
    total = 0
    for word in words:
        found = _word_score(word, text, folded)
        if found is None:
            return None
        total += found
    return total


def rank(query: str, texts: list[str]) -> list[int]:
    """Indexes of the matching `texts`, best first; ties keep their order."""
    scored = [(s, i) for i, t in enumerate(texts) if (s := score(query, t)) is not None]
    scored.sort(key=lambda pair: (-pair[0], pair[1]))
    return [i for _s, i in scored]
