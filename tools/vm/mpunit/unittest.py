"""The part of unittest the portable tests use, for MicroPython (which has none).

CPython imports its own unittest; tools/vm/mptest.py puts this folder first on
MicroPython's path instead.
"""


class SkipTest(Exception):
    pass


class _Raises:
    def __init__(self, exc):
        self.exc = exc
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is None:
            raise AssertionError("%s not raised" % self.exc.__name__)
        if not issubclass(kind, self.exc):
            return False
        self.exception = value
        return True


class TestCase:
    def setUp(self):
        pass

    def tearDown(self):
        pass

    def skipTest(self, reason):
        raise SkipTest(reason)

    def assertEqual(self, a, b, msg=None):
        if not a == b:
            raise AssertionError(msg or "%r != %r" % (a, b))

    def assertNotEqual(self, a, b, msg=None):
        if a == b:
            raise AssertionError(msg or "%r == %r" % (a, b))

    def assertTrue(self, x, msg=None):
        if not x:
            raise AssertionError(msg or "%r is not true" % (x,))

    def assertFalse(self, x, msg=None):
        if x:
            raise AssertionError(msg or "%r is not false" % (x,))

    def assertIn(self, a, b, msg=None):
        if a not in b:
            raise AssertionError(msg or "%r not in %r" % (a, b))

    def assertIsNone(self, x, msg=None):
        if x is not None:
            raise AssertionError(msg or "%r is not None" % (x,))

    def assertRaises(self, exc, func=None, *args, **kwargs):
        ctx = _Raises(exc)
        if func is None:
            return ctx
        with ctx:
            func(*args, **kwargs)
        return ctx


def main():
    pass
