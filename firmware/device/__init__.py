"""The board: profiles and pins, the hardware adapters, buttons, boot mode, rendering and the font."""
