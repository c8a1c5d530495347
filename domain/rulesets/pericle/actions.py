"""The Action phase's Actions (seed 001, 3. Actions): attacks (resolved in strikes.py), Grapple,
escape, Withdraw, Move, spells, standing up, weapons and items, Defend when Grappled, Delay."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from domain.errors import RuleViolation
from domain.hexes import Hex, distance
from domain.rulesets.pericle import board, poison, spell_effects
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import SPELLS
from domain.rulesets.pericle.combat import range_penalty
from domain.rulesets.pericle.dice import Adjustment, check, opposed
from domain.rulesets.pericle.movement import climb_out, keep_footing, pile_to_join, walk
from domain.rulesets.pericle.play import RUNNING, Play, not_after_running, not_grappled, require_phase
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.strikes import ready_strikes, strike_all
from domain.rulesets.pericle.turns import advance, can_move, declare_defend, move_in_phase, upkeep
from domain.rulesets.pericle.v5 import summons

ActionT = TypeVar("ActionT", bound=cmd._Action)
Action = Callable[[Play, Figure, ActionT], None]


def _slot_figure(play: Play, command: cmd._Action) -> Figure:
    """The figure whose slot it is (or a hero that delayed)."""
    figure = play.figure(command.figure)
    require_phase(play.state, "actions")
    if figure.id != play.state.current and figure.id not in play.state.delayed:
        raise RuleViolation("not-your-action", f"it is {play.state.current}'s Action, not {figure.name}'s")
    return figure


def act(play: Play, command: ActionT, action: Action[ActionT],
        goes_on: Callable[[Play, Figure], bool] | None = None) -> None:
    """Run one Action for the figure whose slot it is (or a hero that delayed): the upkeep of its
    spells, the Action, then the next slots; unless `goes_on` (version 6: an Action that a later
    command of the figure finishes, Staff & Wand Affinity: Conjuration's attack after the cast)."""
    figure = _slot_figure(play, command)
    play.passives.check_action(play, figure, command)
    upkeep(play, figure, list(command.cancel_spells))
    figure = play.figure(figure.id)
    if not figure.active:  # the upkeep's Exhaustion can knock a caster out
        play.emit(ev.ActionDone(figure=figure.id, action="none (unconscious)"))
        advance(play)
        return
    if figure.companion and not isinstance(command, ANIMAL_ACTIONS):
        raise RuleViolation("companion-action", "a befriended animal moves, attacks, fetches items and keeps its "
                                                "feet; it does not " + str(command.__struct_config__.tag))
    action(play, figure, command)
    if play.state.pending is not None:
        return  # version 6: its strikes wait in a Karma window; `go_on` ends the Action (v5/attack_steps.py)
    if goes_on is not None and goes_on(play, play.figure(figure.id)):
        return
    play.emit(ev.ActionDone(figure=figure.id, action=str(command.__struct_config__.tag)))
    advance(play)


def acting(action: Action[ActionT]) -> Callable[[Play, ActionT], None]:
    """The play of an Action command: `act` with that Action."""
    return lambda play, command: act(play, command, action)


def delay(play: Play, command: cmd.Delay) -> None:
    """A hero delays its Action once, until later in the turn (no upkeep yet: it comes with the
    Action it takes then)."""
    figure = _slot_figure(play, command)
    if figure.team != "heroes" or figure.id in play.state.delayed:
        raise RuleViolation("delay", "heroes may delay their Action once, until later in the turn")
    play.emit(ev.ActionDelayed(figure=figure.id))
    advance(play)


# ---- attacks -----------------------------------------------------------------------------


def not_paralysed(play: Play, figure: Figure) -> None:
    """Version 4's Paralysis: the target "cannot move or attack" (seed 001, line 1496)."""
    if spell_effects.paralysed(play.state, figure):
        raise RuleViolation("paralysed", f"{figure.name} is paralysed: it cannot move or attack")


def attack(play: Play, attacker: Figure, command: cmd.Attack) -> None:
    not_paralysed(play, attacker)
    if command.parry:
        _check_parry(attacker, command)
    strike_all(play, attacker, command.strikes, parry=command.parry)


def _check_parry(attacker: Figure, command: cmd.Attack) -> None:
    """Dual Weapons, option 2: attack with the first weapon and parry with the second."""
    held = [item for item in attacker.in_hand if item != "shield"]
    if "Dual Weapons" not in attacker.disciplines or len(held) < 2:
        raise RuleViolation("parry", "parrying needs Dual Weapons and a weapon in each hand")
    if len(command.strikes) != 1 or (command.strikes[0].weapon or held[0]).lower() != held[0]:
        raise RuleViolation("parry", "a parrying figure attacks once, with its first weapon")


def _grapple_an_image(play: Play, attacker: Figure, image: Figure) -> None:
    """Pericle 5's Image (line 481): "If a foe attempts to Grapple an image, instead of rolling an
    Opposed Grapple score, have the foe roll a Base AD check. If successful, the image is canceled
    and the Grappler does not fall Prone. If unsuccessful, the Grappler falls Prone." """
    rolled = check(play.dice, f"{attacker.name} grapples {image.name}", attacker.base_ad, poison.penalty(attacker),
                   fortune=play.passives.luck(play, attacker))
    play.emit(ev.CheckMade(figure=attacker.id, purpose="Base AD check to grapple an image", check=rolled))
    if rolled.success:
        summons.pop(play, image, "grappled")
    else:
        play.emit(ev.FellProne(figure=attacker.id, reason="grappled an image"))


def reload(play: Play, figure: Figure, command: cmd.Reload) -> None:
    if command.weapon.lower() not in figure.unloaded:
        raise RuleViolation("crossbow-loaded", f"{figure.name} has no fired {command.weapon} to load")
    play.emit(ev.WeaponReloaded(figure=figure.id, weapon=command.weapon.lower()))


def grapple(play: Play, attacker: Figure, command: cmd.Grapple) -> None:
    """An Opposed Grapple Check (the higher score rolls at the difference; on a tie the heroes
    roll); success puts both prone in the defender's hex, a Grapple Pile."""
    not_grappled(attacker, "start another Grapple")
    not_paralysed(play, attacker)
    if attacker.condition != "standing":
        raise RuleViolation("prone", "a prone figure cannot Grapple")
    if attacker.pinned_turn >= play.state.turn:
        raise RuleViolation("pinned", "a Pinned combatant cannot grapple")
    target = play.figure(command.target)
    if target.team == attacker.team or not target.active:
        raise RuleViolation("target", f"{target.name} cannot be Grappled")
    if attacker.size > 1 or target.size > 1:
        raise RuleViolation("grapple-size", "only figures of one hex grapple and are grappled (PER-GRAPPLE-SIZE)")
    if board.gap(attacker, target) != 1 or not board.in_front(attacker, target):
        raise RuleViolation("front-hexes", f"{target.name} is not in {attacker.name}'s front hexes")
    if attacker.airborne != target.airborne:
        raise RuleViolation("ground-and-air", "the ground and the air do not grapple")
    if spell_effects.image(play.state, target):
        _grapple_an_image(play, attacker, target)
        return
    ready = None
    if command.strike is not None:
        # "the attacker may also immediately make a melee attack against the Grappled defender":
        # checked, as the Grapple would leave the field, before the Grapple check is rolled.
        if command.strike.target != target.id:
            raise RuleViolation("grapple-strike", "the follow-up attack is against the Grappled defender")
        won = play.supposing(*_into_pile(attacker, target))
        ready = ready_strikes(won, won.figure(attacker.id), [command.strike])
    defending_score = target.grapple + (3 if target.everkin else 0) + play.passives.resist_grapple(play, target)
    # (Grappling Evasion: +3 for an everkin)
    roller, ad = opposed(attacker.grapple, defending_score)
    if attacker.grapple == defending_score:
        roller = "aggressor" if attacker.team == "heroes" else "defender"
    # Grappling Expertise: "two rolls are taken and the better outcome for the combatant with
    # Grappling Expertise is used", whichever side rolls.
    expert = "Grappling Expertise" in attacker.disciplines
    agile = spell_effects.agility_wins(play.state, attacker, target)
    rolled = check(play.dice, f"{attacker.name} grapples {target.name}"
                   f"{' (Grappling Agility decides it)' if agile is not None else ''}", ad, [],
                   fortune=int(expert and roller == "aggressor")
                   + play.passives.luck(play, attacker if roller == "aggressor" else target),
                   misfortune=int(expert and roller == "defender"))
    success = rolled.success if roller == "aggressor" else not rolled.success
    if agile is not None:  # Pericle 5's Grappling Agility: the opposed check is won whatever the dice
        success = agile == attacker.id
    play.emit(ev.Grappled(attacker=attacker.id, defender=target.id,
                          roller=attacker.id if roller == "aggressor" else target.id, check=rolled, success=success))
    if success and command.strike is not None:
        strike_all(play, play.figure(attacker.id), [command.strike], ready=ready)


def _into_pile(figure: Figure, member: Figure, path: tuple[Hex, ...] | None = None,
               facing: int | None = None) -> tuple[ev.FigureMoved, ev.JoinedPile]:
    """The events of `figure` ending up in `member`'s Grapple Pile (by a Grapple, or a move along
    `path`), as `Play.supposing` takes them."""
    return (ev.FigureMoved(figure=figure.id, path=path or (member.hex,), facing=figure.facing if facing is None
                           else facing, counted=len(path or ()), reason="action"),
            ev.JoinedPile(figure=figure.id, hex=member.hex, pile=(member.id, *member.grappled_with)))


def escape(play: Play, figure: Figure, command: cmd.Escape) -> None:
    """An opposed Grapple check against the pile's best grappler, each other foe in it adding a
    Defense Die; success crawls to an adjacent empty hex, still prone."""
    if not figure.grappled_with:
        raise RuleViolation("not-grappled", f"{figure.name} is not Grappled")
    if distance(figure.hex, command.to) != 1 or not board.passable(play.state, command.to) or play.state.at(command.to):
        raise RuleViolation("escape-hex", "escape to an adjacent empty hex")
    pile = [play.figure(f) for f in figure.grappled_with]
    foes = sorted((f for f in pile if f.team != figure.team), key=lambda f: -f.grapple)
    strongest = foes[0] if foes else pile[0]
    roller, ad = opposed(figure.grapple + play.passives.grapple_escape(figure), strongest.grapple)
    extra = len(foes) - 1 if roller == "aggressor" else 0
    rolled = check(play.dice, f"{figure.name} escapes the Grapple", ad, [], defense_dice=max(0, extra),
                   fortune=play.passives.luck(play, figure if roller == "aggressor" else strongest))
    success = rolled.success if roller == "aggressor" else not rolled.success
    if spell_effects.on_by_v5(play.state, figure, spell_effects.GRAPPLING_AGILITY):
        # Pericle 5's Grappling Agility (line 1452): "If cast on a target that is already
        # Grappled, the target will automatically succeed on attempts to escape".
        success = True
    play.emit(ev.EscapedGrapple(figure=figure.id, check=rolled, success=success, to=command.to if success else None))


def withdraw(play: Play, figure: Figure, command: cmd.Withdraw) -> None:
    """Move one hex in any direction, Embattled or not (seed 001, Withdraw)."""
    not_grappled(figure, "Withdraw (escape the Grapple first)")
    if figure.condition != "standing":
        raise RuleViolation("prone", "a prone figure Withdraws by standing up into an adjacent hex")
    if figure.pinned_turn >= play.state.turn:
        raise RuleViolation("pinned", f"{figure.name} is Pinned")
    if distance(figure.hex, command.to) != 1 or not board.base_fits(play.state, figure, command.to, figure.facing):
        raise RuleViolation("withdraw-hex", "Withdraw moves to an adjacent hex with no standing combatant")
    play.emit(ev.FigureMoved(figure=figure.id, path=(command.to,), facing=figure.facing if command.facing is None
                             else command.facing, counted=0, reason="withdraw"))


def move_action(play: Play, figure: Figure, command: cmd.MoveFigure) -> None:
    """A second Move as the Action, by the Movement phase's rules. A hero joining a Grapple Pile
    this way "may then immediately make an attack roll as a Grappler" (`strike`)."""
    if command.overrun is not None:
        raise RuleViolation("overrun", "Overrun happens in the Movement phase")
    if command.strike is not None and not command.join_pile:
        raise RuleViolation("strike-needs-pile", "a Move brings a strike only when it joins a Grapple Pile")
    can_move(play, figure)
    ready = None
    if command.strike is not None:  # checked in the pile, before the move's rolls
        pile = pile_to_join(play, figure, list(command.path), command.fly)
        in_pile = play.supposing(*_into_pile(figure, play.figure(pile[0]), tuple(command.path), command.facing))
        ready = ready_strikes(in_pile, in_pile.figure(figure.id), [command.strike])
    joined = walk(play, figure, list(command.path), command.facing, reason="action", fly=command.fly,
                  join_pile=command.join_pile)
    if joined and command.strike is not None:
        strike_all(play, play.figure(figure.id), [command.strike], ready=ready)


def cast_spell(play: Play, caster: Figure, command: cmd.CastSpell) -> None:
    """A Base AD check; Thrown spells use a thrown weapon's range and cover; Exhaustion is paid
    after the effect, only on success, and not at all on a Crit (these are not Arcane spells)."""
    if command.at is not None or command.second_target is not None or command.facing is not None:
        raise RuleViolation("spell-unknown", "`at`, `second_target` and `facing` are for the Handbook's Spells "
                                             "(version 4)")
    not_after_running(caster, "casting a spell")
    spell = SPELLS.get(command.spell)
    if spell is None or command.spell not in caster.spells:
        raise RuleViolation("spell-unknown", f"{caster.name} has not learned {command.spell!r}")
    target = play.figure(command.target)
    hostile = target.team != caster.team
    if spell.target == "foe" and not hostile:
        raise RuleViolation("spell-target", f"{spell.name} is cast on a foe")
    if not target.active and target.condition != "unconscious":
        raise RuleViolation("spell-target", f"{target.name} is {target.condition}")
    power = command.power if spell.initial_exhaustion == 0 else 0
    if spell.initial_exhaustion == 0 and power < 1:
        raise RuleViolation("spell-power", f"{spell.name} costs xE: put at least 1 Exhaustion into it")
    adjustments: list[Adjustment] = poison.penalty(caster)
    if caster.airborne:
        adjustments.append(Adjustment(-1, "casting while flying"))
    elif target.airborne:
        adjustments.append(Adjustment(-3, "a flying target"))
    defense: list[str] = []
    if target.id != caster.id:
        gap = board.gap(caster, target)
        penalty = range_penalty(gap, thrown=True)
        if penalty:
            adjustments.append(Adjustment(penalty, "range"))
        if not any(board.in_front_arc(caster, h) for h in target.hexes):
            raise RuleViolation("front-sides", f"{target.name} is not within {caster.name}'s front sides")
        sight = board.line_cover(play.state, caster, target)
        if sight == "complete":
            raise RuleViolation("complete-cover", f"{target.name} has Complete Cover")
        if hostile and sight == "partial":
            defense.append("Partial Cover")
        if hostile and target.condition != "standing" and gap > 1:
            defense.append("prone target")
    if hostile and target.defending:
        defense.append("Defending")
    rolled = check(play.dice, f"{caster.name} casts {spell.name} on {target.name}", caster.base_ad, adjustments,
                   defense_dice=len(defense))
    cost = 0 if (not rolled.success or rolled.crit) else (spell.initial_exhaustion or power)
    duration = (1 if target.mt >= 20 else spell.duration) if spell.duration else 0
    play.emit(ev.SpellCast(caster=caster.id, spell=spell.name, target=target.id, check=rolled, success=rolled.success,
                           exhaustion=cost, power=power, duration=duration))


def climb(play: Play, figure: Figure, command: cmd.ClimbOut) -> None:
    climb_out(play, figure, command.to)


def stand_up(play: Play, figure: Figure, command: cmd.StandUp) -> None:
    if figure.hex in play.state.encounter.map.pits:
        raise RuleViolation("clinging", f"{figure.name} clings to a pit's edge: it climbs out first")
    not_after_running(figure, "standing up")
    not_grappled(figure, "stand up (escape the Grapple first)")
    if figure.condition != "prone":
        raise RuleViolation("not-prone", f"{figure.name} is not prone")
    to = command.to or figure.hex
    if to == figure.hex and not board.base_fits(play.state, figure, to, figure.facing):
        raise RuleViolation("stand-hex", "another combatant stands in this hex: stand in an adjacent empty hex")
    occupied = [f for f in play.state.at(to) if f.id != figure.id]
    if to != figure.hex and (distance(to, figure.hex) != 1 or occupied
                             or not board.base_fits(play.state, figure, to, figure.facing)):
        raise RuleViolation("stand-hex", "stand in your hex or an adjacent empty hex")
    greased = spell_effects.greased(play.state)
    # Pericle 5's Grease, Minor (line 1403): "Standing from a greased hex also requires a check,
    # so a creature that stands up from a greased hex into an adjacent greased hex would have to
    # make 2 checks." A failed check leaves it prone where it lay.
    under = set(figure.hexes) & set(greased)
    if under and not keep_footing(play, figure, "stand up from grease", any(greased[h] for h in under)):
        return
    if to != figure.hex and to in greased and not keep_footing(play, figure, "stand up into grease", greased[to]):
        return
    play.emit(ev.StoodUp(figure=figure.id, hex=to))
    if command.facing is not None:
        play.emit(ev.FigureFaced(figure=figure.id, facing=command.facing, reason="standing up"))


def ready_weapons(play: Play, figure: Figure, command: cmd.ReadyWeapons) -> None:
    """After moving 1 hex or less: sheathe and draw freely. After running: drop what is in hand
    (where it stands) and draw one item. Two hands: a two-handed weapon takes both."""
    wanted = tuple(item.lower() for item in command.in_hand)
    carried = {w.name.lower() for w in figure.weapons} | ({"shield"} if figure.shield else set()) | set(figure.in_hand)
    unknown = [item for item in wanted if item not in carried]
    if unknown:
        raise RuleViolation("not-carried", f"{figure.name} does not carry {unknown}")
    if figure.hands(wanted) > 2:
        raise RuleViolation("hands", "two hands: a two-handed weapon takes both")
    if figure.grappled_with:
        drawing = [figure.weapon(i) for i in wanted if i not in figure.in_hand]
        if len(drawing) > 1 or any(weapon is None or not weapon.grapple for weapon in drawing):
            raise RuleViolation("grappled", "in a Grapple a figure may draw one weapon usable there")
    dropped: tuple[str, ...] = ()
    if figure.moved > RUNNING:
        drawn = [i for i in wanted if i not in figure.in_hand]
        if len(drawn) > 1:
            raise RuleViolation("ran", "after running a figure may drop what it holds and draw one item")
        dropped = tuple(i for i in figure.in_hand if i not in wanted)
    play.emit(ev.WeaponsReadied(figure=figure.id, in_hand=wanted, dropped=dropped))


def pick_up(play: Play, figure: Figure, command: cmd.PickUp) -> None:
    not_after_running(figure, "picking up a weapon")
    item = command.item.lower()
    lying = next((g for g in play.state.ground if g.item == item
                  and board.reach_to(figure, g.hex) <= 1), None)
    if lying is None:
        raise RuleViolation("nothing-there", f"no {command.item!r} lies in or next to {figure.name}'s hex")
    if item == "shield" and figure.shield:
        raise RuleViolation("one-shield", f"{figure.name} already carries a shield")
    if not figure.free_hand:
        raise RuleViolation("hands", "a free hand is needed")
    play.emit(ev.ItemPickedUp(figure=figure.id, item=item, hex=lying.hex))


def open_door(play: Play, figure: Figure, command: cmd.OpenDoor) -> None:
    """Seed 001: "Open a Door or a Chest. This Action can only be chosen if you have moved up to
    1 hex and if you're adjacent to the door or chest. If locked, the Action will fail." """
    not_after_running(figure, "opening a door")
    not_grappled(figure, "open a door")
    door = next((d for d in play.state.encounter.map.doors if d.hex == command.door), None)
    if door is None or door.hex in play.state.opened:
        raise RuleViolation("no-door", f"no closed door at {command.door}")
    if board.reach_to(figure, door.hex) != 1:
        raise RuleViolation("door-reach", f"{figure.name} is not next to the door")
    play.emit(ev.DoorOpened(figure=figure.id, hex=door.hex, opened=not door.locked))


def defend_grappled(play: Play, figure: Figure, command: cmd.Defend) -> None:
    """Becoming Grappled lets a figure that has not acted choose Defend as its Action."""
    if not figure.grappled_with:
        raise RuleViolation("defend-declared", "Defend is declared before the Action phase begins")
    if figure.defending:
        raise RuleViolation("already-defending", f"{figure.name} is Defending this turn")
    # Taken as the Action, Defend is no declaration: a Deft Strikes declared earlier does not bar it.
    play.emit(ev.DefendDeclared(figure=figure.id, shield_bash=command.shield_bash))


def pass_action(play: Play, figure: Figure, command: cmd.PassAction) -> None:
    """Take no Action."""


# Befriended Animal actions: "Move, Attack a specific foe, Fetch an item on the map, Make Athletics
# checks to jump, swim, climb"; getting up, out of a pit or a Grapple, and waiting are allowed too.
ANIMAL_ACTIONS = (cmd.MoveFigure, cmd.Attack, cmd.PickUp, cmd.Withdraw, cmd.StandUp, cmd.ClimbOut, cmd.Escape,
                  cmd.PassAction, cmd.Delay)


def defend(play: Play, command: cmd.Defend) -> None:
    """Declared in the declarations before the Action phase; when Grappled, taken as the Action."""
    if play.state.phase == "actions":
        act(play, command, defend_grappled)
        return
    require_phase(play.state, "declare")
    play.passives.check_action(play, play.figure(command.figure), command)
    declare_defend(play, play.figure(command.figure), command.shield_bash)


def move(play: Play, command: cmd.MoveFigure) -> None:
    """A move in the Movement phase, or the Move Action in the Action phase."""
    if play.state.phase == "actions":
        act(play, command, move_action)
    else:
        move_in_phase(play, command)
