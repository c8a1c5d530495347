"""Where a later version's always-on Discipline effects reach into the shared combat rules
(strikes, movement, grappling, the Action Order). Versions 3 and 4 play with `NO_PASSIVES`,
whose every hook answers what those rules did before any hook existed; version 5's table is
`v5/passives.py`. A `Play` carries the table its version's rules gave it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

from domain.hexes import Hex
from domain.rulesets.pericle.catalogue import Weapon
from domain.rulesets.pericle.dice import Adjustment, Check
from domain.rulesets.pericle.state import ActiveSpell, CombatState, Figure

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

    def past_complete_cover(self, play: Play, attacker: Figure, target: Figure, kind: str) -> list[str] | None:
        """The Defense Dice of a shot of this kind at a target with Complete Cover, when a
        Discipline lets it through (None: the target cannot be attacked)."""
        return None

    def rolls_past_allies(self, play: Play, attacker: Figure, target: Figure, kind: str) -> bool:
        """Whether a missed shot of this kind rolls to miss each ally in the line of fire."""
        return not self.past_partial_cover(attacker, kind)

    def bashes_back(self, play: Play, defender: Figure, attacker: Figure) -> bool:
        """Whether a Defending figure with Shield Bash I bashes back at this attacker (when the
        rest of Shield Bash I allows it)."""
        return True

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

    def cast_waits(self, play: Play, caster: Figure, command: msgspec.Struct, target: Figure, rolled: Check,
                   effect: Callable[[Play], None]) -> bool:
        """Whether a successful cast waits (a Karma window) before its effect, which `effect` applies
        (rolling its dice) on a Play; True when it waits (the `cast_rolled` emitted)."""
        return False

    def strikes_done(self, play: Play, attacker_id: str, sent: dict[str, Any], last: ev.Strike | None) -> None:
        """What follows the strikes of a command resolved in steps (v5/attack_steps.py), before its
        Action is done: `sent`, the command as recorded; `last`, the last strike finished in this
        command, if any (version 6: a Discipline's trip or push after its strike)."""
    def spell_ward(self, play: Play, figure: Figure) -> list[Adjustment]:
        """Points taken off the damage a Spell deals the figure, after its armour (none before
        version 6's Sapphire runestone in armour, seed 001 line 747)."""
        return []

    def movement(self, play: Play, figure: Figure) -> int:
        """Hexes added to the figure's Movement this turn."""
        return 0

    def skill(self, figure: Figure, skill: str) -> list[Adjustment]:
        """More AD modifiers on the figure's checks of this Skill."""
        return []

    def grapple_defence(self, figure: Figure) -> int:
        """Added to the figure's Grapple score when it resists being Grappled."""
        return 0

    def resist_grapple(self, play: Play, figure: Figure) -> int:
        """Added to the figure's Grapple score when it resists being Grappled, by what the field
        knows of it (a later version's summoned creature); the figure's own `grapple_defence` first."""
        return self.grapple_defence(figure)

    def separate_attacks(self, state: CombatState, figure: Figure) -> bool:
        """Whether the figure's attacks each strike separately in one Action (a creature with
        several heads), once each and with no penalty for the number of attacks."""
        return False

    def teleports(self, state: CombatState, figure: Figure) -> bool:
        """Whether the figure's move in the Movement phase is a teleport: to any hex its base fits
        in (`path`: that one hex), not a walk."""
        return False

    def actions_begin(self, play: Play) -> None:
        """Events as the Action phase begins (after the declarations, before the Action Order)."""

    def spell_ended(self, play: Play, spell: ActiveSpell) -> None:
        """Events after a spell of version 5 or later ended (v5/lasting.py `ended`), before
        version 5's own (a later version's Spell that leaves something to undo)."""

    def spell_maintained(self, play: Play, spell: ActiveSpell) -> None:
        """Events after a spell of version 5 or later was maintained at its caster's Action
        (v5/lasting.py `after_upkeep`): a later version's Spell that acts on its caster's turn."""

    def gate_step(self, play: Play, figure: Figure, here: Hex, landing: Hex) -> bool:
        """Whether a step of a path from `here` to `landing` passes through a gate (version 6's
        Gateway: one hex of movement between the two gates); refused with a RuleViolation when the
        figure may not pass. Never before version 6."""
        return False

    def across_gate(self, state: CombatState, attacker: Figure, target: Figure) -> bool:
        """Whether the attacker and its target stand in the two gates of a Gateway (version 6), so that
        a melee blow may pass between them."""
        return False

    def grapple_escape(self, figure: Figure) -> int:
        """Added to the figure's Grapple score when it escapes a Grapple."""
        return 0

    def check_action(self, play: Play, figure: Figure, command: msgspec.Struct) -> None:
        """Refuse an Action (or a Defend declaration) the figure may not take now."""

    def order_group(self, state: CombatState, figure: Figure) -> int:
        """Where the figure's slot falls in the Action Order: 0 before all others (Haste), 1 by
        Base AD, 2 after all others; any other number: no slot this turn."""
        return 0 if "Haste" in figure.disciplines else 1


NO_PASSIVES = Passives()
