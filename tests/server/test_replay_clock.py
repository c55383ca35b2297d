"""The replay page's real-time playback (``web/static/js/replay-clock.js``), run under Node on the
action times of a real Tessen record: the schedule the page follows at 1x, 2x, 4x and 8x, where a
seek or a change of speed resumes, and that turn-based records are not timed."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from warroom.engine.realtime import play_realtime
from warroom.games.tessen.rules import GAME
from warroom.web import STATIC_DIR

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
CLOCK = STATIC_DIR / "js" / "replay-clock.js"

SCRIPT = """
import * as c from %(module)s;
const record = %(record)s;
const times = c.stepTimes(record);
const out = {
  times,
  untimed: c.stepTimes({actions: [{seat: 0, action: "pass", t: null}]}),
  schedules: Object.fromEntries(c.SPEEDS.map((s) => [s, c.schedule(times, 0, s)])),
  // after 1 s of wall time at each speed, from the start and from a seek to step 10
  reached: Object.fromEntries(c.SPEEDS.map((s) => [s, c.stepAt(times, c.playedTo(0, 5000, 6000, s))])),
  fromSeek: c.stepAt(times, c.playedTo(times[10], 0, 500, 4)),
  before: c.playedTo(1000, 5000, 4000, 8),
  delays: [c.delayAfter(times, 0, 2), c.delayAfter(times, times.length - 1, 2)],
  clock: [c.clockText(0), c.clockText(61234), c.clockText(-5)],
};
console.log(JSON.stringify(out));
"""


def _run(record: dict[str, Any]) -> dict[str, Any]:
    text = SCRIPT % {"module": json.dumps(CLOCK.as_uri()), "record": json.dumps(record)}
    done = subprocess.run([str(NODE), "--input-type=module", "-e", text], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def _last_at(times: list[int], ms: float) -> int:
    return max(i for i, t in enumerate(times) if t <= ms)


def test_a_tessen_record_plays_back_on_its_action_times_at_every_speed() -> None:
    from warroom import bots

    _, played = play_realtime(GAME, {"options": {"wins": 1}}, 3,
                              [bots.make("tessen", "novice"), bots.make("tessen", "expert")], record=True)
    assert played is not None
    record = played.record.to_json()
    out = _run(record)
    times = out["times"]
    recorded = [s["t"] for s in record["actions"]]
    assert times == [0, *recorded] and recorded == sorted(recorded) and recorded[-1] > 10_000
    for speed in ("1", "2", "4", "8"):
        schedule = out["schedules"][speed]
        # every later step, at its game time divided by the speed, in order
        assert [i for _, i in schedule] == list(range(1, len(times)))
        assert [w for w, _ in schedule] == pytest.approx([t / int(speed) for t in times[1:]])
        # one second of wall time shows the last step at or before speed x 1 s of game time
        assert out["reached"][speed] == _last_at(times, 1000 * int(speed))
    assert out["reached"]["8"] > out["reached"]["1"]
    assert out["fromSeek"] == _last_at(times, times[10] + 2000)
    assert out["before"] == 1000  # a wall clock read before the start never runs backwards
    assert out["delays"] == [pytest.approx(times[1] / 2), None]
    assert out["clock"] == ["0:00.0", "1:01.2", "0:00.0"]
    assert out["untimed"] is None  # a turn-based record plays step by step as before
