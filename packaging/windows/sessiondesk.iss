; Inno Setup 6 script: installs dist\sessiondesk (the PyInstaller one-folder app) per user,
; with a Start menu entry, an optional desktop icon, and an uninstaller.
; UNTESTED here: packaging\windows\build.ps1 builds the app and calls ISCC with
; /DAppVersion=... /DRoot=<the clone>.
#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef Root
  #define Root "..\.."
#endif

[Setup]
AppId={{6E0C1B52-6F0B-4C5E-9B53-2F4E3B6D7A10}
AppName=Sessiondesk
AppVersion={#AppVersion}
AppPublisher=Sessiondesk developers
DefaultDirName={autopf}\Sessiondesk
DefaultGroupName=Sessiondesk
; per-user by default (no administrator needed); the dialog offers all users
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#Root}\dist
OutputBaseFilename=sessiondesk-{#AppVersion}-setup
SetupIconFile={#Root}\build\sessiondesk.ico
UninstallDisplayIcon={app}\Sessiondesk.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
; the app keeps its data in %LOCALAPPDATA%\sessiondesk: an uninstall leaves it

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "es"; MessagesFile: "compiler:Languages\Spanish.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#Root}\dist\sessiondesk\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\Sessiondesk"; Filename: "{app}\Sessiondesk.exe"
Name: "{group}\{cm:UninstallProgram,Sessiondesk}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\Sessiondesk"; Filename: "{app}\Sessiondesk.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\Sessiondesk.exe"; Description: "{cm:LaunchProgram,Sessiondesk}"; Flags: nowait postinstall skipifsilent
