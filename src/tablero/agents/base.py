"""The agent interface and the ``Seat`` that stands between an agent and the true game.

An agent is an object with ``act(seat) -> action``. The seat exposes only what its player may know: the
player's ``view`` (CH-11), the pending decision, the legal actions (always public: they follow from the
view), and ``determinize(rng)``: a private copy of the game in which every card hidden from the player is
redrawn from what they know (the core's ``resample``), for information-set search. Two games that differ
only in hidden cards give the same view and the same legal actions, and ``resample`` draws the same
determinizations from them for the same rng, so an agent's choice depends on nothing it may not see.
"""

from __future__ import annotations

from typing import Any, Protocol

from tablero.core import BadInput, Decision, Game, Rng


class Seat:
    """One player's place at the table: everything an agent may look at, and nothing more."""

    __slots__ = ("_game", "player")

    def __init__(self, game: Game, player: str) -> None:
        self._game = game
        self.player = player

    @property
    def pending(self) -> Decision | None:
        return self._game.pending

    @property
    def game_name(self) -> str:
        return self._game.name

    def view(self) -> dict[str, Any]:
        return self._game.view(self.player)

    def legal_actions(self) -> list[dict[str, Any]]:
        return self._game.legal_actions()

    def determinize(self, rng: Rng) -> Game:
        """A private copy of the game, every card hidden from this player redrawn (information sets)."""
        return self._game.resample(self.player, rng)


class Agent(Protocol):
    """Chooses one of the seat's legal actions for the pending decision."""

    name: str

    def act(self, seat: Seat) -> dict[str, Any]: ...


AGENT_NAMES = ("random", "greedy", "mcts")


def make_agent(name: str, seed: int = 0, **options: Any) -> Agent:
    """An agent by name: ``random``, ``greedy`` or ``mcts`` (options: ``budget`` seconds per decision or
    ``iterations``; see ``tablero.agents.mcts``). Same name, seed and options: same choices."""
    if name == "random":
        from .random_agent import RandomAgent

        return RandomAgent(seed)
    if name == "greedy":
        from .greedy import GreedyAgent

        return GreedyAgent(seed)
    if name == "mcts":
        from .mcts import MctsAgent

        return MctsAgent(seed, **options)
    raise BadInput(f"unknown agent {name!r}; known agents: {', '.join(AGENT_NAMES)}")
