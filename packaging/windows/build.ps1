# Build the Windows installer: the PyInstaller one-folder app from packaging/sessiondesk.spec,
# then dist\sessiondesk-<version>-setup.exe with Inno Setup 6.
# UNTESTED: written for Windows 10/11 with Python 3.12 (python.org) and Inno Setup 6
# (winget install JRSoftware.InnoSetup); nothing on the project's Linux machines runs it.
# Run from a clone, in PowerShell:   powershell -ExecutionPolicy Bypass -File packaging\windows\build.ps1
$ErrorActionPreference = "Stop"
$Root = Resolve-Path "$PSScriptRoot\..\.."
Set-Location $Root

if (-not (Test-Path .venv\Scripts\python.exe)) { py -3.12 -m venv .venv }
$Python = ".venv\Scripts\python.exe"
& $Python -m pip install --upgrade pip
& $Python -m pip install -e ".[package]" pillow   # Pillow: PyInstaller and the .ico need it
& $Python tools\build_translations.py

# the .ico (every usual size in one file) from the committed PNGs
New-Item -ItemType Directory -Force build | Out-Null
& $Python -c @"
from PIL import Image
sizes = [16, 24, 32, 48, 64, 128, 256]
Image.open('resources/icons/sessiondesk-256.png').save('build/sessiondesk.ico', sizes=[(s, s) for s in sizes])
"@

& .venv\Scripts\pyinstaller.exe --noconfirm --clean --distpath dist --workpath build packaging\sessiondesk.spec
if ($LASTEXITCODE -ne 0) { throw "pyinstaller failed" }

# the built app must start before it is packed: database, icons, window, translations;
# the catalogs and icons must be the bundle's own (desktop\assets, as on Linux and in the
# wheel), not found in this checkout
$Report = & dist\sessiondesk\sessiondesk-cli.exe --self-test
if ($LASTEXITCODE -ne 0) { throw "the built app failed its self-test" }
$Report
if (-not ($Report | Select-String -Pattern 'translations: loaded en, es, zh_CN from .*desktop[\\/]assets[\\/]i18n$')) {
    throw "the self-test did not load the bundle's own catalogs"
}
if (-not ($Report | Select-String -Pattern 'icons: .* from .*desktop[\\/]assets[\\/]icons$')) {
    throw "the self-test did not find the bundle's own icons"
}

$Version = & $Python -c "import desktop; print(desktop.__version__)"
$Iscc = "${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe"
if (-not (Test-Path $Iscc)) { $Iscc = "$env:LOCALAPPDATA\Programs\Inno Setup 6\ISCC.exe" }
& $Iscc "/DAppVersion=$Version" "/DRoot=$Root" packaging\windows\sessiondesk.iss
if ($LASTEXITCODE -ne 0) { throw "Inno Setup failed" }
Get-Item "dist\sessiondesk-$Version-setup.exe"
