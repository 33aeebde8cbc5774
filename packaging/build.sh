#!/usr/bin/env bash
# Build the double-click app (dist/sessiondesk/) and installers from it: a tarball for
# any Linux, a .deb (Debian, Ubuntu) and an rpm (Fedora, openSUSE) that install it under
# /opt with a menu entry, the icon in every size, AppStream metadata, the man page and
# completion for bash, zsh and fish. Both packages are staged from one tree (stage_tree).
# The .deb's Depends is the list of libraries Qt needs on a desktop (scripts/setup.sh's
# QT_RUNTIME_PACKAGES, the one list run-app installs too); the rpm requires the same
# libraries by soname, read from the bundle, as Fedora and openSUSE name them alike.
# packaging/check-package.sh proves both.
set -euo pipefail
source "$(dirname "$0")/../scripts/setup.sh"
ensure_system_packages package
ensure_venv package
ensure_translations
cd "$ROOT"
METAINFO=packaging/io.github.sessiondesk.Sessiondesk.metainfo.xml
# SESSIONDESK_REUSE_BUILD=1 packages the last dist/sessiondesk again (to work on the .deb)
if [ "${SESSIONDESK_REUSE_BUILD:-}" != 1 ] || [ ! -x dist/sessiondesk/sessiondesk ]; then
    "$VENV/bin/pyinstaller" --noconfirm --clean --log-level WARN --distpath dist \
        --workpath build packaging/sessiondesk.spec
fi
version="$("$VENV/bin/python" -c 'import desktop; print(desktop.__version__)')"
arch="$(dpkg --print-architecture 2>/dev/null || uname -m)"
tar -C dist -czf "dist/sessiondesk-$version-linux-$arch.tar.gz" sessiondesk

# written from the argument parser: the page by the tool, the completions by the built
# program itself (so they are what the installed command prints)
"$VENV/bin/python" tools/make_manpage.py -o build/man/sessiondesk.1 >/dev/null
gzip -9nf build/man/sessiondesk.1
mkdir -p build/completions
for shell in bash zsh fish; do
    dist/sessiondesk/sessiondesk completions "$shell" > "build/completions/$shell"
done

# $1: the tree to fill; $2: where zsh looks for vendors' completions on that system
stage_tree() {
    local stage="$1" zsh_dir="$2"
    rm -rf "$stage"
    mkdir -p "$stage/opt" "$stage/usr/bin" "$stage/usr/share/applications" \
             "$stage/usr/share/metainfo" "$stage/usr/share/man/man1" \
             "$stage/usr/share/icons/hicolor/scalable/apps" \
             "$stage/usr/share/bash-completion/completions" "$stage$zsh_dir" \
             "$stage/usr/share/fish/vendor_completions.d"
    cp -a dist/sessiondesk "$stage/opt/sessiondesk"
    ln -s /opt/sessiondesk/sessiondesk "$stage/usr/bin/sessiondesk"
    cp packaging/sessiondesk.desktop "$stage/usr/share/applications/"
    cp "$METAINFO" "$stage/usr/share/metainfo/"
    cp build/man/sessiondesk.1.gz "$stage/usr/share/man/man1/"
    cp build/completions/bash "$stage/usr/share/bash-completion/completions/sessiondesk"
    cp build/completions/zsh "$stage$zsh_dir/_sessiondesk"
    cp build/completions/fish "$stage/usr/share/fish/vendor_completions.d/sessiondesk.fish"
    cp resources/icons/sessiondesk.svg "$stage/usr/share/icons/hicolor/scalable/apps/"
    for png in resources/icons/sessiondesk-*.png; do
        size="${png##*-}"; size="${size%.png}"
        mkdir -p "$stage/usr/share/icons/hicolor/${size}x${size}/apps"
        cp "$png" "$stage/usr/share/icons/hicolor/${size}x${size}/apps/sessiondesk.png"
    done
}

if command -v dpkg-deb >/dev/null 2>&1; then
    stage="build/deb"
    stage_tree "$stage" /usr/share/zsh/vendor-completions
    mkdir -p "$stage/DEBIAN"
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

# The libraries the bundle loads from the system, as rpm names them: every soname its
# ELF files need that no file inside the bundle provides (the .deb check proves the same
# set against Depends with ldd).
rpm_requires() {
    local bundle="$1" suffix=""
    case "$(uname -m)" in x86_64|aarch64|ppc64le|s390x) suffix="(64bit)" ;; esac
    find "$bundle" -type f \( -name '*.so*' -o -perm -u+x \) -print0 \
        | xargs -0 objdump -p 2>/dev/null | awk '$1 == "NEEDED" { print $2 }' | sort -u \
        | while read -r soname; do
            [ -n "$(find "$bundle" -name "$soname" -print -quit)" ] && continue
            echo "Requires: ${soname}()${suffix}"
        done
}

if command -v rpmbuild >/dev/null 2>&1; then
    stage="$ROOT/build/rpm-root"
    stage_tree "$stage" /usr/share/zsh/site-functions
    top="$ROOT/build/rpm"
    rm -rf "$top" && mkdir -p "$top/SPECS"
    rpm_arch="$(uname -m)"
    cat > "$top/SPECS/sessiondesk.spec" <<SPEC
Name: sessiondesk
Version: $version
Release: 1
Summary: Every Claude Code session on this machine, for every account
License: MIT
URL: https://github.com/sessiondesk/sessiondesk
# the bundle carries its own Python and Qt: it provides nothing to the system, and needs
# from it only the libraries listed here
AutoReqProv: no
$(rpm_requires dist/sessiondesk)
# already built by PyInstaller: no stripping, no debug package, no bytecompiling
%global debug_package %{nil}
%global __os_install_post %{nil}
%global _build_id_links none
%define _binary_payload w9.zstdio

%description
A desktop app that finds, searches and continues Claude Code sessions,
under one Claude account or several; the sessiondesk command does the same
work headless.

%install
cp -a "$stage/." "%{buildroot}/"

%files
/opt/sessiondesk
/usr/bin/sessiondesk
/usr/share/applications/sessiondesk.desktop
/usr/share/metainfo/$(basename "$METAINFO")
/usr/share/man/man1/sessiondesk.1.gz
/usr/share/bash-completion/completions/sessiondesk
/usr/share/zsh/site-functions/_sessiondesk
/usr/share/fish/vendor_completions.d/sessiondesk.fish
/usr/share/icons/hicolor/*/apps/sessiondesk.*
SPEC
    rpmbuild -bb --quiet --define "_topdir $top" --target "$rpm_arch" \
        "$top/SPECS/sessiondesk.spec" >/dev/null
    cp "$top/RPMS/$rpm_arch/sessiondesk-$version-1.$rpm_arch.rpm" dist/
fi
ls -la dist
