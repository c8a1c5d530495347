"""Enemy guidance (seed 001, Choosing Enemy Actions): "When enemies attack, Loremaster will list
the preferred targets for that turn in a prioritized list ... If enemy targets are still tied
after proceeding through the priority list, randomly determine which hero the enemy will
attack by rolling a die." """

from __future__ import annotations

from collections.abc import Callable

from domain.errors import RuleViolation
from domain.rulesets.pericle import board
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.play import Play, roll_among
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.strikes import can_strike, weapon_in_hand

# Each priority as a key to minimise.
KEYS: dict[str, Callable[[Figure, Figure], int]] = {
    "fewest hp": lambda enemy, hero: hero.hp,
    "most hp": lambda enemy, hero: -hero.hp,
    "least armour": lambda enemy, hero: hero.armour,
    "most armour": lambda enemy, hero: -hero.armour,
    "nearest": lambda enemy, hero: board.gap(enemy, hero),
    "farthest": lambda enemy, hero: -board.gap(enemy, hero),
}


def choose_target(play: Play, command: cmd.ChooseTarget) -> None:
    enemy = play.figure(command.figure)
    if enemy.team != "enemies" or not enemy.active:
        raise RuleViolation("guidance", "target guidance is for enemies able to fight")
    weapon = weapon_in_hand(enemy, command.weapon)
    candidates = [hero for hero in play.state.team("heroes") if hero.active
                  and not (command.heroes_only and hero.companion) and can_strike(play, enemy, hero, weapon)]
    if not candidates:
        raise RuleViolation("no-target", f"{enemy.name} can attack no hero now with its {weapon.name}")
    remaining = candidates
    for priority in command.priorities:
        best = min(KEYS[priority](enemy, hero) for hero in remaining)
        remaining = [hero for hero in remaining if KEYS[priority](enemy, hero) == best]
    roll = None
    chosen = remaining[0]
    if len(remaining) > 1:
        tied = [hero.id for hero in remaining]
        chosen_id, roll = roll_among(play, f"{enemy.name}: target among {tied}", tied)
        chosen = play.figure(chosen_id)
    play.emit(ev.TargetChosen(figure=enemy.id, priorities=tuple(command.priorities),
                              candidates=tuple(h.id for h in candidates), chosen=chosen.id, roll=roll))
