"""A key that closes again 5-30 ms after its release, and stays closed, moves the cursor once:
the simulator's buttons (firmware/device/buttons.py, fed key edges as code.py feeds keypad's
events) under the set-up screen. The timing cases are host_tests/portable/test_buttons_rebound.py.
"""

from tools.sim.simulator import GAP_MS, PRESS_MS, Sim


def test_a_rebound_after_next_moves_the_cursor_one_row():
    for gap in (5, 15, 29):
        for held in (40, 150, 450):
            sim = Sim(lang="en")
            assert sim.app.screen.rows[sim.app.screen.selected] == "Start!"
            nxt = sim.key_number("b")
            sim.key(nxt, True)
            sim.advance(PRESS_MS)
            sim.key(nxt, False)
            sim.advance(gap)
            sim.key(nxt, True)  # the contact closes again
            sim.advance(held)
            sim.key(nxt, False)
            sim.advance(GAP_MS)
            screen = sim.app.screen
            assert screen.rows[screen.selected].startswith("Table:"), (gap, held, sim.text())
            sim.press("b")  # a real press after it counts
            assert sim.app.screen.rows[sim.app.screen.selected].startswith("Game:"), (gap, held)
            sim.close()
