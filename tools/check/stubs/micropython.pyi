# Replaces circuitpython-stubs' micropython stub, whose Python 3.12 generics
# syntax mypy cannot parse on Python 3.11. Typed like the untyped CPython
# fallback `def const(x): return x` that firmware modules define, so the two
# variants agree.
from typing import Any

def const(x: Any) -> Any: ...
