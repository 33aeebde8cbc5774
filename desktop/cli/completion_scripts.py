"""The bash, zsh and fish completion scripts, with the command table written in.

bash and zsh share one walker in plain sh (zsh runs it under `emulate -L sh`):
it reads the words before the cursor, follows subcommands, skips option values
(remembering `--home`, so ids come from the index named there) and counts
positionals; then says what the word under the cursor is: a subcommand, an
option, a choice, a folder or file, or something `sessiondesk __complete` answers
from the index. fish gets the same walk in its own language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from desktop.cli.completion import FROM_INDEX, Command

SAFE = re.compile(r"^[A-Za-z0-9_.,:=+/-]+$")
"""Every word the table writes into a script: nothing a shell would expand."""


def _words(items: Iterable[str]) -> str:
    words = list(items)
    for word in words:
        if not SAFE.match(word):
            raise ValueError(f"{word!r} cannot be written into a completion script")
    return " ".join(words)


def _sh_spec(table: list[Command], local: str) -> str:
    cases = "\n".join(
        f'        "{command.path}") _sd_subs="{_words(command.subcommands)}"\n'
        f'            _sd_opts="{_words(command.options)}"\n'
        f'            _sd_pos="{_words(command.positionals)}" ;;'
        for command in table
    )
    return f"""_sessiondesk_spec() {{
    {local}case $1 in
{cases}
        *) _sd_subs= _sd_opts= _sd_pos= ;;
    esac
}}
"""


SH_WALKER = """
# what an option's value is (_sd_skip: its kind), or nothing for a flag
_sessiondesk_option() {
    @LOCAL@_sd_skip=
    for _sd_o in $_sd_opts; do
        case $_sd_o in "$1="*) _sd_skip=${_sd_o#*=}; return 0 ;; esac
    done
}

# the words before the cursor, program name left out -> _sd_path (the command),
# _sd_home (a --home given), _sd_n (positionals so far), _sd_skip (an option's value due)
_sessiondesk_walk() {
    @LOCAL@_sd_path= _sd_home= _sd_skip= _sd_opt= _sd_n=0
    for _sd_word in "$@"; do
        if [ -n "$_sd_skip" ]; then
            [ "$_sd_opt" = --home ] && _sd_home=$_sd_word
            _sd_skip=
            continue
        fi
        _sessiondesk_spec "$_sd_path"
        case $_sd_word in
            --*=*) [ "${_sd_word%%=*}" = --home ] && _sd_home=${_sd_word#*=} ;;
            -*) _sd_opt=$_sd_word; _sessiondesk_option "$_sd_word" ;;
            *)
                _sd_sub=
                for _sd_s in $_sd_subs; do [ "$_sd_s" = "$_sd_word" ] && _sd_sub=1; done
                if [ -n "$_sd_sub" ]; then
                    _sd_path=${_sd_path:+$_sd_path }$_sd_word
                    _sd_n=0
                else
                    _sd_n=$((_sd_n + 1))
                fi ;;
        esac
    done
    _sessiondesk_spec "$_sd_path"
}

# $1, the word under the cursor -> _sd_want: subs, opts, choice:A,B, dir, file, an
# index kind, or - (free text: nothing to offer)
_sessiondesk_want() {
    @LOCAL@_sd_want=-
    if [ -n "$_sd_skip" ]; then _sd_want=$_sd_skip; return 0; fi
    case $1 in
        --*=*) _sessiondesk_option "${1%%=*}"; _sd_want=${_sd_skip:--}; _sd_skip=; return 0 ;;
        -*) _sd_want=opts; return 0 ;;
    esac
    if [ -n "$_sd_subs" ]; then _sd_want=subs; return 0; fi
    _sd_i=0 _sd_last=
    for _sd_k in $_sd_pos; do
        _sd_last=$_sd_k
        if [ "$_sd_i" -eq "$_sd_n" ]; then _sd_want=${_sd_k%+}; return 0; fi
        _sd_i=$((_sd_i + 1))
    done
    case $_sd_last in *+) _sd_want=${_sd_last%+} ;; esac
}

# $1 the program, $2 the word so far -> the candidates, one a line
_sessiondesk_words() {
    @LOCAL@case $_sd_want in
        subs) printf '%s\\n' $_sd_subs ;;
        opts) for _sd_o in $_sd_opts; do printf '%s\\n' "${_sd_o%%=*}"; done ;;
        choice:*)
            _sd_ifs=$IFS; IFS=,
            set -- ${_sd_want#choice:}
            IFS=$_sd_ifs
            printf '%s\\n' "$@" ;;
        @INDEX@) "$1" __complete "$_sd_want" "$2" "$_sd_home" 2>/dev/null ;;
    esac
}
"""


def _sh(table: list[Command], local: str) -> str:
    walker = SH_WALKER.replace("@LOCAL@", local).replace("@INDEX@", "|".join(sorted(FROM_INDEX)))
    return _sh_spec(table, local) + walker


def bash(table: list[Command]) -> str:
    return f"""# bash completion for sessiondesk (written by `sessiondesk completions bash`)
{_sh(table, "")}
_sessiondesk() {{
    local line=${{COMP_LINE:0:COMP_POINT}} cur= value words
    read -ra words <<< "$line"
    if [[ $line != *[[:space:]] && ${{#words[@]}} -gt 1 ]]; then
        cur=${{words[-1]}}
        unset 'words[-1]'
    fi
    _sessiondesk_walk "${{words[@]:1}}"
    _sessiondesk_want "$cur"
    value=$cur
    [[ $cur == --*=* ]] && value=${{cur#*=}}  # readline completes only after the =
    case $_sd_want in
        -) COMPREPLY=() ;;
        dir) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$value")) ;;
        file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$value")) ;;
        *)
            local found IFS=$' \\t\\n'
            found=$(_sessiondesk_words "${{words[0]}}" "$value")
            IFS=$'\\n'  # one candidate a line
            COMPREPLY=($(compgen -W "$found" -- "$value")) ;;
    esac
}}
complete -F _sessiondesk sessiondesk
"""


def zsh(table: list[Command]) -> str:
    return f"""#compdef sessiondesk
# zsh completion for sessiondesk (written by `sessiondesk completions zsh`)
{_sh(table, "emulate -L sh; ")}
_sessiondesk() {{
    local cur=${{words[CURRENT]}} value
    local -a found
    _sessiondesk_walk "${{(@)words[2,CURRENT-1]}}"
    _sessiondesk_want "$cur"
    value=$cur
    if [[ $cur == --*=* ]]; then
        compset -P '*='
        value=${{cur#*=}}
    fi
    case $_sd_want in
        -) return 1 ;;
        dir) _files -/ ;;
        file) _files ;;
        *)
            found=(${{(f)"$(_sessiondesk_words "$words[1]" "$value")"}})
            compadd -a found ;;
    esac
}}

if [ "$funcstack[1]" = "_sessiondesk" ]; then
    _sessiondesk "$@"
else
    compdef _sessiondesk sessiondesk
fi
"""


def _fish_spec(table: list[Command]) -> str:
    def values(name: str, items: list[str]) -> str:
        return f"            set {name} {_words(items)}\n" if items else ""

    cases = "".join(
        f"        case '{command.path}'\n"
        + values("__sd_subs", command.subcommands)
        + values("__sd_opts", command.options)
        + values("__sd_pos", command.positionals)
        for command in table
    )
    return f"""function __sessiondesk_spec
    set -g __sd_subs
    set -g __sd_opts
    set -g __sd_pos
    switch "$argv[1]"
{cases}    end
end
"""


FISH_WALKER = """
function __sessiondesk_option
    for o in $__sd_opts
        if string match -q -- "$argv[1]=*" $o
            string split -m1 = -- $o
            return 0
        end
    end
end

function __sessiondesk_complete
    set -l words (commandline -opc)
    set -l cur (commandline -ct)
    set -l prog $words[1]
    set -e words[1]
    set -l path ''
    set -l home ''
    set -l skip ''
    set -l opt ''
    set -l n 0
    for word in $words
        if test -n "$skip"
            test "$opt" = --home; and set home $word
            set skip ''
            continue
        end
        __sessiondesk_spec $path
        switch $word
            case '--*=*'
                set -l parts (string split -m1 = -- $word)
                test "$parts[1]" = --home; and set home $parts[2]
            case '-*'
                set opt $word
                set skip (__sessiondesk_option $word)[2]
            case '*'
                if contains -- $word $__sd_subs
                    set path (string trim -- "$path $word")
                    set n 0
                else
                    set n (math $n + 1)
                end
        end
    end
    __sessiondesk_spec $path
    set -l want -
    set -l value $cur
    set -l lead ''
    if test -n "$skip"
        set want $skip
    else if string match -q -- '--*=*' $cur
        set -l parts (string split -m1 = -- $cur)
        set want (__sessiondesk_option $parts[1])[2]
        test -n "$want"; or set want -
        set lead "$parts[1]="
        set value $parts[2]
    else if string match -q -- '-*' $cur
        set want opts
    else if test (count $__sd_subs) -gt 0
        set want subs
    else if test $n -lt (count $__sd_pos)
        set want $__sd_pos[(math $n + 1)]
    else if string match -q -- '*+' "$__sd_pos[-1]"
        set want $__sd_pos[-1]
    end
    set want (string replace -r -- '\\+$' '' $want)
    switch $want
        case subs
            printf '%s\\n' $__sd_subs
        case opts
            string replace -r -- '=.*' '' $__sd_opts
        case 'choice:*'
            printf "$lead%s\\n" (string split , -- (string replace -- choice: '' $want))
        case dir
            __fish_complete_directories $value
        case file
            __fish_complete_path $value
        case @INDEX@
            for found in ($prog __complete $want $value $home 2>/dev/null)
                printf '%s%s\\n' $lead $found
            end
    end
end

complete -c sessiondesk -f -a '(__sessiondesk_complete)'
"""


def fish(table: list[Command]) -> str:
    walker = FISH_WALKER.replace("@INDEX@", " ".join(sorted(FROM_INDEX)))
    return (
        "# fish completion for sessiondesk (written by `sessiondesk completions fish`)\n"
        + _fish_spec(table)
        + walker
    )
