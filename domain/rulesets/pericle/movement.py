"""Moving a figure (seed 001, Movement & Embattlement, Jumping, Additional Combat Rules): hex by
hex or jumping over one or two hexes; Embattlement, the Pivot, bodies, pits and hazards."""

from __future__ import annotations

import msgspec

from domain.dice_expression import roll_expression
from domain.errors import RuleViolation
from domain.hexes import DIRECTIONS, Hex, distance
from domain.rulesets.pericle import board, poison, spell_effects
from domain.rulesets.pericle import combat_events as ev
from domain.rulesets.pericle.bases import footprint
from domain.rulesets.pericle.dice import DIFFICULTIES, Adjustment, check
from domain.rulesets.pericle.play import Play
from domain.rulesets.pericle.state import Figure
from domain.rulesets.pericle.v5.arcane import flux_burn

CRAWL = 2  # "Prone combatants may crawl with a Movement of 2."


def movement_points(figure: Figure) -> int:
    return CRAWL if figure.condition == "prone" else figure.movement


def hurdled(here: Hex, landing: Hex) -> list[Hex]:
    """The hexes a straight jump from `here` to `landing` passes over (one or two); a step to a
    neighbour hurdles nothing. Refused when the landing is not straight ahead."""
    gap = distance(here, landing)
    if gap == 1:
        return []
    for step in DIRECTIONS:
        if gap in (2, 3) and Hex(here.q + step.q * gap, here.r + step.r * gap) == landing:
            return [Hex(here.q + step.q * n, here.r + step.r * n) for n in range(1, gap)]
    raise RuleViolation("path-not-adjacent", f"{landing} is neither next to {here} nor a straight jump of one or "
                                             f"two hexes from it")


def walk(play: Play, figure: Figure, path: list[Hex], facing: int | None, *, reason: str,
         fly: bool | None = None, join_pile: bool = False) -> bool:
    """Validate the whole path, then resolve it leg by leg: a check where a leg needs one, and
    the move ends where a check fails. Returns whether the figure joined a Grapple Pile."""
    state = play.state
    if path and figure.pinned_turn >= state.turn:
        raise RuleViolation("pinned", f"{figure.name} is Pinned: it may rotate but not move this turn")
    if fly is not None and not spell_effects.flying_speed(state, figure):
        raise RuleViolation("cannot-fly", f"{figure.name} does not fly")
    pile = pile_to_join(play, figure, path, fly) if join_pile else ()
    if figure.airborne or fly:
        _fly(play, figure, path, facing, reason=reason, land=fly is False)
        return False
    hazards = {hazard.hex for hazard in state.encounter.map.hazards}
    if figure.companion and any(h in hazards for step in path for h in footprint(figure.size, step, figure.facing)):
        raise RuleViolation("companion-hazard", "a befriended animal will not enter a hex with a hazard")
    if path and figure.hex in state.encounter.map.pits:
        raise RuleViolation("clinging", f"{figure.name} clings to a pit's edge: climbing out is an Action")
    limit = movement_points(figure) + play.passives.movement(play, figure)
    engaged = board.embattled_by(state, figure)
    if engaged:
        limit = min(limit, 1)
        adjacent = [foe for foe in engaged if board.gap(foe, figure) == 1]
        moved = msgspec.structs.replace(figure, hex=path[0]) if path else figure
        if path and any(board.gap(foe, moved) != 1 for foe in adjacent):
            raise RuleViolation("pivot", "an Embattled figure may only Pivot one hex, staying adjacent to every "
                                         "foe it is Embattled with (Withdraw is an Action)")
    legs = _legs(play, figure, path)
    cost = sum(len(over) + 1 for _, over in legs)
    if cost > limit:
        raise RuleViolation("movement-exceeded", f"{figure.name} may move {limit} hex(es) now"
                                                 f"{' (Embattled: Pivot)' if engaged else ''}; this path costs {cost}")
    final = path[-1] if path else figure.hex
    if facing is not None and facing != figure.facing and not board.base_fits(state, figure, final, facing):
        raise RuleViolation("base-blocked", f"{figure.name}'s base does not fit at {final} facing {facing}")
    for index, (landing, _) in enumerate(legs):
        if index < len(legs) - 1 and not engaged and board.embattled_by(state, figure, at=landing):
            raise RuleViolation("embattled-stop", f"entering {landing} Embattles {figure.name}: the move stops there")
    trapped = spell_effects.trapped(state)
    if path and set(figure.hexes) & trapped and not _out_of_a_trap(play, figure, path):
        _finish(play, figure, [], facing, reason)
        return False
    taken: list[Hex] = []
    for index, (landing, over) in enumerate(legs):
        fell_in = _jump(play, figure, over) if over else None
        if fell_in is not None:
            taken.append(fell_in)
            _finish(play, figure, taken, facing, reason)
            _land_short(play, figure, fell_in)
            return False
        taken.append(landing)
        if pile and index == len(legs) - 1:
            break  # "Entering a Grapple pile does not require a Grapple check"
        entered = set(footprint(figure.size, landing, figure.facing)) - set(figure.hexes)
        lying = any(board.lying_in(state, h, besides=figure.id) for h in entered or {landing})
        if lying and not _clear_the_body(play, figure):
            _finish(play, figure, taken, facing, reason)
            play.emit(ev.FellProne(figure=figure.id, reason="failed to cross a body or prone figure"))
            return False
        greased = spell_effects.greased(state)
        on_grease = set(footprint(figure.size, landing, figure.facing)) & set(greased)
        if on_grease and figure.condition == "standing" and not keep_footing(
                play, figure, "move into grease", misfortune=any(greased[h] for h in on_grease)):
            # Pericle 5's Grease, Minor (line 1403): "When a creature moves into the greased hex,
            # it must roll a Base AD check or fall... Creatures may crawl without rolling".
            _finish(play, figure, taken, facing, reason)
            play.emit(ev.FellProne(figure=figure.id, reason="slipped on grease"))
            return False
        if set(footprint(figure.size, landing, figure.facing)) & trapped:
            # Pericle 5's Trap (line 1482): "Creatures must stop for the turn when they enter a
            # trapped hex."
            _finish(play, figure, taken, facing, reason)
            return False
    _finish(play, figure, taken, facing, reason)
    if not pile or not play.figure(figure.id).active:
        return False
    play.emit(ev.JoinedPile(figure=figure.id, hex=path[-1], pile=pile))
    return True


def pile_to_join(play: Play, figure: Figure, path: list[Hex], fly: bool | None) -> tuple[str, ...]:
    """Additional Combat Rules: at the end of a move a figure "may choose to enter an existing
    Grapple pile - a group of 2 or more combatants that are Prone and Grappled"; a prone one
    crawls in. Returns who is in the pile on the path's last hex."""
    if not path:
        raise RuleViolation("no-pile", "a figure joins a Grapple Pile by ending its move on the pile's hex")
    if figure.size > 1:
        raise RuleViolation("grapple-size", "only figures of one hex join a Grapple Pile (PER-GRAPPLE-SIZE)")
    if figure.airborne or fly:
        raise RuleViolation("ground-and-air", "a flyer lands before it joins a Grapple Pile")
    members = [f for f in play.state.figures if path[-1] in f.hexes and f.grappled_with and f.id != figure.id]
    if len(members) < 2 or all(member.team == figure.team for member in members):
        raise RuleViolation("no-pile", f"no Grapple Pile with a foe in it lies at {path[-1]}")
    return tuple(member.id for member in members)


def _fly(play: Play, figure: Figure, path: list[Hex], facing: int | None, *, reason: str, land: bool) -> None:
    """Flying: the flying Movement; no Embattlement either way, over combatants and furniture,
    not through walls; taking off needs not being Embattled (Withdraw first); landing needs a
    hex a figure could stand in."""
    state = play.state
    if not figure.airborne:
        if board.embattled_by(state, figure):
            raise RuleViolation("embattled-take-off", "an Embattled flyer cannot take off unless it Withdraws")
        if figure.condition != "standing":
            raise RuleViolation("prone", "a prone figure cannot take off")
    speed = spell_effects.flying_speed(state, figure)  # Pericle 5's Fly gives Movement 6 in the air
    if len(path) > speed:
        raise RuleViolation("movement-exceeded", f"{figure.name} flies {speed} hex(es)")
    here = figure.hex
    for step in path:
        if distance(here, step) != 1:
            raise RuleViolation("path-not-adjacent", f"{step} is not next to {here}")
        if not state.encounter.map.contains(step) or step in board.walls(state):
            raise RuleViolation("path-blocked", f"{step} is a wall or off the map")
        here = step
    if any(board.standing_in(state, h, besides=figure.id, airborne=True)
           for h in footprint(figure.size, here, figure.facing)):
        raise RuleViolation("path-occupied", f"another flyer is in {here}")
    grounded = msgspec.structs.replace(figure, airborne=False)
    if land and not board.base_fits(state, grounded, here, figure.facing if facing is None else facing):
        raise RuleViolation("landing", f"{figure.name} cannot land in {here}")
    play.emit(ev.FigureMoved(figure=figure.id, path=tuple(path), facing=figure.facing if facing is None else facing,
                             counted=len(path), reason=reason, airborne=not land))


def _legs(play: Play, figure: Figure, path: list[Hex]) -> list[tuple[Hex, list[Hex]]]:
    state = play.state
    legs = []
    here = figure.hex
    for landing in path:
        over = [] if play.passives.gate_step(play, figure, here, landing) else hurdled(here, landing)
        if over and figure.condition != "standing":
            raise RuleViolation("jump-prone", "a prone figure crawls; it cannot jump")
        if over and figure.size > 1:
            raise RuleViolation("jump-size", "a figure of more than one hex does not jump")
        for hex_ in over:
            if not state.encounter.map.contains(hex_) or not board.passable(state, hex_, over_pits=True):
                raise RuleViolation("jump-blocked", f"{hex_} holds an obstacle of waist height or taller")
            if board.standing_in(state, hex_, besides=figure.id):
                raise RuleViolation("jump-blocked", f"{hex_} holds a standing combatant")
        covered = footprint(figure.size, landing, figure.facing)
        if not all(board.passable(state, h) for h in covered):
            raise RuleViolation("path-blocked", f"{landing} is a wall, furniture, a pit or off the map"
                                                f"{' for its base' if figure.size > 1 else ''}")
        if any(board.standing_in(state, h, besides=figure.id) for h in covered):
            raise RuleViolation("path-occupied", f"{landing} holds a standing combatant")
        legs.append((landing, over))
        here = landing
    return legs


def _finish(play: Play, figure: Figure, taken: list[Hex], facing: int | None, reason: str) -> None:
    play.emit(ev.FigureMoved(figure=figure.id, path=tuple(taken), facing=figure.facing if facing is None else facing,
                             counted=len(taken), reason=reason))
    for step in taken:
        _hazard(play, figure, step)
        if step in spell_effects.fluxes(play.state):
            # Pericle 5's Arcane Flux (line 1430): "If a creature enters a hex with energy flux,
            # it also takes 1HP damage."
            flux_burn(play, play.figure(figure.id), 1)


def athletics(play: Play, figure: Figure, difficulty: str, purpose: str) -> bool:
    """A skill check at the figure's Athletics (an enemy's Base AD unless its block gives one)."""
    extra = [Adjustment(1, "Everkin Wit")] if figure.everkin else []
    extra += poison.penalty(figure)
    extra += play.passives.skill(figure, "Athletics")
    modifier = DIFFICULTIES[difficulty]
    adjustments = [Adjustment(modifier, difficulty)] if modifier else []
    rolled = check(play.dice, f"{figure.name}: {purpose}", figure.athletics, [*adjustments, *extra],
                   fortune=play.passives.luck(play, figure))
    play.emit(ev.CheckMade(figure=figure.id, purpose=f"{difficulty} Athletics check to {purpose}", check=rolled))
    return rolled.success


TRAP_STEPS = {False: 1, True: 2}  # Trap (line 1482): "can only move one hex. If MT is 20 or greater they may move two"


def _out_of_a_trap(play: Play, figure: Figure, path: list[Hex]) -> bool:
    """Pericle 5's Trap (line 1482): "Creatures must stop for the turn when they enter a trapped
    hex. In subsequent turns, trapped creatures must succeed on a Moderate MT check (AD+0) to
    move, then can only move one hex. If MT is 20 or greater they may move two hexes." Whether
    the move may go on (the check, once the path is known to be within the steps allowed)."""
    if figure.moved:
        raise RuleViolation("trapped", f"{figure.name} entered a Trap: it stops for the turn")
    steps = TRAP_STEPS[figure.mt >= 20]
    if len(path) > steps:
        raise RuleViolation("trapped", f"{figure.name} is in a Trap: it moves {steps} hex(es) at most")
    rolled = check(play.dice, f"{figure.name}: Moderate MT check to move out of a Trap", figure.mt, [],
                   fortune=play.passives.luck(play, figure))
    play.emit(ev.CheckMade(figure=figure.id, purpose="Moderate MT check to move in a Trap", check=rolled))
    return rolled.success


def keep_footing(play: Play, figure: Figure, purpose: str, misfortune: bool = False) -> bool:
    """Grease, Minor (line 1403): a Base AD check not to fall; "Heroes may opt to roll an
    Athletics check in lieu of Base AD check" (a hero rolls the better of the two); Greater
    Grease's with Misfortune."""
    hero = figure.team == "heroes" and figure.athletics > figure.base_ad
    rolled = check(play.dice, f"{figure.name}: {purpose}", figure.athletics if hero else figure.base_ad,
                   poison.penalty(figure), misfortune=int(misfortune), fortune=play.passives.luck(play, figure))
    play.emit(ev.CheckMade(figure=figure.id, purpose=f"{'Athletics' if hero else 'Base AD'} check to {purpose}",
                           check=rolled))
    return rolled.success


def _clear_the_body(play: Play, figure: Figure) -> bool:
    """Jumping: a Simple Athletics check (AD+2) to move over a body or prone figure."""
    return athletics(play, figure, "Simple", "cross a body or prone figure")


def _jump(play: Play, figure: Figure, over: list[Hex]) -> Hex | None:
    """Jumping over one hex: a Moderate check; over two: Moderate to clear the first, then Hard
    (AD-2) to clear the second. Returns the hex the jumper failed to clear, if any."""
    for index, hex_ in enumerate(over):
        difficulty = "Moderate" if index == 0 else "Hard"
        if not athletics(play, figure, difficulty, f"jump over {hex_.q},{hex_.r}"):
            return hex_
    return None


def _land_short(play: Play, figure: Figure, hex_: Hex) -> None:
    """A failed jump lands in the hex it failed to clear: prone if something lay there; in a
    pit, a Moderate check to grab the far edge (clinging, prone) or the fall."""
    if hex_ in play.state.encounter.map.pits:
        if athletics(play, figure, "Moderate", "grab the far edge of the pit"):
            play.emit(ev.FellProne(figure=figure.id, reason="clinging to the edge of a pit"))
        else:
            play.emit(ev.FellIntoPit(figure=figure.id, hex=hex_))
    elif board.lying_in(play.state, hex_, besides=figure.id):
        play.emit(ev.FellProne(figure=figure.id, reason="fell on what it tried to jump"))


def climb_out(play: Play, figure: Figure, to: Hex) -> None:
    """Jumping: "On a subsequent turn's Action phase, the jumper clinging to the edge may attempt
    to climb up with another Moderate Athletics check" (PER-CLIMB-OUT: onto an adjacent empty
    hex, still prone)."""
    if figure.hex not in play.state.encounter.map.pits:
        raise RuleViolation("not-clinging", f"{figure.name} is not clinging to a pit's edge")
    if distance(to, figure.hex) != 1 or not board.passable(play.state, to) or play.state.at(to):
        raise RuleViolation("climb-hex", "climb out onto an adjacent empty hex")
    if athletics(play, figure, "Moderate", "climb out of the pit"):
        play.emit(ev.FigureMoved(figure=figure.id, path=(to,), facing=figure.facing, counted=0, reason="climb"))


def _hazard(play: Play, figure: Figure, h: Hex) -> None:
    for hazard in play.state.encounter.map.hazards:
        if hazard.hex == h and hazard.damage and play.figure(figure.id).active:
            roll = roll_expression(play.dice, hazard.damage, f"{figure.name} enters {hazard.name}")
            hurt = spell_effects.hurt(play.state, figure, max(0, roll.total or 0))
            play.emit(ev.Damaged(figure=figure.id, amount=hurt, source=f"hazard:{hazard.name}",
                                 roll=roll))
