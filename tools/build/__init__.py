"""The bundle for the CIRCUITPY drive, and deploying it to a board."""
