"""`python -m desktop`: the same entry point as the `sessiondesk` command."""

import sys

from desktop.cli import main

sys.exit(main())
