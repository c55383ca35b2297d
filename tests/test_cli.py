"""The command line: games, rules, play, replay, and one-line errors everywhere."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from warroom.bots import RandomBot
from warroom.cli import app
from warroom.engine import registry
from warroom.engine.record import Record, abandonment, resignation
from warroom.engine.runner import play_bots
from warroom.games.kessen.cards import CARDS

RUNNER = CliRunner()
GAME = registry.get("kessen")
MANY_ONES = "1\n" * 3000  # more than any game needs


def one_line_error(result: object, code: int = 2) -> str:
    """Assert a clean failure: exit ``code``, one line on stderr, no traceback anywhere."""
    exit_code = getattr(result, "exit_code", None)
    if exit_code is None:
        exit_code = result.returncode  # type: ignore[attr-defined]
    stderr = str(result.stderr)  # type: ignore[attr-defined]
    stdout = str(result.stdout)  # type: ignore[attr-defined]
    assert exit_code == code, (stdout, stderr)
    assert "Traceback" not in stderr + stdout
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


@pytest.fixture
def finished(tmp_path: Path) -> Path:
    """A finished bot-vs-bot record on disk."""
    _, match = play_bots(GAME, GAME.configure(), 21, [RandomBot(), RandomBot()], record=True)
    assert match is not None and match.record.result is not None
    path = tmp_path / "game.json"
    match.record.save(path)
    return path


# ----- games and rules --------------------------------------------------------------------------
def test_games_lists_kessen_in_text_and_json() -> None:
    text = RUNNER.invoke(app, ["games"])
    assert text.exit_code == 0 and "kessen" in text.stdout and "Paper Kessen" in text.stdout
    data = json.loads(RUNNER.invoke(app, ["games", "--json"]).stdout)
    kessen = next(g for g in data if g["name"] == "kessen")
    assert kessen["players"] == [2] and kessen["seat_names"] == {"2": ["good", "evil"]}
    assert [o["name"] for o in kessen["options"]] == [
        "max_rounds", "specials_after_battle", "duty_elsewhere_engagement", "assassin_from_hand"]
    assert kessen["options"][0] | {"help": ""} == {"name": "max_rounds", "type": "int", "default": 60,
                                                   "help": "", "min": 1, "max": 10_000}
    # the default bot is the game's own fact, the same one `play` and the server use
    assert kessen["default_bot"] == "heuristic" and "heuristic" in kessen["bots"]
    assert kessen["dynamics"] == "sequential" and kessen["realtime"] is False
    assert "bot: heuristic" in text.stdout


def test_rules_prints_every_deck_with_counts_and_effects() -> None:
    result = RUNNER.invoke(app, ["rules", "kessen"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for title in ("Recruit deck (74)", "Action deck (112)", "Good leader deck (22)", "Evil leader deck (24)"):
        assert title in out
    assert "Goal: win the battles of 3 rounds in a row" in out  # the introduction
    assert "Kill Man Eating Lion" in out and "Liu Bei" in out and "Cao Cao" in out
    assert "Doubles the base Force" in out  # an effect text


def test_rules_json_lists_every_card_entry_with_its_text() -> None:
    result = RUNNER.invoke(app, ["rules", "kessen", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["game"] == "kessen" and data["intro"]
    sections = {s["key"]: s for s in data["sections"]}
    assert set(sections) == {"recruit", "action", "good", "evil"}
    ids: list[int] = []
    for section in sections.values():
        entries = section["entries"]
        assert sum(e["count"] for e in entries) == section["size"]
        assert all(e["name"] and e["text"] and e["kind"] for e in entries)
        assert all(len(e["ids"]) == e["count"] for e in entries)
        ids.extend(i for e in entries for i in e["ids"])
    assert sorted(ids) == list(range(len(CARDS)))  # every physical card, each once
    assert [c["key"] for c in sections["recruit"]["columns"]] == ["type", "force"]
    foot = next(e for e in sections["recruit"]["entries"] if e["key"] == "foot")
    assert foot["kind"] == "Troop" and foot["fields"] == {"type": "Infantry", "force": 3}
    experience = next(e for e in sections["recruit"]["entries"] if e["key"] == "experience")
    assert experience["fields"] == {"force": "+1"}
    cao_cao = next(e for e in sections["evil"]["entries"] if e["key"] == "cao_cao")
    assert cao_cao["fields"] == {"role": "General & Sorcerer", "force": 6}


# ----- play -------------------------------------------------------------------------------------
def test_piped_play_reaches_a_result(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = RUNNER.invoke(app, ["play", "kessen", "--seed", "3"], input=MANY_ONES)
    assert result.exit_code == 0, result.output
    assert "seed 3" in result.stdout
    assert result.stdout.strip().splitlines()[-1].startswith("result: You ")
    assert not (tmp_path / "saves").exists()  # a finished game without --save leaves no file


def test_a_move_number_or_card_number_in_other_digits_is_refused_and_play_goes_on(tmp_path: Path) -> None:
    """``²`` passed ``str.isdigit`` and failed ``int()`` (the session ended with "error: invalid
    literal"); ``١`` was read as move 1. Both are refused like any other text, and so is ``info ²``."""
    path = tmp_path / "left.json"
    result = RUNNER.invoke(app, ["play", "kessen", "--seed", "3", "--save", str(path)], input="²\n١\ninfo ²\nq\n")
    assert result.exit_code == 0 and "error" not in result.stdout + result.stderr, result.output
    refused = [line for line in result.stdout.splitlines() if line.startswith("illegal: ")]
    assert refused[0].startswith("illegal: '²' is not possible now (deploy phase")
    assert refused[1].startswith("illegal: '١' is not possible now (deploy phase")
    assert refused[2] == "illegal: no card '²'; try info N (the number shown beside a card) or info NAME"
    assert len(refused) == 3 and all(step.seat == 1 for step in Record.load(path).steps)  # only the bot moved


def test_play_saves_the_finished_game_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "done.json"
    result = RUNNER.invoke(app, ["play", "kessen", "--seed", "4", "--seat", "evil", "--save", str(path)],
                           input=MANY_ONES)
    assert result.exit_code == 0, result.output
    record = Record.load(path)
    assert record.result is not None and record.seed == 4
    assert record.seats[1]["player"] == "human"
    assert RUNNER.invoke(app, ["replay", str(path), "--verify"]).exit_code == 0


def test_a_random_seed_is_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = RUNNER.invoke(app, ["play", "kessen"], input="quit\n")
    assert result.exit_code == 0
    assert "play this deal again with --seed" in result.stdout
    assert len(list((tmp_path / "saves").glob("kessen-*.json"))) == 1


def test_quit_then_resume_continues_the_same_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    straight = tmp_path / "straight.json"
    args = ["play", "kessen", "--seed", "3", "--bot", "random"]
    RUNNER.invoke(app, [*args, "--save", str(straight)], input=MANY_ONES)
    assert Record.load(straight).result is not None

    first = RUNNER.invoke(app, args, input="1\n" * 20 + "quit\n")
    assert first.exit_code == 0
    saved = tmp_path / "saves" / "kessen-3.json"
    assert f"resume with: warroom play --resume {Path('saves') / 'kessen-3.json'}" in first.stdout
    part = Record.load(saved)
    assert part.result is None and part.steps

    second = RUNNER.invoke(app, ["play", "--resume", str(saved)], input=MANY_ONES)
    assert second.exit_code == 0, second.output
    assert "Resumed" in second.stdout and "result: " in second.stdout
    assert "against the random bot" in first.stdout
    done, whole = Record.load(saved), Record.load(straight)
    assert [s.to_json() for s in done.steps] == [s.to_json() for s in whole.steps]
    assert done.result == whole.result


def test_end_of_input_saves_and_exits_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "eof.json"
    result = RUNNER.invoke(app, ["play", "kessen", "--seed", "2", "--save", str(path)], input="1\n1\n")
    assert result.exit_code == 0
    assert "input ended" in result.stdout
    assert Record.load(path).result is None


def test_bad_moves_at_the_prompt_are_refused_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = RUNNER.invoke(app, ["play", "kessen", "--seed", "3"],
                           input="500\nattack!\nplay card=x\nfoo=bar\nquit\n")
    assert result.exit_code == 0
    refusals = [line for line in result.stdout.splitlines() if line.startswith("illegal: ")]
    assert len(refusals) == 4
    assert "Traceback" not in result.output


# ----- replay -----------------------------------------------------------------------------------
def test_replay_prints_every_action_with_its_description(finished: Path) -> None:
    result = RUNNER.invoke(app, ["replay", str(finished)])
    assert result.exit_code == 0, result.output
    record = Record.load(finished)
    lines = result.stdout.splitlines()
    numbered = [x for x in lines if x.strip()[:1].isdigit()]
    assert len(numbered) == len(record.steps)
    assert "[" + record.steps[0].action + "]" in numbered[0]
    assert any("Round 2" in x for x in lines)  # public events as sentences
    assert lines[-1].startswith("result: ")


def test_replay_starts_with_the_set_up_before_the_first_move(finished: Path) -> None:
    result = RUNNER.invoke(app, ["replay", str(finished)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    first_move = next(i for i, x in enumerate(lines) if x.strip()[:1].isdigit())
    before = lines[:first_move]
    assert before[1].strip() == "set-up"
    # the deal (each side's opening leader, as a spectator may see it) and the first round's heading
    assert sum(1 for x in before if "starts with" in x and "in play" in x) == 2
    assert any("── Round 1 ──" in x for x in before)
    assert not any("── Round 1 ──" in x for x in lines[first_move:])  # said once, before the moves


def test_replay_verify_passes_on_a_good_record(finished: Path) -> None:
    result = RUNNER.invoke(app, ["replay", str(finished), "--verify"])
    assert result.exit_code == 0
    assert result.stdout.startswith("ok: ")


@pytest.mark.parametrize("tamper", ["hash", "action", "result", "seed", "resigned", "abandoned"])
def test_replay_verify_fails_in_one_line_on_a_tampered_record(finished: Path, tamper: str) -> None:
    data = json.loads(finished.read_text())
    if tamper == "hash":
        data["actions"][30]["hash"] = "0" * 16
    elif tamper == "action":
        data["actions"][5]["action"] = "pass"
    elif tamper == "result":
        data["result"]["winners"] = [1 - data["result"]["winners"][0]]
    elif tamper == "resigned":  # a game the rules ended cannot have been resigned
        data["result"] = resignation(1, "evil", 2)
    elif tamper == "abandoned":
        data["result"] = abandonment()
    else:
        data["seed"] += 1
    finished.write_text(json.dumps(data))
    result = RUNNER.invoke(app, ["replay", str(finished), "--verify"])
    line = one_line_error(result, code=1)
    assert line.startswith("diverged: ")
    if tamper == "hash":
        assert "action 31" in line


def test_replay_states_gives_one_json_object_per_step(finished: Path) -> None:
    result = RUNNER.invoke(app, ["replay", str(finished), "--states"])
    assert result.exit_code == 0
    lines = [json.loads(x) for x in result.stdout.splitlines()]
    record = Record.load(finished)
    assert len(lines) == len(record.steps) + 1
    assert [x["step"] for x in lines] == list(range(len(lines)))
    assert lines[0]["seat"] is None and lines[0]["action"] is None
    assert lines[1]["action"] == record.steps[0].action and lines[1]["seat"] == record.steps[0].seat
    # the all-seeing state: both sides' hands are there
    assert all(isinstance(side["actions"], list) for side in lines[-1]["state"]["sides"])
    assert lines[-1]["result"] == record.result


# ----- one-line errors --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["rules", "chess"], "unknown game 'chess'"),
        (["play", "chess"], "unknown game"),
        (["play", "kessen", "--seat", "blue"], "no seat 'blue'"),
        (["play", "kessen", "--option", "nope=1"], "no option 'nope'"),
        (["play", "kessen", "--option", "max_rounds"], "KEY=VALUE"),
        (["play", "kessen", "--option", "max_rounds=many"], "whole number"),
        (["play", "kessen", "--variant", "dragon"], "no variant 'dragon'"),
        (["play", "kessen", "--players", "3"], "2 players"),
        (["play", "kessen", "--bot", "nobody"], "no bot 'nobody'"),
        (["play"], "which game"),
    ],
)
def test_bad_arguments_give_one_line_errors(args: list[str], words: str) -> None:
    assert words in one_line_error(RUNNER.invoke(app, args, input="quit\n"))


def test_an_unknown_bot_is_reported_with_the_bots_there_are() -> None:
    line = one_line_error(RUNNER.invoke(app, ["play", "kessen", "--bot", "nobody"], input="quit\n"))
    assert "no bot 'nobody'" in line and "heuristic" in line and "random" in line


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"format": "warroom-record"}', "\udcff"])
def test_unreadable_records_give_one_line_errors(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    for args in (["replay", str(path)], ["replay", str(path), "--verify"], ["play", "--resume", str(path)]):
        one_line_error(RUNNER.invoke(app, args))


def test_missing_record_and_resume_conflicts(tmp_path: Path, finished: Path) -> None:
    assert "cannot read" in one_line_error(RUNNER.invoke(app, ["replay", str(tmp_path / "none.json")]))
    line = one_line_error(RUNNER.invoke(app, ["play", "--resume", str(finished), "--seed", "3"]))
    assert "drop --seed" in line


def test_the_console_script_turns_usage_errors_into_one_line() -> None:
    cmd = [sys.executable, "-c", "from warroom.cli import main; main()"]
    bad = subprocess.run([*cmd, "play", "kessen", "--seed", "abc"], capture_output=True, text=True,
                         timeout=60)
    assert "--seed" in one_line_error(bad)
    unknown = subprocess.run([*cmd, "dance"], capture_output=True, text=True, timeout=60)
    assert "No such command" in one_line_error(unknown)


def test_yes_one_piped_into_the_console_script_finishes_quickly() -> None:
    cmd = [sys.executable, "-c", "from warroom.cli import main; main()", "play", "kessen", "--seed", "3"]
    done = subprocess.run(cmd, input=MANY_ONES, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1].startswith("result: ")
    assert "\x1b[" not in done.stdout  # plain text when not at a terminal


def test_games_json_documents_the_kessen_reading_options() -> None:
    data = json.loads(RUNNER.invoke(app, ["games", "--json"]).stdout)
    kessen = next(g for g in data if g["name"] == "kessen")
    opt = next(o for o in kessen["options"] if o["name"] == "assassin_from_hand")
    assert (opt["default"], opt["min"], opt["max"]) == (0, 0, 1)


def test_rules_kessen_prints_goal_turn_structure_and_keywords_within_80_columns() -> None:
    out = RUNNER.invoke(app, ["rules", "kessen"])
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80  # a pipe, as here, gets 80 columns
    text = out.stdout
    assert "Goal: win the battles of 3 rounds in a row" in text
    assert "Turn structure: each round is 1. Leader phase" in text
    assert "Keywords" in text
    loyal = next(line for line in lines if "│ Loyal " in line)
    assert "Immune to Treachery and Duty" in loyal
