#!/usr/bin/env bash
# Build the double-click app (dist/sessiondesk/) and installers from it:
# a tarball for any Linux, and a .deb that installs under /opt with a menu entry.
set -euo pipefail
source "$(dirname "$0")/../scripts/setup.sh"
ensure_system_packages
ensure_venv package
ensure_translations
cd "$ROOT"
"$VENV/bin/pyinstaller" --noconfirm --clean --distpath dist --workpath build packaging/sessiondesk.spec
version="$("$VENV/bin/python" -c 'import desktop; print(desktop.__version__)')"
arch="$(dpkg --print-architecture 2>/dev/null || uname -m)"
tar -C dist -czf "dist/sessiondesk-$version-linux-$arch.tar.gz" sessiondesk
if command -v dpkg-deb >/dev/null 2>&1; then
    stage="build/deb"
    rm -rf "$stage"
    mkdir -p "$stage/DEBIAN" "$stage/opt" "$stage/usr/share/applications" \
             "$stage/usr/share/icons/hicolor/256x256/apps" "$stage/usr/bin"
    cp -a dist/sessiondesk "$stage/opt/sessiondesk"
    cp packaging/sessiondesk.desktop "$stage/usr/share/applications/"
    cp resources/icons/sessiondesk-256.png "$stage/usr/share/icons/hicolor/256x256/apps/sessiondesk.png"
    ln -s /opt/sessiondesk/sessiondesk "$stage/usr/bin/sessiondesk"
    cat > "$stage/DEBIAN/control" <<CONTROL
Package: sessiondesk
Version: $version
Architecture: $arch
Maintainer: Sessiondesk developers
Depends: libegl1, libgl1, libxkbcommon0, libfontconfig1, libdbus-1-3
Description: Every Claude Code session on this machine, for every account
CONTROL
    dpkg-deb --build --root-owner-group "$stage" "dist/sessiondesk_${version}_${arch}.deb" >/dev/null
fi
ls -la dist
