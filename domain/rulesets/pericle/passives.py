"""Where a later version's always-on Discipline effects reach into the shared combat rules
(strikes, movement, grappling, the Action Order). Versions 3 and 4 play with `NO_PASSIVES`,
whose every hook answers what those rules did before any hook existed; version 5's table is
`v5/passives.py`. A `Play` carries the table its version's rules gave it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from domain.rulesets.pericle.catalogue import Weapon
from domain.rulesets.pericle.dice import Adjustment, Check
from domain.rulesets.pericle.state import CombatState, Figure

if TYPE_CHECKING:
    from domain.rulesets.pericle import combat_events as ev
    from domain.rulesets.pericle.play import Play


class Passives:
    """No effects: the shared rules exactly as versions 3 and 4 decide them."""

    def attack(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str) -> list[Adjustment]:
        """More AD modifiers on an attack roll."""
        return []

    def fortune(self, play: Play, attacker: Figure, weapon: Weapon, kind: str) -> int:
        """Fortune on an attack roll."""
        return 0

    def luck(self, play: Play, figure: Figure) -> int:
        """Fortune on the AD roll the figure makes now, from an effect spent by that roll (the
        hook records that it is spent): called by each AD roll a figure makes, as it is rolled."""
        return 0

    def second_strike(self, figure: Figure, weapon: Weapon) -> Adjustment | None:
        """A second strike with the same weapon that a Discipline grants, with its AD modifier
        (None: no Discipline grants one; Deft Strikes keeps its own rule)."""
        return None

    def shoots_after_running(self, figure: Figure) -> bool:
        """Whether a ranged attack may follow a move of more than one hex."""
        return False

    def casts_after_running(self, figure: Figure) -> bool:
        """Whether a Spell may be cast after a move of more than one hex."""
        return False

    def past_partial_cover(self, figure: Figure, kind: str) -> bool:
        """Whether the figure's shots of this kind ignore partial cover (no Defense Die for it,
        no roll to miss an ally that gives it)."""
        return False

    def crit(self, play: Play, attacker: Figure, weapon: Weapon, kind: str, rolled: Check) -> bool:
        """Whether a hit is a Crit."""
        return rolled.crit

    def extra_damage(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str,
                     first: bool) -> tuple[str, list[Adjustment]]:
        """More damage dice (a dice expression's terms, `+`-joined, or "") and flat bonuses on a
        hit; `first`: the first strike of the Action."""
        return "", []

    def damage_factor(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str) -> int:
        """What the damage roll is multiplied by."""
        return 1

    def protection(self, play: Play, attacker: Figure, target: Figure, weapon: Weapon, kind: str,
                   rolled: Check) -> list[Adjustment]:
        """Armour gained (or lost, negative) by the target against this hit."""
        return []

    def after_strike(self, play: Play, strike: ev.Strike) -> None:
        """Events a strike leaves behind (emitted after its `attacked`)."""

    def movement(self, play: Play, figure: Figure) -> int:
        """Hexes added to the figure's Movement this turn."""
        return 0

    def skill(self, figure: Figure, skill: str) -> list[Adjustment]:
        """More AD modifiers on the figure's checks of this Skill."""
        return []

    def grapple_defence(self, figure: Figure) -> int:
        """Added to the figure's Grapple score when it resists being Grappled."""
        return 0

    def grapple_escape(self, figure: Figure) -> int:
        """Added to the figure's Grapple score when it escapes a Grapple."""
        return 0

    def check_action(self, play: Play, figure: Figure, command: msgspec.Struct) -> None:
        """Refuse an Action (or a Defend declaration) the figure may not take now."""

    def order_group(self, state: CombatState, figure: Figure) -> int:
        """Where the figure's slot falls in the Action Order: 0 before all others (Haste), 1 by
        Base AD, 2 after all others."""
        return 0 if "Haste" in figure.disciplines else 1


NO_PASSIVES = Passives()
