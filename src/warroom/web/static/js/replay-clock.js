// Real-time playback for the replay page: a real-time game's record gives every action its game
// time (ms), and the page shows, at each instant of playback, the last step at or before the game
// time reached so far (game time = where playback started + wall time elapsed x speed). Pure
// functions, no DOM: tests/server/test_replay_clock.py runs them under Node.

export const SPEEDS = [1, 2, 4, 8];

/** The game time of every replay step (step 0 is the set-up at 0), or null when the record is not timed. */
export function stepTimes(record) {
  const steps = record?.actions || [];
  if (!steps.length || !steps.every((s) => Number.isFinite(s.t))) return null;
  const out = [0];
  for (const s of steps) out.push(Math.max(out[out.length - 1], s.t)); // never backwards
  return out;
}

/** The last step whose time is at or before `ms` (binary search; times never decrease). */
export function stepAt(times, ms) {
  let lo = 0;
  let hi = times.length - 1;
  if (ms >= times[hi]) return hi;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (times[mid] <= ms) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Where playback stands: started at game time `fromMs` at wall time `wallStart`, now `wallNow`. */
export function playedTo(fromMs, wallStart, wallNow, speed) {
  return fromMs + Math.max(0, wallNow - wallStart) * speed;
}

/** Wall milliseconds from step `at` to the next one at `speed` (null at the end). */
export function delayAfter(times, at, speed) {
  if (at >= times.length - 1) return null;
  return (times[at + 1] - times[at]) / speed;
}

/** The schedule a playback from step `at` follows: [wall ms after the start, step] for every later step. */
export function schedule(times, at, speed) {
  const out = [];
  for (let i = at + 1; i < times.length; i += 1) out.push([(times[i] - times[at]) / speed, i]);
  return out;
}

/** A game time as m:ss.s */
export function clockText(ms) {
  const s = Math.max(0, ms) / 1000;
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(1).padStart(4, "0")}`;
}
