"""No command is refused after its dice were drawn (issue #12, point 4).

A refusal records nothing and spends no nonce, so a refusal that depends on the dice lets a
player retry until they favour them. Every command type of every registered ruleset version,
the core and contest commands, and the tournament's, are sent with plausible and implausible
fields (figures, characters and seats that exist and ones that do not, boundary numbers, bad
dice expressions) against battles in many states, reached by random play from set scenes. The
property: when `decide` refuses, it drew no die; when it accepts, its events apply.

`DRAW_EXAMPLES` (default 40 per test) lengthens the run, e.g. `DRAW_EXAMPLES=500`.
"""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.battle import BattleState, ReplayFromScratch, decide, evolve, replay
from domain.commands import ClaimSeat, CreateBattle, RollDice, Start
from domain.contests import Contest
from domain.dice import HmacDice, WatchedDice
from domain.errors import DomainError
from domain.hexes import DIRECTIONS, Hex
from domain.rulesets import RULESETS, find_ruleset
from domain.rulesets.d100.characters import Characteristics
from domain.rulesets.d100.commands import AddCharacter, BeginCombat, EndRound, HoldBreath, TakeDamage
from domain.rulesets.d100.events import BreathHeld
from domain.rulesets.d100.v3.commands import Expose, PassTime
from domain.rulesets.pericle.catalogue import WEAPONS
from domain.rulesets.pericle.state import CombatState
from domain.rulesets.pilgrimage.oathband import Oathband
from domain.rulesets.pilgrimage.play import Deploy, PlayState, SubmitOathband
from domain.rulesets.pilgrimage.rules import side_to_act
from domain.tournament import aggregate as tournament
from domain.tournament.commands import BattleResult, CloseRound, PairRound, TournamentPlay
from tests.bands import BAND
from tests.unit.command_fuzz import (
    ALL_COMMANDS,
    NOBODY,
    Pools,
    _type_info,
    command_of,
    commands_for,
    core_pools,
    hex_pool,
    values_of,
    with_pools,
)
from tests.unit.pericle_arena import BAERWYN, SINDARO, VARYA, PericleArena, encounter
from tests.unit.pericle_bot import proposals, toward
from tests.unit.pilgrimage_arena import Arena, band
from tests.unit.tournament_helpers import Driver

EXAMPLES = int(os.environ.get("DRAW_EXAMPLES", "40"))
STEPS = 25
SEED = b"\x2a" * 32
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


class Scene(NamedTuple):
    """A battle to start from, with the log that made it (None when a test set it up by hand)."""

    name: str
    state: BattleState
    log: tuple[msgspec.Struct, ...] | None


class RefusedAfterDraw(AssertionError):
    pass


BY_TAG = {str(kind.__struct_config__.tag): kind for kind in ALL_COMMANDS}


def decided(state: BattleState, command: msgspec.Struct, actor: str, seed: bytes) -> list[msgspec.Struct] | None:
    """The command's events, or None when refused; a refusal after a draw fails the test."""
    battle_id = state.battle_id or "00000000-0000-4000-8000-000000000000"
    watched = WatchedDice(HmacDice(seed, battle_id, state.client_seeds, state.next_nonce), state.next_nonce)
    try:
        return decide(state, command, watched, actor)
    except DomainError as refused:
        if watched.drawn:
            raise RefusedAfterDraw(f"{command!r} by {actor} was refused ({refused.rule}: {refused.detail}) after "
                                   f"drawing {watched.purposes}") from refused
        return None


# ---- driving battles through commands ---------------------------------------------------------


class Table:
    """A battle built by commands only, so its log replays to its state."""

    def __init__(self, ruleset: str, seats: Sequence[str], options: dict[str, Any] | None = None,
                 battle: str = "00000000-0000-4000-8000-00000000d0a0", referees: tuple[str, ...] = ()) -> None:
        self.state = BattleState()
        self.log: list[msgspec.Struct] = []
        self.players = {seat: f"p-{seat}" for seat in seats}
        self.run(CreateBattle(battle_id=battle, ruleset=ruleset.split("@")[0], seats=tuple(seats),
                              options=options or {}, referees=referees), "creator", ruleset)

    def run(self, command: Any, actor: str, ruleset: str | None = None) -> list[msgspec.Struct]:
        dice = HmacDice(SEED, self.state.battle_id or "b", self.state.client_seeds, self.state.next_nonce)
        [created, *rest] = events = decide(self.state, command, dice, actor)
        if ruleset and "@" in ruleset:  # an older registered version, as a battle created under it holds
            name, version = ruleset.split("@")
            options = RULESETS[(name, version)].resolve_options(dict(command.options))
            events = [msgspec.structs.replace(created, ruleset_version=version, options=options), *rest]
        return self.apply(events)

    def apply(self, events: list[msgspec.Struct]) -> list[msgspec.Struct]:
        """Record events as they are, as a battle recorded under earlier rules holds them."""
        for event in events:
            self.state = evolve(self.state, event)
        self.log += events
        return events

    def seat_all(self) -> Table:
        for seat, player in self.players.items():
            self.run(ClaimSeat(seat=seat), player)
        return self

    def start(self) -> Table:
        self.run(Start(), "creator")
        return self

    def scene(self, name: str) -> Scene:
        return Scene(name, self.state, tuple(self.log))


def walk(data: st.DataObject, scenes: Sequence[Scene], pools_of: Callable[[BattleState], Pools],
         proposed: Callable[[BattleState, random.Random], list[tuple[str, dict[str, Any]]]] | None = None) -> None:
    """From a scene, STEPS commands: each refusal must come before any die, each acceptance applies."""
    scene = data.draw(st.sampled_from(scenes), label="scene")
    state, log = scene.state, list(scene.log) if scene.log is not None else None
    seed = data.draw(st.binary(min_size=32, max_size=32), label="dice seed")
    own = find_ruleset(state.ruleset, state.ruleset_version).commands
    for _ in range(STEPS):
        pools = with_pools(core_pools(state), pools_of(state))
        command, actor = data.draw(_command_and_actor(state, own, pools, proposed))
        if command is None:
            continue
        events = decided(state, command, actor, seed)
        if not events:
            continue
        try:
            state = replay(events, state)
        except ReplayFromScratch:  # an overturn voids events before this state: replay the log
            if log is None:
                return
            state = replay([*log, *events])
        if log is not None:
            log += events


@st.composite
def _command_and_actor(draw: st.DrawFn, state: BattleState, own: Sequence[type[msgspec.Struct]], pools: Pools,
                       proposed: Callable[[BattleState, random.Random], list[tuple[str, dict[str, Any]]]] | None,
                       ) -> tuple[msgspec.Struct | None, str]:
    """A fuzzed command of any type, or (when a bot is given) a bot's proposal with one field redrawn."""
    if proposed is not None and draw(st.booleans()):
        offers = proposed(state, random.Random(draw(st.integers(0, 2**16))))
        if offers:
            seat, body = draw(st.sampled_from(offers))
            kind = BY_TAG[body["type"]]
            fields = _type_info(kind).fields
            if fields and draw(st.integers(0, 2)):
                field = draw(st.sampled_from(fields))
                body = {**body, field.encode_name: draw(values_of(field.type, field.name, pools))}
            try:
                command = msgspec.convert(body, kind)
            except msgspec.ValidationError:
                return None, ""
            player = next((s.player_id for s in state.seats if s.name == seat), None) or "stranger"
            return command, draw(st.sampled_from([player, player, player, *pools["actor"]]))
    kind = draw(commands_for(own))
    command = draw(command_of(kind, pools))
    owner = _owner(state, command)
    return command, draw(st.sampled_from([owner, owner, *pools["actor"]] if owner else pools["actor"]))


def _owner(state: BattleState, command: msgspec.Struct | None) -> str | None:
    """The player of the seat whose figure, character or hero the command names, if any."""
    named = next((getattr(command, field) for field in ("figure", "character", "hero", "helper")
                  if isinstance(getattr(command, field, None), str)), None)
    game = state.ruleset_state
    find = getattr(game, "figure", None) or getattr(game, "character", None)
    found = find(named) if named is not None and find is not None else None
    seat = getattr(found, "seat", None)
    return next((s.player_id for s in state.seats if s.name == seat), None)


# ---- Pilgrimage -------------------------------------------------------------------------------


def pilgrimage_pools(battle: BattleState) -> Pools:
    play = battle.ruleset_state
    if not isinstance(play, PlayState):
        return {"oathband": [BAND]}
    acting = play.figure(play.activation.character) if play.activation else None
    side = side_to_act(play)
    ready = [f.id for f in play.figures if f.seat == side and not f.tired]
    ids = [f.id for f in play.figures]
    points = [(f.x or 0.0, f.y or 0.0) for f in play.figures if f.deployed] + [(4.0, 2.0), (4.0, 46.0), (24.0, 24.0)]
    near = [[round(x + dx, 2), round(y + dy, 2)] for x, y in points for dx, dy in ((0, 1), (1, 1), (-2, 3), (0.5, 0))]
    if acting is not None:
        near += [[(acting.x or 0) + dx, (acting.y or 0) + dy] for dx, dy in ((0, 4), (3, 3), (0, -5), (1, 0))]
    foes = [f.id for f in play.figures if acting is not None and f.seat != acting.seat]
    player_of = {seat.name: seat.player_id for seat in battle.seats}
    return {
        "character": ([acting.id] * 3 if acting else []) + ready * 2 + ids + ["south/9", NOBODY],
        "target": foes * 3 + ids + [NOBODY],
        "x": [p[0] for p in near], "y": [p[1] for p in near],
        "to": near, "path": [[p] for p in near] + [near[:3]], "path[]": near,
        "objective": [o.name for o in play.table.objectives] + ["nowhere"],
        "oathband": [BAND, {"name": "Greedy", "characters": [{"name": "X", "aim": 3, "gear": ["crossbow"]}] * 9}],
        "actor": [player_of.get(acting.seat) or "stranger"] * 3 if acting else
        [player_of.get(side or "") or "stranger"] * 3,
    }


def pilgrimage_proposals(battle: BattleState, rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    """What a player might send now: deploy in its zone, activate whoever may act, or a Deed of
    the acting Character toward, at or against the nearest enemy."""
    play = battle.ruleset_state
    if not isinstance(play, PlayState) or battle.status != "active":
        return []
    if play.phase == "deployment":
        edge = {0: (None, 2.0), 1: (None, play.table.depth - 2), 2: (2.0, None), 3: (play.table.width - 2, None)}
        offers = []
        for figure in play.figures:
            x, y = edge[play.seats.index(figure.seat)]
            spot = rng.uniform(2, 40)
            offers.append((figure.seat, {"type": "deploy", "character": figure.id, "x": spot if x is None else x,
                                         "y": spot if y is None else y}))
        return offers
    if play.activation is None:
        return [(f.seat, {"type": "activate", "character": f.id}) for f in play.figures
                if f.seat == side_to_act(play) and not f.tired and not f.out_of_action]
    acting = play.figure(play.activation.character)
    assert acting is not None
    enemies = sorted((f for f in play.figures if f.seat != acting.seat and f.deployed and not f.out_of_action),
                     key=lambda f: (f.x - acting.x) ** 2 + (f.y - acting.y) ** 2)
    offers = [(acting.seat, {"type": kind}) for kind in ("aim", "guard", "hide", "stand", "end_act")]
    offers += [(acting.seat, {"type": "climb", "to": [acting.x + dx, acting.y + dy]})
               for dx, dy in ((0, 0.8), (0.8, 0), (0, -0.8), (-0.8, 0))]
    for enemy in enemies[:2]:
        offers += [(acting.seat, {"type": "fire", "target": enemy.id}),
                   (acting.seat, {"type": "assault", "target": enemy.id}),
                   (acting.seat, {"type": "assault", "target": enemy.id, "shove": True})]
        gap = max(1e-9, ((enemy.x - acting.x) ** 2 + (enemy.y - acting.y) ** 2) ** 0.5)
        for reach in (1.0, 2.5, min(3.0, gap - 0.5)):
            step = max(0.0, reach) / gap
            offers.append((acting.seat, {"type": "move", "path": [[acting.x + (enemy.x - acting.x) * step,
                                                                    acting.y + (enemy.y - acting.y) * step]]}))
    return offers


@functools.cache
def pilgrimage_scenes() -> tuple[Scene, ...]:
    scenes = []
    v1 = Table("pilgrimage@1", ["south", "north"]).seat_all()
    scenes += [v1.scene("v1 open"), v1.start().scene("v1 active")]
    muster = Table("pilgrimage@2", ["south", "north"]).seat_all()
    scenes.append(muster.scene("v2 muster"))
    for _seat, player in muster.players.items():
        muster.run(SubmitOathband(oathband=msgspec.convert(BAND, Oathband)), player)
    scenes.append(muster.scene("v2 bands in"))
    muster.start()
    scenes.append(muster.scene("v2 deployment"))
    first = muster.state.ruleset_state.figures[0]
    muster.run(Deploy(character=first.id, x=10, y=2), muster.players[first.seat])
    scenes.append(muster.scene("v2 one deployed"))
    fighter = {"name": "Fighter", "aim": 1, "might": 1, "gear": ["bow"]}
    for trial in ("Crossing", "Vigil", "Reckoning"):
        arena = Arena(band(fighter, {"name": "Runner", "pace": 2}), band(fighter, fighter), trial=trial,
                      weather=("Hail",) if trial == "Vigil" else ())
        arena.deploy_all(south_1=(20, 18), south_2=(24, 18), north_1=(20, 20), north_2=(24, 28))
        scenes += [Scene(f"v2 turns {trial}", arena.state, None)] * 3  # where most commands are played
    # Version 3: the Oathbands after `start`, and Turns among heights (climbs, drops, shoves, falls).
    later = Table("pilgrimage@3", ["south", "north"]).seat_all()
    later.start()
    scenes.append(later.scene("v3 muster after start"))
    for _seat, player in later.players.items():
        later.run(SubmitOathband(oathband=msgspec.convert(BAND, Oathband)), player)
    scenes.append(later.scene("v3 deployment"))
    heights = {"terrain": [
        {"name": "tower", "kinds": ["climbable"], "polygon": [[18, 19], [22, 19], [22, 23], [18, 23]], "height": 7},
        {"name": "wall", "kinds": ["obscuring"], "polygon": [[23, 19], [26, 19], [26, 19.5], [23, 19.5]], "height": 1},
    ], "lights": [], "objectives": []}
    for trial in ("Crossing", "Reckoning"):
        arena = Arena(band(fighter, {"name": "Runner", "pace": 2}), band(fighter, fighter), trial=trial,
                      table=heights, version="3", weather=("Frostbound",) if trial == "Reckoning" else ())
        arena.deploy_all(south_1=(20, 18.5), south_2=(24, 18), north_1=(20, 20), north_2=(24, 21))
        arena.place("north/1", 20, 19.5, z=7)
        arena.place("south/1", 20, 18.5, z=4)
        scenes += [Scene(f"v3 turns {trial}", arena.state, None)] * 3
    return tuple(scenes)


@FUZZ
@given(data=st.data())
def test_pilgrimage_refuses_only_before_drawing(data: st.DataObject) -> None:
    walk(data, pilgrimage_scenes(), pilgrimage_pools, pilgrimage_proposals)


# ---- Pericle ----------------------------------------------------------------------------------


def pericle_pools(battle: BattleState) -> Pools:
    combat = battle.ruleset_state
    if not isinstance(combat, CombatState):
        return {"hero": [VARYA, BAERWYN, SINDARO], "hex": [{"q": 0, "r": 3}, {"q": 0, "r": 4}, {"q": 9, "r": 9}]}
    acting_id = combat.current or (combat.delayed[0] if combat.delayed else None)
    if combat.phase == "movement":
        focus = [f for f in combat.figures if f.team == combat.moving and f.id not in combat.moved_figures]
    else:
        focus = [f for f in combat.figures if f.id == acting_id]
    acting = focus[0] if focus else None
    foes = sorted((f for f in combat.figures if acting and f.team != acting.team),
                  key=lambda f: abs(f.hex.q - acting.hex.q) + abs(f.hex.r - acting.hex.r) if acting else 0)
    ids = [f.id for f in combat.figures]
    paths = []
    for figure in focus:
        for foe in foes[:2] or combat.figures[:1]:
            full = toward(combat, figure, foe.hex, figure.movement)
            paths += [full[:n] for n in range(1, len(full) + 1)]
        paths += [[figure.hex + Hex(d.q * n, d.r * n)] for d in DIRECTIONS for n in (2, 3)]
    player_of = {seat.name: seat.player_id for seat in battle.seats}
    weapons = [w.name for f in focus for w in f.weapons] + [i for f in focus for i in f.in_hand]
    centres = [f.hex for f in combat.figures] + [d.hex for d in combat.encounter.map.doors] + \
        list(combat.encounter.map.pits)
    strikes = [{"target": target, **({"weapon": weapon} if weapon else {})}
               for target in [f.id for f in foes[:3]] + [NOBODY] for weapon in [None, *weapons[:3]]]
    return {
        "strike": strikes, "strikes": [[a, b] for a in strikes[:6] for b in strikes[::5]] + [[a] for a in strikes],
        "figure": [f.id for f in focus] * 3 + ids + [NOBODY],
        "target": [f.id for f in foes[:3]] * 2 + ids + [NOBODY],
        "hero": [f.id for f in combat.team("heroes")] + [NOBODY],
        "weapon": [*weapons, "shield", "unarmed", "Claw", "Longbow"],
        "disarm": ["shield", "dagger"],
        "item": ["Potion of Healing", "shield", "dagger", "short sword"],
        "in_hand": [list(f.in_hand) for f in focus] + [["dagger"], ["shield", "short sword"], []],
        "in_hand[]": [*weapons, "shield"],
        "spell": ["Blur", "Clumsiness", "Fireball"],
        # Version 5 applies these when used (v5/using.py); Parry applies by itself; Alchemy is not
        # for a combat.
        "discipline": ["Whirlwind Attack", "Taunt I", "Taunt II", "Polearm Trip", "Martial Arts III", "Acrobatics I",
                       "Acrobatics II", "Berserk", "Marksmanship I", "Marksmanship II", "Tumble I", "Tumble II",
                       "Martial Arts II", "Shield Bash II", "Shield Bash III", "Polearm Charge", "Parry",
                       "Alchemy"],
        "cancel_spells": [[], ["Blur"]],
        "hex": hex_pool(centres),
        "path": [[{"q": h.q, "r": h.r} for h in path] for path in paths] + [[]],
        "actor": [player_of.get(f.seat) or "stranger" for f in focus] * 3,
    }


def pericle_proposals(battle: BattleState, rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    combat = battle.ruleset_state
    if not isinstance(combat, CombatState) or battle.status != "active" or combat.phase == "ended":
        return []
    offers = []
    for offer in proposals(combat, rng):
        offers.append(offer)
        if len(offers) >= 12:
            break
    return offers + [variant for offer in offers for variant in _with_options(combat, *offer)]


def _with_options(combat: CombatState, seat: str, body: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The optional parts a player may add to a bot's command: an Overrun at the end of a
    creature's move, a strike after a Grapple or on joining a pile."""
    figure = combat.figure(body.get("figure", ""))
    if figure is None:
        return []
    foes = [f.id for f in combat.figures if f.team != figure.team][:3]
    if body["type"] == "move_figure" and "Overrun" in figure.disciplines:
        end = Hex(**body["path"][-1]) if body.get("path") else figure.hex
        return [(seat, {**body, "overrun": {"q": h.q, "r": h.r}}) for h in (end + d for d in DIRECTIONS)]
    if body["type"] == "grapple" or body.get("join_pile"):
        return [(seat, {**body, "strike": {"target": foe, **extra}}) for foe in foes
                for extra in ({}, {"weapon": "Short Sword"})]
    return []


BAT = {"id": "bat", "name": "Giant bat", "hp": 4, "mt": 1, "base_ad": 2, "movement": 2, "flying": 6,
       "attacks": [{"name": "Bite", "damage": "1d4", "natural": True, "poison": {"damage": "1d4", "ad": -1}}],
       "abilities": ["Grappling Expertise"], "hex": {"q": 3, "r": 6}, "facing": 3}
TROLL = {"id": "troll", "name": "Troll", "hp": 12, "mt": 8, "base_ad": 0, "size": 3, "armour": 1, "movement": 3,
         "abilities": ["Overrun"], "overrun_damage": "1d6",
         "attacks": [{"name": "Club", "damage": "1d6", "weapon_class": "hammer"}], "hex": {"q": 6, "r": 1},
         "facing": 2}
OGRE = {"id": "ogre", "name": "Ogre", "hp": 9, "mt": 5, "base_ad": 1, "abilities": ["Overrun"],
        "overrun_damage": "1d6", "attacks": [{"name": "Club", "damage": "2d6", "weapon_class": "hammer"}],
        "hex": {"q": 2, "r": 3}, "facing": 3}


def _bot_played(extra: dict[str, Any], seed: int, steps: int) -> PericleArena:
    arena = PericleArena(**extra)
    rng = random.Random(seed)
    for _ in range(steps):
        if arena.combat.phase == "ended":
            break
        for seat, body in proposals(arena.combat, rng):
            try:
                arena.command(seat, body)
            except DomainError:
                continue
            break
    return arena


@functools.cache
def pericle_scenes() -> tuple[Scene, ...]:
    scenes = [Table("pericle@1", ["a", "b"]).seat_all().start().scene("v1"),
              Table("pericle@2", ["a", "b"]).seat_all().start().scene("v2 checks"),
              Table("pericle", ["a", "b"]).seat_all().start().scene("v3 checks only"),
              Table("pericle", ["ana", "gm"], {"encounter": encounter()}).seat_all().scene("v3 heroes joining")]
    crowded = {"enemies": [*encounter()["enemies"], BAT, TROLL, OGRE],
               "map": {**encounter()["map"], "pits": [{"q": 1, "r": 6}],
                       "hazards": [{"hex": {"q": 1, "r": 3}, "name": "fire", "damage": "1d4"},
                                   {"hex": {"q": 1, "r": 4}, "name": "embers", "damage": "1d6"}],
                       "doors": [{"hex": {"q": 3, "r": 2}}]}}
    for number, (extra, steps) in enumerate([({}, 0), ({}, 25), ({}, 70), (crowded, 0), (crowded, 6),
                                              (crowded, 30), (crowded, 90), ({"surprise": "enemies"}, 4)]):
        arena = _bot_played(extra, number, steps)
        scenes.append(Scene(f"v3 combat {number}", arena.state, tuple(arena.events)))
    return (*scenes, *_hand_set_scenes() * 4)


def _hand_set_scenes() -> list[Scene]:
    """Set-ups a random game seldom reaches: a hero striking with two weapons among foes near and
    far, a Grapple Pile beyond a body to cross, an ogre charging over a body (by hand: no log)."""
    duel = PericleArena()
    duel.put("hero-varya", 3, 3, facing=0, weapons=(WEAPONS["dagger"], WEAPONS["knife"]), in_hand=("dagger", "knife"),
             disciplines=("Dual Weapons", "Deft Strikes"), mastery=())
    duel.put("spearman", 5, 1)
    duel.put("zombie", 2, 3)  # behind her: no strike reaches it
    duel.to_actions("heroes", deft=("hero-varya",))
    duel.pass_until("hero-varya")
    grapple = PericleArena()
    grapple.put("hero-varya", 3, 3, facing=0, in_hand=("dagger",), grapple=6)
    grapple.put("spearman", 3, 2)
    grapple.to_actions("heroes")
    grapple.pass_until("hero-varya")
    scenes = [Scene("two weapons", duel.state, None), Scene("grapple", grapple.state, None)]
    for phase in ("movement", "actions"):
        pile = PericleArena()
        pile.put("zombie", 3, 3, condition="prone", grappled_with=("hero-varya",))
        pile.put("hero-varya", 3, 3, condition="prone", grappled_with=("zombie",))
        pile.put("hero-sindaro", 1, 3, facing=0, in_hand=("dagger",))
        pile.put("spearman", 2, 3, condition="dead")
        pile.put("orc", 7, 7)
        if phase == "movement":
            pile.to_movement("heroes")
        else:
            pile.to_actions("heroes")
            pile.pass_until("hero-sindaro")
        scenes.append(Scene(f"pile beyond a body ({phase})", pile.state, None))
    for phase in ("movement", "declare", "actions"):
        # Version 5's used Disciplines: strikes at every foe ahead, trips, taunts, aimed shots.
        trained = PericleArena()
        trained.put("hero-varya", 3, 3, facing=0, weapons=(WEAPONS["short spear"], WEAPONS["hand crossbow"]),
                    in_hand=("short spear",), disciplines=(
                        "Whirlwind Attack", "Taunt I", "Taunt II", "Polearm Trip", "Martial Arts I", "Martial Arts II",
                        "Martial Arts III", "Acrobatics I", "Acrobatics II", "Berserk", "Marksmanship I",
                        "Marksmanship II", "Parry", "Tumble I", "Tumble II", "Shield Bash I", "Shield Bash II",
                        "Shield Bash III", "Polearm Charge"))
        trained.put("hero-baerwyn", 2, 4, condition="prone", disciplines=("Acrobatics I", "Marksmanship I"))
        trained.put("spearman", 4, 2, facing=3)
        if phase == "movement":
            trained.to_movement("heroes")
        elif phase == "declare":
            trained.to_movement("heroes")
            for _ in range(2):
                trained.command("ana" if trained.combat.moving == "heroes" else "gm", {"type": "end_movement"})
            trained.command("ana", {"type": "end_repositioning"}, [1] * 20)
        else:
            trained.to_actions("heroes")
            trained.pass_until("hero-varya")
        scenes.append(Scene(f"version 5 Disciplines ({phase})", trained.state, None))
    charge = PericleArena(enemies=[*encounter()["enemies"], {**OGRE, "hex": {"q": 6, "r": 3}}])
    charge.put("hero-varya", 3, 3, facing=0)
    charge.put("spearman", 5, 3, condition="dead")
    charge.put("orc", 7, 7)
    charge.put("zombie", 6, 6)
    charge.to_movement("enemies")
    scenes.append(Scene("ogre charge over a body", charge.state, None))
    return scenes


@FUZZ
@given(data=st.data())
def test_pericle_refuses_only_before_drawing(data: st.DataObject) -> None:
    walk(data, pericle_scenes(), pericle_pools, pericle_proposals)


# ---- d100 -------------------------------------------------------------------------------------

ARDEN = {"str": 12, "con": 3, "siz": 13, "dex": 11, "int": 14, "pow": 10, "cha": 9}


def d100_pools(battle: BattleState) -> Pools:
    adventure = battle.ruleset_state
    characters = [c.id for c in getattr(adventure, "characters", ())]
    things = [t.id for t in getattr(adventure, "things", ())]
    expressions = ["1d4", "2d6+3", "1d0", "2d0+1", "0d6", "1D6", "99d999", "60d6"]
    afflictions = ["Gorgon Serpent Venom", "The Shakes"]
    return {"character": characters * 3 + [NOBODY], "helper": [*characters, NOBODY],
            "patient": [*characters, NOBODY], "object": [*things, "gate"], "fumes": expressions,
            "damage": expressions, "duration": expressions, "delay": expressions,
            "name": [*afflictions, "Arden", "Bryn", "Gate"], "characteristics": [ARDEN],
            "affliction": [*afflictions, "Wyvern", {**VENOM, "delay": "1d0"}, {**VENOM, "damage": "0d6"}]}


VENOM = {"name": "Venom", "kind": "poison", "delay": "1d3", "delay_unit": "rounds", "potency": 40, "damage": "1d3"}


def _d100_characters(table: Table, *afflictions: tuple[str, str]) -> str:
    """Three characters, some exposed to an affliction whose Delay has run, Cade badly hurt."""
    pc = table.players["pc"]
    for name in ("Arden", "Bryn", "Cade"):
        table.run(AddCharacter(name=name, characteristics=msgspec.convert(ARDEN, Characteristics)), pc)
    for affliction, character in afflictions:
        table.run(Expose(character=character, affliction=affliction), pc)
    if afflictions:
        table.run(PassTime(minutes=2 * 24 * 60), pc)
    table.run(TakeDamage(character="cade", amount=9), pc)
    return pc


@functools.cache
def d100_scenes() -> tuple[Scene, ...]:
    scenes = [Table("d100@1", ["gm", "pc"]).seat_all().start().scene("v1")]
    table = Table("d100@2", ["gm", "pc"]).seat_all().start()
    scenes.append(table.scene("v2 empty"))
    pc = _d100_characters(table)
    scenes.append(table.scene("v2 characters"))
    table.run(BeginCombat(), pc)
    table.run(HoldBreath(character="arden", fumes="1d4"), pc)
    # Recorded before fumes were checked: a character holding its breath in what rolls a 0-sided die.
    table.apply([BreathHeld(seat="pc", character="bryn", fumes="1d0")])
    scenes.append(table.scene("v2 holding breath"))
    for _ in range(4):
        table.run(EndRound(), pc)
    scenes.append(table.scene("v2 out of breath"))
    return (*scenes, *d100_v3_scenes())


def d100_v3_scenes() -> list[Scene]:
    table = Table("d100", ["gm", "pc"]).seat_all().start()
    scenes = [table.scene("v3 empty")]
    pc = _d100_characters(table, ("Gorgon Serpent Venom", "arden"), ("The Shakes", "bryn"))
    scenes.append(table.scene("v3 afflicted"))
    table.run(BeginCombat(), pc)
    table.run(HoldBreath(character="arden", fumes="1d4"), pc)
    table.apply([BreathHeld(seat="pc", character="bryn", fumes="1d0")])
    for _ in range(3):
        table.run(EndRound(), pc)
    scenes.append(table.scene("v3 out of breath"))
    return scenes


@FUZZ
@given(data=st.data())
def test_d100_refuses_only_before_drawing(data: st.DataObject) -> None:
    walk(data, d100_scenes(), d100_pools)


# ---- the core commands and contests, in every ruleset -----------------------------------------


@functools.cache
def core_scenes() -> tuple[Scene, ...]:
    scenes = []
    for ruleset in sorted(f"{r.id}@{r.version}" for r in RULESETS.values()):
        table = Table(ruleset, ["a", "b"], battle=f"00000000-0000-4000-8000-{abs(hash(ruleset)) % 10**12:012d}")
        scenes.append(table.scene(f"{ruleset} created"))
        table.seat_all()
        if table.state.ruleset_state is None or not isinstance(table.state.ruleset_state, PlayState):
            table.start()
            scenes.append(table.scene(f"{ruleset} active"))
    refereed = Table("d100", ["a", "b"], referees=("referee",)).seat_all().start()
    refereed.run(RollDice(expression="1d6"), refereed.players["a"])
    scenes.append(refereed.scene("refereed with an action"))
    refereed.run(Contest(version=refereed.state.version, reason="loaded"), refereed.players["b"])
    scenes.append(refereed.scene("refereed with an open contest"))
    return tuple(scenes)


@FUZZ
@given(data=st.data())
def test_core_and_contest_commands_refuse_only_before_drawing(data: st.DataObject) -> None:
    walk(data, core_scenes(), lambda battle: {})


# ---- tournaments ------------------------------------------------------------------------------


@functools.cache
def tournament_scenes() -> tuple[tournament.TournamentState, ...]:
    found = []
    for players, rounds in ((0, 0), (1, 0), (3, 0), (5, 1), (4, 2)):
        driver = Driver(swiss_rounds=2)
        driver.register(players)
        for _ in range(rounds):
            paired = driver.pair()
            for pairing in paired.pairings:
                if pairing.b is not None:
                    driver.result(pairing.table, pairing.a)
            found.append(driver.state)
            driver.run(CloseRound(), "org")
        found.append(driver.state)
    return tuple(found)


TOURNAMENT_COMMANDS = (*TournamentPlay.__args__, BattleResult)


@FUZZ
@given(data=st.data())
def test_tournament_commands_refuse_only_before_drawing(data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(tournament_scenes()))
    seed = data.draw(st.binary(min_size=32, max_size=32))
    for _ in range(STEPS):
        players = [e.player_id for e in state.entrants]
        rounds = [r.number for r in state.rounds] or [1]
        pools: Pools = {"player_id": [*players, "stranger"], "winner": [*players, "stranger"], "round": rounds,
                        "table": [1, 2, 3], "army_list": [BAND, {"name": "x"}], "actor": ["org", *players, "x"]}
        kind = data.draw(st.sampled_from(TOURNAMENT_COMMANDS))
        command = data.draw(command_of(kind, pools))
        if command is None:
            continue
        actor = data.draw(st.sampled_from(pools["actor"]))
        watched = WatchedDice(HmacDice(seed, state.tournament_id, [], state.next_nonce), state.next_nonce)
        try:
            events = tournament.decide(state, command, watched, actor, "2026-12-01T12:00:00Z")
        except DomainError as refused:
            assert not watched.drawn, f"{command!r} refused ({refused.rule}) after drawing {watched.purposes}"
            continue
        state = tournament.replay(events, state)


def test_a_tournament_pairing_is_the_command_that_draws() -> None:
    """The tournament scenes reach the one command that rolls, so the property above is not empty."""
    driver = Driver()
    driver.register(3)
    watched = WatchedDice(HmacDice(SEED, driver.state.tournament_id, [], 0), 0)
    tournament.decide(driver.state, PairRound(), watched, "org", "2026-12-01T12:00:00Z")
    assert watched.drawn and watched.nonces == (0,)
