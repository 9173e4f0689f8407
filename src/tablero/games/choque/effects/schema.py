"""Validate the effect part of a card and compile it into immutable runtime objects.

Every problem is collected with the field path where it is (``abilities[0].do[1].destroy.target``) and
what was expected, so ``tablero cards check`` can report them all at once to a card designer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tablero.core.i18n import Msg, msg
from tablero.core.shown import shown

from ..terms import TYPES
from .vocabulary import CATEGORIES, CONDITIONS, COSTS, FILTER_KEYS, PLAYERS, TRIGGERS, UNTILS, VERBS

Problems = list[tuple[str, str | Msg]]  # (field path, message)


@dataclass(frozen=True, slots=True)
class Op:
    """One cost or verb with its parameters (defaults filled in)."""

    verb: str
    args: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """A target chosen when the ability is activated (CH-7.4), re-checked on resolution (CH-7.6)."""

    name: str
    zone: str
    filter: Mapping[str, Any]
    count: int = 1
    random: bool = False


@dataclass(frozen=True, slots=True)
class Ability:
    """An ability of a card (CH-7): when it can be used, what it costs, what it targets, what it does."""

    name: str
    category: str                      # continuo | encendido | rapido | disparo | activation (apoyos)
    trigger: str | None = None
    trigger_args: Mapping[str, Any] = field(default_factory=dict)
    optional: bool = False
    once_per_turn: bool = False
    cost: tuple[Op, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    ops: tuple[Op, ...] = ()
    condition: Mapping[str, Any] = field(default_factory=dict)
    has_random: bool = False           # some target is "al azar", drawn as the link resolves (CH-11.3)


@dataclass(frozen=True, slots=True)
class Static:
    """A continuous modifier (CH-7.1, CH-1.5 continuo/equipo, CH-1.6 sector, CH-1.7 arena)."""

    strength: int = 0
    resistance: int = 0
    impact: int = 0
    affects: Mapping[str, Any] = field(default_factory=dict)
    condition: Mapping[str, Any] = field(default_factory=dict)
    # The condition reads more than modes: its value may change without the field's modifiers being dropped
    # (hearts, souls, counters...), so what it adds cannot be cached. A mode changes only through set_mode,
    # which drops them (State.fx_changed).
    volatile: bool = False


@dataclass(frozen=True, slots=True)
class Material:
    """Part of an amalgam's material cost (CH-1.8): ``count`` cards of the hand matching ``filter``."""

    count: int
    filter: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Effects:
    """Everything a card does beyond its printed numbers and keywords."""

    abilities: tuple[Ability, ...] = ()
    effect: Ability | None = None       # an apoyo's activation effect
    static: tuple[Static, ...] = ()
    materials: tuple[Material, ...] = ()
    equip: Mapping[str, Any] | None = None
    placement: str = "own"              # sectors: own | opponent | either (CH-1.6)
    scope: str = "own"                  # arenas: own | opponent | both (CH-1.7)
    active: bool = False                # does anything while on the field (static or abilities)


NO_EFFECTS = Effects()


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check_value(kind: str, v: Any, path: str, problems: Problems, target_names: set[str]) -> Any:  # noqa: C901 (issue 18: to split)
    """Check one parameter of a cost or verb; returns the (normalised) value."""
    if kind == "int":
        if not _is_int(v) or v < 0:
            problems.append((path, msg("expected a whole number >= 0, got {v}", v=shown(v))))
        return v
    if kind == "signed":
        if not _is_int(v):
            problems.append((path, msg("expected a whole number (may be negative), got {v}", v=shown(v))))
        return v
    if kind == "bool":
        if not isinstance(v, bool):
            problems.append((path, msg("expected true or false, got {v}", v=shown(v))))
        return v
    if kind == "str":
        if not isinstance(v, str) or not v:
            problems.append((path, msg("expected a text, got {v}", v=shown(v))))
        return v
    if kind == "until":
        if v not in UNTILS:
            problems.append((path, msg("expected one of {items}, got {v}", items=', '.join(UNTILS), v=shown(v))))
        return v
    if kind == "player":
        if v not in PLAYERS:
            problems.append((path, msg("expected one of {items}, got {v}", items=', '.join(PLAYERS), v=shown(v))))
        return v
    if kind.startswith("zone:"):
        allowed = kind[5:].split("|")
        if v not in allowed:
            problems.append((path, msg("expected one of {items}, got {v}", items=', '.join(allowed), v=shown(v))))
        return v
    if kind == "filter":
        return check_filter(v, path, problems)
    if kind == "target":
        if isinstance(v, str):
            if v not in target_names and v not in ("self", "trigger", "attacker", "battle_target"):
                known = sorted(target_names | {"self", "trigger", "attacker", "battle_target"})
                problems.append((path, msg("unknown target {v}; expected one of {items} or {{all: filter}}",
                                           v=repr(v), items=', '.join(known))))
            return v
        if isinstance(v, dict) and set(v) == {"all"}:
            return {"all": check_filter(v["all"], path + ".all", problems)}
        problems.append((path, msg("expected a target name, self, or {{all: filter}}, got {v}", v=shown(v))))
        return v
    raise AssertionError(kind)  # pragma: no cover


def check_filter(raw: Any, path: str, problems: Problems) -> Mapping[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        problems.append((path, msg("a filter must be a map like {{side: opponent, value_max: 3}}, got {raw}",
                                   raw=shown(raw))))
        return {}
    out: dict[str, Any] = {}
    for k, v in raw.items():
        spec = FILTER_KEYS.get(str(k))
        if spec is None:
            problems.append((f"{path}.{k}", msg("unknown filter key; known: {items}", items=', '.join(FILTER_KEYS))))
            continue
        what, allowed = spec
        ok = True
        if allowed is int:
            ok = _is_int(v)
        elif allowed is str:
            ok = isinstance(v, str) and bool(v)
        elif allowed is bool:
            ok = isinstance(v, bool)
        elif k == "type" and isinstance(v, list):
            ok = all(t in TYPES for t in v)
        else:
            ok = v in allowed
        if not ok:
            problems.append((f"{path}.{k}", msg("expected {what}, got {v}", what=what, v=shown(v))))
        out[str(k)] = tuple(v) if isinstance(v, list) else v
    lo, hi = out.get("value_min"), out.get("value_max")
    if isinstance(lo, int) and isinstance(hi, int) and lo > hi:
        problems.append((path, msg("impossible filter: value_min {lo} > value_max {hi}", lo=lo, hi=hi)))
    t = out.get("type")
    if t == "personaje":
        out["type"] = _CHARACTER_TYPES
    elif isinstance(t, tuple) and "personaje" in t and "amalgama" not in t:
        out["type"] = (*t, "amalgama")
    return out


# CH-1.8: an amalgam is a character, on the field and in every other zone where it can be (docs/rulings.md,
# "Amalgams are characters"), so a 'personaje' filter matches it too. Done once here, when a filter is read:
# matching a card then costs nothing more.
_CHARACTER_TYPES = ("personaje", "amalgama")


def _check_condition(raw: Any, path: str, problems: Problems) -> Mapping[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        problems.append((path, msg("a condition must be a map like {{souls_min: 5}}")))
        return {}
    for k, v in raw.items():
        kind = CONDITIONS.get(str(k))
        if kind is None:
            problems.append((f"{path}.{k}", msg("unknown condition; known: {items}", items=', '.join(CONDITIONS))))
        elif kind == "int" and not _is_int(v):
            problems.append((f"{path}.{k}", msg("expected a whole number, got {v}", v=shown(v))))
        elif kind == "str" and not isinstance(v, str):
            problems.append((f"{path}.{k}", msg("expected a text, got {v}", v=shown(v))))
    return dict(raw)


def _check_ops(raw: Any, table: Mapping[str, Mapping[str, tuple[str, bool, Any]]], path: str, problems: Problems,  # noqa: C901 (issue 18: to split)
               target_names: set[str], what: str) -> tuple[Op, ...]:
    if raw is None:
        return ()
    if isinstance(raw, dict):
        raw = [raw]
    one, many = (msg("cost"), msg("costs")) if what == "cost" else (msg("verb"), msg("verbs"))
    if not isinstance(raw, list):
        problems.append((path, msg("expected a list of {what} like [{{draw: 1}}]", what=many)))
        return ()
    ops = []
    for i, item in enumerate(raw):
        p = f"{path}[{i}]"
        if isinstance(item, str):
            item = {item: {}}
        if not isinstance(item, dict) or len(item) != 1:
            problems.append((p, msg("each {what} is a one-key map like {{destroy: {{target: t}}}}, got {item}",
                                    what=one, item=shown(item))))
            continue
        ((verb, args),) = item.items()
        verb = str(verb)
        spec = table.get(verb)
        if spec is None:
            problems.append((p, msg("unknown {what} {verb}; known: {items}",
                                    what=one, verb=repr(verb), items=', '.join(table))))
            continue
        p = f"{p}.{verb}"
        # Shorthands: {draw: 2} means {draw: {count: 2}}; {destroy: t} means {destroy: {target: t}}.
        if not isinstance(args, dict):
            if args is None:
                args = {}
            elif "target" in spec:
                args = {"target": args}
            elif "count" in spec:
                args = {"count": args}
            elif "amount" in spec:
                args = {"amount": args}
            else:
                problems.append((p, msg("expected a map of parameters ({value}), got {args}",
                                        value=', '.join(spec) or 'none', args=shown(args))))
                continue
        full: dict[str, Any] = {}
        for k in args:
            if k not in spec:
                problems.append((f"{p}.{k}", msg("unknown parameter; {verb} takes {value}",
                                                 verb=verb, value=', '.join(spec) or 'none')))
        for k, (kind, required, default) in spec.items():
            if k in args:
                full[k] = check_value(kind, args[k], f"{p}.{k}", problems, target_names)
            elif required:
                problems.append((f"{p}.{k}", msg("missing parameter ({kind})", kind=kind)))
            else:
                full[k] = default
        if verb == "script" and isinstance(full.get("name"), str):
            from .scripts import SCRIPTS

            if full["name"] not in SCRIPTS:
                known = ", ".join(sorted(SCRIPTS))
                problems.append((f"{p}.name", msg("unknown script {full}; defined: {known}",
                                                  full=repr(full['name']), known=known)))
        ops.append(Op(verb, full))
    return tuple(ops)


def _check_targets(raw: Any, path: str, problems: Problems) -> tuple[TargetSpec, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        problems.append((path, msg("targets are a map of name -> {{side, zone, type, ...}}")))
        return ()
    out = []
    for name, spec in raw.items():
        p = f"{path}.{name}"
        if not isinstance(spec, dict):
            problems.append((p, msg("a target is a map like {{side: opponent, type: personaje}}")))
            continue
        spec = dict(spec)
        zone = spec.pop("zone", "field")
        if zone not in ("field", "mictlan", "hand", "confined"):
            problems.append((f"{p}.zone", msg("expected field, mictlan, hand or confined, got {zone}",
                                              zone=shown(zone))))
        count = spec.pop("count", 1)
        if not _is_int(count) or count < 1:
            problems.append((f"{p}.count", msg("expected a whole number >= 1, got {count}", count=shown(count))))
            count = 1
        rnd = spec.pop("random", False)
        if not isinstance(rnd, bool):
            problems.append((f"{p}.random", msg("expected true or false")))
        flt = check_filter(spec, p, problems)
        out.append(TargetSpec(str(name), zone, flt, count, bool(rnd)))
    return tuple(out)


_ABILITY_KEYS = {"name", "category", "when", "optional", "once_per_turn", "cost", "targets", "do", "if", "text", "en"}


def check_ability(raw: Any, path: str, problems: Problems, default_category: str | None = None,  # noqa: C901 (issue 18: to split)
                  default_name: str = "") -> Ability | None:
    if not isinstance(raw, dict):
        problems.append((path, msg("an ability is a map with category, when, cost, targets, do")))
        return None
    for k in raw:
        if k not in _ABILITY_KEYS:
            hint = msg(" (YAML reads an unquoted on: as true; write when:)") if k is True else ""
            problems.append((f"{path}.{k}", msg("unknown ability field{hint}; known: {items}",
                                                hint=hint, items=', '.join(sorted(_ABILITY_KEYS)))))
    category = raw.get("category", default_category)
    if category not in CATEGORIES and category != "activation":
        problems.append((f"{path}.category", msg("expected one of {items}, got {category}",
                                                 items=', '.join(CATEGORIES), category=shown(category))))
        category = "disparo"
    trigger = None
    trigger_args: dict[str, Any] = {}
    when = raw.get("when")
    if category == "disparo":
        if not isinstance(when, dict) or "event" not in when:
            problems.append((f"{path}.when",
                             msg("a disparo ability needs when: {{event: ...}}; events: {items}",
                                 items=', '.join(TRIGGERS))))
        else:
            trigger = when["event"]
            spec = TRIGGERS.get(trigger) if isinstance(trigger, str) else None
            if spec is None:
                problems.append((f"{path}.when.event", msg("unknown event {trigger}; known: {items}",
                                                           trigger=repr(trigger), items=', '.join(TRIGGERS))))
                trigger = None
            else:
                for k, v in when.items():
                    if k == "event":
                        continue
                    if k not in spec:
                        takes = ", ".join(spec) or "nothing"
                        problems.append((f"{path}.when.{k}", msg("unknown; {trigger} takes {takes}",
                                                                 trigger=trigger, takes=takes)))
                        continue
                    allowed = spec[k][0].split("|")
                    if v not in allowed:
                        problems.append((f"{path}.when.{k}", msg("expected one of {items}, got {v}",
                                                                 items=', '.join(allowed), v=shown(v))))
                    trigger_args[k] = v
                for k, (_, _, default) in spec.items():
                    trigger_args.setdefault(k, default)
    elif when is not None:
        problems.append((f"{path}.when", msg("only disparo abilities have a trigger")))
    targets = _check_targets(raw.get("targets"), f"{path}.targets", problems)
    names = {t.name for t in targets}
    cost = _check_ops(raw.get("cost"), COSTS, f"{path}.cost", problems, names, "cost")
    ops = _check_ops(raw.get("do"), VERBS, f"{path}.do", problems, names, "verb")
    if not ops and category != "continuo":
        problems.append((f"{path}.do", msg("an ability must do something (a list of verbs)")))
    for flag in ("optional", "once_per_turn"):
        if flag in raw and not isinstance(raw[flag], bool):
            problems.append((f"{path}.{flag}", msg("expected true or false")))
    name = raw.get("name", default_name)
    if not isinstance(name, str) or not name:
        problems.append((f"{path}.name", msg("expected a text")))
        name = default_name
    return Ability(name=name, category=category, trigger=trigger, trigger_args=trigger_args,
                   optional=bool(raw.get("optional", False)), once_per_turn=bool(raw.get("once_per_turn", False)),
                   cost=cost, targets=targets, ops=ops,
                   condition=_check_condition(raw.get("if"), f"{path}.if", problems),
                   has_random=any(sp.random for sp in targets))


def _check_static(raw: Any, path: str, problems: Problems) -> tuple[Static, ...]:
    if raw is None:
        return ()
    if isinstance(raw, dict):
        raw = [raw]
    if not isinstance(raw, list):
        problems.append((path, msg("static is a list of {{modify: {{strength: 1}}, affects: {{...}}}}")))
        return ()
    out = []
    for i, item in enumerate(raw):
        p = f"{path}[{i}]"
        if not isinstance(item, dict):
            problems.append((p, msg("expected {{modify: {{...}}, affects: {{...}}}}")))
            continue
        for k in item:
            if k not in ("modify", "affects", "if"):
                problems.append((f"{p}.{k}", msg("unknown; a static modifier has modify, affects, if")))
        mod = item.get("modify")
        if not isinstance(mod, dict) or not mod:
            problems.append((f"{p}.modify", msg("expected a map like {{strength: 1, resistance: -1}}")))
            mod = {}
        vals = {}
        for k, v in mod.items():
            if k not in ("strength", "resistance", "impact"):
                problems.append((f"{p}.modify.{k}", msg("expected strength, resistance or impact")))
            elif not _is_int(v):
                problems.append((f"{p}.modify.{k}", msg("expected a whole number, got {v}", v=shown(v))))
            else:
                vals[k] = v
        affects = check_filter(item.get("affects"), f"{p}.affects", problems)
        condition = _check_condition(item.get("if"), f"{p}.if", problems)
        out.append(Static(strength=vals.get("strength", 0), resistance=vals.get("resistance", 0),
                          impact=vals.get("impact", 0), affects=affects, condition=condition,
                          volatile=any(k != "mode" for k in condition)))
    return tuple(out)


def check_effects(raw: Mapping[str, Any], ctype: str, subtype: str | None, problems: Problems) -> Effects:  # noqa: C901 (issue 18: to split)
    """The effect-bearing fields of one card (``abilities``, ``effect``, ``static``, ``materials``...)."""
    abilities = []
    raw_abilities = raw.get("abilities")
    if raw_abilities is not None:
        if not isinstance(raw_abilities, list):
            problems.append(("abilities", msg("expected a list of abilities")))
        else:
            for i, a in enumerate(raw_abilities):
                ab = check_ability(a, f"abilities[{i}]", problems, default_name=f"{i + 1}")
                if ab is not None:
                    abilities.append(ab)
    effect = None
    if "effect" in raw:
        if ctype != "apoyo":
            problems.append(("effect", msg("only apoyos have an activation effect; characters use abilities")))
        effect = check_ability(raw["effect"], "effect", problems, default_category="activation", default_name="effect")
    static = _check_static(raw.get("static"), "static", problems)
    materials = []
    if "materials" in raw:
        if ctype != "amalgama":
            problems.append(("materials", msg("only amalgams have a material cost (CH-1.8)")))
        mats = raw["materials"]
        if not isinstance(mats, list) or not mats:
            problems.append(("materials", msg("expected a list like [{{count: 2, type: personaje}}]")))
            mats = []
        for i, m in enumerate(mats):
            p = f"materials[{i}]"
            if not isinstance(m, dict):
                problems.append((p, msg("expected {{count: N, ...filter}}")))
                continue
            m = dict(m)
            count = m.pop("count", 1)
            if not _is_int(count) or count < 1:
                problems.append((f"{p}.count", msg("expected a whole number >= 1, got {count}", count=shown(count))))
                count = 1
            materials.append(Material(count, check_filter(m, p, problems)))
    equip = None
    if "equip" in raw:
        if subtype != "equipo":
            problems.append(("equip", msg("only an apoyo equipo says what it equips")))
        equip = check_filter(raw["equip"], "equip", problems)
    placement = raw.get("placement", "own")
    if placement not in ("own", "opponent", "either"):
        problems.append(("placement", msg("expected own, opponent or either")))
        placement = "own"
    if "placement" in raw and ctype != "sector":
        problems.append(("placement", msg("only sectors choose a side (CH-1.6)")))
    scope = raw.get("scope", "own")
    if scope not in ("own", "opponent", "both"):
        problems.append(("scope", msg("expected own, opponent or both")))
        scope = "own"
    if "scope" in raw and ctype != "arena":
        problems.append(("scope", msg("only arenas have a scope (CH-1.7)")))
    if static and ctype == "alma":
        problems.append(("static", msg("souls have no continuous effects")))
    return Effects(tuple(abilities), effect, static, tuple(materials), equip, placement, scope,
                   active=bool(static or abilities))
