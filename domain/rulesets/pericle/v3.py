"""Pericle ruleset version 3: a combat played end to end. Heroes from validated hero sheets and
enemies from the encounter's stat blocks on a hex map; Initiative, the Movement phase with
Embattlement, repositioning, the Action phase in Action Order; attacks with facing, cover and
range, damage, crits, death; Blur and Clumsiness; Karma re-rolls. Versions 1 and 2 stay
registered so that their battles replay under them."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Union

import msgspec

from domain.dice import Dice, Die, Roll
from domain.errors import NotPermitted, RuleViolation
from domain.rulesets.base import ProvisionalRule, handler_for
from domain.rulesets.pericle import actions, guidance, turns
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import WEAPONS, Weapon
from domain.rulesets.pericle.checks import PericleChecks, RollCheck, RollCritDie, RollOpposedCheck
from domain.rulesets.pericle.encounter import Companion, Encounter, Enemy, companion_seat_problems, dice_problems
from domain.rulesets.pericle.encounter import problems as encounter_problems
from domain.rulesets.pericle.evolve import apply
from domain.rulesets.pericle.play import Play, seats_of
from domain.rulesets.pericle.provisional import COMBAT_RULES
from domain.rulesets.pericle.sheet import HeroSheet, stats
from domain.rulesets.pericle.sheet import problems as sheet_problems
from domain.rulesets.pericle.state import CombatState, Figure
from domain.rulesets.pericle.view import attack_modifiers, combat_view
from domain.seats import acting_seat

# Every command a Pericle combat battle takes of its own (to decode a recorded one for a re-run).
PericleCommand = Union[(*cmd.COMBAT_COMMANDS, RollCheck, RollOpposedCheck, RollCritDie)]  # type: ignore[valid-type]


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
                  in_hand=tuple(w.name.lower() for w in weapons) + (("shield",) if enemy.shield else ()))


def hero_id(name: str) -> str:
    return "hero-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def hero_figure(sheet: HeroSheet, seat: str, command: cmd.SubmitHero) -> Figure:
    derived = stats(sheet)
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


def as_sent(command: msgspec.Struct) -> dict[str, Any]:
    """The command's own fields (an API request's `expected_version` is the transport's)."""
    data: dict[str, Any] = msgspec.to_builtins(command)
    data.pop("expected_version", None)
    return data


class PericleOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Without an encounter a battle hosts checks only (outside combat, as in version 2)."""

    encounter: Encounter | None = None


class _ReplayDice:
    """For a Karma re-roll: the command's earlier rolls come back exactly as recorded (same
    nonce, same faces); its last set of dice, and anything after, is rolled afresh."""

    def __init__(self, recorded: Sequence[Roll], fresh: Dice) -> None:
        self._recorded = list(recorded)
        self._fresh = fresh
        self.commitment = fresh.commitment

    def start(self, purpose: str) -> Any:
        if self._recorded:
            return _Replayed(self._recorded.pop(0))
        return self._fresh.start(purpose)

    def reveal(self) -> str:
        return self._fresh.reveal()


class _Replayed:
    def __init__(self, roll: Roll) -> None:
        self._roll = roll
        self._faces: list[Die] = list(roll.dice)

    def draw(self, sides: int) -> int:
        if not self._faces or self._faces[0].sides != sides:
            # The re-run starts from the same state with the same dice, so it cannot part ways
            # before the re-rolled set; if it ever did, refuse rather than record a muddle.
            raise RuleViolation("karma-rerun-diverged", "the re-run did not retrace the original roll")
        return self._faces.pop(0).index

    def finish(self, **_: Any) -> Roll:
        return self._roll


def _move(play: Play, command: cmd.MoveFigure, actor: str) -> None:
    """A move in the Movement phase, or the Move Action in the Action phase."""
    if play.state.phase == "actions":
        actions.act(play, command, actor)
    else:
        turns.move_in_phase(play, command, actor)


# The commands of the turn, each to the rule that plays it; the Actions go to `actions.act`.
_PLAYS: dict[type[msgspec.Struct], Callable[[Play, Any, str], None]] = {
    cmd.RollInitiative: turns.roll_initiative, cmd.ChooseOrder: turns.choose_order, cmd.MoveFigure: _move,
    cmd.EndMovement: turns.end_movement, cmd.Face: turns.face, cmd.EndRepositioning: turns.end_repositioning,
    cmd.Defend: actions.defend, cmd.DeclareDeftStrikes: turns.declare_deft_strikes,
    cmd.ChooseTarget: guidance.choose_target, cmd.BeginActions: turns.begin_actions,
}


class PericleCombat(PericleChecks):
    version: ClassVar[str] = "3"
    summary: ClassVar[str] = (
        "Hex-grid fantasy RPG, heroes against enemies, played end to end: hero sheets checked against the Hero "
        "Handbook, enemies from the encounter, facing and Embattlement, Initiative, the Movement and Action "
        "phases, Surprise, melee, Reach, ranged and thrown attacks with cover and range, damage, crits, death, "
        "Grapple Piles, monster abilities (Grappling Expertise, Overrun, venom), healing items, Blur and "
        "Clumsiness, Karma re-rolls; every die verifiable."
    )
    provisional_rules: ClassVar[tuple[ProvisionalRule, ...]] = (*PericleChecks.provisional_rules, *COMBAT_RULES)
    options_type: ClassVar[type[msgspec.Struct]] = PericleOptions
    commands: ClassVar[tuple[type[msgspec.Struct], ...]] = cmd.COMBAT_COMMANDS
    state_type: ClassVar[type[msgspec.Struct] | None] = CombatState
    end_reason: ClassVar[str] = "combat"

    def resolve_options(self, options: Mapping[str, Any], seats: tuple[str, ...] = ()) -> dict[str, Any]:
        resolved = super().resolve_options(options, seats)
        if resolved.get("encounter") is None:
            return resolved
        found = encounter_problems(msgspec.convert(resolved["encounter"], Encounter), seats=())
        found = [p for p in found if not p.startswith("enemy_seat")]
        if found:
            raise RuleViolation("encounter-invalid", "; ".join(found), problems=found)
        return resolved

    def initial_state(self, options: dict[str, Any], seats: Sequence[str]) -> CombatState | None:
        if options.get("encounter") is None:
            return None
        encounter = msgspec.convert(options["encounter"], Encounter)
        enemy_seat = encounter.enemy_seat or seats[-1]
        if enemy_seat not in seats:
            raise RuleViolation("encounter-invalid", f"enemy_seat {enemy_seat!r} is not one of the seats")
        wrong = companion_seat_problems(encounter, seats)
        if wrong:
            raise RuleViolation("encounter-invalid", "; ".join(wrong), problems=wrong)
        return CombatState(encounter=encounter, seats=tuple(seats), enemy_seat=enemy_seat,
                           settings=options.get("provisional", {}),
                           figures=(*(enemy_figure(e, enemy_seat) for e in encounter.enemies),
                                    *(companion_figure(c) for c in encounter.companions)))

    def start_problems(self, state: Any) -> list[str]:
        if state is None:
            return []
        heroes = {f.seat for f in state.team("heroes") if not f.companion}
        found = [f"seat {s!r} has not submitted a hero" for s in state.seats
                 if s != state.enemy_seat and s not in heroes]
        return found or ([] if heroes else ["no hero has joined the encounter"])

    def setup(self, options: dict[str, Any], dice: Dice) -> Sequence[msgspec.Struct]:
        if options.get("encounter") is None:
            return ()
        first = options["encounter"].get("first_turn")
        surprise = options["encounter"].get("surprise")
        opening: list[msgspec.Struct] = [ev.CombatBegan()]
        if surprise is not None:
            opening.append(ev.SurpriseTurnBegan(team=surprise))
        elif first is not None:
            opening.append(ev.InitiativeRolled(turn=1, winner=first))
        return opening

    def decide(self, battle: Any, command: msgspec.Struct, dice: Dice, actor: str) -> list[msgspec.Struct]:
        if battle.ruleset_state is None and not isinstance(command, RollCheck | RollOpposedCheck | RollCritDie):
            raise RuleViolation("no-encounter", "this battle was created without an encounter: checks only")
        if isinstance(command, cmd.SubmitHero):
            return [self._submit_hero(battle, command, actor)]
        if battle.status != "active":
            raise RuleViolation("battle-not-active", "combat commands are for a battle in play")
        state: CombatState | None = battle.ruleset_state
        if state is not None and (unrollable := dice_problems(state.encounter)):
            # Created before encounters' dice were checked: any roll of them would be refused
            # after the command's earlier rolls, so nothing is played on.
            raise RuleViolation("encounter-dice-invalid", "; ".join(unrollable), problems=unrollable)
        if state is not None and state.phase == "ended":
            raise RuleViolation("combat-ended", "the combat is over")
        if isinstance(command, cmd.SpendKarma):
            return self._karma(battle, command, dice, actor)
        seat = self._seat(battle, command, actor)
        recorded = ev.CommandRecorded(seat=seat, command=as_sent(command))
        return [recorded, *self._play(battle, command, dice, actor)]

    def _seat(self, battle: Any, command: msgspec.Struct, actor: str) -> str:
        figure_id = getattr(command, "figure", None)
        figure = battle.ruleset_state.figure(figure_id) if figure_id and battle.ruleset_state else None
        if figure is not None:
            return str(figure.seat)
        return acting_seat(battle.seats, getattr(command, "seat", None), actor)

    def _play(self, battle: Any, command: msgspec.Struct, dice: Dice, actor: str) -> list[msgspec.Struct]:
        if battle.ruleset_state is None:
            return super().decide(battle, command, dice, actor)
        run: Callable[[Play, Any, str], None] | None = handler_for(_PLAYS, command)
        if run is None and isinstance(command, cmd._Action):
            run = actions.act
        if run is None:
            return super().decide(battle, command, dice, actor)
        play = Play(battle, dice)
        run(play, command, actor)
        return play.events

    def _submit_hero(self, battle: Any, command: cmd.SubmitHero, actor: str) -> ev.HeroJoined:
        if battle.status != "open":
            raise RuleViolation("battle-not-open", "heroes join before the battle starts")
        state: CombatState = battle.ruleset_state
        seat = acting_seat(battle.seats, command.seat, actor)
        found = sheet_problems(command.hero)
        figure = hero_figure(command.hero, seat, command) if not found else None
        if figure is not None:
            found += _hands(figure, command.hero)
            if state.figure(figure.id) is not None:
                found.append(f"a hero named {command.hero.name!r} has already joined")
        if command.start not in state.encounter.hero_starts:
            found.append(f"{command.start} is not one of the encounter's hero starting hexes")
        elif state.at(command.start):
            found.append(f"{command.start} is already taken")
        if found or figure is None:
            raise RuleViolation("hero-invalid", "; ".join(found), problems=found)
        return ev.HeroJoined(seat=seat, sheet=msgspec.to_builtins(command.hero), figure=figure)

    def _karma(self, battle: Any, command: cmd.SpendKarma, dice: Dice, actor: str) -> list[msgspec.Struct]:
        """Seed 001, Karma and Ardence: any hero's Karma forces a re-roll of the most recent set
        of dice, anyone's; the new result stands (it cannot be re-rolled again)."""
        state: CombatState = battle.ruleset_state
        hero = state.figure(command.hero)
        if hero is None or hero.team != "heroes":
            raise RuleViolation("figure-unknown", f"no hero {command.hero!r}")
        if hero.seat not in seats_of(battle, actor):
            raise NotPermitted("not-your-figure", f"{hero.name} is played by seat {hero.seat!r}")
        if hero.condition == "dead":
            raise RuleViolation("karma-dead", "a dead hero spends no Karma")
        if hero.karma < 1:
            raise RuleViolation("karma-none", f"{hero.name} has no Karma")
        last = state.last
        if last is None or not last.rolls:
            raise RuleViolation("karma-nothing-to-reroll", "the latest command rolled no dice")
        if last.rerolled:
            raise RuleViolation("karma-keep", "a Karma re-roll's new result must be kept")
        spent = ev.KarmaSpent(hero=hero.id, seat=hero.seat, replaces=last.rolls[-1].nonce)
        restored = apply(state, spent)
        player = next(s.player_id for s in battle.seats if s.name == last.seat)
        original = msgspec.convert(last.command, PericleCommand)
        rerun = msgspec.structs.replace(battle, ruleset_state=restored)
        events = self._play(rerun, original, _ReplayDice(last.rolls[:-1], dice), player)
        return [spent, ev.CommandRecorded(seat=last.seat, command=last.command, karma=True), *events]

    def evolve(self, state: Any, event: msgspec.Struct) -> Any:
        return state if state is None else apply(state, event)

    def state_view(self, state: Any, shown: dict[str, Any]) -> dict[str, Any]:
        return combat_view(state, shown)

    def preview_details(self, events: Sequence[msgspec.Struct]) -> dict[str, Any]:
        return {"modifiers": attack_modifiers(events)}

    def action_seat(self, event: msgspec.Struct) -> str | None:
        # Each command's first event stands for the whole action (its checks included); a Karma
        # re-roll is one action, the spender's, from `karma_spent` through the re-run command.
        if isinstance(event, ev.CommandRecorded):
            return None if event.karma else event.seat
        return event.seat if isinstance(event, ev.KarmaSpent | ev.HeroJoined) else None

    def winners(self, event: msgspec.Struct) -> tuple[str, ...] | None:
        return event.winners if isinstance(event, ev.CombatEnded) else None

