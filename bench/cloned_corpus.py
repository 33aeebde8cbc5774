"""The cloned shapes of the synthetic corpus (`bench/corpus.py --shape text`
and `--shape dense`): sessions whose turns are clones of the lines the real
`claude` wrote through the test rig's fake API (`bench/templates/`,
`bench/template_turns.py`), with `bench/corpus_words.py`'s words as their
texts. `_ClonedCorpus` writes both shapes."""

from __future__ import annotations

import json
import random
import statistics
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.corpus_words import CHINESE_SHARE, sentence
from bench.template_turns import ClonedSession, exchange, overhead, templates


def _long_replies(rng: random.Random, words: int, chinese: bool) -> list[str]:
    """Distinct long replies of about `words` words, paragraphs and code as a model writes."""
    replies = []
    for _ in range(3000):
        paragraphs = [sentence(rng, words // 4, chinese) for _ in range(4)]
        replies.append("\n\n".join(paragraphs) + "\n\n```python\nreturn parse(data)\n```")
    return replies


def _turn_texts(
    rng: random.Random, kind: str, number: int, chinese: bool, replies: list[str]
) -> dict[str, str]:
    """The conversation's texts for one cloned turn, by the template's slot names."""
    texts = {
        "prompt": f"turn {number}: {sentence(rng, rng.randint(6, 30), chinese)}",
        "reply": f"Here is the plan.\n\n```python\nprint({number})\n```\n" + rng.choice(replies),
    }
    if kind == "tool":
        texts["preamble"] = sentence(rng, rng.randint(3, 12), chinese)
        texts["result"] = sentence(rng, rng.randint(40, 400), chinese)
    return texts


def _fitted_replies(rng: random.Random, room: float) -> dict[bool, list[str]]:
    """Long replies by language whose JSON strings take about `room` bytes
    each, 20 words at least (what a `room` of nothing or less gives)."""
    room = max(room, 0.0)
    replies = {lang: _long_replies(rng, max(20, int(room / 10)), lang) for lang in (False, True)}
    for lang, drafts in replies.items():  # scale the first guess of 10 bytes a word
        encoded = (json.dumps(r, ensure_ascii=False).encode() for r in drafts[:200])
        mean = statistics.mean(len(e) for e in encoded)
        words = max(20, int(room / 10 * room / mean))
        replies[lang] = _long_replies(rng, words, lang)
    return replies


TurnTexts = Callable[[random.Random, str, int, bool], dict[str, str]]
"""A turn's texts by slot name, given its template's kind, number and language."""


def _texts_from(pool: dict[bool, list[str]]) -> TurnTexts:
    """Turn texts whose replies are drawn from `pool` (by language)."""
    return lambda rng, kind, number, chinese: _turn_texts(rng, kind, number, chinese, pool[chinese])


def _small_kind(rng: random.Random, number: int, plain: str) -> str:
    """An ordinary session's turn: its start, then a tool call one time in three."""
    if number == 0:
        return "start"
    return "tool" if rng.random() < 0.33 else plain


class _ClonedCorpus:
    """Sessions cloned from the real CLI's turns (`bench/template_turns.py`),
    each in the folder claude names after its cwd, with what the index should
    count: the message count of every session (prompts plus replies)."""

    def __init__(self, config_dir: Path, seed: int, start: datetime) -> None:
        self.turns = templates() | {f"{k}_exchange": exchange(templates()[k]) for k in _PLAIN}
        self.rng = random.Random(seed)
        self.projects = config_dir / "projects"
        self.start = start
        self.written, self.text_bytes, self.largest = 0, 0, ""
        self.counts: dict[str, int] = {}

    def session(
        self,
        index: int,
        turns: Callable[[random.Random], int],
        kind: Callable[[random.Random, int, str], str],
        texts: TurnTexts,
        big: bool = False,
    ) -> int:
        """Write session number `index`: `turns` draws how many, `kind` each
        turn's template (given the language's plain one), `texts` its texts.
        Returns the bytes written."""
        rng = self.rng
        cwd = f"/home/dev/src/app {index % 40}/pkg.{index % 7}"
        folder = self.projects / "".join(c if c.isalnum() else "-" for c in cwd)
        folder.mkdir(parents=True, exist_ok=True)
        sid = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        chinese = rng.random() < CHINESE_SHARE
        session = ClonedSession(sid, cwd, rng, self.start + timedelta(minutes=index))
        plain = _PLAIN[chinese]
        messages = 0
        for number in range(turns(rng)):
            chosen = kind(rng, number, plain)
            made = texts(rng, chosen, number, chinese)
            session.turn(self.turns[chosen], made)
            messages += 3 if chosen == "tool" else 2
            self.text_bytes += sum(len(t.encode()) for t in made.values())
        data = session.data()
        path = folder / f"{sid}.jsonl"
        path.write_bytes(data)
        self.written += len(data)
        self.counts[sid] = messages
        self.largest = str(path) if big else self.largest
        return len(data)

    def made(self, shape: str) -> dict[str, object]:
        return {
            "sessions": len(self.counts),
            "bytes": self.written,
            "text_bytes": self.text_bytes,
            "largest": self.largest,
            "shape": shape,
            "messages": self.counts,
        }


_PLAIN = ("text", "text_zh")
"""A plain turn's template, by whether the session is in Chinese."""


def make_text_corpus(
    config_dir: Path,
    sessions: int = 2000,
    large_mb: float = 200,
    large_messages: int = 75_000,
    seed: int = 11,
) -> dict[str, object]:
    """`sessions` small sessions and one of `large_messages` user and assistant
    messages taking about `large_mb`, cloned from the real CLI's turns
    (`bench/template_turns.py`): conversation text is what varies, and the big
    session's replies take whatever its turns' own lines leave of `large_mb`.
    Returns what was written, with the message count of every session (as the
    index counts them: prompts plus replies) under `messages`."""
    corpus = _ClonedCorpus(config_dir, seed, datetime(2026, 9, 1, tzinfo=UTC))
    rng = corpus.rng
    per_turn = large_mb * 1e6 / max(large_messages / 2, 1)
    # what a reply may take: the turn's own lines and its prompt (written
    # three times: queue, prompt, last-prompt) come first
    room = per_turn - overhead(corpus.turns["text"]) - 3 * 150
    replies = _fitted_replies(rng, room)
    small = {lang: _long_replies(rng, 30, lang) for lang in (False, True)}

    def big_kind(rng: random.Random, number: int, plain: str) -> str:
        return "start" if number == 0 else plain

    corpus.session(0, lambda _: large_messages // 2, big_kind, _texts_from(replies), big=True)
    for index in range(1, sessions + 1):
        corpus.session(index, lambda rng: rng.randint(2, 6), _small_kind, _texts_from(small))
    return corpus.made("text")


DENSE_TEXT_BYTES = 8
"""Bytes a word takes in the dense transcript's texts, to size them."""


def make_dense_corpus(
    config_dir: Path,
    *,  # four sizes in a row: by name, so total_mb and large_mb cannot swap
    sessions: int = 2000,
    total_mb: float = 480,
    large_mb: float = 200,
    large_messages: int = 230_000,
    seed: int = 13,
) -> dict[str, object]:
    """One transcript of `large_messages` short user and assistant messages
    beside `sessions` ordinary ones, about `total_mb` in all (issue 27's shape).

    The big transcript is the real CLI's prompt and reply lines alone, cloned
    (`template_turns.exchange`; about 890 bytes a message with empty texts):
    its texts take what those leave of `large_mb`, a few words at least, so at
    230,000 messages it is about 210 MB. The ordinary sessions are the text
    shape's small ones (a start, then plain turns and a tool call in three)
    with as many turns as fill what is left of `total_mb`."""
    corpus = _ClonedCorpus(config_dir, seed, datetime(2026, 8, 1, tzinfo=UTC))
    small = {lang: _long_replies(corpus.rng, 30, lang) for lang in (False, True)}
    per_turn = large_mb * 1e6 / max(large_messages / 2, 1)
    words = max(0, int((per_turn - overhead(corpus.turns["text_exchange"])) / DENSE_TEXT_BYTES))

    def dense_kind(rng: random.Random, number: int, plain: str) -> str:
        return "start" if number == 0 else f"{plain}_exchange"

    def dense_texts(rng: random.Random, kind: str, number: int, chinese: bool) -> dict[str, str]:
        if kind == "start":
            return _turn_texts(rng, kind, number, chinese, small[chinese])
        prompt_words = rng.randint(2, 6) + words // 4
        reply_words = rng.randint(3, 10) + words - words // 4
        return {
            "prompt": f"turn {number}: {sentence(rng, prompt_words, chinese)}",
            "reply": sentence(rng, reply_words, chinese),
        }

    big = corpus.session(0, lambda _: large_messages // 2, dense_kind, dense_texts, big=True)
    left = max(0.0, total_mb * 1e6 - big)
    turns_made = [0, 0]  # ordinary turns written, and their bytes

    def ordinary_turns(rng: random.Random) -> int:
        """Enough turns for this session's share of what is left, by the bytes
        a turn has taken so far (6 KB before any), a third to twice as many."""
        share = (left - (corpus.written - big)) / max(sessions - len(corpus.counts) + 1, 1)
        per = turns_made[1] / turns_made[0] if turns_made[0] else 6000
        turns = max(2, round(rng.uniform(0.3, 1.7) * share / per))
        turns_made[0] += turns
        return turns

    for index in range(1, sessions + 1):
        turns_made[1] += corpus.session(index, ordinary_turns, _small_kind, _texts_from(small))
    return corpus.made("dense")
