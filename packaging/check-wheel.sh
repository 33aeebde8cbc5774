#!/usr/bin/env bash
# The wheel as pip or pipx installs it: built from the checkout, installed (not editable)
# into a fresh venv, and its --self-test run on X (Qt's xcb) — the window in Spanish and
# Chinese, and the icon in every size. PySide6's lrelease is taken out of that venv and
# none may be on PATH, so the catalogs can only be the ones the wheel carries; the
# self-test's lines must say they came from the installed package.
# Called by packaging/check-package.sh: $1 a scratch folder, $2 an X display.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
VENV="${SESSIONDESK_VENV:-$ROOT/.venv}"
scratch="$1" display="$2"
say() { printf '\033[1m[wheel]\033[0m %s\n' "$*" >&2; }
fail() { printf '[wheel] FAILED: %s\n' "$*" >&2; exit 1; }
started=$SECONDS

rm -rf build/wheel
"$VENV/bin/python" -m pip wheel --no-deps -q -w build/wheel . > "$scratch/wheel.log" 2>&1 \
    || { grep -v '^WARNING: Location' "$scratch/wheel.log" >&2; fail "pip wheel ."; }
wheel="$(ls build/wheel/sessiondesk-*.whl)"
"$VENV/bin/python" - "$wheel" <<'PY' || fail "the wheel's contents"
import sys
import zipfile

names = set(zipfile.ZipFile(sys.argv[1]).namelist())
data = sorted(name for name in names if name.startswith("desktop/assets/"))
wanted = {f"desktop/assets/i18n/sessiondesk_{code}.qm" for code in ("en", "es", "zh_CN")}
wanted |= {"desktop/assets/icons/sessiondesk.svg"}
wanted |= {f"desktop/assets/icons/sessiondesk-{size}.png" for size in (16, 24, 32, 48, 64, 128, 256, 512)}
missing = sorted(wanted - names)
if missing:
    sys.exit("missing from the wheel: " + ", ".join(missing))
sources = sorted(name for name in names if name.endswith(".ts"))
if sources:
    sys.exit("the wheel carries translation sources: " + ", ".join(sources))
print(f"[wheel] {sys.argv[1]}: {len(names)} files; package data: " + ", ".join(
    name.removeprefix("desktop/assets/") for name in data), file=sys.stderr)
PY

"$VENV/bin/python" -m venv "$scratch/wheel-venv"
"$scratch/wheel-venv/bin/python" -m pip install -q "$wheel" > "$scratch/install.log" 2>&1 \
    || { grep -v '^WARNING: Location' "$scratch/install.log" >&2; fail "pip install $wheel"; }
site="$("$scratch/wheel-venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
# no compiler anywhere: the catalogs must be the wheel's
rm -f "$site/PySide6/lrelease" "$scratch/wheel-venv/bin/pyside6-lrelease"
clean_path=/usr/local/bin:/usr/bin:/bin
for tool in lrelease pyside6-lrelease lrelease-qt6; do
    ! PATH="$clean_path" command -v "$tool" >/dev/null || fail "$tool is on PATH; the check needs none"
done

report="$scratch/wheel-self-test"
(cd "$scratch" && PATH="$clean_path" HOME="$scratch" DISPLAY="$display" QT_QPA_PLATFORM=xcb \
    "$scratch/wheel-venv/bin/sessiondesk" --self-test) > "$report" || fail "--self-test of the installed wheel"
sed 's/^/  /' "$report" >&2
grep -qx "translations: loaded en, es, zh_CN from $site/desktop/assets/i18n" "$report" \
    || fail "the catalogs did not come from the installed wheel"
grep -qx "icons: sessiondesk.svg and 8 sizes (16-512 px) from $site/desktop/assets/icons" "$report" \
    || fail "the icons did not come from the installed wheel"
grep -q "on the xcb platform" "$report" || fail "the window was not painted on xcb"
say "wheel passed: $(du -h "$wheel" | cut -f1), installed into a fresh venv, $((SECONDS - started)) s"
