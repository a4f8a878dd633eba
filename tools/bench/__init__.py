"""make bench: every figure that matters, printed beside its goal."""
