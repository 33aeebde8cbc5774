#!/usr/bin/env bash
# The rpm (Fedora, openSUSE), read with rpm itself: its file list and its requirements
# printed, then checked. The files: the app under /opt and everything beside it the .deb
# installs. The requirements: libraries by soname, none of them one the bundle carries
# (its own Qt and Python), each one this machine's Qt runtime has (within the set the
# .deb's Depends brings, proven there with ldd), and the C, OpenGL, X and Wayland ones.
# Called by packaging/check-package.sh with the rpm's path.
set -euo pipefail
rpm_file="$1"
say() { printf '\033[1m[rpm]\033[0m %s\n' "$*" >&2; }
fail() { printf '[rpm] FAILED: %s\n' "$*" >&2; exit 1; }

say "$(rpm -qp --qf '%{NAME} %{VERSION}-%{RELEASE} %{ARCH}, %{SIZE} bytes installed' "$rpm_file" 2>/dev/null)"
files="$(rpm -qpl "$rpm_file" 2>/dev/null)"
say "rpm -qpl: $(wc -l <<<"$files") files; outside /opt/sessiondesk:"
grep -v '^/opt/sessiondesk' <<<"$files" | sed 's/^/  /' >&2
for wanted in /opt/sessiondesk/sessiondesk /usr/bin/sessiondesk \
        /opt/sessiondesk/_internal/desktop/assets/i18n/sessiondesk_es.qm \
        /opt/sessiondesk/_internal/desktop/assets/i18n/sessiondesk_zh_CN.qm \
        /opt/sessiondesk/_internal/desktop/assets/icons/sessiondesk.svg \
        /usr/share/applications/sessiondesk.desktop \
        /usr/share/metainfo/io.github.sessiondesk.Sessiondesk.metainfo.xml \
        /usr/share/man/man1/sessiondesk.1.gz \
        /usr/share/bash-completion/completions/sessiondesk \
        /usr/share/zsh/site-functions/_sessiondesk \
        /usr/share/fish/vendor_completions.d/sessiondesk.fish \
        /usr/share/icons/hicolor/scalable/apps/sessiondesk.svg \
        /usr/share/icons/hicolor/512x512/apps/sessiondesk.png; do
    grep -qx "$wanted" <<<"$files" || fail "the rpm has no $wanted"
done

requires="$(rpm -qpR "$rpm_file" 2>/dev/null)"
say "rpm -qpR: $(wc -l <<<"$requires") requirements"
sed 's/^/  /' <<<"$requires" >&2
problems=()
libraries=0
system_libraries="$(ldconfig -p | awk '/=>/ { print $1 }' | sort -u)"
while IFS= read -r requirement; do
    case "$requirement" in rpmlib\(*) continue ;; esac
    soname="${requirement%%(*}"
    libraries=$((libraries + 1))
    grep -q "/${soname}\$" <<<"$files" && problems+=("$soname is inside the bundle")
    grep -qxF "$soname" <<<"$system_libraries" || problems+=("$soname is not a library of this system")
done <<<"$requires"
if [ ${#problems[@]} -gt 0 ]; then
    printf '  %s\n' "${problems[@]}" >&2
    fail "the rpm's requirements"
fi
# PyInstaller bundles most of Qt's own dependencies (xcb-cursor, xkbcommon, fontconfig…);
# what stays the system's: the C library, OpenGL and the X and Wayland client libraries
for soname in libc.so.6 libGL.so.1 libxcb.so.1 libwayland-client.so.0; do
    grep -q "^${soname//./\\.}()" <<<"$requires" || fail "no requirement of $soname"
done
say "rpm passed: $libraries libraries required, each a system one, none the bundle's own"
