"""Pericle 6's Staff & Wand Affinities of the Shapeshifting school (seed 001 lines 1349, 1361), on
version 6's Guise of the Beast (v6/control.py: the beast form a `shape_taken` gives, the own form
kept in `CombatState.forms`, given back by `shape_left`).

- Shapeshifter I (line 1349): "When you cast a Shapeshifting spell, non-weapon and non-armor magic
  items are still available for use. Without this Discipline, none of your items are available to
  you when you shapeshift." The items the server keeps are the healing items of the pack (potions,
  salves, berries: "Magic Items", line 1626; line 723: "lesser magical items include scrolls,
  potions, berries"): the beast form keeps the pack, and may fetch and use them (`fetch_item`,
  `use_item`); one used is gone from the hero's own pack too (evolve.py).
- Shapeshifter II (line 1361): "When you cast a Shapeshifting Spell and are in your morphed form,
  you may cast Spells that have a KN requirement up to your KN level minus three. Without this
  Discipline, you cannot cast spells while morphed." The beast form keeps the Spells whose KN
  requirement (the "KN<n> Spells" heading they are listed under) is at most its KN minus three.

Line 966: "Staves and wands allow heroes to gain the benefits of the Staff & Wand Disciplines" (as
every Affinity of version 6, v6/affinities.py): the staff or wand is in hand when the Shapeshifting
Spell is cast ("When you cast a Shapeshifting spell"); the beast has no hands for it afterwards, so
what the form keeps is fixed as it is taken."""

from __future__ import annotations

import msgspec

from domain.errors import RuleViolation
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.dice import Check
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.v4.book import SPELLS
from domain.rulesets.pericle.v4.handbook import HandbookSpell
from domain.rulesets.pericle.v5.passives import V5Passives
from domain.rulesets.pericle.v6 import control
from domain.rulesets.pericle.v6.affinities import wields_mage_weapon
from domain.rulesets.pericle.v6.effects import SpellEffect, UsedEffect

SHAPESHIFTER_I = "Staff & Wand Affinity: Shapeshifter I"
SHAPESHIFTER_II = "Staff & Wand Affinity: Shapeshifter II"
SHAPESHIFTING = "Shapeshifting"
KN_BELOW = 3  # "a KN requirement up to your KN level minus three"
# What a beast form kept by Shapeshifter I may do with its pack's items.
ITEM_ACTIONS = (cmd.FetchItem, cmd.UseItem)


def castable_in_form(figure: Figure, spell: HandbookSpell) -> bool:
    """Shapeshifter II (line 1361): a Spell "that ha[s] a KN requirement up to your KN level minus
    three" (another Shapeshifting Spell is not: the form in use is returned from first)."""
    return spell.kn <= figure.kn - KN_BELOW and spell.school != SHAPESHIFTING


def guise(play: Play, caster: Figure, spell: HandbookSpell, target: Figure, command: cmd.CastSpell,
          second: Figure | None, rolled: Check, double: bool) -> None:
    """Guise of the Beast cast with a Shapeshifter Affinity and a staff or wand in hand: version 6's
    beast form (v6/control.py `beast_form`) keeping the pack (I) and the Spells of KN at most the
    caster's KN minus three (II); without either, control's own cast."""
    own = play.figure(caster.id)  # (its Exhaustion for the cast paid)
    keeps_items = SHAPESHIFTER_I in own.disciplines and wields_mage_weapon(own)
    keeps_spells = SHAPESHIFTER_II in own.disciplines and wields_mage_weapon(own)
    if not keeps_items and not keeps_spells:
        control.guise(play, caster, spell, target, command, second, rolled, double)
        return
    form = control.beast_form(own, control.GUISES[spell.name])
    spells = tuple(s for s in own.spells if (known := SPELLS.get(s)) is not None and castable_in_form(own, known))
    form = msgspec.structs.replace(form, pack=own.pack if keeps_items else form.pack,
                                   spells=spells if keeps_spells else form.spells)
    play.emit(ev.ShapeTaken(figure=caster.id, spell=spell.name, form=form))


SPELL_EFFECTS: dict[str, SpellEffect] = dict.fromkeys(control.GUISES, guise)
USED: dict[str, UsedEffect] = {}


class ShapeshifterPassives(V5Passives):
    """Lets a beast form do what its Shapeshifter Affinities kept: v6/control.py's `check_action`
    refuses every cast and item in beast form ("beast-form"); this class comes before it (v6/passives.py)
    and lets the refusal pass for what the form kept, every other check made."""

    def check_action(self, play: Play, figure: Figure, command: msgspec.Struct) -> None:
        try:
            super().check_action(play, figure, command)
        except RuleViolation as refused:
            if refused.rule != "beast-form" or not self._kept(play, figure, command):
                raise

    @staticmethod
    def _kept(play: Play, figure: Figure, command: msgspec.Struct) -> bool:
        guise_in = control.guise_of(play.state, figure)
        if guise_in is None or guise_in.spell in getattr(command, "cancel_spells", ()):
            return False  # morphing back is control's to judge
        if isinstance(command, cmd.CastSpell):
            spell = SPELLS.get(command.spell)
            if command.spell in figure.spells and spell is not None and castable_in_form(figure, spell):
                return True
            if figure.spells:  # Shapeshifter II kept some: say which
                raise RuleViolation("beast-form", f"{figure.name} in beast form casts only Spells of KN "
                                                  f"{figure.kn - KN_BELOW} or less (Shapeshifter II, line 1361)")
            return False
        return isinstance(command, ITEM_ACTIONS) and bool(figure.pack or _healing_in_hand(figure))


def _healing_in_hand(figure: Figure) -> bool:
    """An item fetched from the pack kept by Shapeshifter I (a beast holds nothing else but its
    natural weapons)."""
    return any(figure.weapon(item) is None for item in figure.in_hand)
