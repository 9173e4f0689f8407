"""The seeded random source that lives inside a game state.

SplitMix64 keeps its whole state in one integer, so cloning a game copies one int (``random.Random``
would copy 625 words) and the source serialises trivially into replays. Every random choice a game makes
(shuffles, "al azar", first player) goes through this object, which is what makes (decks, seed,
actions) reproduce a game exactly (CH-11.3).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def secure_seed() -> int:
    """A new game's seed from the operating system's secure source, in [0, 2**63) (it fits a signed 64-bit
    column). A seed gives every shuffle, so one that a player chose or could guess would tell them every
    hidden card."""
    return secrets.randbits(63)


def derive_seed(seed: int, purpose: str) -> int:
    """The seed of another random source that serves ``purpose`` (an agent's, a match's next CHOQUE), in
    [0, 2**63). One-way (BLAKE2b): what that source shows, such as an AI's random choices, cannot be traced
    back to ``seed`` and so to the game's shuffles, nor one derived seed to another."""
    digest = hashlib.blake2b(f"{seed}:{purpose}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


class Rng:
    """SplitMix64: small, fast in pure Python, statistically fine for shuffles."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by multiply-shift (Lemire); the bias is below n / 2**64."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return (self.next64() * n) >> 64

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place. SplitMix64 is inlined and each 64-bit output serves two swaps (32 bits
        each, multiply-shift; bias below n / 2**32): shuffles dominate the ofrenda's cost."""
        state = self.state
        i = len(items) - 1
        while i > 0:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            j = ((z & 0xFFFFFFFF) * (i + 1)) >> 32
            items[i], items[j] = items[j], items[i]
            i -= 1
            if i > 0:
                j = ((z >> 32) * (i + 1)) >> 32
                items[i], items[j] = items[j], items[i]
                i -= 1
        self.state = state

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def fork(self) -> Rng:
        """A new independent source derived from this one (advances this one)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        return Rng(self.state)  # the state is already masked
