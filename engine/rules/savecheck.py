"""Checks of saved games before they are trusted: strict reading, schema, then the game's facts.

A save file is input like any content file: it may be hand-edited, truncated or hostile. It is
read with the content reader's limits, checked against `schema/savegame.schema.json` and then
against the game it belongs to (nations, forts, units, transports, damage, history), so an
impossible state is refused with located problems instead of being played or written on. The
problem codes (`save.*`) are listed in docs/validation.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.content import Document, check_schema, parse_json, read_text
from engine.content.problems import ContentError, Problem, error
from engine.hexes import Hex
from engine.i18n import _
from engine.rules.actions import Action
from engine.rules.errors import ActionParseError
from engine.rules.events import DRAW
from engine.rules.serialize import SAVE_SCHEMA_ID

if TYPE_CHECKING:
    from engine.rules.game import Game

SAVE_KIND = "savegame"
NEUTRAL = "neutral"


def read_save_document(path: Path) -> Document:
    """Read a save file strictly, with located problems (ContentError) for bad input.

    The content reader's limits apply: at most 16 MiB, UTF-8, JSON without duplicate keys,
    nesting up to 64 levels, no NaN/Infinity or integers too long to convert. This is the one
    place to swap for a shared safe JSON reader.
    """
    text = read_text(path)
    data, positions = parse_json(text, str(path))
    if not isinstance(data, dict):
        raise ContentError([error(
            "save.not_a_save", _("the file does not hold a saved game (a JSON object)"),
            _("a saved game starts with {{\"$schema\": \"{save_schema_id}\"",
              save_schema_id=SAVE_SCHEMA_ID), file=str(path),
            line=1, col=1, pointer="",
        )])
    return Document(data, SAVE_KIND, path, "json", positions)


def check_save_schema(doc: Document) -> list[Problem]:
    """Problems of a save document against `schema/savegame.schema.json`."""
    if doc.data.get("$schema") != SAVE_SCHEMA_ID:
        line, col = doc.locate("/$schema") or (1, 1)
        return [error("save.not_a_save", _("the file is not a saved game"),
                      _("$schema must be {save_schema_id}", save_schema_id=SAVE_SCHEMA_ID),
                      file=doc.file, line=line, col=col,
                      pointer="/$schema")]
    return check_schema(doc, SAVE_SCHEMA_ID)


def check_save(game: Game, doc: Document) -> list[Problem]:
    """Problems of a schema-valid save against the game it belongs to, each located."""
    out = []
    for p in _facts(game, doc.data):
        line, col = doc.locate(p.pointer or "", prefer_key=p.code == "save.unknown_nation") \
            or (None, None)
        out.append(p.located(file=doc.file, line=line, col=col))
    return out


def _facts(game: Game, data: dict[str, Any]) -> Iterator[Problem]:
    yield from _check_header(game, data)
    yield from _check_nation_keys(game, data)
    yield from _check_forts(game, data)
    units = {}
    for i, ud in enumerate(data["units"]):
        if ud["id"] in units:
            yield error("save.duplicate_unit", _("unit id {id!r} appears twice", id=ud['id']),
                        _("unit ids are unique"), pointer=f"/units/{i}/id")
        else:
            units[ud["id"]] = (i, ud)
    yield from _check_units(game, units)
    yield from _check_transports(game, units)
    yield from _check_turn(data, units)
    for i, text in enumerate(data["history"]):
        try:
            Action.parse(text)
        except ActionParseError as exc:
            yield error("save.bad_action",
                        _("history entry {i} cannot be read: {exc}", i=i, exc=exc),
                        _("the history holds actions in their text form"), pointer=f"/history/{i}")


def _check_header(game: Game, data: dict[str, Any]) -> Iterator[Problem]:
    if data["scenario"] != game.scenario.id:
        yield error("save.wrong_scenario",
                    _("the save belongs to scenario {scenario!r}, not {id!r}",
                      scenario=data['scenario'], id=game.scenario.id), _("check scenario_path"),
                      pointer="/scenario")
    for key in ("current_player", "first_player"):
        seat = data[key]
        if seat is not None and seat >= game.players:
            yield error("save.bad_player",
                        _("{key} is {seat}, but the game has {players} players", key=key,
                          seat=seat, players=game.players),
                        _("seats are 0..{players}", players=game.players - 1),
                        pointer=f"/{key}")
    over = data["phase"] == "over"
    if over != (data["winner"] is not None or data["reason"] == DRAW):
        yield error("save.winner", _("a winner is named although the game is not over") if not over
                    else _("the game is over but names no winner"),
                    _("the winner is set exactly when the phase is 'over' (a draw has none)"),
                    pointer="/winner")


def _nation_maps(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    setup, vp = data["setup"], data["victory_points"]
    yield "/money", data["money"]
    yield "/last_armies", data["last_armies"]
    yield "/options/groups", data["options"]["groups"]
    for key in ("chips", "armies", "placed"):
        yield f"/setup/{key}", setup[key]
    for key in ("points", "headquarters", "paid_to_bank"):
        yield f"/victory_points/{key}", vp[key]


def _check_nation_keys(game: Game, data: dict[str, Any]) -> Iterator[Problem]:
    nations = set(game.nations)
    for pointer, mapping in _nation_maps(data):
        for nation in mapping:
            if nation not in nations:
                yield error("save.unknown_nation",
                            _("{pointer} names {nation}, which has no seat in this game",
                              pointer=pointer[1:], nation=nation),
                            _("the game's nations are {nations}", nations=", ".join(game.nations)),
                            pointer=f"{pointer}/{nation}")
    missing = [n for n in game.nations if n not in data["money"]]
    if missing:
        yield error("save.missing_nation",
                    _("money is missing for {missing}", missing=", ".join(missing)),
                    _("every nation of the game has an amount (0 is fine)"), pointer="/money")
    for i, nation in enumerate(data["victory_points"]["headquarters_taken"]):
        if nation not in nations:
            yield error("save.unknown_nation",
                        _("headquarters_taken names {nation}, which has no seat in this game",
                          nation=nation),
                        _("the game's nations are {nations}", nations=", ".join(game.nations)),
                        pointer=f"/victory_points/headquarters_taken/{i}")


def _check_forts(game: Game, data: dict[str, Any]) -> Iterator[Problem]:
    in_play = {f.id for f in game.forts}
    owners = {NEUTRAL, *game.nations}
    for fort_id, owner in data["forts"].items():
        if fort_id not in in_play:
            yield error("save.unknown_fort",
                        _("fort {fort_id!r} is not in play on this map", fort_id=fort_id),
                        _("forts in play: {in_play}", in_play=", ".join(sorted(in_play))),
                        pointer=f"/forts/{fort_id}")
        elif owner not in owners:
            yield error("save.fort_owner",
                        _("fort {fort_id!r} is owned by {owner}, which has no seat in this game",
                          fort_id=fort_id, owner=owner),
                        _("owners are neutral or {nations}", nations=", ".join(game.nations)),
                        pointer=f"/forts/{fort_id}")
    missing = sorted(in_play - set(data["forts"]))
    if missing:
        yield error("save.missing_fort",
                    _("no owner for fort(s) {missing}", missing=", ".join(missing)),
                    _("every fort in play has an owner (neutral or a nation)"), pointer="/forts")


def _check_units(game: Game, units: dict[str, tuple[int, dict[str, Any]]]) -> Iterator[Problem]:
    index_of = game.board.index_of
    in_play = {f.id for f in game.forts}
    destroyed_at = int(game.ruleset.destroyed_at_damage)
    occupied: dict[Hex, str] = {}
    for uid, (i, ud) in units.items():
        at = f"/units/{i}"
        utype = game.catalog.units.get(ud["type"])
        if utype is None:
            yield error("save.unknown_unit_type",
                        _("unit {uid}: the catalog has no unit type {type!r}", uid=uid,
                          type=ud['type']), _("use a unit type of the scenario's catalog"),
                        pointer=f"{at}/type")
        if ud["nation"] not in game.team_of:
            yield error("save.unknown_nation",
                        _("unit {uid} belongs to {nation}, which has no seat in this game",
                          uid=uid, nation=ud['nation']),
                        _("the game's nations are {nations}", nations=", ".join(game.nations)),
                        pointer=f"{at}/nation")
        places = [k for k in ("hex", "fort", "carrier") if ud[k] is not None]
        if len(places) > 1:
            yield error("save.unit_position",
                        _("unit {uid} is in several places at once ({places})", uid=uid,
                          places=", ".join(places)),
                        _("a unit stands on a hex, in a fort or aboard a transport"), pointer=at)
        if ud["hex"] is not None:
            h = Hex(ud["hex"][0], ud["hex"][1])
            if h not in index_of:
                yield error("save.off_map",
                            _("unit {uid}: hex {hex} is not on the board", uid=uid, hex=ud['hex']),
                            _("hexes are axial [q, r] on the map (the half, with 2 players)"),
                            pointer=f"{at}/hex")
            elif h in occupied:
                yield error("save.hex_occupied",
                            _("unit {uid}: hex {hex} is already taken by {occupied}", uid=uid,
                              hex=ud['hex'], occupied=occupied[h]), _("one unit per hex"),
                              pointer=f"{at}/hex")
            else:
                occupied[h] = uid
        if ud["fort"] is not None and ud["fort"] not in in_play:
            yield error("save.unknown_fort",
                        _("unit {uid} is in fort {fort!r}, which is not in play", uid=uid,
                          fort=ud['fort']),
                        _("forts in play: {in_play}", in_play=", ".join(sorted(in_play))),
                        pointer=f"{at}/fort")
        if ud["damage"] >= destroyed_at:
            yield error("save.damage",
                        _("unit {uid} has damage {damage}; units are destroyed at {destroyed_at}",
                          uid=uid, damage=ud['damage'], destroyed_at=destroyed_at),
                        _("damage is 0..{destroyed_at}", destroyed_at=destroyed_at - 1),
                        pointer=f"{at}/damage")


def _check_transports(game: Game,
                      units: dict[str, tuple[int, dict[str, Any]]]) -> Iterator[Problem]:
    for uid, (i, ud) in units.items():
        at = f"/units/{i}"
        carrier = ud["carrier"]
        if carrier is not None:
            if carrier not in units:
                yield error("save.unknown_unit",
                            _("unit {uid} is aboard {carrier!r}, which does not exist", uid=uid,
                              carrier=carrier), _("name a transport of the save"),
                            pointer=f"{at}/carrier")
            elif uid not in units[carrier][1]["cargo"]:
                yield error("save.cargo",
                            _("unit {uid} is aboard {carrier}, but {carrier} does not carry it",
                              uid=uid, carrier=carrier), _("carrier and cargo name each other"),
                            pointer=f"{at}/carrier")
        for k, passenger in enumerate(ud["cargo"]):
            if passenger not in units:
                yield error("save.unknown_unit",
                            _("transport {uid} carries {passenger!r}, which does not exist",
                              uid=uid, passenger=passenger), _("name units of the save"),
                            pointer=f"{at}/cargo/{k}")
            elif units[passenger][1]["carrier"] != uid:
                yield error("save.cargo",
                            _("transport {uid} carries {passenger}, but {passenger} is not aboard "
                              "it", uid=uid, passenger=passenger),
                            _("carrier and cargo name each other"), pointer=f"{at}/cargo/{k}")
        utype = game.catalog.units.get(ud["type"])
        if utype is not None and len(ud["cargo"]) > int(utype.capacity):
            yield error("save.cargo",
                        _("transport {uid} carries {n_cargo} units; its capacity is {capacity}",
                          uid=uid, n_cargo=len(ud['cargo']), capacity=int(utype.capacity)),
                        _("unload the extra units"),
                        pointer=f"{at}/cargo")


def _check_turn(data: dict[str, Any],
                units: dict[str, tuple[int, dict[str, Any]]]) -> Iterator[Problem]:
    # Declarations may name units destroyed in an earlier fight of the turn: not checked.
    if data["next_fight"] > len(data["declarations"]):
        yield error("save.next_fight",
                    _("next_fight is {next_fight}, but only {n_declarations} attacks are declared",
                      next_fight=data['next_fight'], n_declarations=len(data['declarations'])),
                    _("next_fight is at most the number of declarations"), pointer="/next_fight")
    pending = data["pending_unload"]
    if pending is not None and (pending not in units or not units[pending][1]["cargo"]):
        yield error("save.unknown_unit",
                    _("pending_unload names {pending!r}, which is not a loaded transport of the "
                      "save", pending=pending), _("null, or a transport with cargo"),
                    pointer="/pending_unload")
