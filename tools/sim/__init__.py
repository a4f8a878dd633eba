"""The simulator: the device's App on CPython, drawn by the real display drivers on a model panel."""
