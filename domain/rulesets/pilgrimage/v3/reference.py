"""What a client needs to build a legal Oathband and set a battle up, served by
`GET /v1/rulesets/pilgrimage` as `reference`: the base values the seeds give (every stat "[0]",
the 3" Move, the 3" Climb), the Supplies and costs of PIL-GEAR, the gear names as an Oathband
lists them, and which table edge each seat deploys along. The numbers are the defaults; a
battle's `options.provisional` may change the provisional ones (PIL-GEAR, PIL-HEALTH, ...)."""

from __future__ import annotations

from typing import Any

from domain.rulesets.pilgrimage.attacks import RANGES
from domain.rulesets.pilgrimage.rules import ZONE
from domain.rulesets.pilgrimage.v3.settings import PilgrimageV3Settings

GEAR_EFFECTS = {
    "hand weapon": "none",
    "two-handed weapon": "+1 Might on Assault; -1 Pace in Close Heat",
    "staff or pole": "+1 Ward in Windblown",
    "sling": f"Fire to {RANGES['sling']}\"",
    "bow": f"Fire to {RANGES['bow']}\"",
    "crossbow": f"Fire to {RANGES['crossbow']}\", +1 Aim",
    "light armour": "none",
    "medium armour": "+1 Ward; -1 Pace in Close Heat",
    "heavy armour": "+2 Ward, -1 Pace; -1 more Pace in Close Heat",
}


def reference() -> dict[str, Any]:
    settings = PilgrimageV3Settings()
    gear = settings.PIL_GEAR
    return {
        "oathband": {
            "supplies": gear.supplies,
            "character_cost": gear.character,
            "stats": {stat: {"base": 0, "max_raise": gear.max_raise, "raise_cost": cost}
                      for stat, cost in gear.raises().items()},
            "stats_are": ("raises above the base of 0 (the seeds' glossary gives every stat as [0]): an "
                          "Oathband lists each Character's pace, aim, might, ward and valour as the points bought"),
            "gear": {name: {"cost": cost, "effect": GEAR_EFFECTS[name]} for name, cost in gear.gear().items()},
            "health": settings.PIL_HEALTH.health,
            "chosen": "after `start` has rolled the environment, until every side has one (or before `start`)",
        },
        "act": {"deeds": 3, "deed_costs": {"move": 1, "assault": 1, "fire": 1, "guard": 1, "hide": 1, "stand": 1,
                                           "use": 1, "aim": 2, "climb": 2}},
        "move": {"inches": 3, "first_move_adds": "pace", "floor": 0, "step_up": settings.PIL_CLIMB.step_up},
        "climb": {"inches": 3, "reach": settings.PIL_CLIMB.reach},
        "ranges": dict(RANGES),
        "table": {
            "units": "inches",
            "axes": "(0, 0) is the south-west corner; x runs east along the south edge, y runs north",
            "edges": [
                {"seat": 1, "edge": "south", "deploys": f"y <= {ZONE}"},
                {"seat": 2, "edge": "north", "deploys": f"y >= depth - {ZONE}"},
                {"seat": 3, "edge": "west", "deploys": f"x <= {ZONE}"},
                {"seat": 4, "edge": "east", "deploys": f"x >= width - {ZONE}"},
            ],
        },
    }
