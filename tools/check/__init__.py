"""Static checks: the type check against CircuitPython's stubs."""
