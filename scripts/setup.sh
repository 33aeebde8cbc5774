# Sourced by run-app and run-tests: brings a fresh machine to where they can run.
# Every step is skipped when already done, so a second run starts at once.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${SESSIONDESK_VENV:-$ROOT/.venv}"
CLAUDE_VERSION="2.1.332"
CLAUDE_CACHE="${SESSIONDESK_CLAUDE_CACHE:-$HOME/.cache/sessiondesk/claude-cli}"

# Python's compiled modules are kept even where the environment asks not to write them
# (PYTHONDONTWRITEBYTECODE, set on some machines): a run of the suite starts hundreds of
# Pythons, and without the cache each compiles the tree again. Measured on 2 cores:
# collecting the tests 10.7 s of CPU against 3.5 s, once per worker; a command-line
# call 0.45 s against 0.31 s; the window's imports 0.68 s against 0.50 s.
unset PYTHONDONTWRITEBYTECODE

say() { printf '\033[1m[setup]\033[0m %s\n' "$*" >&2; }

# 3.12 and 3.13 first: there None and True/False are immortal, which PySide6 6.12
# relies on (on 3.11 desktop/ui/pyside_workarounds.py has to shield them).
pick_python() {
    local pyenv_root="${PYENV_ROOT:-$HOME/.pyenv}"
    for candidate in "${PYTHON:-}" python3.13 python3.12 \
            "$pyenv_root"/versions/3.13*/bin/python3 "$pyenv_root"/versions/3.12*/bin/python3 \
            python3.11 python3; do
        [ -n "$candidate" ] || continue
        command -v "$candidate" >/dev/null 2>&1 || continue
        if "$candidate" -c 'import sys; sys.exit(not ((3, 11) <= sys.version_info[:2] < (3, 14)))' 2>/dev/null; then
            echo "$candidate"; return 0
        fi
    done
    echo "Sessiondesk needs Python 3.11, 3.12 or 3.13 (qasync does not support 3.14 yet)" >&2
    return 1
}

# Qt's runtime libraries, including every one its xcb platform (a real X display) loads:
# Qt names libxcb-cursor0 when any of them is missing. packaging/build.sh puts the same
# list in the .deb's Depends, so the window and the package need one list.
# The Wayland ones are for Qt's wayland platform, which a Wayland desktop picks first.
QT_RUNTIME_PACKAGES=(libegl1 libgl1 libfontconfig1 libglib2.0-0 libdbus-1-3 libxkbcommon0
    libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
    libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xkb1
    libwayland-client0 libwayland-cursor0 libwayland-egl1)

# Debian packages: Qt's runtime always; for tests also D-Bus, gnome-keyring, CJK fonts,
# node for the claude CLI, an X server with a window tool for the real-display test, and
# zsh and fish to drive their completion scripts (tests/test_completion.py).
ensure_system_packages() {
    local wanted=("${QT_RUNTIME_PACKAGES[@]}" python3-venv)
    if [ "${1:-}" = "tests" ]; then
        wanted+=(dbus gnome-keyring fonts-noto-cjk nodejs npm xvfb xdotool zsh fish)
    elif [ "${1:-}" = "package" ]; then
        # packaging/build.sh: rpmbuild, objdump (the rpm's requirements); check-package.sh:
        # the validators, man, bash's completion, an X server
        wanted+=(rpm binutils appstream desktop-file-utils man-db bash-completion xvfb)
    fi
    command -v dpkg-query >/dev/null 2>&1 || return 0
    local missing=()
    for pkg in "${wanted[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    # node and npm may come from elsewhere than Debian's packages
    if command -v npm >/dev/null 2>&1; then
        missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
    fi
    local todo=()
    for pkg in "${missing[@]}"; do [ -n "$pkg" ] && todo+=("$pkg"); done
    [ ${#todo[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            say "installing ${todo[*]} (sudo)"
            sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${todo[@]}" >/dev/null
        else
            say "missing Debian packages: ${todo[*]} (install them as root)"
        fi
        return 0
    fi
    say "installing ${todo[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${todo[@]}" >/dev/null
}

# One stamp for every script: it records the extras installed (one a line), and a
# request is met when its extras are among them, so run-app never reinstalls after
# run-tests did. A changed pyproject.toml installs again, with every extra recorded.
ensure_venv() {
    local wanted="${1:-}"
    local stamp="$VENV/.sessiondesk-installed"
    if [ ! -x "$VENV/bin/python" ]; then
        local python; python="$(pick_python)"
        say "creating $VENV with $python"
        "$python" -m venv "$VENV"
    fi
    local have=()
    [ -f "$stamp" ] && mapfile -t have < "$stamp"
    if [ -f "$stamp" ] && [ ! "$ROOT/pyproject.toml" -nt "$stamp" ]; then
        [ -z "$wanted" ] && return 0
        grep -qx "$wanted" "$stamp" && return 0
    fi
    local all=() spec=""
    mapfile -t all < <(printf '%s\n' "${have[@]}" "$wanted" | grep -v '^$' | sort -u)
    [ ${#all[@]} -gt 0 ] && spec="[$(IFS=,; echo "${all[*]}")]"
    say "installing Sessiondesk$spec into $VENV"
    "$VENV/bin/python" -m pip install -q --upgrade pip
    "$VENV/bin/python" -m pip install -q -e "$ROOT$spec"
    printf '%s\n' "${all[@]}" > "$stamp"
}

ensure_translations() {
    "$VENV/bin/python" "$ROOT/tools/build_translations.py" >/dev/null
}

# The real Claude Code CLI, pinned, for the tests (the app itself uses the user's own claude).
ensure_claude() {
    if [ -x "$CLAUDE_CACHE/node_modules/.bin/claude" ] && \
       "$CLAUDE_CACHE/node_modules/.bin/claude" --version 2>/dev/null | grep -q "^$CLAUDE_VERSION"; then
        return 0
    fi
    say "installing @anthropic-ai/claude-code@$CLAUDE_VERSION into $CLAUDE_CACHE"
    mkdir -p "$CLAUDE_CACHE"
    [ -f "$CLAUDE_CACHE/package.json" ] || echo '{"name":"claude-cache","private":true}' > "$CLAUDE_CACHE/package.json"
    (cd "$CLAUDE_CACHE" && npm install --no-audit --no-fund --loglevel=error "@anthropic-ai/claude-code@$CLAUDE_VERSION" >/dev/null)
}
