"""Pilgrimage: Skirmish, ruleset version 3: version 2 re-read against seeds 000 and 002.

Version 3 is version 2 revised (`RulesetVersion.revise`): the same options, state and events,
two more events (`character_shoved`, `character_fell`), settings with the provisional rules it
adds, and the rows whose rules change (`muster.py`, `acts.py`, `heights.py`, `combat.py`). What
changes:

- Turn 1's Initiative is rolled once every Character is on the table, the last one included.
- The environment is rolled at `start`, before the Oathbands are chosen (seed 002: "Roll them
  before the Oathband prepares"): a side may submit its Oathband after `start`, knowing the
  weather; deployment begins when every side has one.
- Falling happens in play: deliberate drops of any height, shoves off heights, Characters
  Knocked Down part-way up a face; each fall records its inches, damage and Knocked Down.
- Climb moves 3" up or down and may stop part-way up a face.
- A weather entry rolled twice by a Stormfront applies twice, every effect of it.
- Cover includes the seed's first clause, terrain within 1" hiding part of the body.
- `GET /state`'s `side_to_act` names, during an Act, the side of the Character acting.
"""

from __future__ import annotations

from domain.errors import RuleViolation
from domain.rulesets.contract import Phase, ProvisionalRule, play
from domain.rulesets.pilgrimage import PILGRIMAGE_EVENTS
from domain.rulesets.pilgrimage.deeds import seat_acting, seat_of_named
from domain.rulesets.pilgrimage.play import (
    Aim,
    Assault,
    Climb,
    Deploy,
    EndAct,
    Fire,
    Guard,
    Hide,
    Move,
    PlayState,
    Stand,
    SubmitOathband,
    Use,
)
from domain.rulesets.pilgrimage.settings import PilgrimageV2Settings, refuse_unplayable
from domain.rulesets.pilgrimage.v2 import MAX_SIDES, PILGRIMAGE_V2, PROVISIONAL_RULES, PilgrimageV2Options
from domain.rulesets.pilgrimage.v3.acts import finish_act, simple_deed
from domain.rulesets.pilgrimage.v3.combat import assault, fire
from domain.rulesets.pilgrimage.v3.evolve import apply
from domain.rulesets.pilgrimage.v3.falls import CharacterFell, CharacterShoved
from domain.rulesets.pilgrimage.v3.heights import climb, move
from domain.rulesets.pilgrimage.v3.muster import deploy, submit_oathband
from domain.rulesets.pilgrimage.v3.reference import reference
from domain.rulesets.pilgrimage.v3.settings import PilgrimageV3Settings, v3_problems
from domain.rulesets.pilgrimage.v3.view import state_view

# Version 2's rules whose summary version 3 changes, and the rules it adds.
_CHANGED = {
    "PIL-MEASURE": ProvisionalRule(
        "PIL-MEASURE", "Distances are centre to centre in inches on the table plane; heights are terrain levels in "
                       "inches. For Cover a Character's body is a disc (PIL-COVER)."),
    "PIL-DELIBERATE-DROP": ProvisionalRule(
        "PIL-DELIBERATE-DROP", "A deliberate drop within a Move is recorded as a fall and deals no damage (seed 000 "
                               "names misadventure and unwilling movement). A drop may take the Move beyond its "
                               "allowance (\"from any height\"); the Move then ends where the Character lands."),
    "PIL-FROST-FALL": ProvisionalRule(
        "PIL-FROST-FALL", "Frostbound's +1 applies to a fall that deals damage (+1 each time Frostbound applies)."),
}
V3_RULES: tuple[ProvisionalRule, ...] = (
    ProvisionalRule("PIL-CLIMB", "A Climb starts within `reach` of a face marked climbable (when `needs_climbable`) "
                                 "and moves 3\" up or down it, or to its top or foot when nearer; short of that the "
                                 "Character holds on part-way up the face between Deeds and Acts, where it may only "
                                 "Climb on or drop (a Move); Knocked Down there, it falls to the foot. A Move steps "
                                 "up at most `step_up` inches (counted as distance moved); higher ground is Climbed."),
    ProvisionalRule("PIL-FALL-INCHES", "A fall's damage is the inches fallen minus 3, its fraction rounded "
                                       "`rounding` (down, nearest or up)."),
    ProvisionalRule("PIL-SHOVE", "An Assault may be sent with `shove`: if it wins it deals no damage and moves the "
                                 "target `inches` straight away from the attacker (not off the table, through "
                                 "blocking terrain or up a face); shoved off a height it falls (unwilling "
                                 "movement)."),
    ProvisionalRule("PIL-COVER", "A Character's body is a disc of `body_radius` about its point; it is in Cover from "
                                 "a shooter when obscuring terrain within 1\" of it overlaps what the shooter sees of "
                                 "that disc, or the line of fire passes through obscuring terrain. Terrain heights "
                                 "are not compared."),
    ProvisionalRule("PIL-WEATHER-TWICE", "A weather entry a Stormfront rolls twice applies twice: every effect of it "
                                         "(-6\" Sight and -2 Aim for Deep Mist; High Ground doubled twice for Fresh "
                                         "Wind); an effect that is only on or off (Clear and High) is simply on."),
)
PROVISIONAL_RULES_V3 = (*(_CHANGED.get(r.id, r) for r in PROVISIONAL_RULES), *V3_RULES)


def creation_problems(options: PilgrimageV2Options, settings: PilgrimageV2Settings,
                      seats: tuple[str, ...]) -> list[str]:
    refuse_unplayable(settings)
    found = v3_problems(settings)
    if found:
        raise RuleViolation("options-invalid", "; ".join(found), problems=found)
    return ["Pilgrimage deploys at most four sides, one per table edge"] if len(seats) > MAX_SIDES else []


def start_problems(state: PlayState) -> list[str]:
    """Nothing waits for `start`: the Oathbands may come after it, knowing the weather."""
    return []


PILGRIMAGE_V3 = PILGRIMAGE_V2.revise(
    "3",
    summary=("Inch-measured skirmish wargame with D12 opposed rolls: the environment rolled before the "
             "Oathbands (600 Supplies) are chosen, terrain, deployment, Turns of alternating Acts of three "
             "Deeds, climbing and falling, Sight, light and weather, and the Crossing, Vigil and Reckoning Trials."),
    provisional_rules=PROVISIONAL_RULES_V3,
    events=(*PILGRIMAGE_EVENTS, CharacterShoved, CharacterFell),
    settings_type=PilgrimageV3Settings,
    creation_problems=creation_problems,
    start_problems=start_problems,
    evolve=apply,
    reference=reference,
    state_view=state_view,
    plays=(
        play(SubmitOathband, submit_oathband, phase=Phase.ANY),
        play(Deploy, deploy, subject=seat_of_named),
        play(Move, move, subject=seat_acting),
        play(Climb, climb, subject=seat_acting),
        play(Stand, simple_deed, subject=seat_acting),
        play(Aim, simple_deed, subject=seat_acting),
        play(Guard, simple_deed, subject=seat_acting),
        play(Hide, simple_deed, subject=seat_acting),
        play(Use, simple_deed, subject=seat_acting),
        play(Fire, fire, subject=seat_acting),
        play(Assault, assault, subject=seat_acting),
        play(EndAct, finish_act, subject=seat_acting),
    ),
)
