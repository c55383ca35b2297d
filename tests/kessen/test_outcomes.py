"""Paper Kessen's outcomes as the table shows them: the card that decided an engagement, the
totals the view shows while the engagement is resolved (the ones its resolution used, defender
bonus included), and the finished game's summary of every battle."""

from __future__ import annotations

from tests.kessen.scenario import EVIL, GOOD, Scenario, resolution
from warroom.engine import ALL_SEEING
from warroom.engine.runner import play_bots
from warroom.games.kessen import summary
from warroom.games.kessen.bots import HeuristicBot
from warroom.games.kessen.rules import GAME


def _tied_engagement() -> tuple[Scenario, int, int, list[int]]:
    """Guan Yu 6 + Swords 5 + Experience 1 + Training 1 = 13 attacks Cao Ren 3 + 4 (defending)
    + Spears 4 + Experience 1 + Training 1 = 13; Good holds Crush (+3) and Rally (+1)."""
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"], mods=["experience", "training"])
    cao_ren = s.unit(EVIL, "cao_ren", ["spears"], mods=["experience", "training"])
    cards = s.hand(GOOD, "actions", ["crush", "rally"])
    s.engagement(attacker=GOOD, att_unit=guan_yu, def_unit=cao_ren)
    return s, guan_yu, cao_ren, cards


def _resolve(s: Scenario) -> dict[str, object]:
    while not s.events_of("resolution"):
        s.play(s.decider(), "pass")
    return resolution(s)


def test_the_card_without_which_the_winner_would_not_have_won_decided_it() -> None:
    s, _, _, (crush, _rally) = _tied_engagement()
    s.play(GOOD, f"play card={crush}")
    res = _resolve(s)
    assert (res["attacker"]["force"], res["defender"]["force"], res["winner"]) == (16, 13, "good")  # type: ignore[index]
    assert res["decided_by"] == crush
    assert summary.engagement_line(res).endswith("Good wins, decided by Crush")


def test_no_single_card_decides_when_the_winner_would_have_won_without_each() -> None:
    s, _, _, (crush, rally) = _tied_engagement()
    s.play(GOOD, f"play card={crush}")
    s.play(GOOD, f"play card={rally}")  # Evil holds nothing: Good plays on
    res = _resolve(s)
    # 17 against 13: without Crush 14, without Rally 16, both still win
    assert (res["attacker"]["force"], res["defender"]["force"]) == (17, 13)  # type: ignore[index]
    assert res["decided_by"] is None


def test_equal_totals_are_a_coin_flip_and_no_card_decided_it() -> None:
    s, *_ = _tied_engagement()
    res = _resolve(s)
    assert res["attacker"]["force"] == res["defender"]["force"] == 13  # type: ignore[index]
    assert res["coin"] in (0, 1) and res["decided_by"] is None
    assert "on a coin flip" in summary.engagement_line(res)


def test_while_losses_is_chosen_the_view_shows_the_totals_the_resolution_used() -> None:
    # Cao Ren's +4 for defending counts in the resolution; the view used to drop it (and the
    # engagement's cards) as soon as the resolution began, so the panel and the log disagreed
    s = Scenario()
    guan_yu = s.unit(GOOD, "guan_yu", ["swords"], mods=["experience", "training", "experience", "training"])
    cao_ren = s.unit(EVIL, "cao_ren", ["spears"], mods=["experience", "training"])
    (losses,) = s.hand(GOOD, "actions", ["losses"])
    s.engagement(attacker=GOOD, att_unit=guan_yu, def_unit=cao_ren)
    s.play(GOOD, f"play card={losses}")
    res = _resolve(s)
    assert res["winner"] == "good" and res["defender"]["force"] == 13  # type: ignore[index]
    assert s.state.step == "end_segment" and s.decider() == EVIL  # Cao Ren chooses the modifier it loses
    for seat in (GOOD, EVIL, None):
        view = GAME.view(s.state, seat)
        units = {u["leader"]: u for side in view["sides"] for u in side["units"]}
        for side in ("attacker", "defender"):
            shown = units[res[side]["unit"]]  # type: ignore[index]
            assert shown["force"] == res[side]["force"]  # type: ignore[index]
            assert [tuple(p) for p in shown["parts"]] == [tuple(p) for p in res[side]["parts"]]  # type: ignore[index]
        assert ["Cao Ren: defending", 4] in units[cao_ren]["parts"]


def test_the_summary_lists_every_battle_with_each_engagement_as_the_log_has_it() -> None:
    _, match = play_bots(GAME, GAME.configure(), 11, [HeuristicBot(), HeuristicBot()], record=True)
    assert match is not None
    log = [e.visible_to(None) for e in match.events]
    lines = GAME.summary(match.config, log)
    battles = [e for e in log if e["kind"] == "battle_end"]
    heads = [line for line in lines if line.startswith("Round ")]
    assert len(heads) == len(battles)
    for head, b in zip(heads, battles, strict=True):
        assert (f"{str(b['winner']).capitalize()} won the battle ({b['streak']} in a row)" in head
                if b["winner"] else "no winner" in head)
    engagements = [line.split(". ", 1)[1] for line in lines if line.startswith("  ")]
    assert engagements == [summary.engagement_line(e) for e in log if e["kind"] == "resolution"]
    assert lines[-1] == f"Game over: {match.state.reason}"
    # the summary is public: the all-seeing log gives the same lines
    assert GAME.summary(match.config, [e.visible_to(ALL_SEEING) for e in match.events]) == lines


def test_replay_markers_are_each_round_and_each_battle() -> None:
    assert GAME.marker({}, {"kind": "round", "round": 2}) == "Round 2"
    assert GAME.marker({}, {"kind": "battle", "round": 2, "engaged": []}) == "Battle of round 2"
    assert GAME.marker({}, {"kind": "resolution"}) is None
    assert {"resolution", "battle_end"} <= GAME.pause_events
