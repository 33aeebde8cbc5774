"""The formats a session exports to.

Apart from `session_export` (its rendering, and `html` with its entity
tables) so that the command line's parser can name them without that cost
in every command.
"""

FORMATS = ("md", "html")
