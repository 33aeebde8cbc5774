#!/usr/bin/env bash
# What the .deb installs beside the app, checked as installed: the AppStream metadata
# (GNOME Software, KDE Discover) and the menu entry valid, the metadata's release the
# version installed, the man page found by `man` and rendered, the completion files the
# same as the command prints, and bash completing `sessiondesk con<TAB>` and a SESS-
# handle through bash-completion's own loader. Also times a completion that asks the
# index (printed, not judged: the machine is shared).
# Called by packaging/check-package.sh with the package installed; $1 a scratch folder.
set -euo pipefail
scratch="$1"
say() { printf '\033[1m[installed]\033[0m %s\n' "$*" >&2; }
fail() { printf '[installed] FAILED: %s\n' "$*" >&2; exit 1; }
metainfo=/usr/share/metainfo/io.github.sessiondesk.Sessiondesk.metainfo.xml
entry=/usr/share/applications/sessiondesk.desktop

appstreamcli validate --no-net "$metainfo" >&2 || fail "appstreamcli validate $metainfo"
desktop-file-validate "$entry" || fail "desktop-file-validate $entry"
version="$(/usr/bin/sessiondesk --version)"; version="${version#sessiondesk }"
grep -q "<release version=\"$version\"" "$metainfo" \
    || fail "$metainfo has no <release> for $version (add one)"
say "AppStream metadata and menu entry valid (appstreamcli validate, desktop-file-validate)"

page="$(man -w sessiondesk)" || fail "man finds no page for sessiondesk"
rendered="$(MANPAGER=cat MANWIDTH=80 man -l "$page" 2>"$scratch/man.err")" || fail "man -l $page"
[ ! -s "$scratch/man.err" ] || { cat "$scratch/man.err" >&2; fail "man -l $page warned"; }
grep -q "conversations show" <<<"$rendered" || fail "the man page has no conversations show"
say "man sessiondesk: $page, $(wc -l <<<"$rendered") lines rendered"

for pair in bash:/usr/share/bash-completion/completions/sessiondesk \
        zsh:/usr/share/zsh/vendor-completions/_sessiondesk \
        fish:/usr/share/fish/vendor_completions.d/sessiondesk.fish; do
    /usr/bin/sessiondesk completions "${pair%%:*}" | cmp -s - "${pair#*:}" \
        || fail "${pair#*:} is not what sessiondesk completions ${pair%%:*} prints"
done

# an index with one conversation, SESS-007, in a home of its own
home="$scratch/completion-home"
/usr/bin/sessiondesk --home "$home" settings list >/dev/null || fail "could not make a home"
python3 - "$home/sessiondesk.db" <<'PY'
import sqlite3
import sys

db = sqlite3.connect(sys.argv[1])
with db:
    db.execute(
        "INSERT INTO conversations(id, number, title, description, archived, history_epoch, "
        "created, updated) VALUES ('c0ffee07-0000-4000-8000-000000000000', 7, 't', '', 0, 0, "
        "'2026-01-01', '2026-01-01')"
    )
PY
complete_line() {  # what bash offers for a line, loaded as an interactive bash loads it
    bash --norc -c '
        source /usr/share/bash-completion/bash_completion
        _completion_loader sessiondesk
        line=$1; COMP_LINE=$line; COMP_POINT=${#line}; COMPREPLY=()
        _sessiondesk
        echo "${COMPREPLY[*]}"' check "$1"
}
offered="$(complete_line "sessiondesk con")"
[ "$offered" = "continue conversations" ] || fail "sessiondesk con<TAB> offered: $offered"
offered="$(complete_line "sessiondesk --home $home tree SESS-")"
[ "$offered" = "SESS-007" ] || fail "sessiondesk tree SESS-<TAB> offered: $offered"
say "bash completes: sessiondesk con<TAB> -> continue conversations; tree SESS-<TAB> -> SESS-007"

times=()
for _ in $(seq 10); do
    start=$EPOCHREALTIME
    /usr/bin/sessiondesk __complete conversation SESS- "$home" >/dev/null
    end=$EPOCHREALTIME
    times+=("$(( (${end/./} - ${start/./}) / 1000 ))")
done
sorted="$(printf '%s\n' "${times[@]}" | sort -n | tr '\n' ' ')"
say "a tab press that asks the index: ${sorted% } ms (10 runs, load $(cut -d' ' -f1 /proc/loadavg))"
