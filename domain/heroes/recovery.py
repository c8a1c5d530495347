"""Between encounters: the Rest after a combat (seed 001 line 646, Healer I/II lines 1209 and 1313,
Meditate I/II lines 1213 and 1266), Recovery (line 652, Dwarvish Endurance line 867; from Pericle
6, the Moderate KN checks of Alchemy, Herbalism and Bardic Arts, lines 1248, 1260, 1298) and
Extended Recovery (line 656). Wounds and Exhaustion both draw on HP, so healing either never
takes HP + Exhaustion above Max HP (line 652): neither falls below zero."""

from __future__ import annotations

from collections import Counter

from domain.dice import Dice
from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.heroes.commands import HealerHelp, Recover, Rest
from domain.heroes.events import HeroRecovered, HeroRecoveredFully, HeroRecoveryCheck, HeroRested, ItemHealing
from domain.rulesets.pericle.catalogue import HEALING_ITEMS
from domain.rulesets.pericle.dice import DIFFICULTIES, Adjustment, check
from domain.rulesets.pericle.v6.enforced import discipline_enforcement

REST_EXHAUSTION = 1  # "each hero may conduct a Rest, which allows them to recover 1 Exhaustion (E)" (line 646)
MAX_CARRIED = 20  # the most healing items (and Alchemy potions) a hero record holds: the sheet's own limit
MEDITATE = ("Meditate I", "Meditate II")  # one more E each (lines 1213, 1266)
HEALER = {"Healer I": 1, "Healer II": 2}  # HP of the combat's damage healed (lines 1209, 1313)


def recovery_per_day(ancestry: str) -> int:
    """ "Wounded heroes may heal 1HP per day" (line 652); stone dwarves "heal 2HP during Recovery
    instead of 1" (Dwarvish Endurance, line 867)."""
    return 2 if ancestry == "stone dwarf" else 1


def healer_level(healer: HealerHelp, battle_id: str) -> tuple[str, int]:
    """The Healer Discipline a hero tends wounds with after `battle_id`: the better one it has
    (Healer II is "As Healer I, except ... a total of 2HP", line 1313)."""
    if not healer.alive:
        raise RuleViolation("healer-dead", "a dead hero tends no wounds")
    if battle_id not in healer.battles:
        raise RuleViolation("healer-not-in-combat", "Healer heals yourself and your allies of damage inflicted "
                            "during the combat (seed 001 line 1209): the healer did not fight in that battle")
    known = [(name, amount) for name, amount in HEALER.items() if name in healer.disciplines]
    if not known:
        raise RuleViolation("healer-unknown", "the healer knows neither Healer I nor Healer II")
    return max(known, key=lambda pair: pair[1])


def use_items(items: list[str], pack: list[str], wounds: int, dice: Dice) -> list[ItemHealing]:
    """Healing items from the pack used during a Rest, in order, each healing what it heals (the
    Handbook's potions chart as the battles use it) and never more than the wounds left."""
    missing = Counter(items) - Counter(pack)
    if missing:
        raise RuleViolation("item-not-carried", f"not in the hero's pack: {', '.join(sorted(missing.elements()))}")
    used = []
    for item in items:
        heal = HEALING_ITEMS[item.lower()].heal
        roll = None if heal.isdigit() else roll_expression(dice, heal, f"{item} during a Rest")
        healed = min(wounds, int(heal) if roll is None else max(0, roll.total or 0))
        wounds -= healed
        used.append(ItemHealing(item=item, healed=healed, roll=roll))
    return used


def rest(rest_due: str | None, command: Rest, disciplines: list[str], exhaustion: int, wounds: int,
         combat_damage: int, pack: list[str], dice: Dice) -> HeroRested:
    """The Rest at the end of combat `command.battle_id`: once, before anything else happens to
    the hero (its next battle or a Recovery). Healer heals only damage of that combat, from one
    healer ("This does not stack with your own or another hero's use of Healer", line 1209)."""
    if rest_due != command.battle_id:
        raise RuleViolation("no-rest-due", "a Rest is taken at the end of combat (seed 001 line 646), once for "
                            "each battle whose outcome is recorded, before the hero's next battle or Recovery")
    meditate = [name for name in MEDITATE if name in disciplines]
    recovered = min(exhaustion, REST_EXHAUSTION + len(meditate))
    healed, healer, discipline = 0, None, None
    if command.healer is not None:
        discipline, amount = healer_level(command.healer, command.battle_id)
        healer = command.healer.hero_id
        # "You may not use this to heal damage from an old combat." (line 1209)
        healed = min(amount, combat_damage, wounds)
    # "HP damage may also be healed during Rest by magic or magical items, such as healing
    # potions." (line 648): any damage, not only this combat's.
    items = use_items(list(command.items), pack, wounds - healed, dice)
    return HeroRested(battle_id=command.battle_id, exhaustion_recovered=recovered, meditate=meditate,
                      healed=healed, healer=healer, healer_discipline=discipline, items=items)


def recover(command: Recover, ancestry: str, wounds: int, exhaustion: int) -> HeroRecovered:
    """Recovery: HP a day for `days` days, and every point of Exhaustion ("One night's sleep in a
    comfortable setting will remove all Exhaustion", line 652)."""
    return HeroRecovered(days=command.days, healed=min(wounds, recovery_per_day(ancestry) * command.days),
                         exhaustion_recovered=exhaustion)


def recover_fully(wounds: int, exhaustion: int) -> HeroRecoveredFully:
    """ "all heroes heal to full health and recover all Exhaustion" (line 656)."""
    return HeroRecoveredFully(healed=wounds, exhaustion_recovered=exhaustion)


# What a successful Moderate KN check (AD+0) during a Recovery makes (lines 1248, 1260, 1298).
HEALING_POTION = "Potion of Healing"  # Herbalism's "standard healing potion": "heal 1d6 ... with Fortune" (1260, 1632)
INSPIRATION = "Inspiration point"
MAX_INSPIRATION = 1  # "you can never have more than one Inspiration point" (line 1298)
ATTRIBUTES = ("MT", "DX", "KN")


def alchemy_potion(bonus: str) -> str:
    """ "+2 to one skill or +1 to one Attribute" (line 1248)."""
    return f"Alchemy potion: +{1 if bonus in ATTRIBUTES else 2} {bonus}"


def enforced_between_combats(name: str, version: str) -> bool:
    """Whether heroes of Pericle `version` have `name` applied by their record: what the version's
    catalogue lists as enforced (v6/enforced.py, BETWEEN_COMBATS_V6); earlier versions leave
    Alchemy, Herbalism, Bardic Arts and Quick Study to the table, as before."""
    return discipline_enforcement(name, version) == "enforced"


def recovery_checks(command: Recover, version: str, disciplines: list[str], kn: int, pack: list[str],
                    potions: int, inspiration: int, dice: Dice) -> list[HeroRecoveryCheck]:
    """The Disciplines a hero attempts during a Recovery, each "regardless of and in addition to
    your Recovery activity" (lines 1248, 1260, 1298): a Moderate KN check (AD+0) each, an Ability
    Check at the hero's KN (lines 695-699, 668-679), rolled on the hero's own dice. Everything is
    checked before the first die."""
    wanted = [name for name, asked in (("Alchemy", command.alchemy is not None), ("Herbalism", command.herbalism),
                                       ("Bardic Arts", command.bardic_arts)) if asked]
    for name in wanted:
        if not enforced_between_combats(name, version):
            raise RuleViolation("discipline-table-applied", f"Pericle {version} hero records leave {name} to the "
                                "table: its check is rolled there")
        if name not in disciplines:
            raise RuleViolation("discipline-unknown", f"the hero has not learned {name}")
    if command.herbalism and len(pack) >= MAX_CARRIED:
        raise RuleViolation("pack-full", f"the hero's pack holds {MAX_CARRIED} healing items at most")
    if command.alchemy is not None and potions >= MAX_CARRIED:
        raise RuleViolation("pack-full", f"the hero holds {MAX_CARRIED} Alchemy potions at most")
    if command.bardic_arts and inspiration >= MAX_INSPIRATION:
        raise RuleViolation("inspiration-held", "you can never have more than one Inspiration point (seed 001 "
                            "line 1298): the hero has one")
    moderate = [Adjustment(DIFFICULTIES["Moderate"], "Moderate KN check (AD+0)")]
    checks = []
    for name in wanted:
        rolled = check(dice, f"{name}: Moderate KN check during Recovery", kn, moderate)
        made = (alchemy_potion(command.alchemy or "") if name == "Alchemy" else
                HEALING_POTION if name == "Herbalism" else INSPIRATION) if rolled.success else None
        checks.append(HeroRecoveryCheck(discipline=name, check=rolled, made=made,
                                        bonus=command.alchemy if name == "Alchemy" else None))
    return checks
