#!/usr/bin/env bash
# Prove every way Sessiondesk is installed:
# * the wheel: built from the checkout, installed (not editable) into a fresh venv with
#   PySide6's lrelease taken away, its --self-test on Xvfb (xcb) — catalogs and icons
#   must come from the wheel itself;
# * the .deb: installed with apt (so Depends is resolved), every system library the
#   bundle links against comes from Depends, --self-test on Xvfb (xcb) and offscreen, the
#   AppStream metadata and the menu entry valid, the man page renders, bash completes
#   commands and SESS- handles with the installed script; then removed;
# * the rpm: its file list and requirements printed and checked.
# .ci/run calls this after the suite; it needs root (or sudo) for apt.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
say() { printf '\033[1m[package]\033[0m %s\n' "$*" >&2; }
fail() { printf '[package] FAILED: %s\n' "$*" >&2; exit 1; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

started=$SECONDS
packaging/build.sh >/dev/null
deb="$(ls -t dist/sessiondesk_*.deb | head -n1)"
[ -f "$deb" ] || fail "packaging/build.sh made no .deb"
rpm_file="$(ls -t dist/sessiondesk-*.rpm | head -n1)"
[ -f "$rpm_file" ] || fail "packaging/build.sh made no rpm"
say "built $deb ($(du -h "$deb" | cut -f1)) and $rpm_file ($(du -h "$rpm_file" | cut -f1)) in $((SECONDS - started)) s"

scratch="$(mktemp -d)"
xvfb_pid=""
cleanup() {
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
    rm -rf "$scratch"
    if dpkg-query -W -f='${Status}' sessiondesk 2>/dev/null | grep -q "install ok installed"; then
        as_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq sessiondesk >/dev/null
    fi
}
trap cleanup EXIT

# a real X server with Qt's xcb platform: the libraries of a desktop session
Xvfb -displayfd 9 -screen 0 1600x1000x24 -nolisten tcp -noreset 9>"$scratch/display" 2>/dev/null &
xvfb_pid=$!
for _ in $(seq 100); do [ -s "$scratch/display" ] && break; sleep 0.1; done
[ -s "$scratch/display" ] || fail "Xvfb did not start"
display=":$(head -n1 "$scratch/display")"

packaging/check-wheel.sh "$scratch" "$display" || fail "the wheel"
packaging/check-rpm.sh "$rpm_file" || fail "the rpm"

# apt, not dpkg -i: it installs what Depends names, as on a person's machine
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$ROOT/$deb" >/dev/null \
    || fail "apt could not install $deb"
[ -x /usr/bin/sessiondesk ] || fail "the package installed no /usr/bin/sessiondesk"

# Every library the bundle loads from the system must come from a package that Depends
# pulls in (directly or through its own dependencies); one it cannot find is a failure too.
closure="$scratch/closure"
apt-cache depends --recurse --installed --no-recommends --no-suggests --no-conflicts \
    --no-breaks --no-replaces --no-enhances sessiondesk \
    | grep '^[a-z0-9]' | sed 's/:.*//' | sort -u > "$closure"  # each package reached, once
problems=()
while IFS= read -r lib; do
    path="${lib#*=> }"; path="${path%% (*}"
    if [[ "$lib" == *"not found"* ]]; then problems+=("${lib%% =>*} is not installed"); continue; fi
    owner="$(dpkg -S "$path" 2>/dev/null || dpkg -S "$(readlink -f "$path")" 2>/dev/null \
             || dpkg -S "/usr$path" 2>/dev/null || true)"
    package="${owner%%:*}"
    [ -n "$package" ] || { problems+=("$path belongs to no package"); continue; }
    grep -qx "$package" "$closure" || problems+=("$path ($package) is not in Depends")
done < <(find /opt/sessiondesk -type f \( -name '*.so*' -o -name sessiondesk \) -print0 \
            | LD_LIBRARY_PATH=/opt/sessiondesk/_internal xargs -0 ldd 2>/dev/null \
            | grep '=>' | grep -v '=> /opt/sessiondesk' | sed 's/ (0x[0-9a-f]*)$//' | sort -u)
if [ ${#problems[@]} -gt 0 ]; then
    printf '  %s\n' "${problems[@]}" | sort -u >&2
    fail "the bundle needs libraries its Depends does not bring"
fi
say "every system library the bundle links comes from Depends"

# offscreen: no display at all, as a headless check would run it
QT_QPA_PLATFORM=offscreen /usr/bin/sessiondesk --self-test || fail "--self-test offscreen"

DISPLAY="$display" QT_QPA_PLATFORM=xcb /usr/bin/sessiondesk --self-test \
    || fail "--self-test on X (xcb)"

packaging/check-installed.sh "$scratch" || fail "what the .deb installed beside the app"

deb_size="$(du -h "$deb" | cut -f1)"
installed="$(du -sh /opt/sessiondesk | cut -f1)"
as_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq sessiondesk >/dev/null
[ ! -e /opt/sessiondesk ] || fail "removing the package left /opt/sessiondesk behind"
say "package passed: .deb $deb_size, installed $installed, $((SECONDS - started)) s in all"
