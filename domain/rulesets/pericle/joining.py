"""Who takes part in a combat: enemies and befriended animals from the encounter's stat blocks,
heroes from hero sheets checked against the Hero Handbook (`submit_hero`, before `start`)."""

from __future__ import annotations

import re
from collections.abc import Callable

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.contract import Events
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import WEAPONS, Weapon
from domain.rulesets.pericle.encounter import Companion, Enemy
from domain.rulesets.pericle.rules import Table, encounter_of
from domain.rulesets.pericle.sheet import HeroSheet, Stats, sheet_data, stats
from domain.rulesets.pericle.sheet import problems as sheet_problems
from domain.rulesets.pericle.state import Figure


def companion_figure(companion: Companion) -> Figure:
    """A befriended animal: its stat block, on the heroes' team."""
    return msgspec.structs.replace(enemy_figure(companion, companion.seat), team="heroes", companion=True)


def enemy_figure(enemy: Enemy, seat: str) -> Figure:
    # Natural attacks (claws, bites) serve in a Grapple too (seed 001, Grappling).
    weapons = tuple(Weapon(name=a.name, mt=0, damage=a.damage, weapon_class="natural" if a.natural else a.weapon_class,
                           reach=a.reach, ranged=a.ranged, thrown=a.thrown, melee=not a.ranged, grapple=a.natural,
                           poison=a.poison)
                    for a in enemy.attacks)
    return Figure(id=enemy.id, name=enemy.name, team="enemies", seat=seat, hex=enemy.hex, facing=enemy.facing,
                  size=enemy.size,
                  max_hp=enemy.hp, mt=enemy.mt, kn=enemy.kn, base_ad=enemy.base_ad, grapple=enemy.grapple,
                  movement=enemy.movement, flying_speed=enemy.flying or 0, armour=enemy.armour, shield=enemy.shield,
                  athletics=enemy.base_ad if enemy.athletics is None else enemy.athletics, weapons=weapons,
                  disciplines=tuple(enemy.abilities), overrun_damage=enemy.overrun_damage,
                  spells=() if isinstance(enemy.spells, msgspec.UnsetType) else tuple(enemy.spells),
                  in_hand=tuple(w.name.lower() for w in weapons) + (("shield",) if enemy.shield else ()))


def hero_id(name: str) -> str:
    return "hero-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def hero_figure(sheet: HeroSheet, seat: str, command: cmd.SubmitHero,
                derive: Callable[[HeroSheet], Stats] = stats) -> Figure:
    derived = derive(sheet)
    weapons = tuple(WEAPONS[w.lower()] for w in sheet.weapons)
    if command.in_hand:
        in_hand = tuple(item.lower() for item in command.in_hand)
    else:
        first = next((w for w in weapons if w.name not in ("Dagger", "Knife")), weapons[0] if weapons else None)
        in_hand = ((first.name.lower(),) if first else ()) + (("shield",) if sheet.shield else ())
    return Figure(id=hero_id(sheet.name), name=sheet.name, team="heroes", seat=seat, hex=command.start,
                  facing=command.facing, max_hp=derived.max_hp, mt=sheet.mt, kn=sheet.kn, base_ad=derived.base_ad,
                  grapple=derived.grapple, movement=derived.movement, armour=derived.armour, shield=derived.shield,
                  athletics=sheet.skills.get("Athletics", 0), weapons=weapons, in_hand=in_hand,
                  disciplines=tuple(sheet.disciplines), mastery=tuple(sheet.mastery), spells=tuple(sheet.spells),
                  everkin=sheet.ancestry == "everkin", karma=derived.karma,
                  pack=tuple(item.lower() for item in sheet.items))


def _hands(figure: Figure, sheet: HeroSheet) -> list[str]:
    found = []
    carried = {w.name.lower() for w in figure.weapons} | ({"shield"} if sheet.shield else set())
    unknown = [i for i in figure.in_hand if i not in carried]
    if unknown:
        found.append(f"in_hand: {unknown} not carried")
    if figure.hands(figure.in_hand) > 2:
        found.append("in_hand: two hands; a two-handed weapon takes both, a shield one")
    return found


def submit_hero(ctx: Table, command: cmd.SubmitHero) -> Events:
    """A hero joins the seat acting at one of the encounter's hero starting hexes; every way its
    sheet breaks the Hero Handbook is listed in one refusal."""
    return submit_checked(ctx, command, sheet_problems, stats)


def submit_checked(ctx: Table, command: cmd.SubmitHero, check: Callable[[HeroSheet], list[str]],
                   derive: Callable[[HeroSheet], Stats]) -> Events:
    """`submit_hero` with the Handbook checks and derived numbers of a version."""
    figure, found = hero_joining_problems(ctx, command, check, derive)
    if found or figure is None:
        raise RuleViolation("hero-invalid", "; ".join(found), problems=found)
    return [ev.HeroJoined(seat=ctx.seat, sheet=sheet_data(command.hero), figure=figure)]


def hero_joining_problems(ctx: Table, command: cmd.SubmitHero, check: Callable[[HeroSheet], list[str]],
                          derive: Callable[[HeroSheet], Stats]) -> tuple[Figure | None, list[str]]:
    """The figure a hero joining would be (None when its sheet breaks `check`), and every way the
    joining breaks the rules: the sheet, its hands, its name, its starting hex."""
    state = encounter_of(ctx)
    found = check(command.hero)
    figure = hero_figure(command.hero, ctx.seat, command, derive) if not found else None
    if figure is not None:
        found += _hands(figure, command.hero)
        if state.figure(figure.id) is not None:
            found.append(f"a hero named {command.hero.name!r} has already joined")
    if command.start not in state.encounter.hero_starts:
        found.append(f"{command.start} is not one of the encounter's hero starting hexes")
    elif state.at(command.start):
        found.append(f"{command.start} is already taken")
    return figure, found
