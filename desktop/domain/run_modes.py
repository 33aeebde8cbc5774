"""Which model a turn asks for and in which permission mode it runs.

`claude` 2.1.332 takes any `--model` word (an alias such as `sonnet`, or a
full name; an unknown one only fails at the API) and lists the models an
account may pick in its answer to the `initialize` control request. Its
`--permission-mode` accepts more than the four a person chooses between here
(`auto`, `manual`, `dontAsk` are its own); `default` is accepted though `--help`
leaves it out. The model `system/init` reports is not always the one that
answers: `--model haiku --permission-mode plan` reports haiku and is answered
by sonnet; the replies' own `message.model` says which did
(`runs.TurnOutcome.model`). A `bypassPermissions` turn is refused by `claude` itself when
it runs as root, with its own message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from desktop.domain.errors import UsageError

PERMISSION_MODES = ("default", "acceptEdits", "plan", "bypassPermissions")
PLAN = "plan"
BYPASS = "bypassPermissions"
# an alias, a full name, a dated or bracketed variant (`sonnet[1m]`), a cloud
# provider's id (`arn:…/…`, `vendor.model-v1:0`): never a flag, never spaces
_MODEL = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:/@\[\]-]{0,199}$")


def check_permission_mode(mode: str) -> str:
    if mode not in PERMISSION_MODES:
        raise UsageError(
            f"unknown permission mode {mode!r}: choose one of {', '.join(PERMISSION_MODES)}"
        )
    return mode


def check_model(model: str) -> str:
    """A model name as `claude --model` takes it; UsageError for anything else."""
    model = model.strip()
    if not _MODEL.match(model):
        raise UsageError(
            f"not a model name: {model!r} (an alias such as sonnet, or a full model name)"
        )
    return model


@dataclass(frozen=True, slots=True)
class ModelOption:
    """One model `claude` offers an account: the word `--model` takes, the
    name it shows, and the model that word stands for today."""

    value: str
    label: str
    resolved: str | None = None


def model_options(initialize: Mapping[str, Any]) -> list[ModelOption]:
    """The models in `claude`'s answer to `initialize`, in its order; the
    `default` entry is left out (choosing no model is how it is had)."""
    found: list[ModelOption] = []
    for item in initialize.get("models") or ():
        if not isinstance(item, Mapping):
            continue
        value = item.get("value")
        if not isinstance(value, str) or value == "default" or not _MODEL.match(value):
            continue
        label = item.get("displayName")
        resolved = item.get("resolvedModel")
        found.append(
            ModelOption(
                value,
                label if isinstance(label, str) and label else value,
                resolved if isinstance(resolved, str) else None,
            )
        )
    return found
