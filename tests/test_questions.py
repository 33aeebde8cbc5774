"""Reading Claude's questions and shaping the answers: never a traceback, and a
payload not understood falls back to the plain Allow/Deny card."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from desktop.domain.questions import (
    ASK_TOOL,
    Option,
    Question,
    answer_text,
    answered_input,
    questions_of,
    terminal_answer,
)

GOOD: dict[str, Any] = {
    "questions": [
        {
            "question": "Which colour?",
            "header": "Colour",
            "multiSelect": False,
            "options": [
                {"label": "Red", "description": "warm"},
                {"label": "Blue", "description": "cool"},
            ],
        }
    ]
}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
keys = st.sampled_from(["questions", "question", "header", "options", "label", "description",
                        "multiSelect", "x"])  # fmt: skip
shaped = st.recursive(
    json_values,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=40,
)


@given(shaped)
def test_any_payload_gives_questions_or_none_and_never_raises(payload: object) -> None:
    found = questions_of(ASK_TOOL, payload)
    assert found is None or all(isinstance(q, Question) and q.options for q in found)
    if found is not None:
        for question in found:
            assert question.text.strip() and all(o.label.strip() for o in question.options)


@given(st.sampled_from(["questions", "question", "header", "options", "label", "multiSelect"]),
       json_values)  # fmt: skip
def test_one_field_spoiled_anywhere_falls_back_or_still_reads(field: str, value: object) -> None:
    payload: dict[str, Any] = {
        "questions": [
            dict(GOOD["questions"][0], options=[dict(o) for o in GOOD["questions"][0]["options"]])
        ]
    }
    question = payload["questions"][0]
    if field == "questions":
        payload["questions"] = value
    elif field == "label":
        question["options"][0]["label"] = value
    else:
        question[field] = value
    found = questions_of(ASK_TOOL, payload)
    if found is not None:  # it can only read what is well formed
        (read,) = found
        assert isinstance(read.text, str) and isinstance(read.multi, bool)


def test_the_plain_shape_reads_and_other_tools_are_not_questions() -> None:
    (question,) = questions_of(ASK_TOOL, GOOD) or ()
    assert question == Question("Which colour?", "Colour",
                                (Option("Red", "warm"), Option("Blue", "cool")), False)  # fmt: skip
    assert questions_of("Bash", GOOD) is None


def test_shapes_that_fall_back_to_allow_deny() -> None:
    one = GOOD["questions"][0]
    for spoiled in (
        {"questions": []},
        {"questions": "Which colour?"},
        {"questions": [one, one]},  # the same text twice: answers could not be told apart
        {"questions": [dict(one, options=[])]},
        {"questions": [dict(one, options=[{"label": " ", "description": ""}])]},
        {"questions": [dict(one, multiSelect="yes")]},
        {"questions": [dict(one, question=None)]},
        {"questions": [dict(one, options=[{"label": "A"}, {"label": "A"}])]},
        None,
    ):
        assert questions_of(ASK_TOOL, spoiled) is None, spoiled


def test_answers_go_back_inside_the_asked_input() -> None:
    assert answer_text(["Linux", "Windows"], "  the BSDs ") == "Linux, Windows, the BSDs"
    sent = answered_input(GOOD, {"Which colour?": "Blue"})
    assert sent["questions"] == GOOD["questions"] and sent["answers"] == {"Which colour?": "Blue"}
    assert "answers" not in GOOD


def test_a_typed_line_picks_options_or_is_the_persons_own_answer() -> None:
    one = Question("Q?", "", (Option("A", ""), Option("B", ""), Option("C", "")), False)
    many = Question("Q?", "", one.options, True)
    assert terminal_answer(one, " 2 \n") == "B"
    assert terminal_answer(one, "1,2") is None  # one choice only: asked again
    assert terminal_answer(one, "7") is None
    assert terminal_answer(one, "") is None
    assert terminal_answer(one, "²") == "²"
    assert terminal_answer(many, "3, 1, 3") == "C, A"
    assert terminal_answer(many, "a mix of both") == "a mix of both"


@given(st.text(max_size=30), st.booleans())
def test_any_typed_line_is_answered_or_asked_again(typed: str, multi: bool) -> None:
    question = Question("Q?", "", (Option("A", ""), Option("B", "")), multi)
    answer = terminal_answer(question, typed)
    assert answer is None or answer.strip()
