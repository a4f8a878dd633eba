"""The rules core: presets and options, entry kinds and their checks, scoring, the game and
the series. Pure: no I/O, no hardware."""
