"""The Qt face of Sessiondesk: widgets, item models and dialogs.

The only package with user-visible strings (all through `tr()`) and the only
one that imports Qt. It reaches data through `desktop.services` and never
touches the store, the vault or the CLI adapter directly.
"""
