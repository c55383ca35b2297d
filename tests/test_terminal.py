"""The terminal loop (`warroom.terminal`) and Paper Kessen's screen, driven without a terminal."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from warroom.bots import RandomBot
from warroom.engine import IllegalAction, registry
from warroom.engine.match import Match
from warroom.engine.record import Record, replay
from warroom.engine.runner import play_bots
from warroom.games.kessen.cards import CARDS
from warroom.screens import kessen as screen
from warroom.terminal import (
    LOG_LINES,
    PlainScreen,
    Scene,
    Session,
    Stop,
    bot_rng,
    screen_for,
)

GAME = registry.get("kessen")
CONFIG = GAME.configure()


def script(lines: Iterable[str | None]) -> Any:
    """A reader that answers with ``lines`` in turn, then end of input."""
    it: Iterator[str | None] = iter(lines)

    def read(prompt: str) -> str | None:
        return next(it, None)

    return read


def ones() -> Any:
    """The `yes 1` player: always the first move."""
    return lambda prompt: "1"


def session(tmp_path: Path, read: Any, seed: int = 3, human: int = 0, fancy: bool = False,
            name: str = "game.json", save_at_end: bool = False) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=150, highlight=False)
    s = Session.start(GAME, CONFIG, seed, human, "random", save_path=tmp_path / name,
                      save_at_end=save_at_end, console=console, fancy=fancy, read=read)
    return s, out


# ----- whole games ------------------------------------------------------------------------------
def test_always_the_first_move_plays_a_whole_game_to_a_result(tmp_path: Path) -> None:
    s, out = session(tmp_path, ones(), save_at_end=True)
    s.run()
    text = out.getvalue()
    assert s.match.result() is not None
    assert "result: You " in text
    saved = Record.load(tmp_path / "game.json")
    assert saved.result is not None
    assert saved.seats[0]["player"] == "human" and saved.seats[1]["player"] == "random"
    # the saved record replays with every hash
    assert sum(1 for _ in replay(saved, verify=True)) == len(saved.steps) + 1


def test_the_human_plays_evil_when_seated_there(tmp_path: Path) -> None:
    s, _ = session(tmp_path, ones(), seed=4, human=1)
    s.run()
    seats = {step.seat for step in s.match.record.steps}
    assert seats == {0, 1}
    assert s.match.record.seats[1]["player"] == "human"


def test_plain_output_does_not_redraw_a_screen_per_move(tmp_path: Path) -> None:
    s, out = session(tmp_path, ones())
    s.run()
    text = out.getvalue()
    human_moves = sum(1 for step in s.match.record.steps if step.seat == 0)
    # one status-and-prompt line per human decision, no panels
    assert sum(1 for line in text.splitlines() if line.startswith("[round ")) == human_moves
    assert "╭" not in text


# ----- quit, save, resume -----------------------------------------------------------------------
def test_quit_saves_and_resume_continues_the_very_same_game(tmp_path: Path) -> None:
    # the game played straight through, always choosing the first move
    straight, _ = session(tmp_path, ones(), seed=11, name="straight.json")
    straight.run()
    full = [(st.seat, st.action) for st in straight.match.record.steps]

    # the same game, left after 15 human decisions and resumed from the file
    first, out = session(tmp_path, ["1"] * 15 + ["quit"], seed=11, name="part.json")
    first.read = script(["1"] * 15 + ["quit"])
    with pytest.raises(Stop):
        first.run()
    assert "resume with: warroom play --resume" in out.getvalue()
    record = Record.load(tmp_path / "part.json")
    assert record.result is None
    assert sum(1 for st in record.steps if st.seat == 0) == 15

    out2 = io.StringIO()
    resumed = Session.resume(record, save_path=tmp_path / "part.json", save_at_end=True,
                             console=Console(file=out2, width=150), fancy=False, read=ones())
    resumed.run()
    assert [(st.seat, st.action) for st in resumed.match.record.steps] == full
    assert Record.load(tmp_path / "part.json").result == straight.match.record.result


def test_end_of_input_saves_and_stops(tmp_path: Path) -> None:
    s, out = session(tmp_path, script(["1", "1"]))
    with pytest.raises(Stop):
        s.run()
    assert "input ended" in out.getvalue()
    assert len(Record.load(tmp_path / "game.json").steps) >= 2


def test_save_command_writes_the_record_and_play_goes_on(tmp_path: Path) -> None:
    s, out = session(tmp_path, script(["save", "1", "quit"]))
    with pytest.raises(Stop):
        s.run()
    assert out.getvalue().count(f"saved to {tmp_path / 'game.json'}") == 2


def test_resume_refuses_a_record_without_a_human_seat(tmp_path: Path) -> None:
    _, match = play_bots(GAME, CONFIG, 2, [RandomBot(), RandomBot()], record=True)
    assert match is not None
    with pytest.raises(Exception, match="which single seat the human plays"):
        Session.resume(match.record, save_path=tmp_path / "x.json", save_at_end=False,
                       console=Console(file=io.StringIO()), fancy=False, read=ones())


def test_bot_choices_depend_only_on_seed_seat_and_position() -> None:
    a = [bot_rng(5, 1, n).random() for n in range(5)]
    b = [bot_rng(5, 1, n).random() for n in range(5)]
    assert a == b
    assert len(set(a)) == 5
    assert bot_rng(5, 0, 3).random() != bot_rng(5, 1, 3).random()
    assert bot_rng(6, 1, 3).random() != bot_rng(5, 1, 3).random()


# ----- bad input at the prompt ------------------------------------------------------------------
def test_bad_input_reprompts_with_a_one_line_reason(tmp_path: Path) -> None:
    bad = ["99", "0", "zzz", "play card=999", "foo=bar", "deploy leader=x troop=1", "   ", "help"]
    s, out = session(tmp_path, script([*bad, "quit"]))
    with pytest.raises(Stop):
        s.run()
    text = out.getvalue()
    assert "illegal: there is no move 99" in text
    assert "illegal: there is no move 0" in text
    assert "illegal: 'zzz' is not possible now" in text
    assert "illegal: malformed action 'foo=bar'" in text
    assert "Commands:" in text and "info N" in text
    assert text.count("illegal: ") == 6
    assert "Traceback" not in text
    # nothing the human typed was recorded
    assert all(step.seat != 0 for step in Record.load(tmp_path / "game.json").steps)


def test_action_text_is_accepted_and_recorded_in_canonical_form(tmp_path: Path) -> None:
    typed: list[str] = []

    def read(prompt: str) -> str | None:
        if typed:
            return "quit"
        typed.append(GAME.legal_actions(s.match.state, 0)[-1])
        return "   ".join(typed[0].split()) + "  "  # hand-typed, odd spacing

    s, _ = session(tmp_path, read)
    with pytest.raises(Stop):
        s.run()
    mine = [st.action for st in Record.load(tmp_path / "game.json").steps if st.seat == 0]
    assert mine == typed


# ----- the screen -------------------------------------------------------------------------------
def _battle_scene() -> Scene:
    """A match stopped at the human's first tactics decision."""
    match = Match(GAME, CONFIG, 5, ["human", "random"])
    rng = bot_rng(5, 0, 0)
    while True:
        (d,) = GAME.decisions(match.state)
        if d.player == 0 and match.state.step == "tactics":
            break
        legal = GAME.legal_actions(match.state, d.player)
        match.act(d.player, legal[rng.randrange(len(legal))])
    legal = GAME.legal_actions(match.state, 0)
    view = GAME.view(match.state, 0)
    log = [screen.sentence(e.visible_to(0), 0) or "" for e in match.events][-LOG_LINES:]
    scene = Scene("kessen", GAME.title, view, 0, ["good", "evil"], ["you", "random bot"], 5,
                  [(a, GAME.describe(match.state, 0, a)) for a in legal], log,
                  "Tactics segment")
    return scene


def test_screen_shows_hands_units_battle_log_and_numbered_moves() -> None:
    scene = _battle_scene()
    console = Console(file=io.StringIO(), width=160, record=True)
    console.print(screen.render(scene))
    text = console.export_text()
    view = scene.view
    for hand in view["hand"].values():
        for card in hand:
            assert CARDS[card].name in text
    for card in view["hand"]["actions"]:
        assert CARDS[card].text[:30] in text
    for side in view["sides"]:
        for unit in side["units"]:
            assert CARDS[unit["leader"]].name in text
            for label, amount in unit["parts"]:
                assert f"{label} {amount}" in text
    evil = view["sides"][1]["hand_sizes"]
    assert f"{evil['actions']} action" in text
    assert "Engagement" in text and ("ATTACKING" in text and "DEFENDING" in text)
    assert "Battles won" in text and "streak" in text
    for i, (action, _) in enumerate(scene.moves, start=1):
        assert f"{i}." in text and action in text
    assert scene.log[-1] in text
    assert "Your decision" in text and "Tactics segment" in text


def test_log_sentences_name_cards_and_hide_the_opponents_draws() -> None:
    _, match = play_bots(GAME, CONFIG, 8, [RandomBot(), RandomBot()], record=True)
    assert match is not None
    lines = [screen.sentence(e.visible_to(0), 0) for e in match.events]
    assert all(lines)
    for line in lines:
        assert line is not None
        assert "{" not in line and "=" not in line  # no raw event fell through
    evil_draws = [x for x in lines if x and x.startswith("Evil draws")]
    good_draws = [x for x in lines if x and x.startswith("Good draws")]
    assert evil_draws and all(":" not in x for x in evil_draws)
    assert good_draws and all(":" in x for x in good_draws)


def test_unknown_games_get_the_plain_screen() -> None:
    assert isinstance(screen_for("no_such_game"), PlainScreen)
    assert screen_for("kessen") is screen


def test_fancy_mode_draws_the_whole_screen_and_the_result(tmp_path: Path) -> None:
    s, out = session(tmp_path, ones(), seed=6, fancy=True)
    s.run()
    text = out.getvalue()
    assert "Your hand" in text and "Your decision" in text and "Result" in text


# ----- the screen fits the terminal -------------------------------------------------------------
def _scene_at(seed: int, wanted: Any, width: int, height: int) -> Scene:
    """The scene of the first human (Good) decision of a random game where ``wanted(state,
    legal)`` holds, at the terminal size given, with the log as the session keeps it."""
    match = Match(GAME, CONFIG, seed, ["human", "random"])
    rng = bot_rng(seed, 0, 0)
    while match.result() is None:
        (d,) = GAME.decisions(match.state)
        legal = GAME.legal_actions(match.state, d.player)
        if d.player == 0 and wanted(match.state, legal):
            log = [screen.sentence(e.visible_to(0), 0) or "" for e in match.events]
            return Scene("kessen", GAME.title, GAME.view(match.state, 0), 0, ["good", "evil"],
                         ["you", "random bot"], seed,
                         [(a, GAME.describe(match.state, 0, a)) for a in legal],
                         log[-max(LOG_LINES, height):], d.prompt, width=width, height=height)
        match.act(d.player, legal[rng.randrange(len(legal))])
    raise AssertionError("the game ended before the wanted moment")


MOMENTS = {
    "deploy": lambda state, legal: state.step == "deploy" and legal[0].startswith("deploy"),
    "late deploy": lambda state, legal: state.step == "deploy" and state.round >= 3,
    "engagement": lambda state, legal: state.step == "tactics",
    "strategy": lambda state, legal: state.step == "strategy" and legal[0].startswith("play"),
    "forced discard": lambda state, legal: legal[0].startswith("discard"),
}


def _screen_lines(scene: Scene) -> list[str]:
    console = Console(file=io.StringIO(), width=scene.width, height=scene.height, record=True)
    console.print(screen.render(scene))
    return console.export_text().rstrip("\n").split("\n")


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_the_whole_screen_fits_the_terminal(moment: str, width: int, height: int) -> None:
    scene = _scene_at(1, MOMENTS[moment], width, height)
    lines = _screen_lines(scene)
    # one row is left for the input line
    assert len(lines) <= height - 1, "\n".join(lines)
    assert all(len(line) <= width for line in lines)
    text = "\n".join(lines)
    view = scene.view
    assert f"round {view['round']} · " in text and "Your decision" in text
    for side in view["sides"]:  # every unit's leader and number is on screen
        for unit in side["units"]:
            assert f"{CARDS[unit['leader']].name} #{unit['leader']}" in text
    for hand in view["hand"].values():  # every card in hand, by number and name
        for card in hand:
            assert f"{card}:{CARDS[card].name}" in text or f"{card} {CARDS[card].name}" in text
    assert "1. " in text and "help" in text
    if moment == "engagement":
        assert f"Engagement {view['battle']['engagement']}" in text


def test_at_120x40_the_screen_uses_the_room() -> None:
    small = _scene_at(1, MOMENTS["engagement"], 80, 24)
    big = _scene_at(1, MOMENTS["engagement"], 120, 40)
    small_text, big_text = "\n".join(_screen_lines(small)), "\n".join(_screen_lines(big))
    assert len(_screen_lines(big)) > len(_screen_lines(small))
    # the effect of each action card in hand and the force breakdowns are shown on a wide screen
    for card in big.view["hand"]["actions"]:
        assert CARDS[card].text[:20] in big_text
    assert any(f"{label} {amount}" in big_text for side in big.view["sides"] for u in side["units"]
               for label, amount in u["parts"])
    # more of the log
    assert sum(1 for line in big.log if line[:60] in big_text) > sum(
        1 for line in small.log if line[:60] in small_text)


def test_moves_that_do_not_fit_are_counted_and_listed_in_full_on_request(tmp_path: Path) -> None:
    scene = _scene_at(1, MOMENTS["deploy"], 80, 24)
    scene.moves = scene.moves * 8  # far more moves than rows
    text = "\n".join(_screen_lines(scene))
    assert "more: type moves" in text
    assert len(_screen_lines(scene)) <= 23


def test_unknown_size_draws_every_panel_in_full() -> None:
    scene = _scene_at(1, MOMENTS["engagement"], 0, 0)
    console = Console(file=io.StringIO(), width=160, record=True)
    console.print(screen.render(scene))
    text = console.export_text()
    assert "Your hand" in text and "Effect" in text


# ----- commands at the prompt ----------------------------------------------------------------------
def test_p_passes_help_explains_the_screen_and_names_the_resume_command(tmp_path: Path) -> None:
    s, out = session(tmp_path, script(["help", "p", "p"]))
    with pytest.raises(Stop):
        s.run()
    text = out.getvalue()
    assert "The screen, top to bottom" in text and "info N" in text
    assert f"warroom play --resume {tmp_path / 'game.json'}" in text
    # ``p`` was taken as pass: the first deploy decision was answered with pass
    mine = [step.action for step in s.match.record.steps if step.seat == 0]
    assert mine[0] == "pass"
    # where passing is no move (a forced discard), p is refused with the reason
    with pytest.raises(IllegalAction, match="passing is not a move now; choose 1-2"):
        s._choose("p", ["discard card=3", "discard card=4"])


def test_info_shows_a_cards_full_text_by_number_or_name_and_rules_prints_the_reference(
        tmp_path: Path) -> None:
    ambush = next(c for c in CARDS if c.name == "Ambush")
    s, out = session(tmp_path, script([f"info {ambush.id}", "info ambush", "info nothing-like-it",
                                       "rules", "quit"]))
    with pytest.raises(Stop):
        s.run()
    text = out.getvalue()
    assert text.count(ambush.text) >= 2 and "Ambush · Event" in text
    assert "illegal: no card 'nothing-like-it'" in text
    assert GAME.rules_reference()["sections"][0]["entries"][0]["name"] in text
    assert [step for step in s.match.record.steps if step.seat == 0] == []  # none was a move


def test_info_refuses_an_unknown_number_and_an_ambiguous_start() -> None:
    assert screen.info(str(len(CARDS))) is None
    assert screen.info("") is None
    several = screen.info("Ca")  # Cao Cao, Cavalry...: named, not guessed
    assert isinstance(several, Text) and "Cao Cao" in several.plain and "Cavalry" in several.plain
    assert screen.info("#0") is not None


def test_fancy_mode_fits_the_screen_to_the_console(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, record=True)
    s = Session.start(GAME, CONFIG, 3, 0, "random", save_path=tmp_path / "g.json", save_at_end=False,
                      console=console, fancy=True, read=script(["quit"]))
    with pytest.raises(Stop):
        s.run()
    screen_text = console.export_text().split("quit")[0]
    assert len(screen_text.rstrip("\n").split("\n")) <= 23


def test_the_game_over_screen_fits_80x24() -> None:
    _, match = play_bots(GAME, CONFIG, 8, [RandomBot(), RandomBot()], record=True)
    assert match is not None
    log = [screen.sentence(e.visible_to(0), 0) or "" for e in match.events]
    scene = Scene("kessen", GAME.title, GAME.view(match.state, 0), 0, ["good", "evil"],
                  ["you", "random bot"], 8, [], log[-24:], None, result="You lose — a reason",
                  width=80, height=24)
    lines = _screen_lines(scene)
    assert len(lines) <= 23 and "Result: You lose — a reason" in lines[-1]
    assert log[-1][:40] in "\n".join(lines)


@pytest.mark.parametrize("seed", [2, 9])
def test_every_decision_of_a_game_fits_80x24_with_its_first_move_shown(seed: int) -> None:
    match = Match(GAME, CONFIG, seed, ["human", "random"])
    rng = bot_rng(seed, 0, 0)
    checked = 0
    while match.result() is None:
        (d,) = GAME.decisions(match.state)
        legal = GAME.legal_actions(match.state, d.player)
        if d.player == 0:
            moves = [(a, GAME.describe(match.state, 0, a)) for a in legal]
            log = [screen.sentence(e.visible_to(0), 0) or "" for e in match.events][-24:]
            scene = Scene("kessen", GAME.title, GAME.view(match.state, 0), 0, ["good", "evil"],
                          ["you", "random bot"], seed, moves, log, d.prompt, width=80, height=24)
            lines = _screen_lines(scene)
            assert len(lines) <= 23, "\n".join(lines)
            assert any(line.startswith("1. ") for line in lines), "\n".join(lines)
            assert lines[-1].startswith("number or action text")
            checked += 1
        match.act(d.player, legal[rng.randrange(len(legal))])
    assert checked > 20


@pytest.mark.parametrize(("width", "height"), [(80, 24), (160, 40)])
def test_the_opponents_cards_a_seat_has_seen_are_on_its_screen(width: int, height: int) -> None:
    """After Ma Chao scouts, Good's screen lists Evil's action hand as seen, narrow or wide, and
    the whole screen still fits; Evil's screen lists nothing as seen in Good's hands."""
    from tests.kessen.scenario import EVIL, GOOD, Scenario, action_segment

    s = Scenario()
    s.unit(GOOD, "ma_chao", ["swords"])
    s.unit(EVIL, "xiahou_dun", ["spears"])
    action_segment(s, attacker=GOOD)
    seen = sorted(s.state.sides[EVIL].actions)
    for seat, expected in ((GOOD, True), (EVIL, False)):
        scene = Scene("kessen", GAME.title, GAME.view(s.state, seat), seat, ["good", "evil"], ["you", "bot"], 1,
                      [], [], None, width=width, height=height)
        lines = _screen_lines(scene)
        text = "\n".join(lines)
        assert len(lines) <= height - 1
        assert ("Seen in the" in text) is expected
        if expected:
            assert CARDS[seen[0]].name in text.split("Seen in the", 1)[1]
