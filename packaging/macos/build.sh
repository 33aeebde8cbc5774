#!/usr/bin/env bash
# Build Sessiondesk.app and a signed, notarized Sessiondesk-<version>.dmg on macOS.
# UNTESTED: written for macOS 13+ on Apple silicon or Intel, with Xcode's command line
# tools and Python 3.12 (python.org or Homebrew); nothing on the project's Linux machines
# runs it. From a clone:
#
#   packaging/macos/build.sh                      # unsigned .app and .dmg, for a local try
#   SIGN_IDENTITY="Developer ID Application: Name (TEAMID)" \
#   NOTARY_PROFILE=sessiondesk-notary packaging/macos/build.sh
#
# NOTARY_PROFILE names credentials stored once with
#   xcrun notarytool store-credentials sessiondesk-notary \
#       --apple-id you@example.com --team-id TEAMID --password <app-specific password>
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
SIGN_IDENTITY="${SIGN_IDENTITY:-}"
NOTARY_PROFILE="${NOTARY_PROFILE:-}"
ENTITLEMENTS="$ROOT/packaging/macos/entitlements.plist"

[ -x .venv/bin/python ] || python3.12 -m venv .venv
.venv/bin/python -m pip install --upgrade pip
.venv/bin/python -m pip install -e ".[package]"
.venv/bin/python tools/build_translations.py
version="$(.venv/bin/python -c 'import desktop; print(desktop.__version__)')"

# the .icns from the committed PNGs (iconutil wants name@2x for the doubled sizes)
iconset="build/sessiondesk.iconset"
rm -rf "$iconset" && mkdir -p "$iconset"
for size in 16 32 128 256 512; do
    cp "resources/icons/sessiondesk-$size.png" "$iconset/icon_${size}x${size}.png"
    double=$((size * 2))
    [ -f "resources/icons/sessiondesk-$double.png" ] \
        && cp "resources/icons/sessiondesk-$double.png" "$iconset/icon_${size}x${size}@2x.png"
done
iconutil -c icns "$iconset" -o build/sessiondesk.icns

.venv/bin/pyinstaller --noconfirm --clean --distpath dist --workpath build packaging/sessiondesk.spec
app="dist/Sessiondesk.app"
# database, icons, window, translations; the catalogs and icons must be the bundle's own
# (desktop/assets, as on Linux and in the wheel), not found in this checkout
report="$("$app/Contents/MacOS/sessiondesk" --self-test)"
echo "$report"
grep -Eq '^translations: loaded en, es, zh_CN from .*/desktop/assets/i18n$' <<<"$report" \
    || { echo "the self-test did not load the bundle's own catalogs" >&2; exit 1; }
grep -Eq '^icons: .* from .*/desktop/assets/icons$' <<<"$report" \
    || { echo "the self-test did not find the bundle's own icons" >&2; exit 1; }

if [ -n "$SIGN_IDENTITY" ]; then
    # inside out: every library and program first, then the bundle; the hardened runtime
    # (--options runtime) and a secure timestamp are what notarization checks
    find "$app/Contents" -type f \( -name '*.dylib' -o -name '*.so' -o -perm -u+x \) -print0 \
        | while IFS= read -r -d '' file; do
            file "$file" | grep -q 'Mach-O' || continue
            codesign --force --timestamp --options runtime --entitlements "$ENTITLEMENTS" \
                --sign "$SIGN_IDENTITY" "$file"
        done
    codesign --force --timestamp --options runtime --entitlements "$ENTITLEMENTS" \
        --sign "$SIGN_IDENTITY" "$app"
    codesign --verify --deep --strict --verbose=2 "$app"
fi

# the .dmg: the app and a link to /Applications to drag it onto
dmg="dist/Sessiondesk-$version.dmg"
stage="build/dmg"
rm -rf "$stage" "$dmg" && mkdir -p "$stage"
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
hdiutil create -volname "Sessiondesk" -srcfolder "$stage" -ov -format UDZO "$dmg"

if [ -n "$SIGN_IDENTITY" ]; then
    codesign --force --timestamp --sign "$SIGN_IDENTITY" "$dmg"
    if [ -n "$NOTARY_PROFILE" ]; then
        xcrun notarytool submit "$dmg" --keychain-profile "$NOTARY_PROFILE" --wait
        xcrun stapler staple "$dmg"
        # what Gatekeeper will say on a person's Mac
        spctl --assess --type open --context context:primary-signature --verbose=2 "$dmg"
    fi
fi
ls -la "$dmg"
