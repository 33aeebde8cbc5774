"""Write the `sessiondesk(1)` man page from the argument parser, the one source of
truth for commands and options (packaging/build.sh runs it for the .deb and the rpm).

    python tools/make_manpage.py                   # -> build/man/sessiondesk.1
    python tools/make_manpage.py -o sessiondesk.1
    man -l build/man/sessiondesk.1

Every command, its usage line, its help and each argument's come from
`desktop.cli.command_parser()`; only the sections a parser cannot know (exit
status, environment, files, completion) are written here.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from desktop import __version__  # noqa: E402
from desktop.cli import command_parser  # noqa: E402

DEFAULT_OUT = ROOT / "build" / "man" / "sessiondesk.1"

TAIL = r"""
.SH SHELL COMPLETION
The installed packages put completion for bash, zsh and fish where each shell
looks. Otherwise, load it into the running shell:
.PP
.RS
.nf
eval "$(sessiondesk completions bash)"
source <(sessiondesk completions zsh)
sessiondesk completions fish | source
.fi
.RE
.PP
Commands, options and choices complete at once; session ids, \fBSESS\-042\fR
handles, execution ids, account and bundle names come from the index (of the
\fB\-\-home\fR given on the line, else the usual one).
.SH EXIT STATUS
.TP
.B 0
success
.TP
.B 1
the work failed (a run failed, a session was not found, \&...)
.TP
.B 2
bad usage or bad input; the message on standard error says what and how to fix it
.SH ENVIRONMENT
.TP
.B SESSIONDESK_HOME
where Sessiondesk keeps its database, logs, archive and settings (\fB\-\-home\fR wins)
.TP
.B SESSIONDESK_CLAUDE
the \fBclaude\fR binary to run (\fB\-\-claude\fR and the settings win)
.SH FILES
.TP
.I ~/.local/share/sessiondesk/sessiondesk.db
the index and everything Sessiondesk records (under \fI$XDG_DATA_HOME\fR when set)
.SH SEE ALSO
.BR claude (1)
"""


def roff(text: str) -> str:
    """Plain text as roff: backslashes and hyphens escaped, no line read as a request."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(
        ("\\&" + line) if line.startswith((".", "'")) else line for line in text.splitlines()
    )


def usage(parser: argparse.ArgumentParser) -> str:
    line = " ".join(parser.format_usage().split())
    return re.sub(r"^usage: ", "", line)


def arguments(parser: argparse.ArgumentParser) -> Iterator[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) or action.help == argparse.SUPPRESS:
            continue
        if action.option_strings and action.nargs != 0:
            metavar = action.metavar or (
                "{" + ",".join(map(str, action.choices)) + "}" if action.choices else
                action.dest.upper()
            )  # fmt: skip
            name = ", ".join(f"\\fB{roff(option)}\\fR \\fI{roff(str(metavar))}\\fR"
                             for option in action.option_strings)  # fmt: skip
        elif action.option_strings:
            name = ", ".join(f"\\fB{roff(option)}\\fR" for option in action.option_strings)
        else:
            name = f"\\fI{roff(str(action.metavar or action.dest))}\\fR"
        helped = action.help or ""
        if action.choices and not action.option_strings:
            helped = (helped + " " if helped else "") + "one of: " + ", ".join(action.choices)
        yield f".TP\n{name}\n{roff(helped) if helped else ''}".rstrip()


def commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser, str]]:
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
        for name, child in action.choices.items():
            yield (*path, name), child, helps.get(name, "")
            yield from commands(child, (*path, name))


def page() -> str:
    parser = command_parser()
    summary = (parser.description or "").split(". ")[0].rstrip(".")
    out = [
        f'.TH SESSIONDESK 1 "" "sessiondesk {__version__}" "User Commands"',
        ".SH NAME",
        f"sessiondesk \\- {roff(summary[0].lower() + summary[1:])}",
        ".SH SYNOPSIS",
        ".B sessiondesk",
        "[\\fIGLOBAL OPTIONS\\fR] [\\fICOMMAND\\fR [\\fIARGUMENTS\\fR]]",
        ".SH DESCRIPTION",
        roff(parser.description or ""),
        ".PP",
        "Every action in the window has a command here, and every command changes the same",
        "database the window shows. Commands print for people, or with \\fB\\-\\-json\\fR",
        "one JSON document (streaming commands: one JSON object a line).",
        ".SH GLOBAL OPTIONS",
        "Given before the command.",
        *arguments(parser),
        ".SH COMMANDS",
    ]
    for path, child, helped in commands(parser):
        out.append(f'.SS "{roff(" ".join(path))}"')
        if helped:
            out.append(roff(helped[0].upper() + helped[1:]) + ".")
        out += [".PP", roff(usage(child))]
        out += [entry for entry in arguments(child) if "\\-\\-help" not in entry]
    return "\n".join(out) + TAIL


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("-o", "--output", type=Path, default=DEFAULT_OUT)
    args = options.parse_args(argv)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(page(), encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
