"""Light and dark colours: the desktop's choice, or the one `ui.theme` forces.

`ui.theme` is `system` (the default), `light` or `dark`. With `system` the
window follows `QStyleHints.colorScheme()` and changes when the desktop
does (`colorSchemeChanged`, Qt 6.5+).

Whenever the platform's own style and palette already have the wanted
darkness they are kept, so the window looks native. Otherwise — a forced
theme against the desktop's, or a desktop that reports dark but whose style
still paints light — the window switches to the Fusion style with a palette
of its own, since native styles (Windows, macOS) ignore palettes.

Widgets that paint their own colours read the palette: a `PaletteChange`
reaches each of them when the theme changes (the transcript picks its
colours, code highlighting included, from the palette's base colour), and
widgets with a style sheet are polished again, since a style sheet keeps the
palette it was first polished with.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from desktop.domain.settings import SYSTEM, THEMES
from desktop.ui.shell.contrast_style import ContrastStyle

THEME_KEY = "ui.theme"
FUSION = "Fusion"

_DARK = {
    QPalette.ColorRole.Window: "#202329",
    QPalette.ColorRole.WindowText: "#E6E8EB",
    QPalette.ColorRole.Base: "#16181D",
    QPalette.ColorRole.AlternateBase: "#1D2026",
    QPalette.ColorRole.ToolTipBase: "#2B2F37",
    QPalette.ColorRole.ToolTipText: "#E6E8EB",
    QPalette.ColorRole.PlaceholderText: "#8B93A1",
    QPalette.ColorRole.Text: "#E6E8EB",
    QPalette.ColorRole.Button: "#2A2E36",
    QPalette.ColorRole.ButtonText: "#E6E8EB",
    QPalette.ColorRole.BrightText: "#FF6B6B",
    QPalette.ColorRole.Light: "#3A3F4A",
    QPalette.ColorRole.Midlight: "#323741",
    QPalette.ColorRole.Mid: "#3C414C",
    QPalette.ColorRole.Dark: "#101216",
    QPalette.ColorRole.Shadow: "#000000",
    QPalette.ColorRole.Highlight: "#2563EB",  # white on it reads at 5:1 (AA)
    QPalette.ColorRole.HighlightedText: "#FFFFFF",
    QPalette.ColorRole.Link: "#93C5FD",
    QPalette.ColorRole.LinkVisited: "#C4B5FD",
}
_DARK_DISABLED = {
    QPalette.ColorRole.WindowText: "#6B7280",
    QPalette.ColorRole.Text: "#6B7280",
    QPalette.ColorRole.ButtonText: "#6B7280",
    QPalette.ColorRole.Highlight: "#374151",
    QPalette.ColorRole.HighlightedText: "#9CA3AF",
}


def is_dark(palette: QPalette) -> bool:
    """Whether `palette` paints light text on a dark ground."""
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in _DARK.items():
        palette.setColor(role, QColor(colour))
    for role, colour in _DARK_DISABLED.items():
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(colour))
    return palette


class ThemeController(QObject):
    """Keeps the application's style and palette in step with `ui.theme`."""

    changed = Signal(bool)
    """Emitted with True for dark, False for light, after each change of colours."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self._app = app
        self._native_style = app.style().name()
        self._native_dark = is_dark(app.palette())
        self._choice = SYSTEM
        self._shown: bool | None = None
        """Dark or not, as last applied (None: not yet)."""
        hints = app.styleHints()
        self._system = hints.colorScheme() if hasattr(hints, "colorScheme") else None
        if hasattr(hints, "colorSchemeChanged"):
            hints.colorSchemeChanged.connect(self._system_changed)

    @property
    def choice(self) -> str:
        return self._choice

    def dark(self) -> bool:
        """Whether the window is dark now."""
        return is_dark(self._app.palette())

    def wants_dark(self) -> bool:
        if self._choice != SYSTEM:
            return self._choice == "dark"
        if self._system == Qt.ColorScheme.Dark:
            return True
        if self._system == Qt.ColorScheme.Light:
            return False
        return self._native_dark  # the desktop does not say: its palette does

    def apply(self, choice: str) -> None:
        """Use `choice` (system, light or dark) from now on."""
        if choice not in THEMES:
            raise ValueError(f"unknown theme {choice!r}")
        if choice == self._choice and self._shown == self.wants_dark():
            # the same colours again: re-styling every widget (a window's worth, or a test
            # suite's closed windows) would change nothing
            return
        self._choice = choice
        self._refresh()

    def _system_changed(self, scheme: Qt.ColorScheme) -> None:
        self._system = scheme
        if self._choice == SYSTEM:
            self._refresh()

    def _refresh(self) -> None:
        dark = self.wants_dark()
        native = dark == self._native_dark
        style = self._native_style if native else FUSION
        # Fusion's own edges vanish on dark (contrast_style); its drawing calls then pass
        # through Python, which doubles a list's paint: the light window keeps plain Fusion
        contrast = dark and style.lower() == FUSION.lower()
        if contrast and self._app.style().objectName() != "contrastStyle":
            self._app.setStyle(ContrastStyle())
        elif not contrast and (
            self._app.style().objectName() == "contrastStyle"
            or self._app.style().name().lower() != style.lower()
        ):
            self._app.setStyle(style)
        if native:
            self._app.setPalette(QPalette())  # an empty palette resolves to the platform's own
        else:
            self._app.setPalette(dark_palette() if dark else self._light_palette())
        for widget in self._app.allWidgets():
            # a style sheet fixes the palette it was polished with: polish it again
            if widget.styleSheet():
                widget.setStyleSheet(widget.styleSheet())
        self._shown = dark
        self.changed.emit(self.dark())

    def _light_palette(self) -> QPalette:
        palette = self._app.style().standardPalette()
        if is_dark(palette):  # Fusion follows a dark desktop in its standard palette
            palette = QPalette(QColor("#EFEFEF"))
            palette.setColor(QPalette.ColorRole.Base, QColor("#FFFFFF"))
            palette.setColor(QPalette.ColorRole.Text, QColor("#1F2328"))
            palette.setColor(QPalette.ColorRole.WindowText, QColor("#1F2328"))
        return palette


def theme_controller() -> ThemeController:
    """The application's one ThemeController, made on first use."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        raise RuntimeError("themes need a QApplication")
    existing = app.findChild(ThemeController)
    return existing if existing is not None else ThemeController(app)
