"""Claude's multiple-choice questions (the `AskUserQuestion` tool) and their answers.

claude asks them through the ordinary permission request for that tool; the
host answers by allowing the call with the tool's input plus an `answers`
object, keyed by each question's text (docs/ask-user-question.md says what was
observed). A payload that does not have the expected shape is not guessed at:
`questions_of` returns None and the request is answered as any other tool's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

ASK_TOOL = "AskUserQuestion"
CHOICE_JOIN = ", "
"""How several picks of one multiple-choice question are joined into its answer."""
MAX_QUESTIONS = 8
MAX_OPTIONS = 12
"""More than the tool's schema allows (4 and 4): room for a newer CLI, not for a flood."""


@dataclass(frozen=True, slots=True)
class Option:
    label: str
    description: str


@dataclass(frozen=True, slots=True)
class Question:
    text: str
    """The question, and the key its answer is sent back under."""
    header: str
    options: tuple[Option, ...]
    multi: bool


def questions_of(tool_name: str, data: object) -> tuple[Question, ...] | None:
    """The questions of an `AskUserQuestion` call; None when it is another tool
    or its input is not the shape the answer path relies on."""
    if tool_name != ASK_TOOL or not isinstance(data, Mapping):
        return None
    raw = data.get("questions")
    if not isinstance(raw, list) or not 0 < len(raw) <= MAX_QUESTIONS:
        return None
    questions = tuple(_question(item) for item in raw)
    if any(q is None for q in questions):
        return None
    texts = [q.text for q in questions if q is not None]
    if len(set(texts)) != len(texts):
        return None  # answers are keyed by the text: two alike could not be told apart
    return tuple(q for q in questions if q is not None)


def _question(item: object) -> Question | None:
    if not isinstance(item, Mapping):
        return None
    text, header = item.get("question"), item.get("header", "")
    multi = item.get("multiSelect", False)
    options = item.get("options")
    if not (isinstance(text, str) and text.strip() and isinstance(header, str)):
        return None
    if not isinstance(multi, bool) or not isinstance(options, list):
        return None
    if not 0 < len(options) <= MAX_OPTIONS:
        return None
    parsed = tuple(_option(option) for option in options)
    if any(option is None for option in parsed):
        return None
    labels = [option.label for option in parsed if option is not None]
    if len(set(labels)) != len(labels):
        return None
    return Question(text, header, tuple(o for o in parsed if o is not None), multi)


def _option(item: object) -> Option | None:
    if not isinstance(item, Mapping):
        return None
    label, description = item.get("label"), item.get("description", "")
    if not (isinstance(label, str) and label.strip() and isinstance(description, str)):
        return None
    return Option(label, description)


def answer_text(picked: Sequence[str], other: str = "") -> str:
    """One question's answer: the picked labels, then the person's own words."""
    parts = [label for label in picked if label]
    if other.strip():
        parts.append(other.strip())
    return CHOICE_JOIN.join(parts)


def answered_input(data: Mapping[str, Any], answers: Mapping[str, str]) -> dict[str, Any]:
    """The tool input to allow the call with: the asked input, plus the answers."""
    return {**data, "answers": {str(k): str(v) for k, v in answers.items()}}


def unanswered(questions: Sequence[Question], answers: Mapping[str, str]) -> list[Question]:
    return [q for q in questions if not answers.get(q.text, "").strip()]


def terminal_answer(question: Question, typed: str) -> str | None:
    """What a line typed on a terminal answers: option numbers (several, comma
    separated, for a multiple-choice question) pick labels; anything else is
    the person's own answer. None: nothing usable (no text, a number that is
    no option, several numbers for a one-choice question): ask again."""
    typed = typed.strip()
    parts = [part.strip() for part in typed.split(",")]
    if not typed:
        return None
    if not all(_is_small_number(p) for p in parts):
        return typed
    numbers = list(dict.fromkeys(int(p) for p in parts))
    if not all(1 <= n <= len(question.options) for n in numbers):
        return None
    if len(numbers) > 1 and not question.multi:
        return None
    return answer_text([question.options[n - 1].label for n in numbers])


def _is_small_number(text: str) -> bool:
    # isdigit() alone lets "²" through, which int() refuses
    return text.isascii() and text.isdigit() and len(text) <= 3
