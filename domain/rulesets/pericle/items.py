"""Healing items in combat (seed 001, Other Actions With Items; Death & Unconsciousness): fetching
one from the pack is an Action, drinking or giving it another, neither after running."""

from __future__ import annotations

from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.rulesets.pericle import board
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import HEALING_ITEMS
from domain.rulesets.pericle.dice import check
from domain.rulesets.pericle.play import Play, not_after_running, not_grappled
from domain.rulesets.pericle.state import Figure


def fetch_item(play: Play, figure: Figure, command: cmd.FetchItem) -> None:
    """"Fetch an Item, such as a potion or a torch from a backpack or a belt pouch." """
    not_after_running(figure, "fetching an item")
    not_grappled(figure, "fetch an item")
    item = command.item.lower()
    if item not in figure.pack:
        raise RuleViolation("not-carried", f"{figure.name} carries no {command.item} in its pack")
    if not figure.free_hand:
        raise RuleViolation("hands", "a free hand is needed")
    play.emit(ev.ItemFetched(figure=figure.id, item=item))


def use_item(play: Play, figure: Figure, command: cmd.UseItem) -> None:
    """"Drink a Potion that is in your hand", or give it: "Healing potions, salves and berries
    may be given to unconscious heroes. During combat, they require a Moderate KN Check (AD+0) to
    administer, and they cannot be administered if the administering hero is Embattled." """
    not_after_running(figure, "using an item")
    not_grappled(figure, "use an item")
    item = command.item.lower()
    if item not in figure.in_hand:
        raise RuleViolation("not-in-hand", f"{command.item} must be in hand: fetching it is an Action")
    target = play.figure(command.target) if command.target else figure
    if target.team != figure.team or target.condition == "dead":
        raise RuleViolation("item-target", f"{target.name} cannot be given {command.item}")
    if target.id != figure.id and board.gap(figure, target) > 1:
        raise RuleViolation("item-reach", f"{target.name} is not next to {figure.name}")
    given = None
    if target.condition == "unconscious":
        if board.embattled_by(play.state, figure):
            raise RuleViolation("embattled", f"{figure.name} is Embattled: it cannot tend to {target.name}")
        given = check(play.dice, f"{figure.name} gives {command.item} to {target.name}", figure.kn, [],
                      fortune=play.passives.luck(play, figure))
        if not given.success:
            play.emit(ev.ItemUsed(figure=figure.id, item=item, target=target.id, success=False, check=given))
            return
    heal = HEALING_ITEMS[item].heal
    roll = None if heal.isdigit() else roll_expression(play.dice, heal, f"{command.item} heals {target.name}")
    amount = int(heal) if roll is None else max(0, roll.total or 0)
    healed = min(amount, target.wounds)
    woke = target.condition == "unconscious" and (target.hp + healed > 0 or play.settings.PER_REVIVE.wake_at_any_hp)
    play.emit(ev.ItemUsed(figure=figure.id, item=item, target=target.id, success=True, check=given, roll=roll,
                          healed=healed, woke=woke))
