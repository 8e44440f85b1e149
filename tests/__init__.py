"""The test suite (a package, so the two conftest.py files do not collide under doctest
collection)."""
