"""A combat turn (seed 001, Combat Phases): Initiative, the Movement phase team by team with
Embattlement, repositioning, Defend declarations, and the Action Order with its slots."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.rulesets.pericle import board, poison, spell_effects
from domain.rulesets.pericle import combat_commands as cmd
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.catalogue import SPELLS
from domain.rulesets.pericle.dice import Adjustment, check
from domain.rulesets.pericle.heroes import Combatant
from domain.rulesets.pericle.heroes import action_order as ranked_by_base_ad
from domain.rulesets.pericle.movement import walk
from domain.rulesets.pericle.overrun import check_overrun, overrun
from domain.rulesets.pericle.play import Play, acting_for_team, require_phase, roll_among, team_seats
from domain.rulesets.pericle.state import ActiveSpell, CombatState, Figure, Team
from domain.rulesets.pericle.v4.book import DISCIPLINES as HANDBOOK_DISCIPLINES
from domain.rulesets.pericle.v4.book import SPELLS as HANDBOOK_SPELLS
from domain.rulesets.pericle.v5 import lasting, spell_ends

# ---- Initiative --------------------------------------------------------------------------


def roll_initiative(play: Play, command: cmd.RollInitiative) -> None:
    """One Initiative Check for the party at AD0, +1 per hero with Tactics; on success the
    heroes choose who moves first, otherwise the enemies do (seed 001, 1. Initiative)."""
    require_phase(play.state, "initiative")
    acting_for_team(play, "heroes")
    tacticians = [f for f in play.state.team("heroes") if f.active and "Tactics" in f.disciplines]
    adjustments = [Adjustment(1, f"Tactics ({f.name})") for f in tacticians]
    rolled = check(play.dice, "initiative", 0, adjustments)
    play.emit(ev.InitiativeRolled(turn=play.state.turn + 1, winner="heroes" if rolled.success else "enemies",
                                  tactics=len(tacticians), check=rolled))


def choose_order(play: Play, command: cmd.ChooseOrder) -> None:
    require_phase(play.state, "order")
    assert play.state.initiative is not None
    acting_for_team(play, play.state.initiative)
    play.emit(ev.OrderChosen(first=command.first))


# ---- Movement ----------------------------------------------------------------------------


def can_move(play: Play, figure: Figure) -> None:
    if stalked_out(play.state, figure):
        raise RuleViolation("surprised", f"the Surprise turn is the Stalker's: {figure.name} waits")
    if not figure.active:
        raise RuleViolation("figure-down", f"{figure.name} is {figure.condition}")
    if spell_effects.paralysed(play.state, figure):
        raise RuleViolation("paralysed", f"{figure.name} is paralysed: it cannot move or attack")
    if figure.grappled_with:
        raise RuleViolation("grappled-no-move", "a Grappled figure cannot move; escaping is an Action")
    if figure.stunned:
        raise RuleViolation("stunned", f"{figure.name} is stunned and loses its next Movement or Action")
    if spell_effects.asleep(play.state, figure):
        raise RuleViolation("asleep", f"{figure.name} is asleep")


def move_in_phase(play: Play, command: cmd.MoveFigure) -> None:
    figure = play.figure(command.figure)
    require_phase(play.state, "movement")
    if figure.team != play.state.moving:
        raise RuleViolation("not-your-movement", f"the {play.state.moving} are moving")
    if figure.id in play.state.moved_figures:
        raise RuleViolation("already-moved", "a figure finishes its move before the next moves, and moves once")
    if command.strike is not None:
        raise RuleViolation("strike-in-movement", "only joining a Grapple Pile as the Action brings a strike")
    can_move(play, figure)
    if play.passives.teleports(play.state, figure):
        _teleport(play, figure, command)
        return
    if command.overrun is not None and ("Overrun" not in figure.disciplines or command.join_pile or command.fly):
        raise RuleViolation("overrun", f"{figure.name} cannot Overrun (the ability, on foot, not into a pile)")
    started_embattled = bool(board.embattled_by(play.state, figure))
    planned = command.path[-1] if command.path else figure.hex
    if command.overrun is not None:  # checked where the move would end, before its rolls
        arrived = play.supposing(ev.FigureMoved(
            figure=figure.id, path=tuple(command.path), facing=figure.facing if command.facing is None
            else command.facing, counted=len(command.path), reason="movement"))
        check_overrun(arrived.state, arrived.figure(figure.id), command.overrun, started_embattled)
    walk(play, figure, command.path, command.facing, reason="movement", fly=command.fly, join_pile=command.join_pile)
    moved = play.figure(figure.id)
    if command.overrun is not None and moved.hex == planned and moved.condition == "standing":
        # A move cut short (a fall, a failed jump) leaves no Overrun to make.
        overrun(play, moved, command.overrun, started_embattled=started_embattled)


def _teleport(play: Play, figure: Figure, command: cmd.MoveFigure) -> None:
    """A figure that teleports as its Movement (`Passives.teleports`) appears in the one hex named,
    where its base fits, facing as chosen."""
    if len(command.path) != 1 or command.fly is not None or command.join_pile or command.overrun is not None:
        raise RuleViolation("teleport", f"{figure.name} teleports as its Movement: `path` names the one hex it "
                                        "appears in (no flight, pile or Overrun)")
    facing = figure.facing if command.facing is None else command.facing
    if figure.grappled_with or not board.base_fits(play.state, figure, command.path[0], facing):
        raise RuleViolation("teleport", f"{figure.name} cannot appear in {command.path[0]}")
    play.emit(ev.FigureMoved(figure=figure.id, path=(command.path[0],), facing=facing, counted=0, reason="movement"))


def end_movement(play: Play, command: cmd.EndMovement) -> None:
    require_phase(play.state, "movement")
    assert play.state.moving is not None
    acting_for_team(play, play.state.moving)
    play.emit(ev.TeamMoved(team=play.state.moving))
    if play.state.phase == "reposition" and play.state.surprise == "enemies":
        # The surprised heroes have no repositioning of their own to finish.
        _reposition_enemies(play)
        play.emit(ev.RepositioningEnded())


# ---- Repositioning and declarations -------------------------------------------------------


def face(play: Play, command: cmd.Face) -> None:
    figure = play.figure(command.figure)
    require_phase(play.state, "reposition", "declare")
    if figure.team != "heroes":
        raise RuleViolation("enemy-repositioning", "enemies reposition by the seed's three rules, after the heroes")
    not_surprised(play.state, figure)
    if not figure.active:
        raise RuleViolation("figure-down", f"{figure.name} is {figure.condition}")
    play.emit(ev.FigureFaced(figure=figure.id, facing=command.facing))


def end_repositioning(play: Play, command: cmd.EndRepositioning) -> None:
    """The heroes are done; the enemies turn by the seed's rules (Repositioning), and the heroes
    may turn again in answer until the Action phase begins."""
    require_phase(play.state, "reposition")
    acting_for_team(play, "heroes")
    if play.state.surprise != "heroes":
        _reposition_enemies(play)
    play.emit(ev.RepositioningEnded())


def _reposition_enemies(play: Play) -> None:
    for enemy in play.state.team("enemies"):
        if enemy.standing:
            best = enemy_facing(play, enemy)
            if best != enemy.facing:
                play.emit(ev.FigureFaced(figure=enemy.id, facing=best, reason="enemy repositioning"))


def not_surprised(state: CombatState, figure: Figure) -> None:
    """Surprise: the surprised team neither moves, turns, declares nor acts in the Surprise turn
    (PER-SURPRISE)."""
    if state.surprise is not None and figure.team != state.surprise:
        raise RuleViolation("surprised", f"the {figure.team} are surprised: the {state.surprise} have this turn")
    if stalked_out(state, figure):
        raise RuleViolation("surprised", f"the Surprise turn is the Stalker's: {figure.name} waits")


STALKER = "Stalker"


def stalkers(state: CombatState) -> frozenset[str]:
    """Version 6's Stalker (seed 001, line 1327): the heroes whose KN check won them "a full
    Surprise turn (Movement and Action) before the combat starts" (declared as the turn began;
    no earlier version declares Stalker)."""
    return frozenset(s.caster for s in state.spells if s.spell == STALKER and s.cast_turn == state.turn)


def stalked_out(state: CombatState, figure: Figure) -> bool:
    """In a Stalker's Surprise turn, whether the figure is not a Stalker taking it (it neither
    moves, turns, declares nor acts)."""
    if state.surprise is None:
        return False
    found = stalkers(state)
    return bool(found) and figure.id not in found


def enemy_facing(play: Play, enemy: Figure) -> int:
    """1. face the greatest number of heroes (adjacent ones in front first, fewest in the rear
    hex, then all within the front arc); 2. the hero that has done it the most damage; 3. the
    hero that hit it most recently; then keep the present facing; a last tie is a die roll
    (PER-ENEMY-CHOICE)."""
    heroes = [h for h in play.state.team("heroes") if h.active]

    def score(facing: int) -> tuple[int, int, int, int, int]:
        turned = msgspec.structs.replace(enemy, facing=facing)
        in_front = [h for h in heroes if board.in_front(turned, h)]
        in_rear = [h for h in heroes if board.zone_toward(turned, h) == "rear"]
        in_arc = [h for h in heroes if board.in_front_arc(turned, h.hex)]
        faced = in_front or in_arc
        most_damage = max((enemy.damage_from.get(h.id, 0) for h in faced), default=0)
        last_hitter = int(any(h.id == enemy.last_hit_by for h in faced))
        return len(in_front), -len(in_rear), len(in_arc), most_damage, last_hitter

    # A larger base turns about its anchor, so only the facings its base fits in are open to it.
    open_facings = [f for f in range(6) if enemy.size == 1 or f == enemy.facing
                    or board.base_fits(play.state, enemy, enemy.hex, f)]
    scores = {facing: score(facing) for facing in open_facings}
    top = max(scores.values())
    tied = [facing for facing, value in scores.items() if value == top]
    if enemy.facing in tied or len(tied) == 1:
        return enemy.facing if enemy.facing in tied else tied[0]
    return choose(play, enemy, "facing", tied)


def choose(play: Play, figure: Figure, purpose: str, options: list[int]) -> int:
    """PER-ENEMY-CHOICE: a tie left after the seed's priorities is broken by a recorded die."""
    chosen, roll = roll_among(play, f"{figure.name}: {purpose} among {options}", options)
    play.emit(ev.ChoiceRolled(figure=figure.id, purpose=purpose, options=tuple(options), chosen=chosen, roll=roll))
    return chosen


def may_declare(state: CombatState, figure: Figure) -> None:
    """A standing or prone figure makes one declaration a turn: Defend or Deft Strikes."""
    not_surprised(state, figure)
    if figure.companion:
        raise RuleViolation("companion-action", "a befriended animal makes no declarations")
    if not figure.active:
        raise RuleViolation("figure-down", f"{figure.name} is {figure.condition}")
    if figure.defending:
        raise RuleViolation("already-defending", f"{figure.name} is Defending this turn")
    if figure.deft_strikes:
        raise RuleViolation("deft-strikes-declared", f"{figure.name} has declared Deft Strikes this turn")


def declare_defend(play: Play, figure: Figure, shield_bash: bool = True) -> None:
    may_declare(play.state, figure)
    play.emit(ev.DefendDeclared(figure=figure.id, shield_bash=shield_bash))


def declare_deft_strikes(play: Play, command: cmd.DeclareDeftStrikes) -> None:
    """Deft Strikes' AD-1 counts "when determining both the order of your attack and when making
    the attack roll", and the order is fixed before any Action: so the hero declares it first."""
    require_phase(play.state, "declare")
    figure = play.figure(command.figure)
    if "Deft Strikes" not in figure.disciplines:
        raise RuleViolation("deft-strikes", f"{figure.name} does not know Deft Strikes")
    if not play.settings.PER_DEFT_ORDER.in_the_order:
        raise RuleViolation("deft-strikes-not-in-order",
                            "in this battle Deft Strikes is not declared: it leaves the Action Order alone")
    may_declare(play.state, figure)
    play.emit(ev.DeftStrikesDeclared(figure=figure.id))


def begin_actions(play: Play, command: cmd.BeginActions) -> None:
    """Any seat in play may close the declarations (the engine resolved which it acts for)."""
    require_phase(play.state, "declare")
    lasting.at_declarations(play)
    play.passives.actions_begin(play)
    play.emit(ev.ActionPhaseBegan(order=action_order(play.state, play.passives.order_group)))
    advance(play)


def order_ad(figure: Figure) -> int:
    """Base AD, +2 for Archery with a bow in hand (it "affects your attack order"), -1 for Deft
    Strikes declared (only declared where PER-DEFT-ORDER puts it in the order)."""
    bow = any(w.bow and w.name.lower() in figure.in_hand for w in figure.weapons)
    return figure.base_ad + (2 if bow and "Archery" in figure.disciplines else 0) - (1 if figure.deft_strikes else 0)


def _hasty(state: CombatState, figure: Figure) -> int:
    return 0 if "Haste" in figure.disciplines else 1


def action_order(state: CombatState, group: Callable[[CombatState, Figure], int] = _hasty) -> tuple[str, ...]:
    """Haste first; then highest Base AD first, ties to the team that won initiative; heroes
    tied among themselves in the order they joined (a hero may Delay). Unconscious casters keep
    a slot, where their maintained spells lapse. In a Surprise turn only the surprising team."""
    casters = {s.caster for s in state.spells}
    eligible = [f for f in state.figures if (f.active or (f.condition == "unconscious" and f.id in casters))
                and (state.surprise is None or f.team == state.surprise) and not stalked_out(state, f)]
    winner = state.initiative or "heroes"
    # `group`: Haste first (0), then by Base AD (1); version 5 adds those who act last (2).
    groups = [[Combatant(f.id, f.team, order_ad(f)) for f in eligible if group(state, f) == n] for n in (0, 1, 2)]
    return tuple(name for members in groups for name in ranked_by_base_ad(members, winner))


# ---- the Action Order's slots --------------------------------------------------------------


def open_slot(play: Play, figure: Figure) -> None:
    """What happens as a figure's slot comes up: bleeds it caused tick (1d4 on its action), its
    spells that have run their course end, and an unconscious caster's maintained spells lapse."""
    for victim in play.state.figures:
        for bleed in victim.bleeding:
            if bleed.source == figure.id and play.figure(victim.id).condition != "dead":
                roll = roll_expression(play.dice, "1d4", f"bleed on {victim.name}")
                amount = spell_effects.hurt(play.state, victim, roll.total or 0)
                play.emit(ev.Damaged(figure=victim.id, amount=amount, source=f"bleed:{figure.id}", roll=roll))
    figure = play.figure(figure.id)
    if figure.poisoned is not None and figure.active:
        poison.save(play, figure)
    for spell in play.state.spells:
        if spell.caster != figure.id or (spell.rules and spell not in play.state.spells):
            continue  # (a Pericle 5 spell may have gone with a creature that vanished meanwhile)
        if spell.expires_turn and play.state.turn >= spell.expires_turn:
            play.emit(ev.SpellEnded(caster=figure.id, spell=spell.spell, target=spell.target, reason="expired"))
            lasting.ended(play, spell)
        elif spell_ends.lapses(play, figure, spell):  # version 5: only those needing Exhaustion each turn
            play.emit(ev.SpellEnded(caster=figure.id, spell=spell.spell, target=spell.target,
                                    reason="caster unconscious"))
            lasting.ended(play, spell)
    lasting.at_slot(play, play.figure(figure.id))


def skip_reason(figure: Figure, turn: int, held: str | None = None) -> str | None:
    """Why a figure's slot passes without a command; `held`: a Pericle 5 spell holds it (asleep,
    casting Create Undead)."""
    if figure.condition in ("unconscious", "dead"):
        return figure.condition
    if held is not None:
        return held
    if figure.woke_turn == turn:
        return "revived this turn"
    if figure.stunned:
        return "stunned"
    if figure.defending and not figure.grappled_with:
        return "defending"
    return None


def advance(play: Play) -> None:
    """Open slots until one waits for a command; end the turn when every slot has passed and no
    hero is still delaying."""
    while play.state.phase == "actions" and not combat_over(play):
        current = play.state.current
        if current is None:
            if play.state.delayed:
                return
            play.emit(ev.TurnEnded(turn=play.state.turn))
            return
        figure = play.figure(current)
        open_slot(play, figure)
        figure = play.figure(current)
        reason = skip_reason(figure, play.state.turn, lasting.holds(play.state, figure))
        if reason is None:
            return
        if reason == "defending":
            upkeep(play, figure, [])
        play.emit(ev.SlotSkipped(figure=figure.id, reason=reason))


def upkeep_of(active: ActiveSpell, turn: int) -> int:
    """A maintained effect's Exhaustion this turn, as the Handbook lists it ("1E+1E/turn": 1).
    Version 3's one maintained spell, Blur, has the same upkeep in both tables; the Handbook's
    adds Fly's "+1 every two turns", Divine Might's "xE/turn" (the E it was cast with) and
    Berserk's "an additional 2E for every turn thereafter"."""
    if active.spell in SPELLS:
        return SPELLS[active.spell].upkeep
    if active.spell in HANDBOOK_DISCIPLINES:
        return HANDBOOK_DISCIPLINES[active.spell].upkeep
    spell = HANDBOOK_SPELLS[active.spell]
    if spell.upkeep is None:
        return active.exhaustion
    return spell.upkeep if (turn - active.cast_turn) % spell.upkeep_every == 0 else 0


def upkeep(play: Play, figure: Figure, cancel: list[str]) -> None:
    """Seed 001, Renew Spells & Items: at the start of its Action a caster pays each maintained
    spell's Exhaustion, or lets it go."""
    for spell in play.state.spells:
        if spell.caster != figure.id or spell.cast_turn >= play.state.turn or spell.expires_turn:
            continue
        if spell.rules and (not lasting.maintained(spell) or spell not in play.state.spells):
            continue  # Pericle 5: a spell that lasts with no upkeep (Sleep), or gone meanwhile, is not renewed
        if lasting.lapsed(play, spell):
            play.emit(ev.SpellEnded(caster=figure.id, spell=spell.spell, target=spell.target, reason="summon slain"))
            lasting.ended(play, spell)
            continue
        if spell.spell in cancel:
            play.emit(ev.SpellEnded(caster=figure.id, spell=spell.spell, target=spell.target, reason="cancelled"))
            lasting.ended(play, spell)
        else:
            cost = lasting.upkeep(spell, figure, play.state.turn) if spell.rules else upkeep_of(spell, play.state.turn)
            play.emit(ev.SpellMaintained(caster=figure.id, spell=spell.spell, target=spell.target, exhaustion=cost))
            if play.figure(figure.id).active:
                lasting.after_upkeep(play, spell)


def combat_over(play: Play) -> bool:
    """Every enemy dead: the heroes win; no hero standing or prone: the enemies win."""
    state = play.state
    if state.phase == "ended":
        return True
    winner: Team | None = None
    if all(f.condition == "dead" for f in state.team("enemies")):
        winner = "heroes"
    elif not any(f.active for f in state.team("heroes")):
        winner = "enemies"
    if winner is None:
        return False
    play.emit(ev.CombatEnded(winner=winner, winners=tuple(sorted(team_seats(state, winner)))))
    return True
