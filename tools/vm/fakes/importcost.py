"""Heap each firmware module takes when imported, on CircuitPython's VM (tools/bench/device.py starts it).

argv: lines "module dep dep ..." in a file. A module's dependencies are
imported (and counted) first, so each figure is the module's own: its code
objects, constants and globals after gc.collect(). The interned names
(qstrs) go to a pool that grows in doubling chunks, which would land on
whichever module crosses a chunk: ``micropython.qstr_info()`` is printed
around each import so the host can count the pool apart.
"""

import gc
import sys

import micropython

deps = {}
with open(sys.argv[1]) as f:
    for line in f:
        parts = line.split()
        if parts:
            deps[parts[0]] = parts[1:]
done = set()


def measure(name):
    if name in done:
        return
    done.add(name)
    for d in deps.get(name, ()):
        measure(d)
    gc.collect()
    micropython.qstr_info()
    before = gc.mem_alloc()
    __import__(name)
    gc.collect()
    after = gc.mem_alloc()
    micropython.qstr_info()
    print("import %s %d" % (name, after - before))


for name in sorted(deps):
    measure(name)
