"""The window's shell: main window, actions, menus, palette, single instance."""
