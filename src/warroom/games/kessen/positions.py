"""Paper Kessen positions: a human-writable description of any state, and back.

The format is documented in ``docs/positions.md``. In short: cards are named by key
(``"swords"``, the first free copy), by key and copy (``"swords#2"``, the second copy in id
order) or by id; piles are listed top first; sides are ``"good"`` and ``"evil"``; what is being
resolved (forced discards, Treachery's hand-over, a Know Enemy chain) is ``pending``, the next
decision first. :func:`describe` writes every field, so ``build(describe(s))`` is ``s``;
:func:`build` fills what a writer leaves out with the defaults of a fresh state, and checks
the result: every fault found is one line of the :class:`ConfigError` it raises.
"""

from __future__ import annotations

from typing import Any

from warroom.engine import ConfigError, Game, Rng, digits
from warroom.engine.frames import NO_SEAT, Frame, FrameData
from warroom.games.kessen.cards import BY_KEY, CARDS, DECK_IDS, KEY, MAIN_LEADERS, N_CARDS, SIDE_DECK
from warroom.games.kessen.core import decider
from warroom.games.kessen.state import (
    Assassin,
    Choose,
    Discard,
    Give,
    KessenState,
    Losses,
    Played,
    Side,
    Strategy,
    Unit,
)

SIDES = ("good", "evil")
HANDS = ("leaders", "recruits", "actions")
STEPS = ("deploy", "after_battle", "pick", "strategy", "tactics", "battle_start", "engagement_start",
         "action_end", "resolution", "end_segment", "engagement_end", "end_phase", "round_end", "over")
TOP_KEYS = frozenset({
    "game", "rules_version", "options", "rng", "round", "step", "turn", "initiative", "passes",
    "to_move", "good", "evil", "recruit_deck", "recruit_discard", "action_deck", "action_discard",
    "unlisted", "battle", "round_effects", "streak", "pending", "result", "moves",
})
SIDE_KEYS = frozenset({"units", *HANDS, "leader_deck", "leader_discard", "battles_won", "known"})
BATTLE_KEYS = frozenset({"engaged", "retreated", "intercepts_used", "attacker", "attacking_unit",
                         "defending_unit", "engagement", "played", "strategy_played",
                         "last_engagement_winner", "winner"})
PENDING_KINDS = {"discard": ("side", "hand", "keep"), "losses": ("side", "unit", "left"),
                 "give": ("side",), "assassin": ("side",), "choose": ("side", "slot"),
                 "know_enemy": ("chain",)}


# ----- writing -------------------------------------------------------------------------------
def card_name(card: int) -> str:
    """``key`` for a card with one copy, ``key#n`` for the n-th copy (in id order) of several."""
    copies = BY_KEY[KEY[card]]
    return KEY[card] if len(copies) == 1 else f"{KEY[card]}#{copies.index(card) + 1}"


def _names(cards: list[int]) -> list[str]:
    return [card_name(c) for c in cards]


def _opt_card(card: int) -> str | None:
    return None if card < 0 else card_name(card)


def _opt_side(side: int) -> str | None:
    return None if side < 0 else SIDES[side]


def describe(state: KessenState) -> dict[str, Any]:
    """The full description of ``state`` (every field written, piles top first)."""
    out: dict[str, Any] = {
        "game": "kessen",
        "options": dict(state.config["options"]),
        "rng": state.rng.state,
        "round": state.round,
        "step": state.step,
        "turn": SIDES[state.turn],
        "initiative": SIDES[state.initiative],
        "passes": state.passes,
    }
    if state.winner < 0:
        out["to_move"] = SIDES[decider(state)]
    for i, s in enumerate(state.sides):
        out[SIDES[i]] = {
            "units": [{"leader": card_name(u.leader), "troops": _names(u.troops), "mods": _names(u.mods)}
                      for u in s.units],
            "leaders": _names(s.leaders),
            "recruits": _names(s.recruits),
            "actions": _names(s.actions),
            "leader_deck": _names(s.leader_deck[::-1]),
            "leader_discard": _names(s.leader_discard[::-1]),
            "battles_won": s.battles_won,
            "known": _names(state.known[i]),
        }
    out["recruit_deck"] = _names(state.recruit_deck[::-1])
    out["recruit_discard"] = _names(state.recruit_discard[::-1])
    out["action_deck"] = _names(state.action_deck[::-1])
    out["action_discard"] = _names(state.action_discard[::-1])
    out["battle"] = {
        "engaged": _names(state.engaged),
        "retreated": _names(state.retreated),
        "intercepts_used": _names(state.intercepts_used),
        "attacker": SIDES[state.attacker],
        "attacking_unit": _opt_card(state.att_unit),
        "defending_unit": _opt_card(state.def_unit),
        "engagement": state.engagement,
        "played": [_played_out(p) for p in state.played],
        "strategy_played": {SIDES[i]: n for i, n in enumerate(state.strategy_played)},
        "last_engagement_winner": _opt_side(state.last_engagement_winner),
        "winner": _opt_side(state.battle_winner),
    }
    out["round_effects"] = {
        "duty": _names(state.duty),
        "troop_penalty": {SIDES[i]: n for i, n in enumerate(state.troop_penalty)},
        "unit_bonus": {SIDES[i]: n for i, n in enumerate(state.unit_bonus)},
    }
    out["streak"] = {"side": _opt_side(state.last_winner), "battles": state.streak}
    out["pending"] = _pending_out(state.frames)
    if state.winner >= 0:
        out["result"] = {"winner": "draw" if state.winner == 2 else SIDES[state.winner], "reason": state.reason}
    out["moves"] = state.moves
    return out


def _played_out(p: Played) -> dict[str, Any]:
    out: dict[str, Any] = {"card": card_name(p.card), "side": SIDES[p.side]}
    if p.on >= 0:
        out["on"] = card_name(p.on)
    if p.key != KEY[p.card]:
        out["as"] = p.key
    if p.negates >= 0:
        out["negates"] = card_name(p.negates)
    return out


def _pending_out(frames: list[Frame]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    windows = [f for f in frames if f.kind == "window"]
    for f in reversed(frames):
        d = f.data
        if isinstance(d, Discard):
            item: dict[str, Any] = {"kind": "discard", "side": SIDES[d.side], "hand": d.hand, "keep": d.keep}
            if d.why:
                item["why"] = d.why
        elif isinstance(d, Losses):
            item = {"kind": "losses", "side": SIDES[d.side], "unit": card_name(d.unit), "left": d.left}
        elif isinstance(d, Give | Assassin):
            item = {"kind": f.kind, "side": SIDES[d.side]}
        elif isinstance(d, Choose):
            item = {"kind": "choose", "side": SIDES[d.side], "slot": d.slot}
        elif isinstance(d, Strategy):
            links = []
            for w in windows:
                link: dict[str, Any] = {"card": card_name(w.data["card"]), "side": SIDES[w.data["side"]]}
                if w.data["unit"] >= 0:
                    link["unit"] = card_name(w.data["unit"])
                links.append(link)
            item = {"kind": "know_enemy", "chain": links}
        else:  # a window: written with the strategy frame below it
            continue
        out.append(item)
    return out


# ----- reading -------------------------------------------------------------------------------
class _Reader:
    """Reads one description, collecting every fault instead of stopping at the first."""

    def __init__(self) -> None:
        self.faults: list[str] = []
        self.placed: dict[int, str] = {}  # card -> where the description puts it

    def fault(self, text: str) -> None:
        if text not in self.faults:
            self.faults.append(text)

    def card(self, raw: Any, where: str) -> int:
        """A card id from ``key`` (a card with one copy), ``key#n`` or an id; -1 (and a fault)
        if it names no single card. Used where a description refers to a card placed elsewhere."""
        if isinstance(raw, bool) or not isinstance(raw, int | str):
            self.fault(f"{where}: {raw!r} is not a card (a key such as \"swords\", \"swords#2\" or an id)")
            return -1
        if isinstance(raw, int):
            if not 0 <= raw < N_CARDS:
                self.fault(f"{where}: there is no card {raw}")
                return -1
            return raw
        key, _, copy = raw.partition("#")
        copies = BY_KEY.get(key)
        if copies is None:
            self.fault(f"{where}: there is no card {key!r}")
            return -1
        if not copy:
            if len(copies) == 1:
                return copies[0]
            self.fault(f"{where}: {key!r} has {len(copies)} copies: name one as {key}#n")
            return -1
        if not digits(copy) or not 1 <= int(copy) <= len(copies):
            self.fault(f"{where}: {raw!r}: {key} has {len(copies)} cop{'y' if len(copies) == 1 else 'ies'}")
            return -1
        return copies[int(copy) - 1]


def card_id(name: str | int) -> int:
    """The card a name (``key``, ``key#n``) or id stands for; ``ConfigError`` if none."""
    r = _Reader()
    card = r.card(name, "card")
    if card < 0:
        raise ConfigError(r.faults[0])
    return card


def _free_copy(key: str, taken: set[int]) -> int:
    for c in BY_KEY[key]:
        if c not in taken:
            return c
    return -1


class _Cards:
    """Names in a description, resolved in two passes: numbered copies and ids first, then each
    plain key takes the first copy nobody named."""

    def __init__(self, reader: _Reader) -> None:
        self.reader = reader
        self.slots: list[tuple[list[int], int, str, str]] = []  # (target, index, key, where)

    def put(self, target: list[int], raw: Any, where: str) -> None:
        r = self.reader
        if isinstance(raw, str) and "#" not in raw:
            if raw not in BY_KEY:
                r.fault(f"{where}: there is no card {raw!r}")
                return
            target.append(-1)
            self.slots.append((target, len(target) - 1, raw, where))
            return
        card = r.card(raw, where)
        if card >= 0:
            target.append(card)
            self.place(card, where)

    def place(self, card: int, where: str) -> None:
        r = self.reader
        if card in r.placed:
            r.fault(f"{card_name(card)} is listed twice ({r.placed[card]} and {where})")
        else:
            r.placed[card] = where

    def resolve(self) -> None:
        taken = set(self.reader.placed)
        for target, index, key, where in self.slots:
            card = _free_copy(key, taken)
            if card < 0:
                self.reader.fault(f"{where}: every copy of {key} is already listed")
                target[index] = -1
                continue
            taken.add(card)
            target[index] = card
            self.reader.placed[card] = where
        # drop unresolved names so later checks see only real cards
        for target, _, _, _ in self.slots:
            target[:] = [c for c in target if c >= 0]


def build(description: Any, game: Game[Any]) -> KessenState:
    """The state a description sets out (not yet settled: automatic steps have not run), for
    ``game`` (Paper Kessen: its rules version and options; the rules hand themselves in).
    Raises :class:`ConfigError`, one line per fault.
    """
    if not isinstance(description, dict):
        raise ConfigError("a Kessen position is a JSON object (see docs/positions.md)")
    d = description
    r = _Reader()
    for key in d:
        if key not in TOP_KEYS:
            r.fault(f"unknown field {key!r} (fields: {', '.join(sorted(TOP_KEYS))})")
    if d.get("game", "kessen") != "kessen":
        r.fault(f"this is a position of {d.get('game')!r}, not kessen")
    if "rules_version" in d and d["rules_version"] != game.rules_version:
        r.fault(f"position is for kessen rules version {d['rules_version']}, this warroom plays "
                f"version {game.rules_version}")
    try:
        config = game.configure(options=d.get("options") or {})
    except ConfigError as err:
        r.fault(str(err))
        config = game.configure()
    cards = _Cards(r)

    def pile(raw: Any, where: str) -> list[int]:
        out: list[int] = []
        if raw is None:
            return out
        if not isinstance(raw, list):
            r.fault(f"{where} must be a list of cards")
            return out
        for i, c in enumerate(raw):
            cards.put(out, c, f"{where}[{i}]")
        return out

    def side_of(raw: Any, where: str, allow_none: bool = False) -> int:
        if raw is None and allow_none:
            return -1
        if raw in SIDES:
            return SIDES.index(raw)
        r.fault(f"{where} must be {' or '.join(repr(s) for s in SIDES)}{' or null' if allow_none else ''}, not {raw!r}")
        return -1 if allow_none else 0

    def number(raw: Any, where: str, low: int = 0, high: int | None = None, default: int = 0) -> int:
        if raw is None:
            return default
        if isinstance(raw, bool) or not isinstance(raw, int):
            r.fault(f"{where} must be a whole number, not {raw!r}")
            return default
        if raw < low or (high is not None and raw > high):
            r.fault(f"{where} is {raw}, outside {low}..{high if high is not None else 'any'}")
        return raw

    def obj(raw: Any, where: str, keys: frozenset[str]) -> dict[str, Any]:
        if raw is None:
            return {}
        if not isinstance(raw, dict):
            r.fault(f"{where} must be an object")
            return {}
        for k in raw:
            if k not in keys:
                r.fault(f"{where}: unknown field {k!r} (fields: {', '.join(sorted(keys))})")
        return raw

    def per_side(raw: Any, where: str) -> list[int]:
        got = obj(raw, where, frozenset(SIDES))
        return [number(got.get(s), f"{where}.{s}") for s in SIDES]

    # --- sides: units, hands, leader piles (numbered copies are placed as they are read)
    sides: list[Side] = []
    known: list[list[int]] = []
    leaders: list[tuple[Unit, list[int]]] = []  # each unit's leader, read like any other card
    for name in SIDES:
        sd = obj(d.get(name), name, SIDE_KEYS)
        units: list[Unit] = []
        raw_units = sd.get("units", [])
        if not isinstance(raw_units, list):
            r.fault(f"{name}.units must be a list")
            raw_units = []
        for j, ud in enumerate(raw_units):
            where = f"{name}.units[{j}]"
            ud = obj(ud, where, frozenset({"leader", "troops", "mods"}))
            holder: list[int] = []
            cards.put(holder, ud.get("leader"), f"{where}.leader")
            unit = Unit(leader=-1, troops=pile(ud.get("troops"), f"{where}.troops"),
                        mods=pile(ud.get("mods"), f"{where}.mods"))
            units.append(unit)
            leaders.append((unit, holder))
        sides.append(Side(
            units=units,
            leaders=pile(sd.get("leaders"), f"{name}.leaders"),
            recruits=pile(sd.get("recruits"), f"{name}.recruits"),
            actions=pile(sd.get("actions"), f"{name}.actions"),
            leader_deck=pile(sd.get("leader_deck"), f"{name}.leader_deck"),
            leader_discard=pile(sd.get("leader_discard"), f"{name}.leader_discard"),
            battles_won=number(sd.get("battles_won"), f"{name}.battles_won", 0),
        ))
        raw_known = sd.get("known", [])
        if not isinstance(raw_known, list):
            r.fault(f"{name}.known must be a list of cards")
            raw_known = []
        known.append([c for c in (r.card(k, f"{name}.known[{j}]") for j, k in enumerate(raw_known)) if c >= 0])
    recruit_deck = pile(d.get("recruit_deck"), "recruit_deck")
    recruit_discard = pile(d.get("recruit_discard"), "recruit_discard")
    action_deck = pile(d.get("action_deck"), "action_deck")
    action_discard = pile(d.get("action_discard"), "action_discard")

    # --- the battle and round effects name cards already placed: they are references
    def ref(raw: Any, where: str) -> int:
        return -1 if raw is None else r.card(raw, where)

    def refs(raw: Any, where: str) -> list[int]:
        if raw is None:
            return []
        if not isinstance(raw, list):
            r.fault(f"{where} must be a list of cards")
            return []
        return [c for c in (ref(x, f"{where}[{i}]") for i, x in enumerate(raw)) if c >= 0]

    bd = obj(d.get("battle"), "battle", BATTLE_KEYS)
    played_in: list[tuple[dict[str, Any], str]] = []
    raw_played = bd.get("played", [])
    played_list: list[int] = []
    for j, pd in enumerate(raw_played if isinstance(raw_played, list) else []):
        pd = obj(pd, f"battle.played[{j}]", frozenset({"card", "side", "on", "as", "negates"}))
        cards.put(played_list, pd.get("card"), f"battle.played[{j}].card")
        played_in.append((pd, f"battle.played[{j}]"))
    pending_raw = d.get("pending", [])
    if not isinstance(pending_raw, list):
        r.fault("pending must be a list (the next decision first)")
        pending_raw = []
    chain_cards: list[list[int]] = []
    for j, item in enumerate(pending_raw):
        if isinstance(item, dict) and item.get("kind") == "know_enemy" and isinstance(item.get("chain"), list):
            held: list[int] = []
            for k, link in enumerate(item["chain"]):
                link = obj(link, f"pending[{j}].chain[{k}]", frozenset({"card", "side", "unit"}))
                cards.put(held, link.get("card"), f"pending[{j}].chain[{k}].card")
            chain_cards.append(held)

    cards.resolve()
    for unit, holder in leaders:
        unit.leader = holder[0] if holder else -1
        if not holder:
            r.fault("a unit needs a leader")

    # --- every card exactly once
    unlisted = d.get("unlisted", "error")
    if unlisted not in ("error", "decks"):
        r.fault(f"unlisted must be \"error\" or \"decks\", not {unlisted!r}")
    missing = [c for c in range(N_CARDS) if c not in r.placed]
    if missing and unlisted == "decks":
        # every card not listed lies in its deck, under the listed ones, lowest id at the bottom
        for deck, target in (("recruit", recruit_deck), ("action", action_deck),
                             (SIDE_DECK[0], sides[0].leader_deck), (SIDE_DECK[1], sides[1].leader_deck)):
            rest = [c for c in DECK_IDS[deck] if c not in r.placed]
            target.extend(reversed(rest))  # the list is top first: the rest goes at its end
        missing = []
    if missing:
        shown = ", ".join(card_name(c) for c in missing[:8]) + (", ..." if len(missing) > 8 else "")
        r.fault(f"{len(missing)} card{'s are' if len(missing) > 1 else ' is'} not listed anywhere ({shown}): "
                "list every card, or set \"unlisted\": \"decks\"")

    # --- zones: a card may only lie where its deck and kind allow
    def check_zone(cs: list[int], allowed: str, where: str, side: int = -1) -> None:
        for c in cs:
            card = CARDS[c]
            ok = {
                "recruit": card.deck == "recruit",
                "action": card.deck == "action",
                "leader_pile": card.deck == SIDE_DECK[side] if side >= 0 else False,
                "troop": card.kind == "troop",
                "mod": card.kind in ("modifier", "leader_mod"),
            }[allowed]
            if not ok:
                r.fault(f"{where}: {card_name(c)} cannot lie there")

    for i, s in enumerate(sides):
        name = SIDES[i]
        check_zone(s.recruits, "recruit", f"{name}.recruits")
        check_zone(s.actions, "action", f"{name}.actions")
        check_zone(s.leaders, "leader_pile", f"{name}.leaders", i)
        check_zone(s.leader_deck, "leader_pile", f"{name}.leader_deck", i)
        check_zone(s.leader_discard, "leader_pile", f"{name}.leader_discard", i)
        for j, u in enumerate(s.units):
            where = f"{name}.units[{j}]"
            # Treachery hands units across: a leader of either deck may lead a unit of either side
            if u.leader >= 0 and CARDS[u.leader].kind != "leader":
                r.fault(f"{where}.leader: {card_name(u.leader)} is not a leader")
            check_zone(u.troops, "troop", f"{where}.troops")
            check_zone(u.mods, "mod", f"{where}.mods")
            most = 2 if u.leader >= 0 and KEY[u.leader] == "cao_bu" else 1
            if len(u.troops) > most:
                r.fault(f"{where}: {len(u.troops)} troops, at most {most}")
            if not u.troops and u.leader not in MAIN_LEADERS and u.leader >= 0:
                r.fault(f"{where}: {card_name(u.leader)} leads no troop (only Liu Bei and Cao Cao "
                        "stay in play without one)")
            if not u.troops and u.mods:
                r.fault(f"{where}: a unit without a troop carries no modifier")
    for c, zone in ((MAIN_LEADERS[0], 0), (MAIN_LEADERS[1], 1)):
        if sides[zone].unit(c) is None:
            r.fault(f"{card_name(c)} must be in {SIDES[zone]}.units (a main leader never leaves play)")
    check_zone(recruit_deck + recruit_discard, "recruit", "recruit piles")
    check_zone(action_deck + action_discard, "action", "action piles")

    # --- the rest of the state
    step = d.get("step", "deploy")
    if step not in STEPS:
        r.fault(f"step {step!r} is not a step (steps: {', '.join(STEPS)})")
        step = "deploy"
    max_rounds = int(config["options"]["max_rounds"])
    state = KessenState(
        config=config,
        rng=Rng(number(d.get("rng"), "rng", 0, 2**64 - 1)),
        sides=sides,
        recruit_deck=recruit_deck[::-1],
        recruit_discard=recruit_discard[::-1],
        action_deck=action_deck[::-1],
        action_discard=action_discard[::-1],
        round=number(d.get("round"), "round", 1, max_rounds, 1),
        step=step,
        turn=side_of(d.get("turn", "good"), "turn"),
        passes=number(d.get("passes"), "passes", 0, 3),
        initiative=side_of(d.get("initiative", "good"), "initiative"),
    )
    for s in sides:
        s.leader_deck.reverse()
        s.leader_discard.reverse()
    state.known = known
    re = obj(d.get("round_effects"), "round_effects", frozenset({"duty", "troop_penalty", "unit_bonus"}))
    state.duty = refs(re.get("duty"), "round_effects.duty")
    state.troop_penalty = per_side(re.get("troop_penalty"), "round_effects.troop_penalty")
    state.unit_bonus = per_side(re.get("unit_bonus"), "round_effects.unit_bonus")
    state.engaged = refs(bd.get("engaged"), "battle.engaged")
    state.retreated = refs(bd.get("retreated"), "battle.retreated")
    state.intercepts_used = refs(bd.get("intercepts_used"), "battle.intercepts_used")
    state.attacker = side_of(bd.get("attacker", "good"), "battle.attacker")
    state.att_unit = ref(bd.get("attacking_unit"), "battle.attacking_unit")
    state.def_unit = ref(bd.get("defending_unit"), "battle.defending_unit")
    state.engagement = number(bd.get("engagement"), "battle.engagement", 0)
    state.strategy_played = per_side(bd.get("strategy_played"), "battle.strategy_played")
    state.last_engagement_winner = side_of(bd.get("last_engagement_winner"), "battle.last_engagement_winner", True)
    state.battle_winner = side_of(bd.get("winner"), "battle.winner", True)
    for (pd, where), card in zip(played_in, played_list, strict=False):
        on = ref(pd.get("on"), f"{where}.on")
        key = pd.get("as") or KEY[card]
        if key not in BY_KEY or CARDS[BY_KEY[key][0]].deck != "action":
            r.fault(f"{where}.as: {key!r} is not an action card")
        negates = ref(pd.get("negates"), f"{where}.negates")
        state.played.append(Played(card=card, side=side_of(pd.get("side"), f"{where}.side"), on=on,
                                   key=key, negates=negates))
        if CARDS[card].deck != "action":
            r.fault(f"{where}.card: {card_name(card)} is not an action card")
    sd = obj(d.get("streak"), "streak", frozenset({"side", "battles"}))
    state.last_winner = side_of(sd.get("side"), "streak.side", True)
    state.streak = number(sd.get("battles"), "streak.battles", 0, 3)
    if (state.last_winner < 0) != (state.streak == 0):
        r.fault("streak: a streak of battles needs the side that won them, and a side a streak")
    res = d.get("result")
    if res is not None:
        res = obj(res, "result", frozenset({"winner", "reason"}))
        w = res.get("winner")
        state.winner = 2 if w == "draw" else side_of(w, "result.winner")
        state.reason = str(res.get("reason", ""))
    state.moves = number(d.get("moves"), "moves", 0)
    _read_pending(state, pending_raw, chain_cards, r, ref, side_of, number)
    _check_battle(state, r)
    if r.faults:
        raise ConfigError("\n".join(f"position: {f}" for f in r.faults))
    return state


def _read_pending(state: KessenState, raw: list[Any], chain_cards: list[list[int]], r: _Reader,
                  ref: Any, side_of: Any, number: Any) -> None:
    """The frame stack from ``pending``, which lists the next decision first."""
    top_first: list[Frame] = []
    chains = iter(chain_cards)
    for j, item in enumerate(raw):
        where = f"pending[{j}]"
        if not isinstance(item, dict) or not isinstance(item.get("kind"), str) or item["kind"] not in PENDING_KINDS:
            r.fault(f"{where} must be an object with a kind ({', '.join(PENDING_KINDS)})")
            continue
        kind = item["kind"]
        for k in item:
            if k not in (*PENDING_KINDS[kind], "kind", "why"):
                r.fault(f"{where}: unknown field {k!r} for a {kind}")
        if kind == "know_enemy":
            links = next(chains, [])
            if j != len(raw) - 1:
                r.fault(f"{where}: a Know Enemy chain settles before anything is pending: it comes last")
            if not links or len(links) != len(item["chain"]):
                r.fault(f"{where}: a Know Enemy chain lists its strategy card and each Know Enemy on it")
                continue
            sides = [side_of(link.get("side") if isinstance(link, dict) else None, f"{where}.chain[{k}].side")
                     for k, link in enumerate(item["chain"])]
            unit = ref(item["chain"][0].get("unit"), f"{where}.chain[0].unit")
            for k, c in enumerate(links):
                if k == 0 and CARDS[c].kind != "strategy":
                    r.fault(f"{where}.chain[0]: {card_name(c)} is not a strategy card")
                if k and KEY[c] != "know_enemy":
                    r.fault(f"{where}.chain[{k}]: {card_name(c)} is not a Know Enemy")
                if k and sides[k] == sides[k - 1]:
                    r.fault(f"{where}.chain[{k}]: a Know Enemy answers the other side's card")
            # the strategy card's frame, then one window per card, each opened by the answer below
            top_first.append(Frame("strategy", NO_SEAT, Strategy(card=links[0], side=sides[0], unit=unit)))
            for k, c in enumerate(links):
                last = k == len(links) - 1
                asked = 1 - sides[k]
                window: dict[str, Any] = {
                    "name": "know_enemy", "order": [asked], "at": 0, "uniform": True, "closed": not last,
                    "card": c, "side": sides[k], "unit": unit if k == 0 else -1,
                }
                answers = [] if last else [[asked, f"play card={links[k + 1]}"]]
                top_first.insert(-k - 1, Frame("window", asked if last else NO_SEAT, window, answers))
            continue
        side = side_of(item.get("side"), f"{where}.side")
        data: FrameData
        if kind == "discard":
            hand = item.get("hand")
            if hand not in HANDS:
                r.fault(f"{where}.hand must be one of {', '.join(HANDS)}")
                hand = "actions"
            data = Discard(side=side, hand=hand, keep=number(item.get("keep"), f"{where}.keep", 0),  # Raids: over 7
                           why=str(item["why"]) if item.get("why") else None)
        elif kind == "losses":
            data = Losses(side=side, unit=ref(item.get("unit"), f"{where}.unit"),
                          left=number(item.get("left"), f"{where}.left", 1, 3, 1))
        elif kind == "choose":
            if item.get("slot") not in ("defender", "attacker"):
                r.fault(f"{where}.slot must be \"defender\" or \"attacker\"")
            data = Choose(side=side, slot=str(item.get("slot", "defender")))
        else:
            data = Give(side=side) if kind == "give" else Assassin(side=side)
        top_first.append(Frame(kind, NO_SEAT, data))
    state.frames = top_first[::-1]
    if state.frames and state.frames[-1].kind != "window":
        state.frames[-1].seat = state.frames[-1].data.side  # the next decision waits on its side


def _check_battle(state: KessenState, r: _Reader) -> None:
    """Faults of the battle and the decision that a writer can easily get wrong."""
    in_play = {u.leader: i for i, s in enumerate(state.sides) for u in s.units}
    for c in state.engaged:
        if c not in in_play and c not in state.retreated:
            r.fault(f"battle.engaged: {card_name(c)} is not in play")
    for c in state.duty:
        # a unit sent on Duty Elsewhere may have left play since (an Assassin, a lost battle):
        # the effect stays listed for the round, so only a card that is no leader is a fault
        if CARDS[c].kind != "leader":
            r.fault(f"round_effects.duty: {card_name(c)} is not a leader")
    if state.step in ("strategy", "tactics", "resolution"):
        for unit, side, what in ((state.att_unit, state.attacker, "attacking_unit"),
                                 (state.def_unit, 1 - state.attacker, "defending_unit")):
            if in_play.get(unit) != side:
                r.fault(f"battle.{what}: {state.step} needs a unit of {SIDES[side]} in play"
                        + ("" if unit < 0 else f", not {card_name(unit)}"))
    for p in state.played:
        if p.negates >= 0 and p.negates not in {q.card for q in state.played}:
            r.fault(f"battle.played: {card_name(p.card)} negates {card_name(p.negates)}, which was not played")
    for f in state.frames:
        if isinstance(f.data, Losses) and in_play.get(f.data.unit) != f.data.side:
            r.fault(f"pending: Losses on {card_name(f.data.unit)}, not a unit of {SIDES[f.data.side]}")
    if state.winner < 0 and state.step == "over":
        r.fault("step \"over\" needs a result")
    if state.winner >= 0 and state.frames:
        r.fault("a finished game has nothing pending")
