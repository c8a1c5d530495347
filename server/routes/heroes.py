"""Heroes over HTTP: create one from a sheet, read it, list a player's, read its history, bring
it into a Pericle battle by id (the battle records the sheet as it is then), and between
encounters Rest, Recover and spend XP (seed 001, "At the End of Combat", lines 638-656)."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

import msgspec
from litestar import Request, Response, get, post
from litestar.params import FromPath, JSONBody, QueryParameter

from domain.commands import NAME_PATTERN
from domain.errors import NotPermitted, RuleViolation
from domain.heroes.aggregate import HeroState
from domain.heroes.commands import (
    AlchemyBonus,
    CreateHero,
    Days,
    EmbedRunestone,
    EnterBattle,
    ExtractRunestone,
    HealerHelp,
    Purchase,
    Recover,
    RecoverFully,
    Rest,
    SpendXp,
)
from domain.heroes.entering import inspiration_taken, joining, own_mode
from domain.heroes.provisional import HERO_PROVISIONAL, HeroProvisionalRule
from domain.hexes import Hex
from domain.rulesets import find_ruleset
from domain.rulesets.pericle.catalogue import HealingItemName, RunestoneName
from domain.rulesets.pericle.combat_commands import SeatName
from domain.rulesets.pericle.encounter import Facing, Name
from domain.rulesets.pericle.state import CombatState
from domain.seats import acting_seat
from server.api_models import CommandResult
from server.app_state import app_state
from server.hero_service import HERO_RULES, HEROES, HeroEnvelope, HeroService, hero_envelope
from server.http import caller, next_page, player_write, read_route, stored, write_route
from server.problems import not_found
from server.receipts import Receipt
from server.verification import Report, verify_stream

_READ = read_route("heroes")
_WRITE = write_route("heroes")


class HeroCreatedResponse(msgspec.Struct, frozen=True):
    """The created hero: its id, version, name and unspent XP."""

    id: str
    version: int
    name: str
    xp: int
    receipt: Receipt | None = None


class HeroView(msgspec.Struct, frozen=True):
    """A hero: its owner, sheet (with its Karma and healing items as they are now), unspent XP (and
    how much of it was gained adventuring, the only XP attributes take), Hit Points, wounds and
    Exhaustion, the battles it has entered and those whose outcome is recorded, the battle whose
    Rest it may still take, and why it died."""

    id: str
    owner: str
    name: str
    status: str
    ruleset: str
    ruleset_version: str  # the version whose Handbook checks the sheet passed
    sheet: dict[str, Any]
    xp: int
    max_hp: int
    hp: int
    battles: list[str]
    version: int
    wounds: int = 0
    exhaustion: int = 0
    earned_xp: int = 0
    outcomes: list[str] = []
    rest_due: str | None = None
    died: str | None = None
    alchemy_potions: list[str] = []  # Pericle 6: potions Alchemy made (seed 001 line 1248)
    inspiration: int = 0  # Pericle 6: the Inspiration point of Bardic Arts, at most one (line 1298)
    mode: str | None = None  # Pericle 6: its own mode, Adventure or Saga (line 545); null: each encounter's
    regenerated: bool = False  # Pericle 6: Regeneration cast on it since its last Recovery (line 1530)


class HeroList(msgspec.Struct, frozen=True):
    """A player's heroes, oldest first."""

    heroes: list[HeroView]


class HeroEventPage(msgspec.Struct, frozen=True):
    """A page of a hero's events in order; `next` is the `after` for the next page."""

    events: list[HeroEnvelope]
    next: int | None


class BringHero(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """`submit_hero` with a hero record in place of a pasted sheet."""

    hero_id: UUID
    start: Hex
    facing: Facing = 0
    in_hand: Annotated[list[Name], msgspec.Meta(max_length=3)] = []
    seat: SeatName | None = None


class HeroCommandResult(msgspec.Struct, frozen=True):
    """The hero's version after the command, the events it recorded, and the server's signed
    receipt of the new head (null when the command recorded nothing)."""

    version: int
    events: list[HeroEnvelope]
    receipt: Receipt | None = None


class RestBody(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The Rest at the end of a battle (line 646): `healer` names the hero (this one or an ally who
    fought the same battle) who tends its wounds with Healer I or II (lines 1209, 1313); `items`
    are healing items from the hero's pack it uses on itself (line 648; a potion rolls)."""

    battle_id: UUID
    healer: UUID | None = None
    items: Annotated[list[HealingItemName], msgspec.Meta(max_length=20)] = []


class RecoverBody(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A Recovery of `days` days in a safe and comfortable setting (line 652): the Loremaster says
    when the party has one, and for how long. A Pericle 6 hero may also attempt, each with a
    Moderate KN check (AD+0) rolled by the server: `alchemy`, a potion of +2 to that Skill or +1 to
    that attribute (line 1248); `herbalism`, a healing potion (line 1260); `bardic_arts`, an
    Inspiration point (line 1298)."""

    days: Days = 1
    alchemy: AlchemyBonus | None = None
    herbalism: bool = False
    bardic_arts: bool = False


class RunestoneBody(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Pericle 6: a runestone and one of the hero's weapons or its armour (seed 001 lines 727-747)."""

    runestone: RunestoneName
    item: Name


class SpendXpBody(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One purchase: an attribute (MT, DX 8 XP; KN 3 XP; only XP gained adventuring), a Skill rank
    (2 XP), a Discipline or a Spell (its Handbook cost), or Karma (5 XP each)."""

    buy: Purchase


class HeroRules(msgspec.Struct, frozen=True):
    """The provisional rules of a hero's life between encounters, where seed 001 is silent."""

    provisional: list[HeroProvisionalRule]


def _service(request: Request[Any, Any, Any]) -> HeroService:
    return app_state(request.app).heroes


def _view(state: HeroState) -> HeroView:
    return HeroView(id=state.hero_id, owner=state.owner, name=state.name, status=state.status, ruleset=state.ruleset,
                    ruleset_version=state.ruleset_version, sheet=state.sheet, xp=state.xp, max_hp=state.max_hp,
                    hp=state.hp, battles=list(state.battles), version=state.version, wounds=state.wounds,
                    exhaustion=state.exhaustion, earned_xp=state.earned_xp, outcomes=list(state.outcomes),
                    rest_due=state.rest_due, died=state.died, alchemy_potions=list(state.alchemy_potions),
                    inspiration=state.inspiration, mode=state.mode, regenerated=state.regenerated)


async def _hero(request: Request[Any, Any, Any], hero_id: UUID) -> HeroState:
    state: HeroState = await _service(request).load(str(hero_id))
    if state.status == "new":
        raise not_found(f"hero {hero_id}")
    return state


@post("/v1/heroes", summary="Create a hero from a sheet the newest Pericle version's Hero Handbook checks allow",
      **_WRITE)
async def create_hero(request: Request[Any, Any, Any], data: JSONBody[CreateHero]) -> Response[HeroCreatedResponse]:
    player, idempotency = await player_write(request, "play")
    return stored(await _service(request).create(player.id, data, idempotency))


@get("/v1/heroes/{hero_id:uuid}", summary="A hero as it stands", **_READ)
async def show_hero(request: Request[Any, Any, Any], hero_id: FromPath[UUID]) -> HeroView:
    return _view(await _hero(request, hero_id))


@get("/v1/heroes", summary="A player's heroes, oldest first (`player=me`: the caller's)", **_READ)
async def list_heroes(request: Request[Any, Any, Any],
                      player: Annotated[str, QueryParameter(
                          min_length=1, max_length=64, pattern=NAME_PATTERN,
                          description="the owner's player id; `me` for the caller (needs a token)")]) -> HeroList:
    player_id = (await caller(request)).player.id if player == "me" else player
    return HeroList(heroes=[_view(state) for state in await _service(request).owned_by(player_id)])


@get("/v1/heroes/{hero_id:uuid}/events", summary="A hero's history: its hash-chained event log", **_READ)
async def hero_events(
    request: Request[Any, Any, Any], hero_id: FromPath[UUID],
    after: Annotated[int, QueryParameter(ge=0, le=2**31 - 1)] = 0,
    limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 100,
) -> HeroEventPage:
    state = await _hero(request, hero_id)
    service = _service(request)
    events = await service.store.read_stream(service.kind.stream_id(str(hero_id)), after=after, limit=limit)
    return HeroEventPage(events=[hero_envelope(e) for e in events], next=next_page(events, state.version))


@get("/v1/heroes/{hero_id:uuid}/verify", **_READ,
     summary="Check the hero's hash chain and every recorded command decided again")
async def verify_hero(request: Request[Any, Any, Any], hero_id: FromPath[UUID]) -> Report:
    state = app_state(request.app)
    report = await verify_stream(state.heroes.store, HEROES.stream_id(str(hero_id)), str(hero_id), HERO_RULES,
                                 state.notary, [], state.expensive_reads)
    if report is None:
        raise not_found(f"hero {hero_id}")
    return report


@post("/v1/battles/{battle_id:uuid}/heroes", tags=["battles", "heroes"], security=_WRITE["security"],
      responses=_WRITE["responses"],
      summary="Bring a hero into a Pericle battle by id: the hero joins as its record stands now")
async def bring_hero(request: Request[Any, Any, Any], battle_id: FromPath[UUID],
                     data: JSONBody[BringHero]) -> Response[CommandResult]:
    player, idempotency = await player_write(request, "play")
    hero = await _hero(request, data.hero_id)
    battles = app_state(request.app).service
    battle = await battles.load(str(battle_id))
    if battle.status == "new":
        raise not_found(f"battle {battle_id}")
    if battle.ruleset != hero.ruleset:
        raise RuleViolation("hero-ruleset", f"a {hero.ruleset} hero cannot join a {battle.ruleset} battle")
    # The seat the hero joins must be its owner's: the acting seat of the caller, who owns the hero.
    seat = acting_seat(battle.seats, data.seat, player.id)
    if hero.owner != player.id:
        raise NotPermitted("not-hero-owner", "only the hero's owner brings it into a battle")
    if hero.status == "dead":
        raise RuleViolation("hero-dead", f"{hero.name} is dead ({hero.died}) and fights no more battles")
    inspiration = inspiration_taken(hero)
    ruleset = find_ruleset(battle.ruleset, battle.ruleset_version)
    combat = battle.ruleset_state
    mode = own_mode(hero, combat.encounter.mode if isinstance(combat, CombatState) else None, ruleset)
    command = joining(hero, ruleset, start=data.start, facing=data.facing, in_hand=list(data.in_hand), seat=data.seat,
                      inspiration=inspiration, mode=mode)
    result = await battles.command(player.id, str(battle_id), command, None, idempotency)
    # The battle holds the sheet; the hero's own history says where it went.
    await _service(request).execute(str(data.hero_id), player.id,
                                    EnterBattle(battle_id=str(battle_id), seat=seat, inspiration=inspiration),
                                    None, None)
    return stored(result)


async def _hero_command(request: Request[Any, Any, Any], hero_id: UUID, command: Any) -> Response[HeroCommandResult]:
    player, idempotency = await player_write(request, "play")
    await _hero(request, hero_id)
    return stored(await _service(request).execute(str(hero_id), player.id, command, None, idempotency))


@post("/v1/heroes/{hero_id:uuid}/rest", **_WRITE,
      summary="Rest at the end of a battle: 1 Exhaustion (more with Meditate), wounds of that battle healed by "
              "Healer, healing items used")
async def rest_hero(request: Request[Any, Any, Any], hero_id: FromPath[UUID],
                    data: JSONBody[RestBody]) -> Response[HeroCommandResult]:
    healer = None
    if data.healer is not None:
        helper = await _hero(request, data.healer)
        healer = HealerHelp(hero_id=helper.hero_id, disciplines=list(helper.sheet.get("disciplines", [])),
                            battles=list(helper.battles), alive=helper.status == "alive")
    return await _hero_command(request, hero_id, Rest(battle_id=str(data.battle_id), healer=healer,
                                                      items=list(data.items)))


@post("/v1/heroes/{hero_id:uuid}/recover", **_WRITE,
      summary="A Recovery of some days: 1 HP a day (2 for stone dwarves) and all Exhaustion; Pericle 6: "
              "Alchemy, Herbalism and Bardic Arts checks")
async def recover_hero(request: Request[Any, Any, Any], hero_id: FromPath[UUID],
                       data: JSONBody[RecoverBody]) -> Response[HeroCommandResult]:
    return await _hero_command(request, hero_id, Recover(days=data.days, alchemy=data.alchemy,
                                                         herbalism=data.herbalism, bardic_arts=data.bardic_arts))


@post("/v1/heroes/{hero_id:uuid}/extended-recovery", **_WRITE,
      summary="An Extended Recovery: full health and no Exhaustion")
async def recover_hero_fully(request: Request[Any, Any, Any], hero_id: FromPath[UUID]) -> Response[HeroCommandResult]:
    return await _hero_command(request, hero_id, RecoverFully())


@post("/v1/heroes/{hero_id:uuid}/runestones/embed", **_WRITE,
      summary="Pericle 6: embed a runestone from the hero's pack into a weapon or its armour during a Rest or "
              "Recovery, for 1E")
async def embed_runestone(request: Request[Any, Any, Any], hero_id: FromPath[UUID],
                          data: JSONBody[RunestoneBody]) -> Response[HeroCommandResult]:
    return await _hero_command(request, hero_id, EmbedRunestone(runestone=data.runestone, item=data.item))


@post("/v1/heroes/{hero_id:uuid}/runestones/extract", **_WRITE,
      summary="Pericle 6: extract a runestone from a weapon or the armour into the hero's pack, out of combat, "
              "for 1E")
async def extract_runestone(request: Request[Any, Any, Any], hero_id: FromPath[UUID],
                            data: JSONBody[RunestoneBody]) -> Response[HeroCommandResult]:
    return await _hero_command(request, hero_id, ExtractRunestone(runestone=data.runestone, item=data.item))


@post("/v1/heroes/{hero_id:uuid}/xp", **_WRITE,
      summary="Spend XP on an attribute, a Skill rank, a Discipline, a Spell or Karma, with every Handbook check")
async def spend_hero_xp(request: Request[Any, Any, Any], hero_id: FromPath[UUID],
                        data: JSONBody[SpendXpBody]) -> Response[HeroCommandResult]:
    return await _hero_command(request, hero_id, SpendXp(buy=data.buy))


@get("/v1/heroes/rules", summary="The provisional rules of heroes between encounters (where the seed is silent)",
     tags=["heroes"])
async def hero_rules() -> HeroRules:
    return HeroRules(provisional=list(HERO_PROVISIONAL))
