#!/usr/bin/env bash
# Build the double-click app (dist/sessiondesk/) and installers from it:
# a tarball for any Linux, and a .deb that installs under /opt with a menu entry.
# The .deb's Depends is the list of libraries Qt needs on a desktop (scripts/setup.sh's
# QT_RUNTIME_PACKAGES, the one list run-app installs too); packaging/check-package.sh
# proves it after installing.
set -euo pipefail
source "$(dirname "$0")/../scripts/setup.sh"
ensure_system_packages
ensure_venv package
ensure_translations
cd "$ROOT"
# SESSIONDESK_REUSE_BUILD=1 packages the last dist/sessiondesk again (to work on the .deb)
if [ "${SESSIONDESK_REUSE_BUILD:-}" != 1 ] || [ ! -x dist/sessiondesk/sessiondesk ]; then
    "$VENV/bin/pyinstaller" --noconfirm --clean --log-level WARN --distpath dist \
        --workpath build packaging/sessiondesk.spec
fi
version="$("$VENV/bin/python" -c 'import desktop; print(desktop.__version__)')"
arch="$(dpkg --print-architecture 2>/dev/null || uname -m)"
tar -C dist -czf "dist/sessiondesk-$version-linux-$arch.tar.gz" sessiondesk
if command -v dpkg-deb >/dev/null 2>&1; then
    stage="build/deb"
    rm -rf "$stage"
    mkdir -p "$stage/DEBIAN" "$stage/opt" "$stage/usr/share/applications" "$stage/usr/bin" \
             "$stage/usr/share/icons/hicolor/scalable/apps"
    cp -a dist/sessiondesk "$stage/opt/sessiondesk"
    cp packaging/sessiondesk.desktop "$stage/usr/share/applications/"
    cp resources/icons/sessiondesk.svg "$stage/usr/share/icons/hicolor/scalable/apps/"
    for png in resources/icons/sessiondesk-*.png; do
        size="${png##*-}"; size="${size%.png}"
        mkdir -p "$stage/usr/share/icons/hicolor/${size}x${size}/apps"
        cp "$png" "$stage/usr/share/icons/hicolor/${size}x${size}/apps/sessiondesk.png"
    done
    ln -s /opt/sessiondesk/sessiondesk "$stage/usr/bin/sessiondesk"
    depends="$(IFS=,; echo "${QT_RUNTIME_PACKAGES[*]}" | sed 's/,/, /g')"
    installed_kb="$(du -sk --exclude=DEBIAN "$stage" | cut -f1)"
    cat > "$stage/DEBIAN/control" <<CONTROL
Package: sessiondesk
Version: $version
Architecture: $arch
Maintainer: Sessiondesk developers
Installed-Size: $installed_kb
Depends: $depends
Section: devel
Priority: optional
Description: Every Claude Code session on this machine, for every account
 A desktop app that finds, searches and continues Claude Code sessions,
 under one Claude account or several.
CONTROL
    dpkg-deb --build --root-owner-group "$stage" "dist/sessiondesk_${version}_${arch}.deb" >/dev/null
fi
ls -la dist
