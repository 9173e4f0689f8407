"""Computer players. Every agent sees a game only through a ``Seat``: one player's view, the legal actions
and, for search, determinized copies in which every hidden card was redrawn (``Seat.determinize``). No
agent can read the opponent's hand or any deck order, by construction.

    from tablero.agents import make_agent, Seat
    agent = make_agent("greedy", seed=1)
    action = agent.act(Seat(game, "A"))
"""

from .base import AGENT_NAMES, Agent, Seat, make_agent

__all__ = ["AGENT_NAMES", "Agent", "Seat", "make_agent"]
