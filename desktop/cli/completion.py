"""`sessiondesk completions bash|zsh|fish`: tab completion written from the argument
parser itself, so a new command or option completes without anyone editing a script.

The parser is read into a table — for each command path, its subcommands, its
options (and what an option's value is) and what each positional is — and the
table is written into the shell's script (`desktop.cli.completion_scripts`).
Commands, options, choices and setting keys then complete inside the shell, with
no process started; ids, `SESS-` handles, account and bundle names are asked of
`sessiondesk __complete` (`desktop.completion_index`), which reads the index directly.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

SHELLS = ("bash", "zsh", "fish")

FROM_INDEX = frozenset({"account", "bundle", "conversation", "session", "execution", "ref", "item"})
"""Value kinds `sessiondesk __complete` answers; `dir` and `file` are the shell's own."""


@dataclass
class Command:
    path: str
    """The words that name it (`""` for `sessiondesk` itself, `"accounts add"`)."""
    subcommands: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    """`--json` for a flag, `--account=account` for an option taking a value."""
    positionals: list[str] = field(default_factory=list)
    """What each positional is (`-`: free text); a trailing `+` repeats it."""


def value_kind(path: tuple[str, ...], action: argparse.Action) -> str:
    """What an option's value or a positional is, by its name and command.

    Choices complete as themselves; the rest is named here, in one place, so
    `tests/test_completion.py` can hold every argument of the parser to it."""
    dest = action.dest
    if action.choices and not isinstance(action, argparse._SubParsersAction):
        return "choice:" + ",".join(str(choice) for choice in action.choices)
    if dest in {"home", "cwd", "config_dir"}:
        return "dir"
    if dest in {"claude", "output", "file", "image"}:
        return "file"
    if dest in {"account", "to"} or (path[:1] == ("accounts",) and dest == "name"):
        return "account"
    if path[:1] == ("bundle",) and dest == "name":
        return "bundle"
    if dest == "conversation" or (dest == "id" and path[:1] in {("conversations",), ("tree",)}):
        return "conversation"
    if dest == "session_id" or (dest == "id" and path[:1] == ("sessions",)):
        return "session"
    if dest in {"execution_id", "execution_a", "execution_b"}:
        return "execution"
    if dest == "ref":
        return "ref"
    if dest == "items":
        return "item"
    if path == ("settings", "get") or (path == ("settings", "set") and dest == "key"):
        from desktop.domain.settings import SPECS

        return "choice:" + ",".join(SPECS)
    return "-"


def command_table(parser: argparse.ArgumentParser) -> list[Command]:
    table: list[Command] = []

    def walk(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> None:
        command = Command(" ".join(path))
        table.append(command)
        children: dict[str, argparse.ArgumentParser] = {}
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                children.update(action.choices)
            elif action.option_strings:
                takes_value = action.nargs != 0
                for option in action.option_strings:
                    kind = value_kind(path, action) if takes_value else ""
                    command.options.append(f"{option}={kind}" if takes_value else option)
            else:
                repeat = "+" if action.nargs in ("+", "*") else ""
                command.positionals.append(value_kind(path, action) + repeat)
        command.subcommands = list(children)
        for name, child in children.items():
            walk(child, (*path, name))

    walk(parser, ())
    return table


def script(shell: str, parser: argparse.ArgumentParser) -> str:
    from desktop.cli import completion_scripts

    table = command_table(parser)
    if shell == "fish":
        return completion_scripts.fish(table)
    return completion_scripts.bash(table) if shell == "bash" else completion_scripts.zsh(table)


def register(commands: argparse._SubParsersAction) -> None:
    help_text = "print the shell's tab completion script (bash, zsh or fish)"
    completions = commands.add_parser(
        "completions",
        help=help_text,
        description=help_text + ". For this shell only: "
        'eval "$(sessiondesk completions bash)"; installed packages carry them already.',
    )
    completions.add_argument("shell", choices=SHELLS)
