"""What a seat, a spectator or a screen must never carry before the game is over: the seed, or anything
shaped like it. Shared by the engine, server and terminal tests of hidden information (CH-11).

Nothing a player may see needs a number of ten digits or more (turns, hearts, counts, seq and game ids
are small), while a seed, a random source's state or a value derived from them is a 64-bit integer. So
besides the seed itself (in decimal and in hex), any integer of ten or more digits is a leak.
"""

from __future__ import annotations

import re

_LONG_NUMBER = re.compile(r"(?<![0-9A-Za-z_])-?[0-9]{10,}(?![0-9])")


def seed_leaks(text: str, seed: int) -> list[str]:
    """Where ``text`` carries ``seed`` or a number that could be a random source's state; [] when clean."""
    found = []
    for shape in (str(seed), f"{seed:x}", f"{seed:X}"):
        if len(shape) >= 4 and shape in text:  # a short seed (7) is in any text: the long numbers check it
            at = text.index(shape)
            found.append(f"the seed {shape!r} at …{text[max(0, at - 60):at + len(shape) + 20]}…")
    for m in _LONG_NUMBER.finditer(text):
        found.append(f"a {len(m.group().lstrip('-'))}-digit number {m.group()} at "
                     f"…{text[max(0, m.start() - 60):m.end() + 20]}…")
    return found


def big_seed(n: int) -> int:
    """A distinctive seed of 19 digits (below 2**62, what a client may choose), the n-th of a series."""
    return 4_000_000_000_000_000_000 + 7_919 * n
