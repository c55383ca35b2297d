"""What one seat may see. The only way Paper Kessen's state leaves the engine.

Public: every unit in play, discard piles, deck and hand sizes (cards in hand
can be counted across the table), the battle and the cards played in it.
Private: a seat's own three hands. Nobody sees a deck's order.

A view also carries the facts the rules derive from what is public (a unit's Force total and
its breakdown, whether it is fighting or retreated, which played cards are negated), so that the
terminal and the browser display them and never re-implement a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.games.kessen.cards import CARDS
from warroom.games.kessen.core import chain, decider, shown_step
from warroom.games.kessen.force import negated, unit_force
from warroom.games.kessen.state import KessenState
from warroom.games.kessen.text import effect, prompt

if TYPE_CHECKING:
    from warroom.games.kessen.rules import Kessen

SIDES = ("good", "evil")
BATTLE_STEPS = frozenset({"pick", "strategy", "respond", "tactics"})


def unit_status(state: KessenState, leader: int, has_troop: bool, role: str | None) -> str | None:
    """One word for where a unit stands: ``attacking``/``defending`` (in the engagement),
    ``no_troop`` (not a unit yet), ``duty_elsewhere``, ``retreated``; during a battle ``engaged``
    or ``not_engaged``, after its engagements ``fought``; ``None`` outside battles."""
    if role is not None:
        return role
    if not has_troop:
        return "no_troop"
    if leader in state.duty:
        return "duty_elsewhere"
    if leader in state.retreated:
        return "retreated"
    if state.engaged:
        if leader not in state.engaged:
            return "not_engaged"
        return "engaged" if state.step in BATTLE_STEPS else "fought"
    return None


def view(game: Kessen, state: KessenState, player: int | None, lean: bool = False) -> dict[str, Any]:
    """``player``'s view; ``lean`` (bots: ``Game.bot_view``) leaves out what only people read,
    the Force totals and breakdowns of units and the effect notes of the legal actions."""
    step = shown_step(state)
    fighting: dict[int, str] = {}
    # the engagement's cards count until its resolution is over (a Losses choice is made with
    # them still on the table), so the totals shown then are the ones the resolution used
    if step in ("strategy", "tactics", "respond", "resolution", "end_segment"):
        if state.att_unit >= 0:
            fighting[state.att_unit] = "attacking"
        if state.def_unit >= 0:
            fighting[state.def_unit] = "defending"
    sides = []
    for i, s in enumerate(state.sides):
        units = []
        for u in s.units:
            in_fight = u.leader in fighting and state.att_unit >= 0 and state.def_unit >= 0
            entry: dict[str, Any] = {
                "leader": u.leader,
                "troops": u.troops[:],
                "mods": u.mods[:],
                "engaged": u.leader in state.engaged,
                "retreated": u.leader in state.retreated,
                "duty_elsewhere": u.leader in state.duty,
                # derived: the unit's part in the engagement now, and one word for its standing
                "fighting": fighting.get(u.leader),
                "status": unit_status(state, u.leader, bool(u.troops), fighting.get(u.leader)),
            }
            if not lean:
                force, parts = unit_force(state, i, u, in_fight) if u.troops else (0, [])
                entry["force"] = force
                entry["parts"] = [list(p) for p in parts]
            units.append(entry)
        sides.append({
            "side": SIDES[i],
            "units": units,
            "hand_sizes": {"leaders": len(s.leaders), "recruits": len(s.recruits), "actions": len(s.actions)},
            "leader_deck": len(s.leader_deck),
            "leader_discard": s.leader_discard[:],
            "battles_won": s.battles_won,
            "troop_penalty": state.troop_penalty[i],
            "unit_bonus": state.unit_bonus[i],
        })
    out: dict[str, Any] = {
        "game": "kessen",
        "seat": player,
        "round": state.round,
        "step": step,
        "moves": state.moves,
        "sides": sides,
        "recruit_deck": len(state.recruit_deck),
        "recruit_discard": state.recruit_discard[:],
        "action_deck": len(state.action_deck),
        "action_discard": state.action_discard[:],
        "streak": {"side": SIDES[state.last_winner] if state.last_winner >= 0 else None,
                   "battles": state.streak},
        "battle": None,
        "to_move": None,
        "result": None,
    }
    if state.engaged:
        out_cards = negated(state.played)
        out["battle"] = {
            "attacker": SIDES[state.attacker],
            "defender": SIDES[1 - state.attacker],
            "engagement": state.engagement,
            "attacking_unit": state.att_unit if state.att_unit >= 0 else None,
            "defending_unit": state.def_unit if state.def_unit >= 0 else None,
            "played": [
                {"card": p.card, "side": SIDES[p.side], "on": p.on if p.on >= 0 else None,
                 "as": p.key if p.key != CARDS[p.card].key else None,
                 "negates": p.negates if p.negates >= 0 else None,
                 "negated": p.card in out_cards}  # cancelled by an effective negating card
                for p in state.played
            ],
            "strategy_chain": [{"card": c.card, "side": SIDES[c.side]} for c in chain(state)],
            # public counts the rules use: Casualties' X, and the once-per-battle intercepts spent
            "strategy_played": {SIDES[i]: n for i, n in enumerate(state.strategy_played)},
            "intercepts_used": state.intercepts_used[:],
        }
    if state.winner < 0:
        p = decider(state)
        out["to_move"] = {"side": SIDES[p], "prompt": prompt(state, p) if p == player else None}
    else:
        out["result"] = {"winner": SIDES[state.winner] if state.winner < 2 else None, "reason": state.reason}
    if player is not None and 0 <= player < 2 and not lean:
        # the effect of each card this seat may play now (Force totals before → after), and the
        # "no effect now" mark, for renderers to show beside the move
        notes = {}
        totals: dict[int, int] = {}
        for action in game.legal_actions(state, player):
            shown = effect(state, player, action, totals)
            if shown is not None:
                notes[action] = {"effect": shown[0], "no_effect": shown[1]}
        if notes:
            out["action_notes"] = notes
    if player is not None and 0 <= player < 2:
        me = state.sides[player]
        out["hand"] = {"leaders": sorted(me.leaders), "recruits": sorted(me.recruits),
                       "actions": sorted(me.actions)}
        # what each side has learned of the other's hands (Summon, Propaganda, Scouts), while
        # the cards are still there: a card leaving a hand goes somewhere public, and the rules
        # forget a seen card shuffled back into a deck (so this is the same in every world)
        out["seen"] = {"theirs": sorted(set(state.seen_in_hands(1 - player))),
                       "yours": sorted(set(state.seen_in_hands(player)))}
    return out
