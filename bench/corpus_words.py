"""The words of the synthetic corpora: a Zipf-like curve over a few thousand
made-up English-looking words, and two-character Chinese words run together
as Chinese is written, so searches can be timed for common and rare terms
alike (`bench/corpus.py` and `bench/cloned_corpus.py` write them)."""

from __future__ import annotations

import itertools
import random
from functools import cache

CHINESE_SHARE = 0.2
"""Sessions written by someone who works in Chinese; the rest are in English."""
_SYLLABLES = ("ka", "ro", "mi", "te", "su", "na", "lo", "pe", "di", "va", "zu", "ex", "or", "in")
_HAN = "解析重构会话索引缓存线程事件渲染搜索账户文件迁移窗口令牌流式数据模型测试部署日志配置"
_ENGLISH = [
    "the",
    "file",
    "function",
    "error",
    "test",
    "parser",
    "refactor",
    "token",
    "stream",
    "buffer",
    "index",
    "query",
    "cache",
    "session",
    "account",
    "folder",
    "migration",
    "window",
    "thread",
    "event",
    "async",
    "render",
    "markdown",
    "search",
]


@cache
def lexicon() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """English-looking and Chinese words, each list by rank (most frequent first)."""
    rng = random.Random(1)
    made = sorted("".join(p) for p in itertools.product(_SYLLABLES, repeat=3))
    han = [a + b for a, b in itertools.permutations(_HAN, 2)]
    rng.shuffle(han)
    return (*_ENGLISH, *made[:2500]), tuple(han[:400])


@cache
def _weights(count: int) -> list[float]:
    return list(itertools.accumulate(1 / (rank + 1) for rank in range(count)))


def sentence(rng: random.Random, n: int, chinese: bool = False) -> str:
    """n words; in a Chinese session half of them are Chinese, run together
    into phrases of two or three words as Chinese is written (no spaces)."""
    english, han = lexicon()
    if not chinese:
        return " ".join(rng.choices(english, cum_weights=_weights(len(english)), k=n))
    words = rng.choices(english, cum_weights=_weights(len(english)), k=n // 2)
    glued = rng.choices(han, cum_weights=_weights(len(han)), k=n - n // 2)
    words += ["".join(glued[i : i + 3]) for i in range(0, len(glued), 3)]
    rng.shuffle(words)
    return " ".join(words)
