"""LTK in the command line: rules, bench entries, the terminal screen, and the heuristic bot."""

from __future__ import annotations

import json
import random

from typer.testing import CliRunner

from tests.ltk.scenario import GAME, act, cid, hero, seat, table
from warroom.bots import make
from warroom.cli import app
from warroom.screens import ltk as screen
from warroom.terminal import Scene

RUNNER = CliRunner()


def test_rules_list_every_card_and_general_in_english_with_chinese() -> None:
    result = RUNNER.invoke(app, ["rules", "ltk", "--json"])
    assert result.exit_code == 0, result.output
    ref = json.loads(result.stdout)
    cards, generals = ref["sections"]
    assert sum(e["count"] for e in cards["entries"]) == 108 and len(cards["entries"]) == 32
    assert any(e["name"] == "Negate 无懈可击" for e in cards["entries"])
    assert len(generals["entries"]) == 28 and generals["entries"][0]["name"] == "Cao Cao 曹操"



def test_every_skill_of_every_general_has_its_text_and_no_skill_is_unused() -> None:
    """The skills' names and texts come from data/skills.json: each general's reference entry is one
    line per skill ("Jianxiong 奸雄: ..."), lord skills say so, and the data holds no stray skill."""
    from warroom.games.ltk.generals import GENERALS, SKILLS

    result = RUNNER.invoke(app, ["rules", "ltk", "--json"])
    assert result.exit_code == 0, result.output
    entries = {e["key"]: e for e in json.loads(result.stdout)["sections"][1]["entries"]}
    used = {k for g in GENERALS.values() for k in g.skills}
    assert used == set(SKILLS), (used ^ set(SKILLS))
    for g in GENERALS.values():
        lines = entries[g.key]["text"].splitlines()
        assert len(lines) == len(g.skills), g.key
        for key, line in zip(g.skills, lines, strict=True):
            s = SKILLS[key]
            head = f"{s.name} {s.chinese}: " if s.chinese else f"{s.name}: "
            assert line.startswith(head) and s.text.strip() and line[len(head):] == s.text, (g.key, key)
            assert s.lord == s.text.startswith("Lord skill"), key
    lord_skills = {k for k, s in SKILLS.items() if s.lord}
    assert lord_skills == {"hujia", "jijiang", "jiuyuan"}
    assert all(g.lord for g in GENERALS.values() if lord_skills & set(g.skills))
    out = RUNNER.invoke(app, ["rules", "ltk"]).stdout
    assert "Jianxiong 奸雄: After you suffer damage" in out and "Buqu 不屈:" in out

def test_bench_reports_two_five_and_ten_players() -> None:
    result = RUNNER.invoke(app, ["bench", "ltk", "--seconds", "0.05", "--json"])
    assert result.exit_code == 0, result.output
    assert [r["players"] for r in json.loads(result.stdout)] == [2, 5, 10]


def test_the_screen_shows_the_table_the_hand_and_the_question() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7"]), seat("xu_chu", "rebel", ["jink ♥2"]))
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    view = GAME.view(s, 1)
    (d,) = GAME.decisions(s)
    scene = Scene("ltk", GAME.title, view, 1, ["p1", "p2"], ["bot", "you"], 0,
                  moves=[(a, GAME.describe(s, 1, a)) for a in GAME.legal_actions(s, 1)], prompt=d.prompt)
    from rich.console import Console

    console = Console(width=120, record=True)
    console.print(screen.render(scene))
    text = console.export_text()
    assert "Zhang Liao 张辽" in text and "Dodge ♥2" in text and "used Kill on you: use a Dodge?" in text
    assert screen.sentence({"kind": "damage", "source": 0, "target": 1, "amount": 1, "hp": 3}, 1) == (
        "p2 takes 1 damage from p1 (health 3)")


def test_the_screen_counts_the_roles_not_yet_shown() -> None:
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "minister"), seat("cao_ren", "rebel"),
              seat("huang_gai", "rebel", alive=False, hp=0, revealed=True), seat("lu_meng", "defector"))
    assert screen.hidden_roles(GAME.view(s, 1)) == "1 Rebel, 1 Defector"
    assert screen.hidden_roles(GAME.view(s, None)) == "1 Minister, 1 Rebel, 1 Defector"
    from rich.console import Console

    console = Console(width=120, record=True)
    console.print(screen.seats_table(GAME.view(s, 2)))
    assert "roles not shown: 1 Minister, 1 Defector" in console.export_text()


def test_the_bot_saves_a_friend_and_lets_an_enemy_die() -> None:
    bot = make("ltk", "heuristic")
    s = table(seat("zhang_liao", "monarch", ["slash ♠7"]), seat("xu_chu", "rebel", hp=1),
              hero("cao_ren", "rebel", ["peach ♥3"], blank=True), seat("huang_gai", "minister", ["peach ♥4"]))
    act(s, 0, f"use card={cid('slash ♠7')} target=1")
    # the rescue round: seat 2 (another Rebel, who does not know seat 1 is one) and seat 3 (the
    # Minister, to whom seat 1 is a stranger who has done nothing for the Monarch) keep their Peaches
    for asked in (2, 3):
        assert GAME.deciders(s) == [asked]
        assert bot.choose(GAME.view(s, asked), GAME.legal_actions(s, asked), random.Random(0)) == "pass"
        act(s, asked, "pass")
    assert not s.seats[1].alive
    # the Monarch dying: the Minister saves him
    s = table(seat("zhang_liao", "monarch", hp=1), seat("xu_chu", "rebel", ["slash ♠7"]),
              seat("huang_gai", "minister", ["peach ♥4"]), current=1)
    act(s, 1, f"use card={cid('slash ♠7')} target=0")
    while GAME.deciders(s) != [2]:
        (asked,) = GAME.deciders(s)
        act(s, asked, "pass")
    assert bot.choose(GAME.view(s, 2), GAME.legal_actions(s, 2), random.Random(0)) == f"use card={cid('peach ♥4')}"


def test_the_last_minister_knows_the_defector_by_the_roles_left_and_kills_him() -> None:
    """Every Rebel is dead: the one seat whose role the Minister cannot see must be the Defector,
    however often he saved the Monarch (deeds of -4: two Peaches)."""
    bot = make("ltk", "heuristic")
    deeds = [[0] * 5 for _ in range(5)]
    deeds[4][0] = -4
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "minister", ["slash ♠7"]),
              seat("cao_ren", "rebel", alive=False, hp=0, revealed=True),
              seat("huang_gai", "rebel", alive=False, hp=0, revealed=True),
              seat("lu_meng", "defector"), current=1, deeds=deeds)
    assert GAME.view(s, 1)["roles"] == {"defector": 1, "minister": 1, "monarch": 1, "rebel": 2}
    choice = bot.choose(GAME.view(s, 1), GAME.legal_actions(s, 1), random.Random(0))
    assert choice == f"use card={cid('slash ♠7')} target=4"


def test_a_defector_with_no_rebel_left_fights_the_ministers() -> None:
    bot = make("ltk", "heuristic")
    deeds = [[0] * 5 for _ in range(5)]
    deeds[1][0] = -4  # the Minister has saved the Monarch twice
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "minister"),
              seat("cao_ren", "rebel", alive=False, hp=0, revealed=True),
              seat("huang_gai", "rebel", alive=False, hp=0, revealed=True),
              seat("lu_meng", "defector", ["slash ♠7"]), current=4, deeds=deeds)
    choice = bot.choose(GAME.view(s, 4), GAME.legal_actions(s, 4), random.Random(0))
    assert choice == f"use card={cid('slash ♠7')} target=1"


def test_the_bot_kills_the_monarch_as_a_rebel() -> None:
    bot = make("ltk", "heuristic")
    s = table(seat("zhang_liao", "monarch"), seat("xu_chu", "rebel", ["slash ♠7"]), seat("cao_ren", "minister"),
              current=1)
    choice = bot.choose(GAME.view(s, 1), GAME.legal_actions(s, 1), random.Random(0))
    assert choice == f"use card={cid('slash ♠7')} target=0"


def test_a_card_taken_into_a_hand_is_named_only_to_those_who_saw_it() -> None:
    # p1 takes a card from p2's hand by Snatch: the two of them see which, the others see "a card"
    seen = {"kind": "gain", "seat": 0, "count": 1, "why": "snatch", "card": cid("slash ♠7")}
    hidden = {"kind": "gain", "seat": 0, "count": 1, "why": "snatch"}
    assert screen.sentence(seen, 0) == "p1 takes Kill ♠7 (Steal)"
    assert screen.sentence(hidden, 2) == "p1 takes a card (Steal)"


def test_the_decision_header_names_the_deciding_seat_not_the_seat_whose_turn_it_is() -> None:
    """p1 (the Monarch) uses Harvest: p1 picks first in its own turn, then p2 picks in p1's turn;
    while generals are chosen every seat's header names that seat."""
    s = table(seat("zhang_liao", "monarch", ["amazing_grace ♥3"]), seat("xu_chu", "rebel"),
              seat("cao_ren", "minister"), draw=["jink ♥2", "peach ♥4", "slash ♠7"])
    act(s, 0, f"use card={cid('amazing_grace ♥3')}")
    assert screen.status(GAME.view(s, 0)) == "p1 · action phase"
    act(s, 0, f"pick card={cid('peach ♥4')}")
    (d,) = GAME.decisions(s)
    assert d.player == 1 and d.prompt == "Harvest: take one of the revealed cards (pick 1)"
    view = GAME.view(s, 1)
    assert screen.status(view) == "p2 · p1's action phase"
    assert screen.seats_table(view).title == "Turn 1: p2 · p1's action phase"
    from rich.console import Console

    console = Console(width=120, record=True)
    console.print(screen.seats_table(view))
    rows = [line for line in console.export_text().splitlines() if "│ " in line]
    assert rows[0].startswith("│ ▶ p1 ") and rows[1].startswith("│ » p2 (you) ") and rows[2].startswith("│ p3 ")
    g = GAME.new(GAME.configure(5), 4)
    monarch = g.current
    assert screen.status(GAME.view(g, monarch)) == f"p{monarch + 1} · the Monarch chooses a general"
    GAME.apply(g, monarch, "choose general=cao_cao")
    for p in range(5):
        if p != monarch:
            assert screen.status(GAME.view(g, p)) == f"p{p + 1} · choosing a general"
    assert screen.status(GAME.view(g, monarch)) == "generals being chosen"


def test_a_composite_choice_says_what_it_is_for_and_how_many() -> None:
    s = table(hero("sun_quan", "monarch", ["jink ♥2", "axe ♦5", "slash ♠7"]), seat("xu_chu", "rebel"))
    act(s, 0, "zhiheng")
    (d,) = GAME.decisions(s)
    assert d.prompt == "Zhiheng: pick the cards to discard, then draw as many (pick 1-3, then done)"
    assert screen.status(GAME.view(s, 0)) == "p1 · action phase"


def test_every_kind_of_move_is_described_in_words() -> None:
    s = table(hero("sun_quan", "monarch", ["slash ♠7", "collateral ♣Q", "jink ♥2"]), seat("xu_chu", "rebel"),
              seat("cao_ren", "minister", equipment={"weapon": "blade ♠5"}))
    said = {a: GAME.describe(s, 0, a) for a in (
        "zhiheng", "use ability=eight_diagram", "use ability=jianxiong", f"use card={cid('jink ♥2')} as=slash target=1",
        f"use card={cid('collateral ♣Q')} targets=2,1", "pick seat=1", "name suit=club", f"top card={cid('slash ♠7')}",
        f"give card={cid('slash ♠7')} to=2", "lijian targets=1,2", "suffer", "decline")}
    assert list(said.values()) == [
        "Use Zhiheng 制衡", "Use Eight Trigrams", "Use Jianxiong 奸雄", "Use Dodge ♥2 as Kill on p2 Xu Chu",
        "Use Borrowed Sword ♣Q on p3 Cao Ren (to Kill p2 Xu Chu)", "Pick p2 Xu Chu", "Name ♣ clubs",
        "Put Kill ♠7 on top of the draw pile", "Give Kill ♠7 to p3 Cao Ren",
        "Use Lijian 离间 on p2 Xu Chu and p3 Cao Ren", "Take the damage", "Decline"]
    assert all("-1" not in text and "=" not in text for text in said.values())


def test_the_log_names_skills_and_says_every_event() -> None:
    events = [{"kind": "ability", "seat": 0, "ability": "jianxiong"},
              {"kind": "gain", "seat": 1, "card": cid("duel ♠A"), "why": "fanjian"},
              {"kind": "no_effect", "seat": 2, "by": "nioh_shield"},
              {"kind": "dodged", "seat": 1, "by": 0},
              {"kind": "judged", "seat": 0, "card": cid("jink ♥2"), "reason": "eight_diagram"},
              {"kind": "skip", "seat": 3, "phase": "action"}]
    assert [screen.sentence(e, 0) for e in events] == [
        "p1 uses Jianxiong 奸雄", "p2 takes Duel ♠A (Fanjian 反间)", "it has no effect on p3 (Renwang Shield)",
        "p2 dodges p1's Kill", "p1's judgement (Eight Trigrams) is Dodge ♥2", "p4 skips the action phase"]
