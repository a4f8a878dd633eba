"""Heap each firmware module takes when imported, on CircuitPython's VM (tools/bench_device.py starts it).

argv: lines "module dep dep ..." in a file. A module's dependencies are
imported (and counted) first, so each figure is the module's own: its code
objects, constants and globals after gc.collect().
"""

import gc
import sys

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
    before = gc.mem_alloc()
    __import__(name)
    gc.collect()
    print("import %s %d" % (name, gc.mem_alloc() - before))


for name in sorted(deps):
    measure(name)
