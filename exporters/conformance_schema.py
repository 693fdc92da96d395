"""The JSON Schema of the rules conformance vectors (exporters/conformance.py), shipped in
every pack as `schemas/conformance.schema.json`, and the rule areas a case counts for."""

from __future__ import annotations

from typing import Any

SCHEMA_ID = "https://trenchclub.studio/schema/conformance.schema.json"
AREAS = ("setup", "movement", "contact", "water", "last_step", "forts", "capture", "transport",
         "combat", "pincer", "encirclement", "scatter", "money", "victory", "variants",
         "special_units", "mines", "building")


CONFORMANCE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": SCHEMA_ID,
    "title": "Trench Club rules conformance vectors",
    "description": "Cases from the reference engine. Each case gives a state (saved-game JSON, "
                   "schema savegame.schema.json, axial hexes, empty history and log) and a "
                   "question; `expected` is the reference answer.",
    "type": "object",
    "required": ["$schema", "schema_version", "created_by", "scenario", "seed", "areas",
                 "cases"],
    "additionalProperties": False,
    "properties": {
        "$schema": {"const": SCHEMA_ID},
        "schema_version": {"const": 1},
        "created_by": {"type": "string"},
        "seed": {"type": "string", "description": "Game seed of the states' dice."},
        "scenario": {
            "type": "object",
            "required": ["id", "pack_version", "content_digest", "ruleset_version"],
            "additionalProperties": False,
            "properties": {
                "id": {"type": "string", "description": "Scenario (and pack) id."},
                "pack_version": {"type": ["string", "null"], "maxLength": 100,
                                 "description": "Version of the pack the vectors ship in "
                                                "(null outside a pack)."},
                "content_digest": {"type": ["string", "null"], "pattern": "^[0-9a-f]{12}$",
                                   "description": "Digest of the content files (the "
                                                  "version's build metadata)."},
                "ruleset_version": {"type": ["string", "null"]},
            },
        },
        "areas": {"type": "object", "description": "Cases per rule area.",
                  "propertyNames": {"enum": list(AREAS)},
                  "additionalProperties": {"type": "integer", "minimum": 0,
                                           "maximum": 100000}},
        "cases": {"type": "array", "maxItems": 100000, "items": {"$ref": "#/$defs/case"}},
    },
    "$defs": {
        "hex": {
            "type": "object", "required": ["axial", "offset"], "additionalProperties": False,
            "properties": {
                "axial": {"type": "array", "items": {"type": "integer"}, "minItems": 2,
                          "maxItems": 2},
                "offset": {"type": "array", "items": {"type": "integer"}, "minItems": 2,
                           "maxItems": 2},
            },
        },
        "case": {
            "type": "object", "required": ["id", "kind", "game", "areas", "state", "expected"],
            "properties": {
                "id": {"type": "string"},
                "game": {"type": "object", "description": "How to create the game the state "
                         "belongs to: its dice seed, setup mode and extra variants.",
                         "required": ["seed", "setup", "variants"],
                         "additionalProperties": False,
                         "properties": {"seed": {"type": "string", "maxLength": 200},
                                        "setup": {"enum": ["full", "quick"]},
                                        "variants": {"type": "array", "maxItems": 50,
                                                     "items": {"type": "string",
                                                               "maxLength": 100}},
                                        "unit_types": {
                                            "type": "array", "maxItems": 10,
                                            "description": "Unit types the case's game adds "
                                                           "to the pack's catalog (entries "
                                                           "as in catalog.json's `units`).",
                                            "items": {"type": "object",
                                                      "maxProperties": 100}}}},
                "areas": {"type": "array", "items": {"enum": list(AREAS)},
                          "description": "Rule areas the case exercises."},
                "kind": {"enum": ["legal_moves", "legal_actions", "apply", "victory"]},
                "state": {"type": "object", "description": "Saved-game JSON."},
                "unit": {"type": "string", "description": "legal_moves: the unit asked."},
                "action": {"type": "string",
                           "description": "apply: the action in the engine's text form."},
                "expected": {"type": "object"},
            },
            "allOf": [
                {"if": {"properties": {"kind": {"const": "legal_moves"}}},
                 "then": {"required": ["unit"], "properties": {"expected": {
                     "required": ["moves"], "properties": {"moves": {"type": "array", "items": {
                         "type": "object", "required": ["to", "cost", "kind", "fort"],
                         "properties": {"to": {"$ref": "#/$defs/hex"},
                                        "cost": {"type": "number"},
                                        "kind": {"enum": ["move", "enter", "capture",
                                                          "board"]},
                                        "fort": {"type": ["string", "null"]}}}}}}}}},
                {"if": {"properties": {"kind": {"const": "legal_actions"}}},
                 "then": {"properties": {"expected": {
                     "required": ["actions"],
                     "properties": {"actions": {"type": "array",
                                                "items": {"type": "string"}}}}}}},
                {"if": {"properties": {"kind": {"const": "apply"}}},
                 "then": {"required": ["action"], "properties": {"expected": {
                     "required": ["phase", "current_player", "round", "money", "forts",
                                  "winner", "reason", "units", "declarations", "log"]}}}},
                {"if": {"properties": {"kind": {"const": "victory"}}},
                 "then": {"properties": {"expected": {
                     "required": ["terminal", "winner", "forts", "forts_to_win"]}}}},
            ],
        },
    },
}
