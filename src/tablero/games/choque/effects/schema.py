"""Validate the effect part of a card and compile it into immutable runtime objects.

Every problem is collected with the field path where it is (``abilities[0].do[1].destroy.target``) and
what was expected, so ``tablero cards check`` can report them all at once to a card designer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from tablero.core.i18n import Msg, msg
from tablero.core.shown import shown

from ..terms import TYPES
from .vocabulary import CATEGORIES, CONDITIONS, COSTS, FILTER_KEYS, PLAYERS, TRIGGERS, UNTILS, VERBS

Problems = list[tuple[str, str | Msg]]  # (field path, message)

MAX_EFFECT_NUMBER = 99
"""The most a cost's or verb's count or amount may be, either sign (draw, send, discard, hearts, modify, counters,
an amalgam's materials): no pile holds more than a 50-card deck, and a huge amount (10**400 hearts or strength)
overflows the evaluator's floats and grows every later sum."""
MAX_TARGET_COUNT = 3
"""The most cards one target may name (the shipped cards name 2): listing the choices materializes every
combination of that many candidates, and C(80, 4) is already over a million."""


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


def check_value(kind: str, v: Any, path: str, problems: Problems, target_names: set[str]) -> Any:
    """Check one parameter of a cost or verb; returns the (normalised) value. A filter and a target are read
    by checks of their own; a value of any other kind is only told whether it fits (``_value_problem``)."""
    if kind == "filter":
        return check_filter(v, path, problems)
    if kind == "target":
        return _check_target(v, path, problems, target_names)
    problem = _value_problem(kind, v)
    if problem is not None:
        problems.append((path, problem))
    return v


def _value_problem(kind: str, v: Any) -> Msg | None:
    """What is wrong with ``v`` as a parameter of ``kind`` (a number, a flag, a text, or one word of a list:
    ``until``, ``player``, ``zone:a|b``); None when it fits."""
    if kind == "int":
        return (None if _is_int(v) and 0 <= v <= MAX_EFFECT_NUMBER else _too_big(v) if _is_int(v) and v > 0
                else msg("expected a whole number >= 0, got {v}", v=shown(v)))
    if kind == "signed":
        return (None if _is_int(v) and abs(v) <= MAX_EFFECT_NUMBER else _too_big(v) if _is_int(v)
                else msg("expected a whole number (may be negative), got {v}", v=shown(v)))
    if kind == "bool":
        return None if isinstance(v, bool) else msg("expected true or false, got {v}", v=shown(v))
    if kind == "str":
        return None if isinstance(v, str) and v else msg("expected a text, got {v}", v=shown(v))
    if kind == "until":
        allowed: tuple[str, ...] = UNTILS
    elif kind == "player":
        allowed = PLAYERS
    elif kind.startswith("zone:"):
        allowed = tuple(kind[5:].split("|"))
    else:
        raise AssertionError(kind)  # pragma: no cover
    return None if v in allowed else msg("expected one of {items}, got {v}", items=', '.join(allowed), v=shown(v))


def _too_big(v: int) -> Msg:
    """A whole number past ``MAX_EFFECT_NUMBER``, either sign."""
    return msg("must be at most {maximum}, got {v}", maximum=MAX_EFFECT_NUMBER, v=shown(v))


# the targets every verb may name besides the ability's own: the card itself, and the cards of its event
_IMPLICIT_TARGETS = ("self", "trigger", "attacker", "battle_target")


def _check_target(v: Any, path: str, problems: Problems, target_names: set[str]) -> Any:
    """A verb's target: a target of the ability (or one of ``_IMPLICIT_TARGETS``) by name, or every card a
    filter matches (``{all: filter}``)."""
    if isinstance(v, str):
        if v not in target_names and v not in _IMPLICIT_TARGETS:
            known = sorted(target_names | set(_IMPLICIT_TARGETS))
            problems.append((path, msg("unknown target {v}; expected one of {items} or {{all: filter}}",
                                       v=repr(v), items=', '.join(known))))
        return v
    if isinstance(v, dict) and set(v) == {"all"}:
        return {"all": check_filter(v["all"], path + ".all", problems)}
    problems.append((path, msg("expected a target name, self, or {{all: filter}}, got {v}", v=shown(v))))
    return v


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


ParamKinds = Mapping[str, tuple[str, bool, Any]]  # a cost's or verb's parameters: name -> (kind, required, default)


def _check_ops(raw: Any, table: Mapping[str, ParamKinds], path: str, problems: Problems, target_names: set[str],
               what: str) -> tuple[Op, ...]:
    """A list of costs or of verbs (one map alone is a list of one), each read by ``_check_op``."""
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
        op = _check_op(item, table, f"{path}[{i}]", problems, target_names, one)
        if op is not None:
            ops.append(op)
    return tuple(ops)


def _check_op(item: Any, table: Mapping[str, ParamKinds], p: str, problems: Problems, target_names: set[str],
              one: Msg) -> Op | None:
    """One cost or verb (``one`` says which, in its problems): a one-key map from its name to its parameters,
    or its name alone. None when it cannot be used; its problems are said."""
    if isinstance(item, str):
        item = {item: {}}
    if not isinstance(item, dict) or len(item) != 1:
        problems.append((p, msg("each {what} is a one-key map like {{destroy: {{target: t}}}}, got {item}",
                                what=one, item=shown(item))))
        return None
    ((verb, args),) = item.items()
    verb = str(verb)
    spec = table.get(verb)
    if spec is None:
        problems.append((p, msg("unknown {what} {verb}; known: {items}",
                                what=one, verb=repr(verb), items=', '.join(table))))
        return None
    p = f"{p}.{verb}"
    params = _op_params(args, spec, p, problems)
    if params is None:
        return None
    full = _full_params(verb, params, spec, p, problems, target_names)
    if verb == "script":
        _check_script(full, p, problems)
    return Op(verb, full)


def _op_params(args: Any, spec: ParamKinds, p: str, problems: Problems) -> dict[Any, Any] | None:
    """The parameters as written, shorthands expanded: ``{draw: 2}`` means ``{draw: {count: 2}}`` and
    ``{destroy: t}`` means ``{destroy: {target: t}}``. None (its problem said) when they are not a map."""
    if isinstance(args, dict):
        return args
    if args is None:
        return {}
    for key in ("target", "count", "amount"):
        if key in spec:
            return {key: args}
    problems.append((p, msg("expected a map of parameters ({value}), got {args}",
                            value=', '.join(spec) or 'none', args=shown(args))))
    return None


def _full_params(verb: str, params: dict[Any, Any], spec: ParamKinds, p: str, problems: Problems,
                 target_names: set[str]) -> dict[str, Any]:
    """Every parameter ``verb`` takes: checked when given, its default when not (a problem when it is
    required); and a problem for each given that it does not take."""
    for k in params:
        if k not in spec:
            problems.append((f"{p}.{k}", msg("unknown parameter; {verb} takes {value}",
                                             verb=verb, value=', '.join(spec) or 'none')))
    full: dict[str, Any] = {}
    for k, (kind, required, default) in spec.items():
        if k in params:
            full[k] = check_value(kind, params[k], f"{p}.{k}", problems, target_names)
        elif required:
            problems.append((f"{p}.{k}", msg("missing parameter ({kind})", kind=kind)))
        else:
            full[k] = default
    return full


def _check_script(full: Mapping[str, Any], p: str, problems: Problems) -> None:
    """A ``script`` verb names a script that ``scripts.py`` defines."""
    if not isinstance(full.get("name"), str):
        return
    from .scripts import SCRIPTS

    if full["name"] not in SCRIPTS:
        known = ", ".join(sorted(SCRIPTS))
        problems.append((f"{p}.name", msg("unknown script {full}; defined: {known}",
                                          full=repr(full['name']), known=known)))


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
        elif count > MAX_TARGET_COUNT:
            problems.append((f"{p}.count", msg("must be at most {maximum}, got {v}",
                                               maximum=MAX_TARGET_COUNT, v=shown(count))))
            count = 1
        rnd = spec.pop("random", False)
        if not isinstance(rnd, bool):
            problems.append((f"{p}.random", msg("expected true or false")))
        flt = check_filter(spec, p, problems)
        out.append(TargetSpec(str(name), zone, flt, count, bool(rnd)))
    return tuple(out)


_ABILITY_KEYS = {"name", "category", "when", "optional", "once_per_turn", "cost", "targets", "do", "if", "text", "en"}


def check_ability(raw: Any, path: str, problems: Problems, default_category: str | None = None,
                  default_name: str = "") -> Ability | None:
    """One ability (CH-7), or None when it is not even a map. Each part has its check (fields, category,
    trigger, targets, costs and verbs, flags, name, condition), whose problems come in that order."""
    if not isinstance(raw, dict):
        problems.append((path, msg("an ability is a map with category, when, cost, targets, do")))
        return None
    _check_ability_fields(raw, path, problems)
    category = _check_category(raw.get("category", default_category), path, problems)
    trigger = _check_trigger(category, raw.get("when"), path, problems)
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
    return Ability(name=name, category=category, trigger=trigger.event, trigger_args=trigger.args,
                   optional=bool(raw.get("optional", False)), once_per_turn=bool(raw.get("once_per_turn", False)),
                   cost=cost, targets=targets, ops=ops,
                   condition=_check_condition(raw.get("if"), f"{path}.if", problems),
                   has_random=any(sp.random for sp in targets))


def _check_ability_fields(raw: Mapping[Any, Any], path: str, problems: Problems) -> None:
    """A problem for each field an ability does not have (YAML's unquoted ``on:`` among them)."""
    for k in raw:
        if k not in _ABILITY_KEYS:
            hint = msg(" (YAML reads an unquoted on: as true; write when:)") if k is True else ""
            problems.append((f"{path}.{k}", msg("unknown ability field{hint}; known: {items}",
                                                hint=hint, items=', '.join(sorted(_ABILITY_KEYS)))))


def _check_category(category: Any, path: str, problems: Problems) -> str:
    """CH-7.1 … CH-7.3's categories, or an apoyo's ``activation``; an unknown one is read as ``disparo``."""
    if category not in CATEGORIES and category != "activation":
        problems.append((f"{path}.category", msg("expected one of {items}, got {category}",
                                                 items=', '.join(CATEGORIES), category=shown(category))))
        return "disparo"
    return str(category)


class _Trigger(NamedTuple):
    """When a disparo ability fires: its event (None for the other categories, or an unknown event) and the
    event's parameters, defaults filled in."""

    event: str | None
    args: dict[str, Any]


def _check_trigger(category: str, when: Any, path: str, problems: Problems) -> _Trigger:
    """A disparo ability's ``when: {event: ..., ...}``; the other categories have none."""
    if category != "disparo":
        if when is not None:
            problems.append((f"{path}.when", msg("only disparo abilities have a trigger")))
        return _Trigger(None, {})
    if not isinstance(when, dict) or "event" not in when:
        problems.append((f"{path}.when",
                         msg("a disparo ability needs when: {{event: ...}}; events: {items}",
                             items=', '.join(TRIGGERS))))
        return _Trigger(None, {})
    event = when["event"]
    spec = TRIGGERS.get(event) if isinstance(event, str) else None
    if spec is None:
        problems.append((f"{path}.when.event", msg("unknown event {trigger}; known: {items}",
                                                   trigger=repr(event), items=', '.join(TRIGGERS))))
        return _Trigger(None, {})
    return _Trigger(event, _trigger_args(event, spec, when, path, problems))


def _trigger_args(event: str, spec: ParamKinds, when: Mapping[Any, Any], path: str,
                  problems: Problems) -> dict[str, Any]:
    """The parameters of a trigger's ``event`` (``when: {event: destroyed, side: own}``), each one of the
    words ``spec`` allows, the others at their defaults."""
    args: dict[str, Any] = {}
    for k, v in when.items():
        if k == "event":
            continue
        if k not in spec:
            takes = ", ".join(spec) or "nothing"
            problems.append((f"{path}.when.{k}", msg("unknown; {trigger} takes {takes}",
                                                     trigger=event, takes=takes)))
            continue
        allowed = spec[k][0].split("|")
        if v not in allowed:
            problems.append((f"{path}.when.{k}", msg("expected one of {items}, got {v}",
                                                     items=', '.join(allowed), v=shown(v))))
        args[k] = v
    for k, (_, _, default) in spec.items():
        args.setdefault(k, default)
    return args


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
            elif abs(v) > MAX_EFFECT_NUMBER:
                problems.append((f"{p}.modify.{k}", _too_big(v)))
            else:
                vals[k] = v
        affects = check_filter(item.get("affects"), f"{p}.affects", problems)
        condition = _check_condition(item.get("if"), f"{p}.if", problems)
        out.append(Static(strength=vals.get("strength", 0), resistance=vals.get("resistance", 0),
                          impact=vals.get("impact", 0), affects=affects, condition=condition,
                          volatile=any(k != "mode" for k in condition)))
    return tuple(out)


def check_effects(raw: Mapping[str, Any], ctype: str, subtype: str | None, problems: Problems) -> Effects:
    """The effect-bearing fields of one card (``abilities``, ``effect``, ``static``, ``materials``...), each read
    by its own check, in the order their problems are said."""
    abilities = _check_abilities(raw.get("abilities"), problems)
    effect = None
    if "effect" in raw:
        if ctype != "apoyo":
            problems.append(("effect", msg("only apoyos have an activation effect; characters use abilities")))
        effect = check_ability(raw["effect"], "effect", problems, default_category="activation", default_name="effect")
    static = _check_static(raw.get("static"), "static", problems)
    materials = _check_materials(raw, ctype, problems)
    equip = None
    if "equip" in raw:
        if subtype != "equipo":
            problems.append(("equip", msg("only an apoyo equipo says what it equips")))
        equip = check_filter(raw["equip"], "equip", problems)
    placement = _check_placement(raw, ctype, problems)
    scope = _check_scope(raw, ctype, problems)
    if static and ctype == "alma":
        problems.append(("static", msg("souls have no continuous effects")))
    return Effects(abilities, effect, static, materials, equip, placement, scope, active=bool(static or abilities))


def _check_abilities(raw: Any, problems: Problems) -> tuple[Ability, ...]:
    """A card's ``abilities``: a list, each named by its place (``1``, ``2``...) unless it has a name."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        problems.append(("abilities", msg("expected a list of abilities")))
        return ()
    abilities = []
    for i, a in enumerate(raw):
        ab = check_ability(a, f"abilities[{i}]", problems, default_name=f"{i + 1}")
        if ab is not None:
            abilities.append(ab)
    return tuple(abilities)


def _check_materials(raw: Mapping[str, Any], ctype: str, problems: Problems) -> tuple[Material, ...]:
    """An amalgam's material cost (CH-1.8): a list of ``{count: N, ...filter}``."""
    if "materials" not in raw:
        return ()
    if ctype != "amalgama":
        problems.append(("materials", msg("only amalgams have a material cost (CH-1.8)")))
    mats = raw["materials"]
    if not isinstance(mats, list) or not mats:
        problems.append(("materials", msg("expected a list like [{{count: 2, type: personaje}}]")))
        return ()
    materials = []
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
        elif count > MAX_EFFECT_NUMBER:
            problems.append((f"{p}.count", _too_big(count)))
            count = 1
        materials.append(Material(count, check_filter(m, p, problems)))
    return tuple(materials)


def _check_placement(raw: Mapping[str, Any], ctype: str, problems: Problems) -> str:
    """A sector's side (CH-1.6); ``own`` when it is not one of the words, once its problem is said."""
    placement = raw.get("placement", "own")
    if placement not in ("own", "opponent", "either"):
        problems.append(("placement", msg("expected own, opponent or either")))
        placement = "own"
    if "placement" in raw and ctype != "sector":
        problems.append(("placement", msg("only sectors choose a side (CH-1.6)")))
    return str(placement)


def _check_scope(raw: Mapping[str, Any], ctype: str, problems: Problems) -> str:
    """Whose side an arena acts on (CH-1.7); ``own`` when it is not one of the words, once its problem is said."""
    scope = raw.get("scope", "own")
    if scope not in ("own", "opponent", "both"):
        problems.append(("scope", msg("expected own, opponent or both")))
        scope = "own"
    if "scope" in raw and ctype != "arena":
        problems.append(("scope", msg("only arenas have a scope (CH-1.7)")))
    return str(scope)
