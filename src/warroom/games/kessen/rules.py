"""Paper Kessen's rules: set-up, the five phases, engagements, and every card's effect.

The game is a small state machine. ``_advance`` runs every automatic step
(draws, resolutions, phase changes) until someone must decide; a decision whose
only legal action is ``pass`` is taken for the player, so nobody is asked a
question with one answer. Whatever is being resolved inside a step (a forced
discard, Treachery's hand-over, a strategy card and the Know Enemy windows that
answer it, to any depth) is a frame on the engine's stack (``state.frames``),
stepped by ``RESOLVER`` with one frame rule per kind (see the end of this module).
Interpretations of the rulebook are written down in docs/rules/paper-kessen.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from warroom.engine import ConfigError, Decision, Event, Game, MalformedAction, Option, Result, Rng, make_rng
from warroom.engine.action_space import ActionSpace
from warroom.engine.actions import Move
from warroom.engine.frames import NO_SEAT, Frame, FrameRule, Resolver, finish, push
from warroom.engine.reference import RulesReference
from warroom.engine.rng import quick_shuffle
from warroom.engine.windows import PASS, Then, WindowRule, Windows
from warroom.games.kessen import evaluate as evaluation
from warroom.games.kessen import reference as references
from warroom.games.kessen import report as reports
from warroom.games.kessen import summary as summaries
from warroom.games.kessen import text
from warroom.games.kessen.action_space import action_space
from warroom.games.kessen.cards import (
    BY_KEY,
    CAO_CAO,
    CARDS,
    DECK_IDS,
    EVIL,
    GOOD,
    KEY,
    KIND,
    LIU_BEI,
    MAIN_LEADERS,
    N_CARDS,
)
from warroom.games.kessen.core import (
    RULES_VERSION,
    TROOP_EVENTS,
    TROOP_NEED,
    decider,
    decision_kind,
    played_record,
    same_move,
    targets,
)
from warroom.games.kessen.encode import encode, observation_size
from warroom.games.kessen.force import KIND_OF_KEY, force_total, negated, unit_force
from warroom.games.kessen.positions import build, describe
from warroom.games.kessen.state import (
    Assassin,
    Chained,
    Choose,
    Discard,
    Give,
    KessenState,
    Losses,
    Side,
    Strategy,
    Unit,
)
from warroom.games.kessen.views import view

HAND_LIMIT = 7
ACTION_KEEP = 4  # end segment
LEADER_KEEP = 4  # end phase
SIDES = ("good", "evil")
HANDS = ("leaders", "recruits", "actions")
WIN_STREAK = 3

# Leaders whose ability changes what a card may be used as: leader key -> (card kind, used as).
USE_AS: dict[str, tuple[str, str]] = {
    "mei_sanniang": ("tactic", "meteor_shower"),
    "guo_jai": ("spell", "hail"),
    "deng_ai": ("spell", "fire_balls"),
    "hu_zhi": ("tactic", "crush"),
    "xu_huang": ("tactic", "charge"),
    "pang_de": ("tactic", "raid"),
    "cao_hong": ("tactic", "rally"),
    "guo_shao": ("tactic", "volley"),
    "yue_jin": ("tactic", "battle_cry"),
    "li_dian": ("tactic", "iron_wall"),
}
TWO_TACTICS = frozenset({"guan_yu", "xiahou_yan"})
TWO_SPELLS = frozenset({"zhuge_liang", "xun_yu"})
EXTRA_DRAW = frozenset({"huang_zhong", "pang_tong", "sima_yi"})
SCOUTS = frozenset({"ma_chao", "mei_mei", "li_li", "luo_luo", "xi_xuanfeng", "dong_xuanfeng"})
INTERCEPTORS = frozenset({"zhou_cang", "yu_jin"})
CHENG_YU = frozenset({"cheng_yu"})
SUMMON = {"xiahou_dun": "xiahou_ba", "xiahou_ba": "xiahou_dun"}
RANDOM_DISCARD = {"snipe": 1, "outflank": 1, "dome": 1}
PRE_PICK = frozenset({"scouts", "war_council", "fake_attack", "destroy_stores"})
EXCHANGE_PLAIN = frozenset({"war_council", "fake_attack", "destroy_stores"})


class Kessen(Game[KessenState]):
    name = "kessen"
    title = "Paper Kessen"
    rules_version = RULES_VERSION
    min_players = 2
    max_players = 2
    default_bot = "heuristic"
    pause_events: ClassVar[frozenset[str]] = frozenset({"resolution", "battle_end"})
    variants: ClassVar[dict[str, str]] = {}
    options: ClassVar[dict[str, Option]] = {
        "max_rounds": Option(
            60, "rounds before the game is called a draw (no side won 3 battles in a row)", 1, 10_000
        ),
        # the other readings of three rules (docs/rules/paper-kessen.md); 0 = warroom's reading
        "specials_after_battle": Option(
            0, "1: Specials may also be played in the after-battle window, not only in Deploy", 0, 1
        ),
        "duty_elsewhere_engagement": Option(
            0, "1: Duty Elsewhere keeps its unit out of the battle's first engagement, not the round", 0, 1
        ),
        "assassin_from_hand": Option(
            0, "1: the victim of Assassin may discard a leader from hand even with leaders in play", 0, 1
        ),
    }

    has_stages = True  # a battle: search rollouts may stop at its end

    # search bots' evaluation (evaluate.py): the same for every seat at once, which ISMCTS uses
    def evaluate(self, state: KessenState, seat: int) -> float:
        return evaluation.evaluate(state, seat)

    def evaluate_all(self, state: KessenState) -> list[float]:
        return evaluation.evaluate_all(state)

    def stage(self, state: KessenState) -> int:
        return evaluation.stage(state)

    # research interfaces: the stable action numbering and the observation read from the state
    def action_space(self, config: dict[str, Any]) -> ActionSpace:
        return action_space()

    def observation_size(self, config: dict[str, Any]) -> int:
        return observation_size()

    def encode(self, state: KessenState, seat: int) -> bytearray:
        return encode(state, seat)

    # what the tables show between decisions and after the game (summary.py), and the rules
    def marker(self, config: dict[str, Any], event: dict[str, Any]) -> str | None:
        return summaries.marker(event)

    def summary(self, config: dict[str, Any], log: list[dict[str, Any]]) -> list[str]:
        return summaries.summary(log)

    def rules_reference(self) -> RulesReference:
        return references.reference(self.title, self.rules_version)

    # the balance report's card tables (report.py)
    def card_usage(self, initial: KessenState, steps: list[tuple[int, str, list[Event]]]) -> dict[str, list[list[str]]]:
        return reports.usage(initial, steps)

    def card_groups(self) -> dict[str, str]:
        return reports.groups()

    def card_owners(self) -> dict[str, int]:
        return reports.owners()

    def seat_names(self, config: dict[str, Any]) -> list[str]:
        return list(SIDES)

    def seat_label(self, state: KessenState, player: int) -> str:
        return SIDES[player] if 0 <= player < 2 else f"seat {player}"

    # ----- set-up ------------------------------------------------------------------------
    def start(self, config: dict[str, Any], seed: int) -> tuple[KessenState, list[Event]]:
        rng = make_rng(config, seed)  # before configure, which keeps only players/variants/options
        config = self.configure(config.get("players"), config.get("variants", ()), config.get("options"))
        sides = []
        for side, deck_name in enumerate((GOOD, EVIL)):
            main = MAIN_LEADERS[side]
            pool = [c for c in DECK_IDS[deck_name] if c != main]
            leaders = [c for c in pool if KIND[c] == "leader"]
            start = rng.sample(leaders, 2 if side == 0 else 3)
            deck = [c for c in pool if c not in start]
            rng.shuffle(deck)
            sides.append(Side([Unit(main, [], [])], start, [], [], deck, []))
        recruit_deck = DECK_IDS["recruit"][:]
        rng.shuffle(recruit_deck)
        action_deck = DECK_IDS["action"][:]
        rng.shuffle(action_deck)
        state = KessenState(config, rng, sides, recruit_deck, [], action_deck, [])
        events: list[Event] = []
        for side in (0, 1):
            for _ in range(HAND_LIMIT):
                sides[side].recruits.append(state.recruit_deck.pop())
            s = sides[side]
            events.append(Event(
                "setup",
                {"side": SIDES[side], "main_leader": MAIN_LEADERS[side], "leaders": len(s.leaders),
                 "recruits": len(s.recruits)},
                {"leader_cards": s.leaders[:], "recruit_cards": s.recruits[:]},
                (side,),
            ))
        state.initiative = rng.coin()
        self._start_round(state, events)
        self._advance(state, events)
        return state, events

    # ----- protocol ----------------------------------------------------------------------
    def decisions(self, state: KessenState) -> list[Decision]:
        if state.winner >= 0:
            return []
        p = decider(state)
        kind = decision_kind(state)
        return [Decision(p, kind, text.prompt(state, p))]

    def deciders(self, state: KessenState) -> list[int]:
        if state.winner >= 0:
            return []
        frames = state.frames  # ``decider`` inlined: a search asks this at every step
        if frames:
            return [frames[-1].seat]
        return [state.attacker if state.step == "pick" else state.turn]

    def legal_actions(self, state: KessenState, player: int, now_ms: int | None = None) -> list[str]:
        cache = state.cache
        if cache is not None and cache[0] == player:
            known: list[str] = cache[1]
            return known.copy()
        if state.winner >= 0 or player != decider(state):
            return []
        legal = _legal(state, player)
        state.cache = (player, legal.copy())
        return legal

    def _apply(self, state: KessenState, player: int, action: str, time_ms: int | None = None,
               events: list[Event] | None = None) -> list[Event]:
        state.cache = None
        state.moves += 1
        if events is None:
            events = []
        frames = state.frames
        if frames:
            # the waiting frame's rule takes the answer; ``_advance`` then steps the stack on
            frame = frames[-1]
            if action == PASS:  # a Know Enemy window
                events.append(Event("pass", {"side": SIDES[player]}))
            FRAME_RULES[frame.kind].answer(state, frame, player, action, events)
            self._advance(state, events)
            return events
        parsed = _PARSED.get(action)
        if parsed is None:
            parsed = _PARSED[action] = _parse(action)
        verb, ints, as_ = parsed
        HANDLERS[verb](self, state, player, ints, as_, events)
        self._advance(state, events)
        return events

    # bots and simulations apply moves taken from ``legal_actions``: ``_apply`` itself, one call
    # less on the hot path than the protocol's forwarding method
    apply_trusted = _apply

    def apply_unrecorded(self, state: KessenState, player: int, action: str,
                         time_ms: int | None = None) -> list[Event]:
        """``apply_trusted`` for a search's playouts, whose events nobody reads: the very same
        change of state, but the events are dropped and the costly parts of some (the Force
        breakdown of a resolution, the card that decided it) are not worked out."""
        return self._apply(state, player, action, time_ms, UNRECORDED)

    def result(self, state: KessenState) -> Result | None:
        if state.winner < 0:
            return None
        winners = [] if state.winner == 2 else [state.winner]
        return Result(
            winners,
            state.reason,
            {
                "rounds": state.round,
                "battles_won": [s.battles_won for s in state.sides],
                "winner_side": SIDES[state.winner] if state.winner < 2 else "draw",
            },
        )

    def from_json(self, data: dict[str, Any]) -> KessenState:
        return KessenState.from_json(data)

    def view(self, state: KessenState, player: int | None) -> dict[str, Any]:
        return view(self, state, player)

    def bot_view(self, state: KessenState, player: int) -> dict[str, Any]:
        return view(self, state, player, lean=True)

    def determinize(self, state: KessenState, player: int, seed: int) -> KessenState:
        """Re-deal what ``player`` cannot see: the opponent's hands and every deck's order.

        Cards of the opponent's hands that ``player`` has seen (Summon, Propaganda, Scouts) stay.
        """
        return _Dealer(state, player).deal(seed)

    def dealer(self, state: KessenState, player: int) -> Callable[[int], KessenState]:
        # what does not depend on the seed (the sorted pools, the known cards) is worked out
        # once for all the worlds of one search
        return _Dealer(state, player).deal

    def redealer(self, state: KessenState, player: int) -> Callable[[int, KessenState, str | None], KessenState]:
        return _Dealer(state, player).deal_like

    def shown_action(self, state: KessenState, player: int, action: str, seat: int) -> str:
        """Every Paper Kessen move is public (the cards it names are shown as it is made). Two
        copies of one card cannot be told apart by what they do, so cards are named by face."""
        return _by_face(action)

    def position(self, description: dict[str, Any]) -> KessenState:
        """A state from a position description (docs/positions.md), settled at its decision."""
        state = build(description, self)
        events: list[Event] = []
        self._advance(state, events)
        to_move = description.get("to_move")
        if state.winner < 0:
            p = decider(state)
            if to_move is not None and to_move != SIDES[p]:
                raise ConfigError(f"position: to_move is {to_move!r}, but in this position {SIDES[p]} decides")
            if not _legal(state, p):
                raise ConfigError(f"position: {SIDES[p]} is to decide ({decision_kind(state)}) but has "
                                  "nothing it may do")
        elif to_move is not None:
            raise ConfigError("position: the game is over, nobody is to move")
        return state

    def describe_position(self, state: KessenState) -> dict[str, Any]:
        return describe(state)

    def describe(self, state: KessenState, player: int, action: str) -> str:
        return text.describe(state, player, action)

    def explain_illegal(self, state: KessenState, player: int, action: str) -> str:
        return text.explain_illegal(self, state, player, action)

    # ----- flow --------------------------------------------------------------------------
    def _advance(self, state: KessenState, events: list[Event]) -> None:
        """Run automatic steps until a player must decide (or the game ends)."""
        while state.winner < 0:
            if state.frames:
                frame = RESOLVER.run(state, events)
                if frame is None:
                    continue
                if frame.kind == "window":
                    p = frame.seat
                    legal = _legal(state, p)
                    if len(legal) == 1 and legal[0] == PASS:  # nothing to answer with: passed for the player, visibly
                        if events.__class__ is not Unrecorded:
                            events.append(Event("pass", {"side": SIDES[p], "auto": True}))
                        RESOLVER.answer(state, p, PASS, events)
                        continue
                    state.cache = (p, legal)
                return
            step = state.step
            auto = AUTO_STEPS.get(step)
            if auto is not None:
                auto(self, state, events)
                continue
            p = state.attacker if step == "pick" else state.turn  # ``decider`` with no frame
            generate = STEP_LEGAL.get(step)  # ``_legal`` with no frame
            legal = generate(state, p) if generate is not None else []
            if len(legal) == 1 and legal[0] == "pass":
                if events.__class__ is not Unrecorded:  # (the commonest events: not made for a playout)
                    events.append(Event("pass", {"side": SIDES[p], "auto": True}))
                self._pass(state, p, events)
                continue
            state.cache = (p, legal)
            return

    def _start_round(self, state: KessenState, events: list[Event]) -> None:
        state.round += 1
        events.append(Event("round", {"round": state.round}))
        order = (state.initiative, 1 - state.initiative)
        for side in order:  # Leader phase
            _draw(state, side, "leaders", 1, events)
        for side in order:  # Recruit phase
            _draw(state, side, "recruits", 3, events)
        state.step = "deploy"
        state.turn = state.initiative
        state.passes = 0

    def _pass(self, state: KessenState, player: int, events: list[Event]) -> None:
        step = state.step
        if step in ("deploy", "after_battle"):
            state.passes |= 1 << player
            if state.passes != 3:
                state.turn = 1 - player
            else:
                state.step = "battle_start" if step == "deploy" else "end_phase"
        elif step in ("strategy", "tactics"):
            state.passes += 1
            state.turn = 1 - player
            if state.passes >= 2:
                state.step = "tactics" if step == "strategy" else "resolution"
                state.turn = 1 - state.attacker
                state.passes = 0
        else:  # pragma: no cover - pass is never legal elsewhere
            raise AssertionError(f"pass in step {step}")

    # ----- automatic steps -----------------------------------------------------------------
    def _battle_start(self, state: KessenState, events: list[Event]) -> None:
        cao_cao_fights = state.streak >= 2
        state.engaged = []
        for side in state.sides:
            for u in side.units:
                if not u.troops or (u.leader in state.duty and not option(state, "duty_elsewhere_engagement")):
                    continue
                if u.leader == CAO_CAO and not cao_cao_fights:
                    continue
                state.engaged.append(u.leader)
        state.retreated = []
        state.intercepts_used = []
        state.last_engagement_winner = -1
        state.attacker = state.rng.coin()
        events.append(Event("battle", {"round": state.round, "engaged": state.engaged[:],
                                       "first_attacker": SIDES[state.attacker]}))
        counts = [_available_count(state, s) for s in (0, 1)]
        if counts[0] and counts[1]:
            state.attacker = 1 - state.attacker  # _engagement_start flips it back
            state.step = "engagement_start"
        else:
            winner = 0 if counts[0] else 1 if counts[1] else -1
            self._battle_end(state, winner, events)

    def _engagement_start(self, state: KessenState, events: list[Event]) -> None:
        state.attacker = 1 - state.attacker
        state.engagement += 1
        state.att_unit = state.def_unit = -1
        state.played = []
        state.strategy_played = [0, 0]
        if events.__class__ is not Unrecorded:
            events.append(Event("engagement", {"number": state.engagement, "attacker": SIDES[state.attacker]}))
        for side in (1 - state.attacker, state.attacker):  # Action segment, defender first
            s = state.sides[side]
            want = max(0, HAND_LIMIT - len(s.actions)) + _count_ability(state, side, EXTRA_DRAW)
            if want > 0:
                _draw(state, side, "actions", want, events)
        state.step = "action_end"

    def _action_end(self, state: KessenState, events: list[Event]) -> None:
        for side in (1 - state.attacker, state.attacker):
            opp = 1 - side
            for _ in range(_count_ability(state, side, CHENG_YU)):
                _random_discard(state, opp, 1, events, "Cheng Yu")
            if _count_ability(state, side, SCOUTS):
                _reveal_actions(state, side, events, "scout")
        state.step = "pick"

    def _resolution(self, state: KessenState, events: list[Event]) -> None:
        att, dfn = state.attacker, 1 - state.attacker
        au = state.sides[att].unit(state.att_unit)
        du = state.sides[dfn].unit(state.def_unit)
        assert au is not None and du is not None
        recorded = events.__class__ is not Unrecorded
        if recorded:
            fa, pa = unit_force(state, att, au, True)
            fd, pd = unit_force(state, dfn, du, True)
        else:  # the same totals, without the labelled breakdown nobody will read
            fa, fd = force_total(state, att, au, True), force_total(state, dfn, du, True)
        coin = -1
        if fa > fd:
            winner = att
        elif fd > fa:
            winner = dfn
        else:
            coin = state.rng.coin()
            winner = att if coin == 0 else dfn
        loser = 1 - winner
        lose_unit = au if loser == att else du
        win_unit = au if winner == att else du
        state.last_engagement_winner = winner
        if recorded:
            events.append(Event("resolution", {
                "attacker": {"side": SIDES[att], "unit": au.leader, "force": fa, "parts": pa},
                "defender": {"side": SIDES[dfn], "unit": du.leader, "force": fd, "parts": pd},
                "winner": SIDES[winner], "coin": coin,
                "decided_by": _decided_by(state, winner, fa if winner == att else fd,
                                          fd if winner == att else fa),
            }))
        state.retreated.append(lose_unit.leader)
        if recorded:
            events.append(Event("retreat", {"side": SIDES[loser], "unit": lose_unit.leader}))
        out = negated(state.played)
        slain = losses = 0  # the effective Slain and Losses cards (a loop: no generator)
        for p in state.played:
            if p.card not in out:
                if p.key == "slain":
                    slain += 1
                elif p.key == "losses":
                    losses += 1
        if CARDS[lose_unit.leader].key == "ma_su":
            state.retreated.append(win_unit.leader)
            events.append(Event("retreat", {"side": SIDES[winner], "unit": win_unit.leader,
                                            "why": "Ma Su"}))
        if slain:
            events.append(Event("slain", {"side": SIDES[loser], "unit": lose_unit.leader}))
            _discard_unit(state, loser, lose_unit)
        else:
            if losses and lose_unit.mods:
                if len(lose_unit.mods) <= losses:
                    for m in lose_unit.mods[:]:
                        lose_unit.mods.remove(m)
                        _to_discard(state, m)
                        events.append(Event("discard", {"side": SIDES[loser], "card": m, "why": "Losses"}))
                else:
                    push(state, Losses(side=loser, unit=lose_unit.leader, left=losses))
        state.step = "end_segment"

    def _end_segment(self, state: KessenState, events: list[Event]) -> None:
        for p in state.played:
            state.action_discard.append(p.card)
        state.played = []
        for side in (state.attacker, 1 - state.attacker):  # pushed last, the defender discards first
            if len(state.sides[side].actions) > ACTION_KEEP:
                push(state, Discard(side=side, hand="actions", keep=ACTION_KEEP))
        state.step = "engagement_end"

    def _engagement_end(self, state: KessenState, events: list[Event]) -> None:
        state.att_unit = state.def_unit = -1
        counts = [_available_count(state, 0), _available_count(state, 1)]
        if counts[0] and counts[1]:
            state.step = "engagement_start"
            return
        # if both sides' last units retreated at once (Ma Su), the engagement's winner wins
        winner = (0 if counts[0] else 1) if counts[0] or counts[1] else state.last_engagement_winner
        self._battle_end(state, winner, events)

    def _battle_end(self, state: KessenState, winner: int, events: list[Event]) -> None:
        state.battle_winner = winner
        if winner < 0:
            state.last_winner, state.streak = -1, 0
            state.initiative = state.rng.coin()
            events.append(Event("battle_end", {"winner": None, "streak": 0}))
        else:
            state.sides[winner].battles_won += 1
            if state.last_winner == winner:
                state.streak += 1
            else:
                state.last_winner, state.streak = winner, 1
            state.initiative = 1 - winner
            events.append(Event("battle_end", {"winner": SIDES[winner], "streak": state.streak}))
            if state.streak >= WIN_STREAK:
                state.winner = winner
                state.reason = f"{SIDES[winner]} won {WIN_STREAK} battles in {WIN_STREAK} consecutive rounds"
                state.step = "over"
                events.append(Event("game_over", {"winner": SIDES[winner], "reason": state.reason}))
                return
        state.step = "after_battle"
        state.turn = winner if winner >= 0 else state.initiative
        state.passes = 0

    def _end_phase(self, state: KessenState, events: list[Event]) -> None:
        # in order: the side with the initiative, recruits then leaders; pushed in reverse,
        # as the stack resolves its top first
        for side in (1 - state.initiative, state.initiative):
            s = state.sides[side]
            if len(s.leaders) > LEADER_KEEP:
                push(state, Discard(side=side, hand="leaders", keep=LEADER_KEEP))
            if len(s.recruits) > HAND_LIMIT:
                push(state, Discard(side=side, hand="recruits", keep=HAND_LIMIT))
        state.step = "round_end"

    def _round_end(self, state: KessenState, events: list[Event]) -> None:
        state.known = [state.seen_in_hands(0), state.seen_in_hands(1)]  # forget cards gone public
        state.troop_penalty = [0, 0]
        state.unit_bonus = [0, 0]
        state.duty = []
        state.engaged = []
        state.retreated = []
        state.intercepts_used = []
        state.battle_winner = -1
        state.engagement = 0
        if state.round >= int(state.config["options"]["max_rounds"]):
            state.winner = 2
            state.reason = f"no side won {WIN_STREAK} battles in a row within {state.round} rounds"
            state.step = "over"
            events.append(Event("game_over", {"winner": None, "reason": state.reason}))
            return
        self._start_round(state, events)

    # ----- decisions ----------------------------------------------------------------------
    def _do_pass(self, state: KessenState, p: int, a: dict[str, int], as_: str, events: list[Event]) -> None:
        if events.__class__ is not Unrecorded:
            events.append(Event("pass", {"side": SIDES[p]}))
        self._pass(state, p, events)

    def _do_deploy(self, state: KessenState, p: int, a: dict[str, int], as_: str, events: list[Event]) -> None:
        side = state.sides[p]
        leader, troop = a["leader"], a["troop"]
        side.recruits.remove(troop)
        unit = side.unit(leader)
        if unit is None:
            side.leaders.remove(leader)
            unit = Unit(leader, [], [])
            side.units.append(unit)
        unit.troops.append(troop)
        if events.__class__ is not Unrecorded:
            events.append(Event("deploy", {"side": SIDES[p], "leader": leader, "troop": troop}))
        summoned = SUMMON.get(KEY[leader])
        if summoned is not None and len(unit.troops) == 1:
            found = [c for c in side.leader_deck if KEY[c] == summoned]
            if found:
                side.leader_deck.remove(found[0])
                side.leaders.append(found[0])
                state.known[p].append(found[0])
                state.rng.shuffle(side.leader_deck)
                events.append(Event("summon", {"side": SIDES[p], "by": leader, "card": found[0]}))
        _next_turn(state, p)

    def _do_attach(self, state: KessenState, p: int, a: dict[str, int], as_: str, events: list[Event]) -> None:
        side = state.sides[p]
        card = a["card"]
        if CARDS[card].deck == "recruit":
            side.recruits.remove(card)
        else:
            side.leaders.remove(card)
        unit = side.unit(a["unit"])
        assert unit is not None
        unit.mods.append(card)
        if events.__class__ is not Unrecorded:
            events.append(Event("attach", {"side": SIDES[p], "card": card, "unit": unit.leader}))
        _next_turn(state, p)

    def _do_special(self, state: KessenState, p: int, a: dict[str, int], as_: str, events: list[Event]) -> None:
        side = state.sides[p]
        opp = 1 - p
        card = a["card"]
        key = KEY[card]
        side.recruits.remove(card)
        state.recruit_discard.append(card)
        data: dict[str, Any] = {"side": SIDES[p], "card": card}
        if "unit" in a:
            data["unit"] = a["unit"]
        events.append(Event("special", data))
        if key == "unexpected_aid":
            _draw(state, p, "leaders", 1, events)
        elif key == "increase_supplies":
            _draw(state, p, "recruits", 2, events)
        elif key == "duty_elsewhere":
            state.duty.append(a["unit"])
        elif key == "treachery":
            if _treachery_targets(state, opp):
                push(state, Give(side=opp))
            else:
                events.append(Event("no_effect", {"card": card}))
        elif key == "assassin":
            if _assassin_targets(state, opp):
                push(state, Assassin(side=opp))
            else:
                events.append(Event("no_effect", {"card": card}))
        elif key == "cut_supply_lines":
            state.troop_penalty[opp] += 1
        elif key == "raids":
            hand = state.sides[opp].recruits
            if hand:
                push(state, Discard(side=opp, hand="recruits", keep=max(0, len(hand) - 3), why="Raids"))
        elif key == "propaganda":
            hand = state.sides[opp].recruits
            stolen = state.rng.sample(hand, 2)
            for c in stolen:
                hand.remove(c)
                side.recruits.append(c)
                state.known[p].append(c)
            # both players know which cards moved; a spectator only how many
            events.append(Event("steal", {"side": SIDES[p], "count": len(stolen)},
                                {"cards": stolen}, (p, opp)))
        elif key == "stirring_oratory":
            state.unit_bonus[p] += 1
        else:  # pragma: no cover
            raise AssertionError(key)
        _next_turn(state, p)

    def _do_pick(self, state: KessenState, p: int, a: dict[str, int], as_: str, events: list[Event]) -> None:
        state.att_unit, state.def_unit = a["attacker"], a["defender"]
        if events.__class__ is not Unrecorded:
            events.append(Event("pick", {"side": SIDES[p], "attacker": state.att_unit,
                                         "defender": state.def_unit}))
        state.step = "strategy"
        state.turn = 1 - state.attacker
        state.passes = 0

    def _do_intercept(self, state: KessenState, p: int, a: dict[str, int], as_: str, events: list[Event]) -> None:
        unit = a["unit"]
        by_liu_bei = state.def_unit == LIU_BEI
        if not by_liu_bei:
            state.intercepts_used.append(unit)
        events.append(Event("intercept", {"side": SIDES[p], "unit": unit, "replaces": state.def_unit,
                                          "rule": "Liu Bei" if by_liu_bei else CARDS[unit].name}))
        state.def_unit = unit
        state.passes = 0
        state.turn = 1 - p

    def _do_play(self, state: KessenState, p: int, a: dict[str, int], as_: str, events: list[Event]) -> None:
        card = a["card"]
        state.sides[p].actions.remove(card)
        if KIND[card] == "strategy" and not as_:
            self._play_strategy(state, p, card, a.get("unit", -1), events)
        else:
            self._play_battle_card(state, p, card, a.get("on", -1), as_, events)

    def _play_strategy(self, state: KessenState, p: int, card: int, unit: int, events: list[Event]) -> None:
        state.strategy_played[p] += 1
        if events.__class__ is not Unrecorded:
            data: dict[str, Any] = {"side": SIDES[p], "card": card}
            if unit >= 0:
                data["unit"] = unit
            events.append(Event("strategy", data))
        push(state, Strategy(card=card, side=p, unit=unit))

    def _play_battle_card(self, state: KessenState, p: int, card: int, on: int, as_: str,
                          events: list[Event]) -> None:
        played = played_record(state, p, card, on, as_)
        on, target = played.on, played.negates
        state.played.append(played)
        if events.__class__ is not Unrecorded:
            data: dict[str, Any] = {"side": SIDES[p], "card": card}
            if as_:
                data["as"] = as_
            if on >= 0:
                data["on"] = on
            if target >= 0:
                data["negates"] = target
            events.append(Event("play", data))
        n = RANDOM_DISCARD.get(played.key, 0)
        if n:
            _random_discard(state, 1 - p, n, events, CARDS[card].name)
        state.passes = 0
        state.turn = 1 - p


class Unrecorded(list[Event]):
    """The events of a step nobody reads (a search's playouts): appending keeps nothing, and
    rules that would work out costly event data (``_resolution``) see this class and skip it."""

    __slots__ = ()

    def append(self, event: Event, /) -> None:
        pass

    def extend(self, events: Iterable[Event], /) -> None:
        pass


UNRECORDED = Unrecorded()  # it never holds anything, so every step shares one


def _parse(action: str) -> tuple[str, dict[str, int], str]:
    """A legal action's verb, its numbers and its ``as=``: its move, in the form the handlers read."""
    move = Move.parse(action)
    ints = {key: move.number(key) for key, _ in move.args if key != "as"}
    return move.verb, ints, move.word("as") if "as" in move else ""


# legal action text -> ``_parse`` of it. Text and parse are fixed (the action space is bounded),
# and the handlers only read the numbers, so every state shares one parse of each action; a dict
# of numbers is quicker for them to read than the move's fields.
_PARSED: dict[str, tuple[str, dict[str, int], str]] = {}


# ----- who decides ----------------------------------------------------------------------------
def _decided_by(state: KessenState, winner: int, won: int, lost: int) -> int | None:
    """The card that decided an engagement: the winner's effective played card without which
    the winner would not have had the higher Force (the largest such), or ``None`` when no
    single card did (the units' own Force, or a coin flip)."""
    if won <= lost:
        return None
    unit = state.sides[winner].unit(state.att_unit if winner == state.attacker else state.def_unit)
    assert unit is not None
    out = negated(state.played)
    best, drop = None, 0
    played = state.played
    try:
        for p in [q for q in played if q.side == winner and q.card not in out]:
            state.played = [q for q in played if q is not p]
            without = force_total(state, winner, unit, True)
            if without <= lost and won - without > drop:
                best, drop = p.card, won - without
    finally:
        state.played = played
    return best


def _next_turn(state: KessenState, p: int) -> None:
    """After a deploy-phase or after-battle action: the other side acts unless it is finished."""
    if not state.passes & (1 << (1 - p)):
        state.turn = 1 - p


# ----- legal actions --------------------------------------------------------------------------
# Identical moves (two copies of one card used the same way) are offered once, the first (lowest
# ids) kept: that is ``once``. The generators below never write a second copy (``_distinct``), so
# the hot path does not read back every action it wrote to find one;
# tests/kessen/test_legal_paths.py checks that ``once`` finds nothing left to drop.
def _legal(state: KessenState, p: int) -> list[str]:
    frames = state.frames
    if frames:
        frame = frames[-1]
        if frame.seat != p:
            return []
        if frame.kind == "window":  # the Know Enemy window: the first Know Enemy in hand order
            for c in state.sides[p].actions:
                if KEY[c] == "know_enemy":
                    return [PLAY[c], PASS]
            return [PASS]
        return FRAME_RULES[frame.kind].legal(state, frame, p)
    generate = STEP_LEGAL.get(state.step)
    return generate(state, p) if generate is not None else []


def once(actions: list[str]) -> list[str]:
    """Identical moves offered once: two actions that differ only in which copy of the same card
    they use do the same thing, so only the first (the lowest ids) is legal."""
    seen: set[str] = set()
    out: list[str] = []
    for action in actions:
        if not Move.parse(action).args:
            out.append(action)
            continue
        key = same_move(action)
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out


# canonical text of the actions naming one card, written once per card id
PLAY = [f"play card={c}" for c in range(N_CARDS)]
DISCARD = [f"discard card={c}" for c in range(N_CARDS)]
DEPLOY_MODIFIER = [KIND[c] == "modifier" and CARDS[c].timing == "DP" for c in range(N_CARDS)]
IS_TROOP = [KIND[c] == "troop" for c in range(N_CARDS)]
IS_LEADER = [KIND[c] == "leader" for c in range(N_CARDS)]
IS_LEADER_MOD = [KIND[c] == "leader_mod" for c in range(N_CARDS)]
IS_SPECIAL = [KIND[c] == "special" for c in range(N_CARDS)]
# the pieces of deploy and attach actions, joined with one ``+`` instead of formatting two ids
DEPLOY_LEADER = [f"deploy leader={c}" for c in range(N_CARDS)]
TROOP_ARG = [f" troop={c}" for c in range(N_CARDS)]
ATTACH_CARD = [f"attach card={c}" for c in range(N_CARDS)]
UNIT_ARG = [f" unit={c}" for c in range(N_CARDS)]


def _distinct(cards: list[int]) -> list[int]:
    """The first card of each key in ``cards`` (sorted): what ``once`` keeps of their moves.
    The copies of a card have consecutive ids (checked below), so in sorted order they meet."""
    if len(cards) < 2:
        return cards
    out: list[int] = []
    last = ""
    for c in cards:
        key = KEY[c]
        if key != last:
            out.append(c)
            last = key
    return out


if not all(ids == list(range(ids[0], ids[0] + len(ids))) for ids in BY_KEY.values()):
    raise AssertionError("the copies of a card must have consecutive ids (cards.py deals them so)")


def _deploy_legal(state: KessenState, p: int) -> list[str]:
    side = state.sides[p]
    out: list[str] = []
    # (filters on per-id tables and loops rather than comprehensions: no Python frame each)
    troops = list(filter(IS_TROOP.__getitem__, side.recruits))
    if troops:
        troops.sort()
        troops = _distinct(troops)
        hosts = list(filter(IS_LEADER.__getitem__, side.leaders))
        for u in side.units:
            if not u.troops or (KEY[u.leader] == "cao_bu" and len(u.troops) < 2):
                hosts.append(u.leader)
        hosts.sort()
        args = [TROOP_ARG[t] for t in troops]
        for leader in hosts:
            out += map(DEPLOY_LEADER[leader].__add__, args)
    units = {}
    for u in side.units:
        if u.troops:
            units[u.leader] = u
    if units:
        mods = list(filter(DEPLOY_MODIFIER.__getitem__, side.recruits))
        mods += filter(IS_LEADER_MOD.__getitem__, side.leaders)
        if mods:
            mods.sort()
            order = sorted(units)
            for card in _distinct(mods):
                head = ATTACH_CARD[card]
                if KEY[card] == "tiger_general":
                    out += [head + UNIT_ARG[u] for u in order if _may_attach(state, card, units[u])]
                else:  # any other modifier goes on any unit
                    out += [head + UNIT_ARG[u] for u in order]
    out.extend(_special_plays(state, p))
    out.append("pass")
    return out


# Specials whose effect lasts "this round": after the battle there is nothing left for them to do.
ROUND_SPECIALS = frozenset({"duty_elsewhere", "cut_supply_lines", "stirring_oratory"})


def _special_plays(state: KessenState, p: int) -> list[str]:
    specials = list(filter(IS_SPECIAL.__getitem__, state.sides[p].recruits))
    if not specials:
        return []
    out: list[str] = []
    after = state.step == "after_battle"
    specials.sort()
    for card in _distinct(specials):
        if after and KEY[card] in ROUND_SPECIALS:
            continue
        if KEY[card] == "duty_elsewhere":
            for s in state.sides:
                for u in s.units:
                    if u.troops and not CARDS[u.leader].loyal and u.leader not in state.duty:
                        out.append(f"special card={card} unit={u.leader}")
        else:
            out.append(f"special card={card}")
    return out


def _may_attach(state: KessenState, card: int, unit: Unit | None) -> bool:
    if unit is None or not unit.troops:
        return False
    if KEY[card] == "tiger_general":
        leader = CARDS[unit.leader]
        return leader.general and not any(KEY[m] == "tiger_general" for m in unit.mods)
    return True


def _after_battle_legal(state: KessenState, p: int) -> list[str]:
    side = state.sides[p]
    won = state.battle_winner == p
    out: list[str] = []
    # a main leader left without a troop (Slain) is not a unit and carries no modifier
    fought = [u.leader for u in side.units if u.leader in state.engaged and u.troops]
    kept = [u for u in fought if u not in state.retreated]
    for card in _distinct(sorted(side.recruits)):
        timing = CARDS[card].timing
        if KIND[card] != "modifier" or timing not in ("AB", "ABYW"):
            continue
        targets = fought if timing == "AB" else (kept if won else [])
        for leader in sorted(targets):
            out.append(f"attach card={card} unit={leader}")
    if option(state, "specials_after_battle"):
        out.extend(_special_plays(state, p))
    out.append("pass")
    return out


def _available(state: KessenState, side: int, exclude: int = -1) -> list[int]:
    engaged, retreated = state.engaged, state.retreated
    out = []
    for u in state.sides[side].units:  # a loop, not a comprehension: a few units, no frame
        leader = u.leader
        if u.troops and leader != exclude and leader in engaged and leader not in retreated:
            out.append(leader)
    out.sort()
    return out


def _pickable(state: KessenState, side: int, exclude: int = -1) -> list[int]:
    """The units that may be picked (or brought in) now: the available ones, less, under the
    option ``duty_elsewhere_engagement``, those on Duty Elsewhere in the battle's first
    engagement (unless that would leave the side nobody to pick)."""
    out = _available(state, side, exclude)
    if state.duty and state.engagement == 1 and option(state, "duty_elsewhere_engagement"):
        free = [u for u in _available(state, side) if u not in state.duty]
        if free:
            out = [u for u in out if u not in state.duty]
    return out


def option(state: KessenState, key: str) -> int:
    """A rule option's value (records made before an option existed lack it: its default)."""
    return int(state.config.get("options", {}).get(key, Kessen.options[key].default))


def _available_count(state: KessenState, side: int) -> int:
    """``len(_available(state, side))``, counted without building the sorted list."""
    engaged, retreated = state.engaged, state.retreated
    n = 0
    for u in state.sides[side].units:
        if u.troops and u.leader in engaged and u.leader not in retreated:
            n += 1
    return n


def _pick_legal(state: KessenState, p: int) -> list[str]:
    defenders = _pickable(state, 1 - p)
    args = [DEFENDER_ARG[d] for d in defenders]
    out: list[str] = []
    for a in _pickable(state, p):
        out += map(PICK_ATTACKER[a].__add__, args)
    early = list(filter(IS_PRE_PICK.__getitem__, state.sides[p].actions))
    if early:
        early.sort()
        out += map(PLAY.__getitem__, _distinct(early))
    return out


PICK_ATTACKER = [f"pick attacker={c}" for c in range(N_CARDS)]
DEFENDER_ARG = [f" defender={c}" for c in range(N_CARDS)]
IS_PRE_PICK = [KEY[c] in PRE_PICK for c in range(N_CARDS)]


# the strategy cards played in the exchange (Know Enemy only answers one)
EXCHANGE = EXCHANGE_PLAIN | {"intercept", "lure", "evasion", "ruse"}


IS_EXCHANGE = [KEY[c] in EXCHANGE for c in range(N_CARDS)]


def _strategy_legal(state: KessenState, p: int) -> list[str]:
    att, dfn = state.attacker, 1 - state.attacker
    out: list[str] = []
    cards = list(filter(IS_EXCHANGE.__getitem__, state.sides[p].actions))
    # the units that may be brought in, found only when a card or an interceptor may use them
    other_def = (_pickable(state, dfn, exclude=state.def_unit)
                 if cards or (p == dfn and (state.def_unit == LIU_BEI or any(
                     KEY[u.leader] in INTERCEPTORS for u in state.sides[dfn].units)))
                 else [])
    if cards:
        other_att = _pickable(state, att, exclude=state.att_unit)
        cards.sort()
        for c in _distinct(cards):
            key = KEY[c]
            if key in EXCHANGE_PLAIN:
                out.append(PLAY[c])
            elif key == "intercept":
                out.extend(f"{PLAY[c]} unit={u}" for u in other_def)
            elif key == "lure":
                out.extend(f"{PLAY[c]} unit={u}" for u in other_att)
            elif (key == "evasion" and other_def) or (key == "ruse" and other_att):
                out.append(PLAY[c])
    if p == dfn:
        if state.def_unit == LIU_BEI:
            out.extend(f"intercept unit={u}" for u in other_def)
        else:
            for u in other_def:
                if KEY[u] in INTERCEPTORS and u not in state.intercepts_used:
                    out.append(f"intercept unit={u}")
    out.append("pass")
    return out


def can_use(unit: Unit, kind: str) -> bool:
    """Whether the unit's leader may use Tactics (``tactic``) or Spells (``spell``)."""
    leader = CARDS[unit.leader]
    mods = unit.mods
    if kind == "tactic":
        return leader.general or (bool(mods) and not _COMPANION_GENERALS.isdisjoint(mods))
    return leader.sorcerer or (bool(mods) and not _COMPANION_SORCERERS.isdisjoint(mods))


# the cards that let a unit's leader use Tactics, or Spells, as a General or Sorcerer would
_COMPANION_GENERALS = frozenset(c for c in range(N_CARDS) if KEY[c] == "companion_general")
_COMPANION_SORCERERS = frozenset(c for c in range(N_CARDS) if KEY[c] == "companion_sorcerer")


def _tactics_legal(state: KessenState, p: int) -> list[str]:
    leader = state.att_unit if p == state.attacker else state.def_unit
    unit = state.sides[p].unit(leader)
    assert unit is not None
    tactics = spells = 0
    formed: set[int] = set()
    for q in state.played:
        if q.side == p:
            k = KIND_OF_KEY[q.key]
            if k == "tactic":
                tactics += 1
            elif k == "spell":
                spells += 1
            elif k == "formation":
                formed.add(q.on)
    lkey = KEY[unit.leader]
    # Tactics and Spells need a leader able to use them and are limited per engagement
    # (``can_use`` inlined)
    card = CARDS[unit.leader]
    mods = unit.mods
    barred = _BARRED[
        tactics >= (2 if lkey in TWO_TACTICS else 1)
        or not (card.general or (bool(mods) and not _COMPANION_GENERALS.isdisjoint(mods))),
        spells >= (2 if lkey in TWO_SPELLS else 1)
        or not (card.sorcerer or (bool(mods) and not _COMPANION_SORCERERS.isdisjoint(mods))),
    ]
    use_as = USE_AS.get(lkey)
    as_kind, as_key = use_as if use_as is not None else ("", "")
    troops = unit.troops
    two_troops = len(troops) > 1
    only = troops[0] if len(troops) == 1 else -1  # a unit's one troop (-1: none, or two)
    out: list[str] = []
    last = ""
    # the battle cards in hand, in id order, the first of each key (what ``_distinct`` keeps)
    for c in sorted(filter(_BATTLE_CARD.__getitem__, state.sides[p].actions)):
        key = KEY[c]
        if key == last:
            continue
        last = key
        kind = KIND[c]  # the kind of the card's own key
        if kind not in barred:
            if key in SPOTTED:
                if two_troops:
                    _card_plays(out, PLAY[c], unit, key, "", formed, two_troops)
                elif only >= 0:  # ``_card_plays`` for one troop: the card fits it or not
                    need = SPOT_NEED[key]
                    if (only not in formed) if need is None else (not need or TROOP_TYPE[only] == need):
                        out.append(PLAY[c])
            else:  # played on the leader or the unit as a whole
                out.append(PLAY[c])
        if kind == as_kind and key != as_key and KIND_OF_KEY[as_key] not in barred:
            _card_plays(out, PLAY[c], unit, as_key, AS_TEXT[as_key], formed, two_troops)
    out.append("pass")
    return out


# (no Tactic, no Spell) -> the kinds of battle card the unit may not play now
_BARRED: dict[tuple[bool, bool], frozenset[str]] = {
    (t, s): frozenset(k for k, no in (("tactic", t), ("spell", s)) if no)
    for t in (False, True) for s in (False, True)
}
_BATTLE_CARD = [KIND[c] != "strategy" for c in range(N_CARDS)]  # played in the tactics segment
AS_TEXT = {k: f" as={k}" for _, k in USE_AS.values()}  # the ``as=`` part of an action


def _card_plays(out: list[str], play: str, unit: Unit, key: str, as_: str, formed: set[int],
                two_troops: bool) -> None:
    """Append the plays of one card counted as ``key`` (``as_``: the action's ``as=`` part)."""
    spots = targets(unit, key, KIND_OF_KEY[key], formed)
    if not two_troops:  # one troop: the action names none (``on=`` only when there is a choice)
        if spots:
            out.append(play + as_)
        return
    seen: set[str] = set()
    for on in spots:
        if on < 0:
            out.append(play + as_)
        elif KEY[on] not in seen:  # two copies of one troop: the same move, offered once
            seen.add(KEY[on])
            out.append(f"{play} on={on}{as_}")


# the keys whose card sits on a troop (``targets`` names troops); every other card goes on [-1]
SPOTTED = frozenset(
    k for k, kind in KIND_OF_KEY.items()
    if kind == "formation" or (kind == "tactic" and k in TROOP_NEED) or k in TROOP_EVENTS
)
# ``targets`` of a spotted key as a test of one troop: ``None`` a Formation (on a troop that
# has none yet), else the troop type it needs ("" any troop)
SPOT_NEED: dict[str, str | None] = {
    k: None if KIND_OF_KEY[k] == "formation" else TROOP_NEED[k] if KIND_OF_KEY[k] == "tactic" else ""
    for k in SPOTTED
}
TROOP_TYPE = [c.troop_type for c in CARDS]


def _treachery_targets(state: KessenState, side: int) -> list[int]:
    return sorted(
        u.leader for u in state.sides[side].units
        if u.troops and u.leader not in MAIN_LEADERS and not CARDS[u.leader].loyal
    )


def _assassin_targets(state: KessenState, side: int) -> list[int]:
    s = state.sides[side]
    in_play = sorted(u.leader for u in s.units if u.leader not in MAIN_LEADERS)
    in_hand = _assassin_targets_in(s.leaders)
    if option(state, "assassin_from_hand"):
        return in_play + in_hand
    return in_play or in_hand


def _assassin_targets_in(hand: list[int]) -> list[int]:
    return sorted(c for c in hand if KIND[c] == "leader")


class _Dealer:
    """``determinize`` for one state and seat, any number of seeds: the seed-independent part
    (which cards are re-dealt, in sorted order) is worked out here once.

    A world depends on the seed and what ``player`` knows only: every pool is sorted before it
    is shuffled (the real order is hidden), with ``quick_shuffle``, and each opponent hand is
    re-dealt from one pool with the deck it draws from (the leader deck is the opponent's own;
    recruit and action decks are shared). Cards of the hand the other side knows stay, first
    in id order. The world is built from the new hands and decks: nothing is copied only to be
    dealt again. The state must not change while the dealer is used.
    """

    __slots__ = ("hands", "me", "need", "opp", "player", "state")

    def __init__(self, state: KessenState, player: int) -> None:
        foe = 1 - player
        self.state, self.player = state, player
        self.opp, self.me = opp, me = state.sides[foe], state.sides[player]
        seen = state.known[foe]
        known = set(seen) if seen else None
        # a pending Assassin told ``player`` that the leader hand holds a true leader: a world
        # deals one
        self.need = (bool(state.frames) and _assassin_pending(state, foe)
                     and all(u.leader in MAIN_LEADERS for u in opp.units))
        # (kept, sorted pool, cards to deal) for the leader, recruit and action hands, then
        # ``player``'s own leader deck (a pool dealt to nobody)
        self.hands = [_pool(opp.leaders, opp.leader_deck, known), _pool(opp.recruits, state.recruit_deck, known),
                      _pool(opp.actions, state.action_deck, known), ([], sorted(me.leader_deck), 0)]

    def deal(self, seed: int) -> KessenState:
        """The world of ``seed``."""
        rnd = random.Random(seed)
        dealt: list[list[int]] = []
        for i, (kept, pool, n) in enumerate(self.hands):
            pool = pool.copy()
            quick_shuffle(pool, rnd)
            if i == 0 and self.need:  # the leader hand
                for _ in range(999):  # up to 1,000 shuffles until the hand holds a true leader
                    if _assassin_targets_in(kept + pool[:n]):
                        break
                    quick_shuffle(pool, rnd)
            dealt.append(kept + pool[:n] if kept else pool[:n])
            dealt.append(pool[n:])
        return self._build(rnd, dealt)

    def deal_like(self, seed: int, like: KessenState, shown: str | None = None) -> KessenState:
        """A world of ``seed`` whose opponent hands hold, face for face, the cards a move
        ``shown`` of the opponent's (by face, ``_by_face``) takes from its hands, then what the
        opponent's hands hold in ``like`` (a world of an earlier state), as far as the pools
        still have those cards and the hands have room; the rest, and every deck, dealt as
        :meth:`deal` deals."""
        rnd = random.Random(seed)
        theirs = like.sides[1 - self.player]
        wanted: tuple[list[int], ...] = (theirs.leaders, theirs.recruits, theirs.actions, [])
        named = _from_hand(shown) if shown is not None else []
        dealt: list[list[int]] = []
        for i, (kept, pool, n) in enumerate(self.hands):
            pool = pool.copy()
            quick_shuffle(pool, rnd)
            if n and (wanted[i] or named):
                pool = _front(pool, wanted[i], kept, n, named)
            if i == 0 and self.need and not _assassin_targets_in(kept + pool[:n]):
                for _ in range(999):  # the belief gave no true leader: as ``deal`` deals
                    quick_shuffle(pool, rnd)
                    if _assassin_targets_in(kept + pool[:n]):
                        break
            dealt.append(kept + pool[:n] if kept else pool[:n])
            dealt.append(pool[n:])
        return self._build(rnd, dealt)

    def _build(self, rnd: random.Random, dealt: list[list[int]]) -> KessenState:
        leaders, leader_deck, recruits, recruit_deck, actions, action_deck, _, deck = dealt
        me, player, state = self.me, self.player, self.state
        theirs = self.opp.with_hands(leaders, recruits, actions, leader_deck)
        mine = me.with_hands(me.leaders.copy(), me.recruits.copy(), me.actions.copy(), deck)
        out = state.copy_with(Rng(rnd.getrandbits(64)), [mine, theirs] if player == 0 else [theirs, mine],
                              recruit_deck, action_deck)
        if out.cache is not None and out.cache[0] != player:
            # another seat's legal actions depend on its hidden hand; ``player``'s own depend
            # only on what it sees, so they hold in every world it cannot tell from this one
            out.cache = None
        return out


def _by_face(action: str) -> str:
    """``action`` with each card id replaced by the card's key (``play card=91`` is
    ``play card=<key of 91>``); text that is no move, or a number that is no card, stays as given."""
    try:
        move = Move.parse(action)
    except MalformedAction:
        return action
    return Move(move.verb, tuple((k, KEY[v]) if isinstance(v, int) and 0 <= v < len(KEY) else (k, v)
                                 for k, v in move.args)).text


# the arguments of a move that name a card taken from the mover's hand (the others name units,
# slots or the tactic a card counts as)
_FROM_HAND = ("leader", "troop", "card")


def _from_hand(shown: str) -> list[int]:
    """One card of each face a move (named by face) takes from the mover's hands."""
    move = Move.parse(shown)
    return [BY_KEY[value][0] for name, value in move.args if name in _FROM_HAND and isinstance(value, str)
            and value in BY_KEY]


def _front(pool: list[int], like: list[int], kept: list[int], n: int, first: list[int]) -> list[int]:
    """``pool`` (shuffled) reordered so that its first cards are, face for face, the cards
    ``first`` not already among ``kept``, then those of the hand ``like`` not already among
    either, as many as there are and at most ``n``; the rest keep their order."""
    want: dict[str, int] = {}
    for c in like:
        k = KEY[c]
        want[k] = want.get(k, 0) + 1
    need: dict[str, int] = {}
    for c in first:
        k = KEY[c]
        need[k] = need.get(k, 0) + 1
    for c in kept:
        k = KEY[c]
        if need.get(k):
            need[k] -= 1
        elif want.get(k):
            want[k] -= 1
    for k, m in need.items():  # a card the move shows is one ``like`` guessed, if it did
        if k in want:
            want[k] = max(0, want[k] - m)
    front: list[int] = []
    if need:
        rest: list[int] = []
        for c in pool:
            k = KEY[c]
            if need.get(k) and len(front) < n:
                need[k] -= 1
                front.append(c)
            else:
                rest.append(c)
        pool = rest
    rest = []
    for i, c in enumerate(pool):
        if len(front) == n:
            rest.extend(pool[i:])
            break
        k = KEY[c]
        if want.get(k):
            want[k] -= 1
            front.append(c)
        else:
            rest.append(c)
    return front + rest


def _pool(hand: list[int], deck: list[int], known: set[int] | None) -> tuple[list[int], list[int], int]:
    """The cards of ``hand`` known to the other side (kept, sorted), the sorted pool the rest are
    re-dealt from with ``deck``, and how many cards go back into the hand."""
    if known is None:
        return [], sorted(hand + deck), len(hand)
    kept = sorted([c for c in hand if c in known])
    return kept, sorted([c for c in hand if c not in known] + deck), len(hand) - len(kept)


def _assassin_pending(state: KessenState, side: int) -> bool:
    """Whether an Assassin waits on ``side`` to discard."""
    return any(isinstance(f.data, Assassin) and f.data.side == side for f in state.frames)


# ----- card movement -------------------------------------------------------------------------
def _to_discard(state: KessenState, card: int) -> None:
    deck = CARDS[card].deck
    if deck == "recruit":
        state.recruit_discard.append(card)
    elif deck == "action":
        state.action_discard.append(card)
    else:
        state.sides[0 if deck == GOOD else 1].leader_discard.append(card)


def _discard_unit(state: KessenState, side: int, unit: Unit) -> None:
    """Discard a unit; Liu Bei and Cao Cao stay in play without a troop."""
    for c in unit.troops + unit.mods:
        _to_discard(state, c)
    unit.troops.clear()
    unit.mods.clear()
    if unit.leader not in MAIN_LEADERS:
        state.sides[side].units.remove(unit)
        _to_discard(state, unit.leader)


def _refill(deck: list[int], discard: list[int], rng: Rng, events: list[Event], what: str) -> bool:
    if deck:
        return True
    if not discard:
        return False
    deck.extend(discard)
    discard.clear()
    rng.shuffle(deck)
    events.append(Event("reshuffle", {"deck": what, "size": len(deck)}))
    return True


def _forget_seen(state: KessenState, cards: list[int]) -> None:
    """Seen cards shuffled back into a deck are unseen again: drawn anew, nobody saw where."""
    if state.known[0] or state.known[1]:
        gone = set(cards)
        state.known = [[c for c in k if c not in gone] for k in state.known]


def _draw(state: KessenState, side: int, hand: str, n: int, events: list[Event]) -> None:
    s = state.sides[side]
    if hand == "leaders":
        deck, discard, what = s.leader_deck, s.leader_discard, f"{SIDES[side]} leader"
    elif hand == "recruits":
        deck, discard, what = state.recruit_deck, state.recruit_discard, "recruit"
    else:
        deck, discard, what = state.action_deck, state.action_discard, "action"
    if 0 < n <= len(deck):  # enough in the deck: the same cards as ``n`` pops, taken at once
        drawn = deck[-n:]
        drawn.reverse()
        del deck[-n:]
    else:
        drawn = []
        for _ in range(n):
            if not deck:
                _forget_seen(state, discard)
                if not _refill(deck, discard, state.rng, events, what):
                    break
            drawn.append(deck.pop())
    if drawn:
        getattr(s, hand).extend(drawn)
        if events.__class__ is not Unrecorded:
            events.append(Event("draw", {"side": SIDES[side], "hand": hand, "count": len(drawn)},
                                {"cards": drawn}, (side,)))


def _random_discard(state: KessenState, side: int, n: int, events: list[Event], why: str) -> None:
    hand = state.sides[side].actions
    for _ in range(min(n, len(hand))):
        card = hand.pop(state.rng.below(len(hand)))
        state.action_discard.append(card)
        if events.__class__ is not Unrecorded:
            events.append(Event("discard", {"side": SIDES[side], "card": card, "why": why, "random": True}))


def _reveal_actions(state: KessenState, side: int, events: list[Event], why: str) -> None:
    opp = 1 - side
    seen = sorted(state.sides[opp].actions)
    state.known[opp] = sorted(set(state.known[opp]) | set(seen))
    if events.__class__ is not Unrecorded:
        events.append(Event("look", {"side": SIDES[side], "at": SIDES[opp], "why": why},
                            {"cards": seen}, (side,)))


def _count_ability(state: KessenState, side: int, keys: frozenset[str]) -> int:
    """How many of the side's units in this battle (not retreated) carry one of ``keys``."""
    n = 0
    engaged, retreated = state.engaged, state.retreated
    for u in state.sides[side].units:
        if u.leader in engaged and u.leader not in retreated:
            if KEY[u.leader] in keys:
                n += 1
            for m in u.mods:
                if KEY[m] in keys:
                    n += 1
    return n


def _resolve_chain(state: KessenState, links: list[Chained], events: list[Event]) -> None:
    """Settle a closed Know Enemy chain: from the top, each effective Know Enemy cancels the
    card below it; then every card, bottom first, is discarded and takes effect unless cancelled."""
    effective = [True] * len(links)
    for i in range(len(links) - 1, 0, -1):
        if effective[i]:
            effective[i - 1] = False
    for link, ok in zip(links, effective, strict=True):
        state.action_discard.append(link.card)
        if not ok:
            events.append(Event("negated", {"card": link.card}))
            continue
        key = KEY[link.card]
        if key == "know_enemy":
            _draw(state, link.side, "actions", 1, events)
            continue
        _strategy_effect(state, link.side, key, link.unit, events)
    if state.step == "strategy":  # the card was this player's turn of the exchange
        state.turn = 1 - links[0].side
        state.passes = 0


def _strategy_effect(state: KessenState, p: int, key: str, unit: int, events: list[Event]) -> None:
    opp = 1 - p
    if key == "scouts":
        _random_discard(state, opp, 1, events, "Scouts")
        _reveal_actions(state, p, events, "Scouts")
    elif key == "war_council":
        _draw(state, p, "actions", 3, events)
    elif key == "fake_attack":
        _random_discard(state, opp, 3, events, "Fake Attack")
    elif key == "destroy_stores":
        state.troop_penalty[opp] += 1
    elif key == "intercept":
        if unit in _pickable(state, 1 - state.attacker):
            state.def_unit = unit
    elif key == "lure":
        if unit in _pickable(state, state.attacker):
            state.att_unit = unit
    elif key == "evasion":
        push(state, Choose(side=opp, slot="defender"))
    elif key == "ruse":
        push(state, Choose(side=opp, slot="attacker"))
    else:  # pragma: no cover
        raise AssertionError(key)


# the steps in which a side decides, each with its legal actions (no frame waiting)
STEP_LEGAL: dict[str, Callable[[KessenState, int], list[str]]] = {
    "tactics": _tactics_legal, "deploy": _deploy_legal, "strategy": _strategy_legal,
    "pick": _pick_legal, "after_battle": _after_battle_legal,
}


# ----- frames: what is being resolved inside a step ----------------------------------------------
# Each kind of frame is one rule below. A forced choice is pushed waiting on nobody: its step
# checks whether anything is left to do (a hand already within its limit is done at once), and
# only then waits on its side; every answer hands it back to the resolver to check again.
HAND_WORDS = {"actions": "action hand", "recruits": "recruit hand", "leaders": "leader hand"}


def _done(state: KessenState, frame: Frame) -> None:
    """End a forced choice. It hands nothing back, so it is popped rather than ``finish``-ed:
    an unrelated choice pending below it (the other side's discard) gathers no results."""
    popped = state.frames.pop()
    assert popped is frame, "only the top frame can end"


def _card_arg(action: str) -> int:
    """The one number of a forced choice's action (``discard card=N``, ``give unit=N``...)."""
    move = Move.parse(action)
    return move.number(move.args[-1][0])


class _Forced(FrameRule[KessenState]):
    """A choice one side must make: done once ``done`` holds, else it waits on ``data.side``."""

    def done(self, state: KessenState, frame: Frame) -> bool:
        return not self.legal(state, frame, frame.data.side)

    def step(self, state: KessenState, frame: Frame, events: list[Event]) -> None:
        if self.done(state, frame):
            _done(state, frame)
        else:
            frame.seat = frame.data.side


class _Discard(_Forced):
    """Discard from a hand, one card at a time, down to ``keep`` cards (why: a hand limit, Raids)."""

    kind = "discard"

    def done(self, state: KessenState, frame: Frame) -> bool:
        data: Discard = frame.data
        return len(getattr(state.sides[data.side], data.hand)) <= data.keep

    def legal(self, state: KessenState, frame: Frame, seat: int) -> list[str]:
        return list(map(DISCARD.__getitem__, _distinct(sorted(getattr(state.sides[seat], frame.data.hand)))))

    def answer(self, state: KessenState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        card = _card_arg(action)
        data: Discard = frame.data
        getattr(state.sides[seat], data.hand).remove(card)
        _to_discard(state, card)
        if events.__class__ is not Unrecorded:
            why = data.why or HAND_WORDS[data.hand]
            events.append(Event("discard", {"side": SIDES[seat], "card": card, "why": why}))
        frame.seat = NO_SEAT


class _Losses(_Forced):
    """Losses: the loser discards ``left`` more modifiers from its unit, one at a time."""

    kind = "losses"

    def done(self, state: KessenState, frame: Frame) -> bool:
        data: Losses = frame.data
        unit = state.sides[data.side].unit(data.unit)
        return data.left <= 0 or unit is None or not unit.mods

    def legal(self, state: KessenState, frame: Frame, seat: int) -> list[str]:
        unit = state.sides[seat].unit(frame.data.unit)
        return [DISCARD[c] for c in _distinct(sorted(unit.mods))] if unit else []

    def answer(self, state: KessenState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        card = _card_arg(action)
        unit = state.sides[seat].unit(frame.data.unit)
        assert unit is not None
        unit.mods.remove(card)
        frame.data.left -= 1
        _to_discard(state, card)
        events.append(Event("discard", {"side": SIDES[seat], "card": card, "why": "Losses"}))
        frame.seat = NO_SEAT


class _Give(_Forced):
    """Treachery: the victim hands one of its units to the opponent."""

    kind = "give"

    def legal(self, state: KessenState, frame: Frame, seat: int) -> list[str]:
        return [f"give unit={u}" for u in _treachery_targets(state, seat)]

    def answer(self, state: KessenState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        leader = _card_arg(action)
        side = state.sides[seat]
        unit = side.unit(leader)
        assert unit is not None
        side.units.remove(unit)
        state.sides[1 - seat].units.append(unit)
        events.append(Event("treachery", {"side": SIDES[1 - seat], "unit": leader}))
        frame.seat = NO_SEAT
        _done(state, frame)


class _Assassin(_Forced):
    """Assassin: the victim discards a leader (one in play if it has any)."""

    kind = "assassin"

    def legal(self, state: KessenState, frame: Frame, seat: int) -> list[str]:
        return [DISCARD[c] for c in _assassin_targets(state, seat)]

    def answer(self, state: KessenState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        leader = _card_arg(action)
        side = state.sides[seat]
        unit = side.unit(leader)
        if unit is not None:
            _discard_unit(state, seat, unit)
        else:
            side.leaders.remove(leader)
            _to_discard(state, leader)
        events.append(Event("assassinated", {"side": SIDES[seat], "leader": leader}))
        frame.seat = NO_SEAT
        _done(state, frame)


class _Choose(_Forced):
    """Evasion and Ruse: the opponent picks a different defending (or attacking) unit."""

    kind = "choose"

    def legal(self, state: KessenState, frame: Frame, seat: int) -> list[str]:
        if frame.data.slot == "defender":
            units = _pickable(state, 1 - state.attacker, exclude=state.def_unit)
        else:
            units = _pickable(state, state.attacker, exclude=state.att_unit)
        return [f"choose unit={u}" for u in units]  # ``make``'s text, written directly

    def answer(self, state: KessenState, frame: Frame, seat: int, action: str, events: list[Event]) -> None:
        leader = _card_arg(action)
        slot = frame.data.slot
        if slot == "defender":
            state.def_unit = leader
        else:
            state.att_unit = leader
        events.append(Event("repick", {"side": SIDES[seat], "slot": slot, "unit": leader}))
        frame.seat = NO_SEAT
        _done(state, frame)


class _Strategy(FrameRule[KessenState]):
    """A strategy card played: it opens the Know Enemy window, then settles the chain.

    Each Know Enemy played in a window opens a window of its own on top of it, so the chain
    is the stack of open windows; when the innermost closes, the outcomes come back down
    nested (each window's ``results`` holds the window opened by its answer).
    """

    kind = "strategy"

    def step(self, state: KessenState, frame: Frame, events: list[Event]) -> None:
        data: Strategy = frame.data
        if not frame.results:
            opp = 1 - data.side
            if _KNOW_ENEMY.isdisjoint(state.sides[opp].actions):
                # nobody can answer: the window would only pass for the opponent, so the pass
                # is recorded (as ``_advance`` records every one-answer decision) and it settles
                events.append(Event("pass", {"side": SIDES[opp], "auto": True}))
                finish(state, frame)
                _resolve_chain(state, [Chained(data.card, data.side, data.unit)], events)
                return
            WINDOWS.open(state, "know_enemy", [opp], uniform=True,
                         card=data.card, side=data.side, unit=data.unit)
            return
        links: list[Chained] = []
        outcome: dict[str, Any] | None = frame.results[0]
        while outcome is not None:
            d = outcome["data"]
            links.append(Chained(d["card"], d["side"], d["unit"]))
            outcome = outcome["results"][0] if outcome["results"] else None
        finish(state, frame)  # off the stack first: Evasion's choice then waits alone
        _resolve_chain(state, links, events)


def _know_enemy_plays(state: KessenState, frame: Frame, seat: int) -> list[str]:
    return [PLAY[c] for c in state.sides[seat].actions if KEY[c] == "know_enemy"]


def _know_enemy(state: KessenState, frame: Frame, seat: int, action: str, events: list[Event]) -> Then:
    """A Know Enemy answers the window's card: it opens the next window, where the other side
    may answer it in turn, and this window closes."""
    card = _card_arg(action)
    state.sides[seat].actions.remove(card)
    state.strategy_played[seat] += 1
    events.append(Event("strategy", {"side": SIDES[seat], "card": card}))
    WINDOWS.open(state, "know_enemy", [1 - seat], uniform=True, card=card, side=seat, unit=-1)
    return "close"


_KNOW_ENEMY = frozenset(BY_KEY["know_enemy"])


# Kessen always asks the one seat of a window (``uniform``): a seat without Know Enemy gets a
# one-answer decision, which ``_advance`` takes for it with a public "passes" event, as it does
# for every other decision with one answer.
WINDOWS = Windows()
WINDOWS.register(WindowRule("know_enemy", _know_enemy_plays, _know_enemy))
RESOLVER: Resolver[KessenState] = Resolver([_Discard(), _Losses(), _Give(), _Assassin(), _Choose(), _Strategy()])
WINDOWS.install(RESOLVER)
FRAME_RULES = RESOLVER.rules  # kind -> rule, read directly on the hot path (every kind is registered)


HANDLERS = {
    "pass": Kessen._do_pass,
    "deploy": Kessen._do_deploy,
    "attach": Kessen._do_attach,
    "special": Kessen._do_special,
    "pick": Kessen._do_pick,
    "intercept": Kessen._do_intercept,
    "play": Kessen._do_play,
}
AUTO_STEPS = {
    "battle_start": Kessen._battle_start,
    "engagement_start": Kessen._engagement_start,
    "action_end": Kessen._action_end,
    "resolution": Kessen._resolution,
    "end_segment": Kessen._end_segment,
    "engagement_end": Kessen._engagement_end,
    "end_phase": Kessen._end_phase,
    "round_end": Kessen._round_end,
}

GAME = Kessen()
