"""CH-0.4 best of three (draws replayed, at most five) and CH-4.2 who chooses the first player."""

import pytest

from tablero.core import BadInput
from tablero.games.choque.match import Match


def test_two_wins_take_the_match_and_the_loser_chooses() -> None:
    m = Match()
    assert m.chooser is None and not m.over  # CH-4.2: the first CHOQUE's first player is random
    m.record("A")
    assert m.chooser == "B" and m.winner is None
    m.record("B")
    assert m.chooser == "A"
    m.record("B")
    assert m.over and m.winner == "B" and m.wins == {"A": 1, "B": 2}
    with pytest.raises(BadInput, match="CH-0.4"):
        m.record("A")


def test_draws_are_replayed_up_to_five_choques() -> None:
    m = Match()
    m.record("draw")
    assert m.chooser is None  # CH-4.2: random again after a draw
    for w in ("A", "draw", "B"):
        m.record(w)
    assert not m.over
    m.record("draw")
    assert m.over and m.winner == "draw" and len(m.results) == 5  # CH-0.4 ruling
    with pytest.raises(BadInput):
        Match().record("C")
