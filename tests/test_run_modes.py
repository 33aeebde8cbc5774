"""Model names and permission modes: what is passed to claude, what is refused,
and the model list read from claude's `initialize` answer."""

from __future__ import annotations

import pytest

from desktop.claude.argv import build_argv
from desktop.domain.errors import UsageError
from desktop.domain.run_modes import ModelOption, check_model, model_options
from desktop.domain.runs import RunRequest


def _after(argv: list[str], flag: str) -> list[str]:
    return [argv[i + 1] for i, a in enumerate(argv) if a == flag]


def test_model_and_mode_land_in_argv_once_each() -> None:
    argv = build_argv("/opt/claude", RunRequest(cwd="/src", model="sonnet", permission_mode="plan"))
    assert _after(argv, "--model") == ["sonnet"]
    assert _after(argv, "--permission-mode") == ["plan"]
    plain = build_argv("/opt/claude", RunRequest(cwd="/src"))
    assert "--permission-mode" not in plain and "--model" not in plain


@pytest.mark.parametrize(
    "name",
    ["sonnet", "claude-sonnet-4-5-20250929", "sonnet[1m]", "us.anthropic.claude-x-v1:0",
     "arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/abc"],
)  # fmt: skip
def test_model_names_claude_takes_are_kept(name: str) -> None:
    assert check_model(f" {name} ") == name


@pytest.mark.parametrize("name", ["", "-p", "--help", "son net", "opus\n--resume x", "é" * 3])
def test_anything_else_is_refused_before_claude_sees_it(name: str) -> None:
    with pytest.raises(UsageError, match="not a model name"):
        check_model(name)
    with pytest.raises(UsageError):
        RunRequest(cwd="/src", model=name)


@pytest.mark.parametrize("mode", ["auto", "dontAsk", "manual", "Plan", ""])
def test_only_the_four_modes_a_person_chooses_from(mode: str) -> None:
    with pytest.raises(UsageError, match="permission mode"):
        RunRequest(cwd="/src", permission_mode=mode)


def test_the_model_list_is_claudes_own_without_its_default_entry() -> None:
    answer = {
        "models": [
            {"value": "default", "displayName": "Default (recommended)"},
            {"value": "opus", "displayName": "Opus", "resolvedModel": "claude-opus-5-5"},
            {"value": "haiku", "displayName": "", "resolvedModel": 7},
            {"value": "--bad"},
            "not an entry",
            {"displayName": "no value"},
        ]
    }
    assert model_options(answer) == [
        ModelOption("opus", "Opus", "claude-opus-5-5"),
        ModelOption("haiku", "haiku", None),
    ]
    assert model_options({}) == [] and model_options({"models": None}) == []
