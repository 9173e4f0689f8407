"""Agents: they never see hidden information, they are deterministic for a seed, and they play to win."""

from __future__ import annotations

from typing import Any

import pytest

from tablero.agents import Seat, make_agent
from tablero.core import BadInput, Rng, new_game
from tablero.games.choque.deckfile import shipped_decks
from tablero.games.choque.game import ChoqueGame
from tablero.games.choque.resample import resample

DECKS = shipped_decks()
AGENTS: list[tuple[str, dict[str, Any]]] = [("random", {}), ("greedy", {}), ("mcts", {"iterations": 25})]


def midgame(seed: int, decisions: int = 60) -> ChoqueGame:
    """A shipped-deck game after some random play, stopped at a decision with several options."""
    g = new_game("choque", decks=[DECKS["furia_jaguar"].deck, DECKS["veneno_serpiente"].deck], seed=seed)
    assert isinstance(g, ChoqueGame)
    rng = Rng(seed)
    for i in range(10_000):
        if g.is_over:
            raise AssertionError("game ended too early for this test")
        legal = g.legal_actions()
        if i >= decisions and len(legal) > 2:
            return g
        g.apply(legal[rng.below(len(legal))])
    raise AssertionError("unreachable")


def hidden_state(g: ChoqueGame, viewer: int) -> Any:
    other = g.s.players[1 - viewer]
    return ([c.id for c in other.hand], [c.id for c in other.main], [c.id for c in g.s.players[viewer].main])


@pytest.mark.parametrize("name, options", AGENTS)
@pytest.mark.parametrize("seed", [3, 11, 29])
def test_changing_hidden_cards_never_changes_the_decision(name: str, options: dict[str, Any], seed: int) -> None:
    """CH-11.2: redistributing every card hidden from the deciding player (the opponent's hand, every deck's
    order) leaves the view, the legal actions and the agent's choice unchanged, for a fixed agent seed."""
    g = midgame(seed)
    d = g.pending
    assert d is not None
    me = "AB".index(d.player)
    changed = g.clone()
    assert isinstance(changed, ChoqueGame)
    for k in range(20):  # find a redistribution that really moves hidden cards
        resample(changed.s, me, Rng(1000 + k))
        if hidden_state(changed, me) != hidden_state(g, me):
            break
    assert hidden_state(changed, me) != hidden_state(g, me)
    changed._legal_cache = None
    assert changed.view(d.player) == g.view(d.player)
    assert changed.legal_actions() == g.legal_actions()
    first = make_agent(name, seed=7, **options).act(Seat(g, d.player))
    second = make_agent(name, seed=7, **options).act(Seat(changed, d.player))
    assert first == second


def test_mcts_with_iterations_is_deterministic_and_skips_forced_decisions() -> None:
    g = midgame(5)
    d = g.pending
    assert d is not None
    a = make_agent("mcts", seed=3, iterations=30)
    b = make_agent("mcts", seed=3, iterations=30)
    assert a.act(Seat(g, d.player)) == b.act(Seat(g, d.player))
    assert a.last_iterations == 30  # type: ignore[attr-defined]
    # a decision with one legal action is answered without searching
    forced = new_game("choque", decks=[DECKS["furia_jaguar"].deck, DECKS["ojo_tormenta"].deck], seed=1)
    rng = Rng(2)
    while len(forced.legal_actions()) != 1:
        legal = forced.legal_actions()
        forced.apply(legal[rng.below(len(legal))])
    c = make_agent("mcts", seed=3, iterations=30)
    pending = forced.pending
    assert pending is not None
    assert c.act(Seat(forced, pending.player)) == forced.legal_actions()[0]
    assert c.last_iterations == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize("name, options", AGENTS)
def test_every_agent_answers_the_mandatory_ofrenda_with_its_one_legal_action(name: str, options: dict[str, Any]
                                                                            ) -> None:
    """CH-5.3 (revised ruling): a decision whose one legal action is ``ofrenda``."""
    g = new_game("choque", decks=[DECKS["furia_jaguar"].deck, DECKS["ojo_tormenta"].deck], seed=4)
    rng = Rng(4)
    while (d := g.pending) is None or d.kind != "ofrenda":
        assert not g.is_over
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
    assert not d.optional and g.legal_actions() == [{"player": d.player, "do": "ofrenda"}]
    assert make_agent(name, seed=1, **options).act(Seat(g, d.player)) == {"player": d.player, "do": "ofrenda"}


def test_agents_only_choose_legal_actions_and_greedy_beats_random() -> None:
    wins = 0
    for i in range(6):
        g = new_game("choque", decks=[DECKS["formas_nahual"].deck, DECKS["ojo_tormenta"].deck], seed=i)
        agents = {"A": make_agent("greedy", seed=i), "B": make_agent("random", seed=i)}
        if i % 2:
            agents = {"A": agents["B"], "B": agents["A"]}
        while not g.is_over:
            d = g.pending
            assert d is not None
            act = agents[d.player].act(Seat(g, d.player))
            assert act in g.legal_actions()
            g.apply(act)
        greedy_seat = "A" if i % 2 == 0 else "B"
        wins += g.winner == greedy_seat
    assert wins >= 5


def test_unknown_agent_and_bad_options() -> None:
    with pytest.raises(BadInput, match="unknown agent 'alphazero'"):
        make_agent("alphazero")
    with pytest.raises(BadInput, match="budget"):
        make_agent("mcts", budget=0)


def test_choose_decisions_say_what_is_chosen() -> None:
    """Decision.detail names what a `choose` is about (docs/actions.md), for bots and front ends."""
    details = set()
    for seed in range(6):
        g = new_game("choque", decks=[DECKS["formas_nahual"].deck, DECKS["veneno_serpiente"].deck], seed=seed)
        rng = Rng(seed)
        while not g.is_over:
            d = g.pending
            assert d is not None
            assert (d.detail != "") == (d.kind == "choose")
            if d.kind == "choose":
                details.add(d.detail)
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
    assert details and details <= {"elite", "clarividencia", "mimica", "zombificar", "cosmo", "optional", "select",
                                   "trig_target", "zone"}


def _before_a_wide_decision(limit: int) -> Any:
    """A seeded Deuses game at a decision with a choice, one of whose answers leads (after forced steps) to a
    decision with more than ``limit`` legal actions (a put-down listing every way to pay and target)."""
    from tablero.core import plugin
    decks = [d.deck for d in plugin("deuses").shipped_decks().values()]
    for seed in range(200):
        rng = Rng(seed)
        g = new_game("deuses", decks=[rng.choice(decks), rng.choice(decks)], seed=seed)
        while not g.is_over:
            legal = g.legal_actions()
            if len(legal) > 1:
                for a in legal:
                    h = g.clone()
                    h.apply(a)
                    while not h.is_over and len(h.legal_actions()) == 1:
                        h.apply(h.legal_actions()[0])
                    if not h.is_over and len(h.legal_actions()) > limit:
                        return g
            g.apply(legal[rng.below(len(legal))])
    raise AssertionError("no seeded game reached a wide decision")


def _nodes(root: Any) -> list[Any]:
    out, todo = [], [root]
    while todo:
        node = todo.pop()
        out.append(node)
        todo.extend(node.children.values())
    return out


def test_mcts_values_a_wide_decision_below_the_root_on_a_sample_that_widens_with_its_visits() -> None:
    """A decision of hundreds of actions inside the tree is valued on a sample (one of each kind first): a
    quarter of ``wide`` at first, more as the node is visited, never more than ``wide``; so a fixed number of
    iterations costs a bounded number of evaluations. The root's actions are all valued, and the search
    stays deterministic."""
    from tablero.agents.mcts import MctsAgent
    wide = 12
    g = _before_a_wide_decision(3 * wide)
    seat = Seat(g, g.pending.player)
    agent = MctsAgent(7, iterations=60, wide=wide)
    first = agent.act(seat)
    sizes = agent.last_valued
    assert sizes[0] == len(seat.legal_actions())  # the root: every action valued
    assert max(sizes[1:]) <= wide and wide // 4 in sizes[1:]  # a wide node inside the tree: a small sample
    sampled = [nd for nd in _nodes(agent.last_root) if nd.sampled]
    assert sampled and all(len(nd.prior) <= wide and set(nd.actions) == set(nd.prior) for nd in sampled)
    assert all(len(nd.actions) >= agent._allowed(nd) or nd.n == 0 for nd in sampled if nd.n < 3)
    assert max(len(nd.actions) for nd in sampled) > wide // 4  # a node visited more was widened
    assert first == MctsAgent(7, iterations=60, wide=wide).act(seat) and first in seat.legal_actions()
    acts = [{"do": "put_down", "card": c, "n": i} for c in "abc" for i in range(10 if c == "a" else 2)]
    picked = [acts[i] for i in MctsAgent(1, iterations=1, wide=3)._sample(acts, 3)]
    assert {a["card"] for a in picked} == {"a", "b", "c"}
    assert len(MctsAgent(1, iterations=1, wide=3)._sample(acts[:2], 5)) == 2  # never more than there are
    with pytest.raises(BadInput):
        MctsAgent(1, iterations=1, wide=0)


def test_mcts_widens_a_sampled_node_a_quarter_of_wide_at_a_time() -> None:
    from tablero.agents.mcts import MctsAgent, _Node
    agent, node = MctsAgent(1, iterations=1, wide=48), _Node()
    allowed = []
    for n in (0, 2, 3, 7, 8, 15, 1000):
        node.n = n
        allowed.append(agent._allowed(node))
    assert allowed == [12, 12, 24, 24, 36, 48, 48]


def test_mcts_widening_with_nothing_new_to_value_is_no_expansion() -> None:
    """A sampled node whose visits allow more actions, in a determinization that lists only actions it has
    valued, values none: ``_expand`` says so (the iteration goes on down instead of stopping there for a
    playout, as it does after valuing), and the node is left as it was; with one action new, only that one
    is valued and searched."""
    from tablero.agents.mcts import MctsAgent, _Node
    from tablero.agents.playout import action_key
    g = _before_a_wide_decision(36)
    legal = g.legal_actions()
    keys = [action_key(a) for a in legal]
    node = _Node()
    node.n, node.sampled = 1000, True
    node.prior = {k: 0.5 for k in keys[1:]}
    node.actions = dict(zip(keys[1:], legal[1:], strict=True))
    agent = MctsAgent(1, iterations=1, wide=len(legal) + 8)
    assert not agent._expand(node, g, legal[1:], keys[1:], g.pending.player, False)
    assert node.prior == {k: 0.5 for k in keys[1:]} and list(node.actions) == keys[1:]
    assert agent._expand(node, g, legal, keys, g.pending.player, False)
    assert set(node.prior) == set(keys) and node.actions[keys[0]] == legal[0] and agent.last_valued == [0, 1]


def test_mcts_plays_a_sampled_node_without_listing_and_skips_what_this_deal_refuses() -> None:
    """At a sampled node the searched action UCB1 prefers is played if the game accepts it; one this
    determinization refuses (a card it did not deal) changes nothing and is not counted available."""
    from tablero.agents.mcts import MctsAgent, _Node
    from tablero.agents.playout import action_key
    g = _before_a_wide_decision(36)
    who = g.pending.player
    good = g.legal_actions()[0]
    bad = {**good, "do": "offering", "card": "no_such_card"}
    kb, kg = action_key(bad), action_key(good)
    node = _Node()
    node.sampled, node.prior, node.actions = True, {kb: 0.9, kg: 0.1}, {kb: bad, kg: good}
    agent = MctsAgent(1, iterations=1)
    before = g.view(who)
    assert agent._play_sampled(node, g) == kg
    assert g.view(who) != before and node.avail == {kg: 1}
    h = _before_a_wide_decision(36)
    node.actions = {kb: bad}
    assert agent._play_sampled(node, h) is None and h.view(who) == before
