"""``python -m tools.sim``: the simulator (tools/sim/simulator.py)."""

import sys

from tools.sim.simulator import main

sys.exit(main())
