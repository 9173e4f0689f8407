"""CH-9 combat: declaration, defence, battle repetition, cross attack, hearts and resistance.

The keywords that change a battle are applied where the battle needs them: Brutalidad, Fortaleza,
Barbarie and Emboscada in who may attack what; Guarda and Comandar in who may defend; Primer daño and
Doble batalla in the damage; Heroísmo and Alerta in what happens after it. Élite and Toxina are gathered in
``exclusive/elite.py`` and ``exclusive/toxina.py``, called here at their moments. CH-9.7's state checks
(``state_checks``) run after every step that may change numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import chain, flow, keywords, stats
from .effects import triggers
from .exclusive import elite, toxina
from .state import CHAR_ZONES, NAMES, OTHER, Battle, Char, sector_of

if TYPE_CHECKING:
    from .game import ChoqueGame


# -- CH-9.2 who may attack what ----------------------------------------------------------------
def attack_options(g: ChoqueGame, pi: int, zi: int, repeat: bool = False) -> list[dict[str, Any]]:
    s = g.s
    p, o = s.players[pi], s.players[OTHER[pi]]
    c = p.chars[zi]
    assert c is not None
    name, oname = NAMES[pi], NAMES[OTHER[pi]]
    hit: tuple[Any, ...] = ()
    if "barbarie" in c.kw:
        # CH-8 Barbarie: one attack per distinct target; a repetition (CH-9.5) may still go back to
        # the target of the battle being repeated.
        hit = c.hit
        if repeat and s.battle is not None:
            keep = s.battle.uids or ("hearts",)
            hit = tuple(h for h in hit if h not in keep)
    attacker = CHAR_ZONES[zi]
    target_refs = _REFS[oname]
    out: list[dict[str, Any]] = []
    any_char = False
    for ti, t in enumerate(o.chars):
        if t is None:
            continue
        any_char = True
        if t.uid not in hit:
            out.append({"player": name, "do": "attack", "attacker": attacker, "target": target_refs[ti]})
    if (not any_char or "emboscada" in c.kw) and "hearts" not in hit:  # CH-9.2, CH-8 Emboscada
        out.append({"player": name, "do": "attack", "attacker": attacker, "target": "hearts"})
    if "doble_batalla" in c.kw:  # CH-8 Doble batalla: two opposing characters of one sector
        for a in (0, 2):
            ta, tb = o.chars[a], o.chars[a + 1]
            if ta is not None and tb is not None and ta.uid not in hit and tb.uid not in hit:
                refs = [f"{oname}.C{a + 1}", f"{oname}.C{a + 2}"]
                out.append({"player": name, "do": "attack", "attacker": attacker, "target": refs[0],
                            "targets": refs})
    return out


def combat_options(g: ChoqueGame, pi: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    s = g.s
    if s.turn == 1 and pi == s.first:
        return out  # CH-9.1: not in the first player's first turn
    for zi, c in enumerate(s.players[pi].chars):
        if c is None or c.resting or c.zombified:  # CH-9.4, CH-8.1
            continue
        kw = c.kw
        if "fortaleza" in kw or (c.called and "brutalidad" not in kw) or (c.attacked and "barbarie" not in kw):
            continue  # CH-8 Fortaleza; CH-6.3 / Brutalidad; CH-9.2 once per turn / Barbarie
        out.extend(attack_options(g, pi, zi))
    return out


# -- declaring ---------------------------------------------------------------------------------
def declare(g: ChoqueGame, pi: int, act: dict[str, Any]) -> None:
    """CH-9.2: declaring counts as the attack for the turn; then Élite, the window, the battle."""
    s = g.s
    zi = int(act["attacker"][-1]) - 1
    c = s.players[pi].chars[zi]
    assert c is not None
    zones, uids, hearts = targets_of(g, pi, act)
    c.attacked = True
    if c.has("barbarie"):
        c.hit = (*c.hit, *(uids or ("hearts",)))
    s.battle = Battle(pi, c.uid, zones, uids, hearts, s.field_sig())
    flow.event(g, "attack", player=NAMES[pi], attacker=c.card.id, target=act.get("targets", act["target"]))
    st = s.stack
    st.append(("battle", "damage"))
    st.append(("battle", "defence"))
    st.append(("battle", "check"))
    chain.open_window(g, OTHER[pi])  # CH-7.5: a response window after each attack declaration
    elite.declared(g, c)
    if s.statics:  # only cards with effects have "attacks"/"attacked" triggers
        triggers.fire_char(g, "attacks", pi, c)
        for u in uids:
            found = s.find(u)
            if found is not None:
                triggers.fire_char(g, "attacked", found[0], found[2], by=c.uid)


def targets_of(g: ChoqueGame, pi: int, act: dict[str, Any]) -> tuple[tuple[int, ...], tuple[int, ...], bool]:
    o = g.s.players[OTHER[pi]]
    refs = act.get("targets") or [act["target"]]
    if refs == ["hearts"]:
        return (), (), True
    zones = tuple(int(r[-1]) - 1 for r in refs)
    uids = tuple(o.chars[z].uid for z in zones)  # type: ignore[union-attr]
    return zones, uids, False


def attacker(g: ChoqueGame, b: Battle) -> tuple[int, int, Char] | None:
    """Where the attacker is now (it may have moved with Portal, or left)."""
    p = g.s.players[b.player]
    for zi, c in enumerate(p.chars):
        if c is not None and c.uid == b.attacker:
            return b.player, zi, c
    return None


def step_battle(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    what = step[1]
    b = g.s.battle
    if b is None:
        return
    if what == "elite":
        elite.ask(g, b)
    elif what == "check":
        battle_check(g, b)
    elif what == "defence":
        battle_defence(g, b)
    else:
        battle_damage(g, b)


# -- CH-9.5 battle repetition ---------------------------------------------------------------
def battle_check(g: ChoqueGame, b: Battle) -> None:
    s = g.s
    found = attacker(g, b)
    if found is None or found[0] != b.player:
        end_battle(g)  # the attacker left: nothing to fight with
        return
    if s.field_sig() != b.sig:
        # Something entered or left the field (Portal swaps do not count: the attacker fights
        # whatever now stands in the attacked zone, CH-8 Portal ruling).
        flow.set_pending(g, b.player, "battle_repeat")


def repeat_options(g: ChoqueGame) -> list[dict[str, Any]]:
    s = g.s
    b = s.battle
    assert b is not None
    found = attacker(g, b)
    assert found is not None
    return attack_options(g, found[0], found[1], repeat=True)


def repeat(g: ChoqueGame, pi: int, act: dict[str, Any]) -> None:
    s = g.s
    b = s.battle
    assert b is not None
    s.pending = None
    zones, uids, hearts = targets_of(g, pi, act)
    b.zones, b.uids, b.hearts, b.sig = zones, uids, hearts, s.field_sig()
    found = attacker(g, b)
    if found is not None and found[2].has("barbarie"):
        c = found[2]
        c.hit = (*c.hit, *(h for h in (uids or ("hearts",)) if h not in c.hit))
    flow.event(g, "attack_again", player=NAMES[pi], target=act.get("targets", act["target"]))


def end_battle(g: ChoqueGame) -> None:
    s = g.s
    b = s.battle
    s.battle = None
    if b is not None:
        found = attacker(g, b)
        if found is not None:
            elite.battle_ends(found[2])
        for p in s.players:  # effects "until the battle ends" end with it
            for c in p.chars:
                if c is not None and c.mods and any(m[2] == "battle" for m in c.mods):
                    # a resistance bonus ending absorbs the damage first, so its end never kills
                    # (the Élite ruling, docs/rulings.md)
                    bonus = sum(a for st, a, u in c.mods if u == "battle" and st == "resistance" and a > 0)
                    c.dmg = max(0, c.dmg - bonus)
                    c.mods = tuple(m for m in c.mods if m[2] != "battle")
                    s.sba = True


# -- CH-9.3 defence ----------------------------------------------------------------------------
def defence_options(g: ChoqueGame) -> list[dict[str, Any]]:
    s = g.s
    b = s.battle
    if b is None or b.hearts or len(b.zones) != 1:
        return []  # direct attacks and double battles take no substitute (ruling)
    di = OTHER[b.player]
    d = s.players[di]
    tz = b.zones[0]
    t = d.chars[tz]
    if t is None:
        return []
    comandar = t.has("comandar")
    out = []
    for zi, c in enumerate(d.chars):
        if c is None or zi == tz or c.defended:
            continue
        if sector_of(zi) == sector_of(tz) or comandar or c.has("guarda"):
            out.append({"player": NAMES[di], "do": "defend", "defender": f"C{zi + 1}"})
    return out


def battle_defence(g: ChoqueGame, b: Battle) -> None:
    if defence_options(g):
        flow.set_pending(g, OTHER[b.player], "defend")


def defend(g: ChoqueGame, pi: int, act: dict[str, Any]) -> None:
    s = g.s
    b = s.battle
    assert b is not None
    zi = int(act["defender"][-1]) - 1
    c = s.players[pi].chars[zi]
    assert c is not None
    c.defended = True
    b.defender = c.uid
    b.zones = (zi,)
    b.uids = (c.uid,)
    flow.event(g, "defend", player=NAMES[pi], defender=c.card.id)


# -- CH-9.6 … CH-9.10 damage -------------------------------------------------------------------
def battle_damage(g: ChoqueGame, b: Battle) -> None:
    s = g.s
    found = attacker(g, b)
    if found is None:
        end_battle(g)
        return
    api, azi, a = found
    di = OTHER[api]
    d = s.players[di]
    if b.hearts:
        d.hearts = max(0, d.hearts - stats.impact(g, api, azi, a))  # CH-9.10 (never below 0)
        flow.event(g, "direct_attack", player=NAMES[api], attacker=a.card.id, hearts=d.hearts)
        end_battle(g)
        return
    targets = [(z, d.chars[z]) for z in b.zones if d.chars[z] is not None]
    if not targets:
        end_battle(g)
        return
    if not b.clashed and s.statics:  # "during a clash" triggers resolve before the damage (CH-7.3)
        b.clashed = True
        n0 = len(s.stack)
        triggers.fire_char(g, "clash", api, a, by=targets[0][1].uid)  # type: ignore[union-attr]
        for _, t in targets:
            triggers.fire_char(g, "clash", di, t, by=a.uid)  # type: ignore[arg-type]
        if len(s.stack) > n0:
            s.stack.insert(n0, ("battle", "damage"))
            return
    a_pd = a.has("primer_dano")
    a_str = stats.strength(g, api, azi, a)
    to_attacker = 0
    for z, t in targets:
        assert t is not None
        t_pd = t.has("primer_dano")
        t_str = stats.strength(g, di, z, t)
        if a_pd and not t_pd:      # CH-8 Primer daño: strike first; a felled opponent cannot answer
            t.dmg += a_str
            if stats.res(g, di, z, t) > 0:
                to_attacker += t_str
        elif t_pd and not a_pd:
            a.dmg += t_str
            if stats.res(g, api, azi, a) > 0:
                t.dmg += a_str
        else:                      # CH-9.6 ataque cruzado: both at once
            t.dmg += a_str
            to_attacker += t_str
    a.dmg += to_attacker
    s.log.append({"attacker": a.card.id, "defenders": [t.card.id for _, t in targets],  # type: ignore[union-attr]
                  "event": "clash", "turn": s.turn})
    for z, t in targets:
        assert t is not None
        survived = take_hit(g, di, z, t)
        if survived and t.uid == b.defender and not t.has("alerta"):
            t.resting = True  # CH-9.4 (Alerta cancels)
    take_hit(g, api, azi, a)
    end_battle(g)


def take_hit(g: ChoqueGame, pi: int, zi: int, c: Char) -> bool:
    """CH-9.7: resistance at 0 costs a heart; the last heart lost means defeat. Returns survival."""
    if stats.res(g, pi, zi, c) > 0:
        return True
    c.hearts -= 1
    name = NAMES[pi]
    if c.hearts <= 0 and c.has("heroismo"):
        c.hearts = 1  # CH-8 Heroísmo: combat cannot take its last heart
    if c.hearts > 0:
        c.dmg = 0  # restored at once; excess damage is lost
        elite.heart_lost(c)
        g.s.log.append({"player": name, "card": c.card.id, "hearts": c.hearts, "event": "heart_lost",
                           "turn": g.s.turn})
        return True
    toxina.defeated(g, pi, c)
    keywords.leave_field(g, pi, zi, "mictlan", reason="defeated")
    flow.event(g, "defeated", player=name, card=c.card.id)
    return False


_REFS = {n: tuple(f"{n}.{z}" for z in CHAR_ZONES) for n in NAMES}


def state_checks(g: ChoqueGame) -> None:
    """CH-9.7, checked after every step that may change numbers (``flow.advance``): a character at
    resistance 0 loses a heart, and with its last one it is destroyed (Invulnerable keeps one, CH-8)."""
    s = g.s
    s.sba = False
    # Continuous effects that only raise resistance cannot kill: then damage and the character's own
    # modifiers decide, without computing any continuous effect.
    quick = not stats.fx_on_field(g) or not stats.statics_lower_res(g)
    for pi, p in enumerate(s.players):
        for zi, c in enumerate(p.chars):
            if quick and c is not None and (
                    (c.dmg == 0 and not c.mods) or c.card.resistance + c.mod("resistance") - c.dmg > 0):
                continue
            # a full resistance of 0 (continuous effects) keeps costing hearts until it is gone
            while c is not None and p.chars[zi] is c and stats.res(g, pi, zi, c) <= 0:
                c.hearts -= 1
                c.dmg = 0
                if c.hearts > 0:
                    flow.event(g, "heart_lost", player=NAMES[pi], card=c.card.id, hearts=c.hearts)
                    continue
                if c.has("invulnerable"):  # CH-8: effects cannot destroy it
                    c.hearts = 1
                    break
                keywords.leave_field(g, pi, zi, "mictlan", reason="destroyed")
                flow.event(g, "destroyed", player=NAMES[pi], card=c.card.id, reason="resistance")
