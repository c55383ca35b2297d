"""A heuristic LTK bot that plays for its role.

It reads only its view and its legal actions. Each other seat gets a hostility in [-1, 1] from what
the view shows (revealed roles, the Monarch, what the seat has done to the Monarch: the public
``deeds`` record of damage and healing), and every legal action is scored against it: Kills, Duels,
Dismantles and Indulgences aim at the most hostile seats, Peaches and healing skills at friends,
area cards are used only when they hurt the other side more than one's own, Negates protect friends.
Responses (Dodges, Kills, saving Peaches) are answered from one table lookup, well under a millisecond.
"""

from __future__ import annotations

import random
from typing import Any

from warroom.engine.actions import Move
from warroom.engine.bot import Bot
from warroom.games.ltk.cards import KIND, RANK, SUBTYPE, TYPES
from warroom.games.ltk.views import roles_not_shown

VALUE = {"peach": 6.0, "jink": 4.0, "nullification": 4.5, "slash": 3.0, "ex_nihilo": 3.5, "lightning": 0.5}
HARMFUL = frozenset({"slash", "duel", "dismantlement", "snatch", "collateral", "savage_assault", "archery_attack",
                     "indulgence", "lightning"})


def card_value(card: int) -> float:
    kind = KIND[card]
    if kind in VALUE:
        return VALUE[kind]
    return 2.5 if SUBTYPE[card] in ("weapon", "armor") else 2.0


class _Table:
    """The bot's reading of its view: who is friend or foe."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.me: int = view["seat"]
        self.seats: list[dict[str, Any]] = view["seats"]
        self.role: str = self.seats[self.me]["role"] or ""
        self.monarch = next((s["seat"] for s in self.seats if s["role"] == "monarch"), -1)
        deeds = view.get("deeds") or []
        # the roles not yet shown lie with the seats whose role this seat does not see: when they
        # are all of one kind, those seats' roles are known (the last Minister knows the Defector)
        left = roles_not_shown(view)
        kinds = [r for r, k in left.items() if k > 0]
        self.deduced: str | None = kinds[0] if len(kinds) == 1 else None
        # a Defector with no Rebel left must fight the Monarch's side alone: every other seat is a
        # foe (a Rebel's role shows only once he is dead, so one not shown is one alive)
        self.alone = self.role == "defector" and left.get("rebel", 0) <= 0
        self.hostile = [self.hostility(t, deeds) for t in range(len(self.seats))]

    def hostility(self, t: int, deeds: list[list[int]]) -> float:
        if t == self.me:
            return -1.0
        seat = self.seats[t]
        if not seat["alive"]:
            return 0.0
        role = seat["role"] or self.deduced
        monarch_side = self.role in ("monarch", "minister")
        # what t did to the Monarch so far (damage positive, healing negative), when known
        toward = deeds[t][self.monarch] if deeds and self.monarch >= 0 else 0
        if role == "monarch":
            if self.role == "rebel":
                return 1.0
            if self.role == "defector":
                living = sum(1 for s in self.seats if s["alive"])
                return 1.0 if living <= 2 else -0.6
            return -1.0
        if self.alone and role != "monarch":
            return 0.8
        if role is not None:
            if monarch_side:
                return -0.8 if role == "minister" else 1.0
            if self.role == "rebel":
                return -0.8 if role == "rebel" else 0.7
            return 0.8 if role == "rebel" else 0.4
        # unknown role: read what the seat did to the Monarch
        if monarch_side:
            return max(-1.0, min(1.0, 0.25 + 0.5 * toward))
        if self.role == "rebel":
            return max(-1.0, min(1.0, 0.2 - 0.6 * toward))
        return 0.5 + 0.2 * toward

    def friend(self, t: int) -> bool:
        return self.hostile[t] < 0

    def hp(self, t: int) -> int:
        return int(self.seats[t]["hp"])


def _card(action: str) -> int:
    return Move.parse(action).number("card")


class HeuristicBot(Bot):
    name = "heuristic"
    needs_view = True

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        if len(legal) == 1:
            return legal[0]
        if "general" in Move.parse(legal[0]):
            return legal[rng.randrange(len(legal))]
        t = _Table(view)
        frames: list[dict[str, Any]] = view.get("frames") or []
        top: dict[str, Any] = frames[-1] if frames else {"kind": "", "data": {}}
        kind: str = top["kind"]
        data: dict[str, Any] = top["data"]
        if kind == "act":
            return self._act(t, view, legal, rng)
        if kind == "window":
            return self._window(t, data, legal)
        if kind == "select":
            return self._select(t, data, legal)
        if kind == "take":
            return self._take(t, data, legal)
        if kind == "ability":
            return self._ability(t, data, frames, legal)
        return self._other(t, kind, data, legal)

    # ----- the action phase -------------------------------------------------------------------------------
    def _act(self, t: _Table, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        best, best_score = "end", 0.0
        for action in legal:
            score = self._score(t, view, action) + rng.random() * 0.05
            if score > best_score:
                best, best_score = action, score
        return best

    def _score(self, t: _Table, view: dict[str, Any], action: str) -> float:
        move = Move.parse(action)
        verb = move.verb
        me = t.me
        if verb == "use":
            card = move.number("card")
            kind = move.word("as") if "as" in move else KIND[card]
            target = move.number("target") if "target" in move else -1
            targets = list(move.numbers("targets")) if "targets" in move else []
            e = t.hostile[target] if target >= 0 else 0.0
            if kind == "slash":
                return 6 * e + (2 if target >= 0 and t.hp(target) == 1 and e > 0 else 0) + (
                    sum(t.hostile[x] for x in targets) * 5 if targets else 0)
            if kind == "peach":
                return 8.0
            if kind in ("ex_nihilo",):
                return 7.0
            if kind == "amazing_grace":
                return 2.0
            if kind == "god_salvation":
                return float(sum(-t.hostile[s["seat"]] for s in t.seats if s["alive"] and s["hp"] < s["max_hp"])) * 2
            if kind in ("savage_assault", "archery_attack"):
                hurt = 0.0
                for s in t.seats:
                    if s["alive"] and s["seat"] != me:
                        weight = 2.0 if s["hp"] <= 1 else 1.0
                        hurt += t.hostile[s["seat"]] * weight
                return 3 * hurt
            if kind == "duel":
                kills = sum(1 for c in view["hand"] if KIND[c] == "slash")
                return 5 * e if kills >= 1 or e > 0.9 else e
            if kind in ("dismantlement", "snatch"):
                return 4 * e + (1 if kind == "snatch" else 0)
            if kind == "indulgence":
                return 5 * e
            if kind == "collateral":
                return 3 * t.hostile[targets[1]] + t.hostile[targets[0]] if len(targets) == 2 else 0.0
            if kind == "lightning":
                return -1.0
            if TYPES[kind].type == "equipment":
                slot = SUBTYPE[card]
                have = t.seats[me]["equipment"].get(slot)
                return 5.0 if have is None else (2.0 if slot == "weapon" and TYPES[kind].range >
                                                 TYPES[KIND[have]].range else -1.0)
            return 0.5
        named = move.get("target")
        target = named if isinstance(named, int) else -1
        e = t.hostile[target] if target >= 0 else 0.0
        if verb in ("jijiang", "spear"):
            return 5 * e
        if verb == "fanjian":
            return 3 * e
        if verb == "lijian":
            x, y = move.numbers("targets")
            return 3 * (t.hostile[x] + t.hostile[y])
        if verb in ("jieyin", "qingnang"):
            return -4 * e
        if verb == "rende":
            return -3 * e if len(view["hand"]) >= 3 else -0.5
        if verb == "kurou":
            return 2.0 if t.hp(me) >= 3 else -1.0
        if verb == "zhiheng":
            return 0.6
        return 0.0

    # ----- responses ----------------------------------------------------------------------------------------
    def _window(self, t: _Table, data: dict[str, Any], legal: list[str]) -> str:
        name = data.get("name")
        answers = [a for a in legal if a != "pass"]
        if not answers:
            return "pass"
        if name == "respond":
            behalf = data.get("on_behalf", t.me)
            if behalf != t.me and not t.friend(behalf):
                return "pass"
            cards = [a for a in answers if "card" in Move.parse(a)]  # else only Serpent Spear's "spear"
            return min(cards, key=lambda a: card_value(_card(a))) if cards else answers[0]
        if name == "rescue":
            dying = data["dying"]
            return answers[0] if dying == t.me or t.friend(dying) else "pass"
        if name == "negate":
            about = data.get("about", {})
            card = str(about.get("card"))
            if card == "nullification":
                user = int(about.get("user", -1))
                return answers[0] if user >= 0 and not t.friend(user) else "pass"
            target = int(about.get("target", -1))
            if target < 0:
                return "pass"
            harmful = card in HARMFUL
            if harmful and t.friend(target):
                return answers[0]
            if not harmful and t.hostile[target] > 0.5 and card == "ex_nihilo":
                return answers[0]
            return "pass"
        return "pass"

    def _select(self, t: _Table, data: dict[str, Any], legal: list[str]) -> str:
        purpose = data.get("purpose")
        picks = [a for a in legal if Move.parse(a).verb == "pick"]
        if "done" in legal and ((purpose in ("zhiheng", "rende") and data.get("picked")) or not picks):
            return "done"
        if not picks:
            return legal[0]
        if purpose == "tuxi":
            return max(picks, key=lambda a: t.hostile[Move.parse(a).number("seat")])
        if purpose == "harvest":
            return max(picks, key=lambda a: card_value(_card(a)))
        if purpose == "buqu":  # discard a repeated rank: the cards left may keep Zhou Tai out of dying
            ranks = [RANK[c] for c in data["candidates"] if c not in data["picked"]]
            return next((a for a in picks if ranks.count(RANK[_card(a)]) > 1), picks[0])
        return min(picks, key=lambda a: card_value(_card(a)) if "card" in Move.parse(a) else 0)

    def _take(self, t: _Table, data: dict[str, Any], legal: list[str]) -> str:
        owner = data["owner"]
        named = [a for a in legal if "card" in Move.parse(a)]
        if t.friend(owner) and named:
            return named[-1]  # take a friend's judgement card (a delayed tool) or least harm
        if named and not t.friend(owner):
            return max(named, key=lambda a: card_value(_card(a)))
        return legal[0]

    def _ability(self, t: _Table, data: dict[str, Any], frames: list[dict[str, Any]], legal: list[str]) -> str:
        use = next((a for a in legal if Move.parse(a).verb == "use"), legal[0])
        name = data.get("name")
        if name == "ice_sword":
            below = frames[-2]["data"] if len(frames) >= 2 else {}
            target = below.get("ctx", {}).get("target", -1)
            return use if target >= 0 and t.friend(target) else "decline"
        if name in ("kurou", "lightning"):
            return "decline"
        return use

    def _other(self, t: _Table, kind: str, data: dict[str, Any], legal: list[str]) -> str:
        if kind == "ganglie":
            return "discard" if "discard" in legal and t.hp(t.me) <= 2 else "suffer"
        if kind == "double_swords":
            discards = [a for a in legal if Move.parse(a).verb == "discard"]
            return min(discards, key=lambda a: card_value(_card(a))) if len(discards) > 2 else "draw"
        if kind == "yiji":
            mine = [a for a in legal if Move.parse(a).get("to") == t.me]
            return mine[0] if mine else legal[0]
        if kind == "jieming":
            return f"choose target={t.me}" if f"choose target={t.me}" in legal else legal[0]
        if kind == "liuli":
            return max(legal, key=lambda a: t.hostile[Move.parse(a).number("to")])
        if kind == "guanxing":
            tops = [a for a in legal if Move.parse(a).verb == "top"]
            return max(tops, key=lambda a: card_value(_card(a))) if tops else legal[0]
        return legal[0]


BOTS = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot"]
