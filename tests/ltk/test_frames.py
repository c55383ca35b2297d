"""LTK's typed frame data (ltk/frames.py): a state saved in the middle of a chain reads its frames
back into their classes, with the JSON, and so the hash, it had."""

from __future__ import annotations

from tests.ltk.scenario import GAME, act, asked, cid, seat, table
from warroom.engine.frames import FrameData
from warroom.games.ltk.frames import LTK_FRAMES, Act, Ask, AskStage, Kill, KillStage, Turn
from warroom.games.ltk.state import LtkState

KILL, DODGE = cid("slash ♠7"), cid("jink ♥2")


def test_a_kill_waiting_on_a_dodge_is_saved_as_the_dicts_were_and_read_back_typed() -> None:
    s = table(seat("zhang_liao", "monarch", ["slash ♠7"]), seat("xu_chu", "rebel", ["jink ♥2"]),
              seat("cao_ren", "rebel"), seat("huang_gai", "defector"))
    act(s, 0, f"use card={KILL} target=1")
    assert asked(s) == (1, "window:respond")
    kinds = [f.kind for f in s.frames]
    assert kinds == ["turn", "act", "kill", "ask", "window"]
    saved = s.to_json()["frames"]
    # the data each kind always wrote: the stage an int, a key the frame has not gained left out
    assert saved[2]["data"] == {"user": 0, "cards": [KILL], "target": 1, "dodges": 1,
                                "stage": int(KillStage.ANSWERED)}
    assert saved[3]["data"] == {"who": 1, "card": "jink", "need": 1, "got": 0, "cards": [], "why": "slash",
                                "against": 0, "verb": "use", "armor_of": 0, "stage": int(AskStage.ANSWERED)}
    again = LtkState.from_json(s.to_json())
    assert [type(f.data) for f in again.frames] == [Turn, Act, Kill, Ask, dict]
    assert again.frames[2].data.stage is KillStage.ANSWERED
    assert GAME.hash(again) == GAME.hash(s)
    act(again, 1, f"use card={DODGE}")
    assert again.seats[1].hp == 4 and again.discard[-2:] == [DODGE, KILL]


def test_every_typed_kind_is_a_frame_rule_of_ltk() -> None:
    from warroom.games.ltk import core

    assert all(issubclass(k, FrameData) and name in core.RESOLVER.rules for name, k in LTK_FRAMES.by_kind.items())
