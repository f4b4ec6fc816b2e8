"""`python -m app.cli ARGS`: the `cardrogue` command."""

import sys

from app.cli.cardrogue import main

sys.exit(main())
