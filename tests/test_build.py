"""The build under test is the one CI meant to test: plain Python, or mypyc-compiled (.ci/run's second
pass sets TABLERO_EXPECT_COMPILED=1). Without this, a failed compile could silently test the sources."""

import os

import tablero
from tablero.core import compiled


def test_build_kind_is_the_expected_one() -> None:
    expected = os.environ.get("TABLERO_EXPECT_COMPILED") == "1"
    assert compiled() is expected, f"compiled={compiled()} for tablero at {tablero.__file__}"
