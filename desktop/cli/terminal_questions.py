"""Claude's questions (`AskUserQuestion`) on the command line: asked on the
terminal, or declined in words when nobody is there to answer.

Questions and prompts go to stderr, so `--json` output on stdout stays one
JSON object a line. The answers travel back through `Run.answer`, as the
window's do.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence

from desktop.domain.events import PermissionRequest
from desktop.domain.questions import Question, terminal_answer
from desktop.services.run import PermissionChoice, Run

NOBODY_TO_ASK = (
    "The person could not be asked: sessiondesk ran without a terminal (or with "
    "--permission deny). Go on with sensible defaults and say which you chose."
)


def _shown(text: str) -> str:
    # the model wrote it: no escape sequence of its reaches the terminal
    return "".join(c if c.isprintable() else " " for c in text)


def _read(questions: Sequence[Question]) -> dict[str, str] | None:
    """Each question's answer, typed on the terminal; None: input ended first."""
    answers: dict[str, str] = {}
    total = len(questions)
    for number, question in enumerate(questions, 1):
        head = f"[{_shown(question.header)}] " if question.header.strip() else ""
        lines = [f"\nClaude asks ({number}/{total}): {head}{_shown(question.text)}"]
        for index, option in enumerate(question.options, 1):
            note = f" — {_shown(option.description)}" if option.description.strip() else ""
            lines.append(f"  {index}. {_shown(option.label)}{note}")
        how = "numbers, comma separated," if question.multi else "a number"
        lines.append(f"Type {how} or your own answer: ")
        sys.stderr.write("\n".join(lines))
        while True:
            sys.stderr.flush()
            typed = sys.stdin.readline()
            if not typed:
                return None
            answer = terminal_answer(question, typed)
            if answer is not None:
                answers[question.text] = answer
                break
            sys.stderr.write(
                f"{how.capitalize().rstrip(',')} from the list, or words (Ctrl+D: none): "
            )
    return answers


async def answer_questions(
    run: Run, request: PermissionRequest, questions: Sequence[Question], interactive: bool
) -> None:
    """Ask on the terminal when there is one, and send the answers; otherwise
    (or when input ends) decline, telling Claude and the person why."""
    answers = await asyncio.to_thread(_read, questions) if interactive else None
    if answers is not None:
        await run.answer(request, PermissionChoice.ALLOW, answers=answers)
        return
    why = "input ended" if interactive else "nobody to ask: no terminal, or --permission deny"
    sys.stderr.write(f"\nClaude asked {len(questions)} question(s); declined ({why}).\n")
    await run.answer(request, PermissionChoice.DENY, None if interactive else NOBODY_TO_ASK)
