"""Turns whose Sessiondesk process died (kill -9): noticed while the window is open.

A `run` killed outright cannot finish its row nor end its `claude`; the next
start recovers both (`RunService.recover`). The window is often that next
start long before: it asks every few seconds, cheaply (one indexed query finds
no unfinished row nearly always), and the turn is marked `interrupted` and
its `claude` ended within seconds of its owner's death: it asks
`RunService.needs_recovery()` (blocking, off the window's thread) and, when
so, awaits `RunService.recover()`, which leaves alone a turn whose owner lives
(this window, a `run` elsewhere).
"""

from __future__ import annotations

CHECK_EVERY_S = 2.0
"""How often the window asks: a dead owner's turn is marked within this."""
