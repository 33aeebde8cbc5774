"""`python -m desktop`: the same entry point as the `sessiondesk` command."""

import sys

from desktop.entry import main

# guarded: index workers are spawned processes, which import this module again
if __name__ == "__main__":
    sys.exit(main())
