"""Semantic checks of unit catalogs, rulesets and pack manifests beyond the schema."""

from __future__ import annotations

from typing import Any

from engine.content.problems import Problem, count, error, warning
from engine.i18n import _
from engine.model import NATIONS, Catalog, Ruleset, UnitType
from engine.rules import abilities, variants

EDITION_CURRENCY = {"current": "coins", "earlier": "war_bonds"}


def check_catalog_data(data: dict[str, Any]) -> list[Problem]:
    """Duplicate unit ids (invisible in the model, which keys units by id)."""
    out = []
    seen: dict[str, int] = {}
    for i, u in enumerate(data.get("units", [])):
        if u["id"] in seen:
            out.append(error("catalog.duplicate_unit",
                             _("unit id '{id}' is used twice", id=u['id']),
                             _("unit ids must be unique; the first is /units/{seen}",
                               seen=seen[u['id']]),
                             pointer=f"/units/{i}/id"))
        seen.setdefault(u["id"], i)
    return out


def _ascending(values: list[int], ptr: str, uid: str, column: str) -> list[Problem]:
    for k in range(1, len(values)):
        if values[k] < values[k - 1]:
            return [error("catalog.armour_not_ascending",
                          _("unit '{uid}' {column} armour goes down at damage {k}", uid=uid,
                            column=column, k=k + 1),
                          _("hits needed must grow with each damage point"),
                          pointer=f"{ptr}/{k}")]
    for k in range(1, len(values)):
        if values[k] == values[k - 1]:
            return [warning("catalog.armour_flat",
                            _("unit '{uid}' {column} armour repeats {values} at damage {k}",
                              uid=uid, column=column, values=values[k], k=k + 1),
                            _("equal entries mean two damage points from the same hits"),
                            pointer=f"{ptr}/{k}")]
    return []


def check_catalog(c: Catalog, index_of: dict[str, int] | None = None) -> list[Problem]:
    """Semantic problems of a catalog; `index_of` maps unit ids to their list index in the file."""
    out: list[Problem] = []
    order = index_of or {uid: i for i, uid in enumerate(c.units)}
    for uid, u in c.units.items():
        p = f"/units/{order.get(uid, 0)}"
        out += _ascending(u.armour_open, f"{p}/armour/open", uid, "open")
        out += _ascending(u.armour_forest, f"{p}/armour/forest", uid, "forest")
        if len(u.armour_open) != len(u.armour_forest):
            out.append(warning("catalog.armour_columns_differ",
                               _("unit '{uid}' armour columns have different lengths", uid=uid),
                               _("give open and forest the same number of entries"),
                               pointer=f"{p}/armour"))
        if u.range_max is not None and u.range_min > u.range_max:
            out.append(error("catalog.range_inverted",
                             _("unit '{uid}' range {range_min}-{range_max} is inverted", uid=uid,
                               range_min=u.range_min, range_max=u.range_max),
                             _("min must not exceed max"), pointer=f"{p}/range"))
        levels = [u.hit.get(k, 0) for k in ("recruit", "veteran", "hero")]
        if levels != sorted(levels):
            out.append(warning("catalog.hit_not_ascending",
                               _("unit '{uid}' hit values fall with experience", uid=uid),
                               _("recruit <= veteran <= hero"), pointer=f"{p}/hit"))
        for nation in u.nation_names:
            if nation not in u.nations:
                out.append(error("catalog.nation_name_unavailable",
                                 _("unit '{uid}' has a name for {nation}, which cannot field it",
                                   uid=uid, nation=nation),
                                 _("add the nation to nations or remove the name"),
                                 pointer=f"{p}/nation_names/{nation}"))
        if u.unit_class == "transport" and u.capacity <= 0:
            out.append(warning("catalog.transport_capacity",
                               _("transport '{uid}' carries nothing (capacity 0)", uid=uid),
                               _("set capacity to how many units it carries"),
                               pointer=f"{p}/capacity"))
        if u.can_capture and u.unit_class != "foot":
            out.append(warning("catalog.capture_not_foot",
                               _("unit '{uid}' can capture forts but is not a foot soldier",
                                 uid=uid),
                               _("only foot soldiers capture forts (RULES §3)"),
                               pointer=f"{p}/can_capture"))
        ids = [a.id for a in u.abilities]
        for k, a in enumerate(ids):
            if a in ids[:k]:
                out.append(error("catalog.duplicate_ability",
                                 _("unit '{uid}' lists ability '{a}' twice", uid=uid, a=a),
                                 _("list each ability once"), pointer=f"{p}/abilities/{k}"))
        out += _check_abilities(u, p)
    fielded = {n for u in c.units.values() if not u.special for n in u.nations}
    for nation in NATIONS:
        if c.units and nation not in fielded:
            out.append(warning("catalog.nation_without_units",
                               _("no regular unit is available to {nation}", nation=nation),
                               _("add the nation to some units' nations"), pointer="/units"))
    return out


def _check_abilities(u: UnitType, p: str) -> list[Problem]:
    """Ability ids against the engine's registry: unknown ones are errors, ones the engine
    does not play yet warnings (the unit still plays by its card values), and the card data
    an ability stands for must be there."""
    out: list[Problem] = []
    for k, a in enumerate(u.abilities):
        ptr = f"{p}/abilities/{k}"
        cls = abilities.ABILITIES.get(a.id)
        if a.blocks:
            if cls is not None:
                out.append(error("catalog.ability_redeclared",
                                 _("unit '{id}' declares ability '{id2}' from blocks, but the "
                                   "engine plays that id already", id=u.id, id2=a.id),
                                 _("give the new ability its own id, or drop its blocks"),
                                 pointer=f"{ptr}/blocks"))
            continue
        if cls is None:
            out.append(error("catalog.unknown_ability",
                             _("unit '{id}' has ability '{id2}', which the engine does not know",
                               id=u.id, id2=a.id),
                             _("known: {known}; or declare it from building blocks ({blocks})",
                               known=abilities.known_ids(), blocks=", ".join(abilities.BLOCKS)),
                             pointer=ptr))
        elif not cls.implemented:
            out.append(warning("catalog.ability_no_effect",
                               _("unit '{id}' ability '{id2}' has no effect in the engine yet: the "
                                 "unit plays by its card values only", id=u.id, id2=a.id),
                               _("see {rule}; expect play-tests to differ from the rules",
                                 rule=cls.rule),
                               pointer=ptr))
        elif cls.hit_vs_class and cls.hit_vs_class not in u.hit_vs:
            out.append(error("catalog.ability_without_value",
                             _("unit '{id}' has ability '{id2}' but no hit_vs.{hit_vs_class} value",
                               id=u.id, id2=a.id, hit_vs_class=cls.hit_vs_class),
                             _("add hit_vs.{hit_vs_class} with the value printed on the card",
                               hit_vs_class=cls.hit_vs_class), pointer=ptr))
        elif cls.needs_target and cls.needs_target not in u.targets:
            out.append(error("catalog.ability_without_target",
                             _("unit '{id}' has ability '{id2}' but its targets lack "
                               "'{needs_target}'", id=u.id, id2=a.id,
                               needs_target=cls.needs_target),
                             _("add '{needs_target}' to targets", needs_target=cls.needs_target),
                             pointer=ptr))
        if cls is not None and cls.implemented:
            out += _check_params(u.id, a.id, a.params, cls.parameters, ptr)
    return out


def _check_params(uid: str, aid: str, params: dict[str, Any],
                  spec: tuple[abilities.Param, ...], ptr: str) -> list[Problem]:
    """A parameter the ability does not read is a warning (a typo would silently do nothing)."""
    known = {p.name for p in spec}
    return [warning("catalog.ability_unknown_param",
                    _("unit '{uid}' ability '{aid}' has parameter '{name}', which it does not read",
                      uid=uid, aid=aid, name=name),
                    (_("it reads: {known}", known=", ".join(sorted(known)))) if known
                    else _("this ability takes no parameters"), pointer=f"{ptr}/params/{name}")
            for name in params if name not in known]


def check_variants(r: Ruleset) -> list[Problem]:
    """A ruleset's variant ids against the engine's registry: unknown ids are errors; a
    variant the engine does not play yet is an error when enabled, else a warning."""
    out: list[Problem] = []
    for vid, params in r.variants.items():
        ptr = f"/variants/{vid}"
        cls = variants.VARIANTS.get(vid)
        if cls is None:
            out.append(error("ruleset.unknown_variant",
                             _("variant '{vid}' is not known to the engine", vid=vid),
                             _("known: {known_ids}", known_ids=variants.known_ids()), pointer=ptr))
        elif not cls.implemented:
            enabled = isinstance(params, dict) and bool(params.get("enabled"))
            make = error if enabled else warning
            out.append(make("ruleset.variant_no_effect",
                            f"variant '{vid}' has no effect in the engine yet"
                            + (" but is enabled" if enabled else ""),
                            f"see {cls.rule}; a scenario cannot switch it on yet",
                            pointer=ptr + ("/enabled" if enabled else "")))
    return out


def check_ruleset(r: Ruleset) -> list[Problem]:
    """Semantic problems of a ruleset."""
    out: list[Problem] = []
    if len(r.dice_by_damage) != r.destroyed_at_damage:
        out.append(error("ruleset.dice_length",
                         _("dice_by_damage has {n_dice_by_damage} entries but units are destroyed "
                           "at {destroyed_at_damage} damage",
                           n_dice_by_damage=len(r.dice_by_damage),
                           destroyed_at_damage=r.destroyed_at_damage),
                         _("give one dice count for each damage 0..destroyed_at_damage-1"),
                         pointer="/dice_by_damage"))
    if r.experience["veteran"] >= r.experience["hero"]:
        out.append(error("ruleset.experience_order", _("hero needs no more XP than veteran"),
                         _("hero XP must be greater than veteran XP"), pointer="/experience"))
    if EDITION_CURRENCY.get(r.edition) != r.currency:
        out.append(warning("ruleset.currency_edition",
                           _("edition '{edition}' normally pays in {get}, not {currency}",
                             edition=r.edition, get=EDITION_CURRENCY.get(r.edition),
                             currency=r.currency),
                           _("check currency"), pointer="/currency"))
    limits = {2: r.forts_per_half, 4: 2 * r.forts_per_half}
    for players, needed in r.forts_to_win.items():
        if needed > limits.get(players, 2 * r.forts_per_half):
            out.append(warning("ruleset.forts_to_win",
                               _("{count} to win with {players} players is more than the {limits} "
                                 "in play with {forts_per_half} forts per half",
                                 count=count(needed, 'fort'), players=players,
                                 limits=limits[players], forts_per_half=r.forts_per_half),
                               _("check forts_to_win and forts_per_half"),
                               pointer=f"/forts_to_win/{players}"))
    for players, rounds in r.first_round_armies.items():
        for k, rnd in enumerate(rounds):
            for j, armies in enumerate(rnd):
                if not 0 <= armies <= 3:
                    out.append(error("ruleset.armies_range",
                                     _("first-round armies {armies} is not in 0..3", armies=armies),
                                     _("each player has 3 armies"),
                                     pointer=f"/first_round_armies/{players}/{k}/{j}"))
    shorter = r.variants.get("shorter_game")
    if shorter:
        for players, needed in shorter.get("forts_to_win", {}).items():
            base = r.forts_to_win.get(int(players))
            if base is not None and needed >= base:
                out.append(warning("ruleset.shorter_not_shorter",
                                   _("shorter game needs {count} with {players} players, the "
                                     "normal game {base}", count=count(needed, 'fort'),
                                     players=players, base=base),
                                   _("the shorter game should need fewer forts"),
                                   pointer=f"/variants/shorter_game/forts_to_win/{players}"))
    if r.xp_for_destroy < r.xp_for_damage:
        out.append(warning("ruleset.xp_order", _("destroying gives less XP than damaging"),
                           _("xp_for_destroy is the total for a kill"), pointer="/xp_for_destroy"))
    out += check_variants(r)
    return out


def check_manifest_data(data: dict[str, Any]) -> list[Problem]:
    """Duplicate file paths in a pack manifest."""
    out = []
    seen: set[str] = set()
    for i, f in enumerate(data.get("files", [])):
        if f["path"] in seen:
            out.append(error("manifest.duplicate_path",
                             _("file '{path}' is listed twice", path=f['path']),
                             _("list each file once"), pointer=f"/files/{i}/path"))
        seen.add(f["path"])
    return out
