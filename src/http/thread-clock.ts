/**
 * Time as this thread lived it: wall time less the time it could not run, because the machine gave its CPUs to other
 * processes or the thread was busy with work of its own. On a loaded machine a wall-clock deadline is a verdict on the
 * load: a target beside the suite (a CI runner's server under test, the bundled reference) answers many times later
 * when the machine runs many times as many things, and a response that came in time may wait unread
 * while the suite's thread waits for a CPU, until the deadline's timer, which runs before the thread reads its
 * sockets, aborts it. Deadlines count this time instead (see {@link threadTimeout}): on an idle machine it is wall
 * time to the millisecond; on a loaded one, it stretches as the load does, for the target and the suite alike.
 */

/** How often the clock looks at how late it is: its resolution, and the cost of a timer 20 times a second. */
const TICK_MS = 50;

/** Time this thread could not run, in milliseconds, summed until the last tick. */
let stalledMs = 0;
let lastTick = performance.now();
let ticking: ReturnType<typeof setInterval> | undefined;

/** Starts the ticks, once: each one counts how late it came as time the thread could not run. */
function tick(): void {
  if (ticking) return;
  lastTick = performance.now();
  ticking = setInterval(() => {
    const now = performance.now();
    stalledMs += Math.max(0, now - lastTick - TICK_MS);
    lastTick = now;
  }, TICK_MS);
  ticking.unref();
}

/** The thread's time now, in milliseconds: performance.now() less the time the thread could not run. */
export function threadNow(): number {
  const now = performance.now();
  // The stall under way since the last tick counts too: the timer that asks may run before the tick does.
  return now - stalledMs - Math.max(0, now - lastTick - TICK_MS);
}

/**
 * Calls `expire` once `ms` of this thread's time have passed (at least `ms` of wall time), unless cancelled: a
 * deadline the load cannot cut short. Returns what cancels it.
 */
export function threadTimeout(ms: number, expire: () => void): () => void {
  tick();
  const started = threadNow();
  let timer: ReturnType<typeof setTimeout>;
  const check = () => {
    const left = ms - (threadNow() - started);
    // A millisecond of slack: Node's timers run on the event loop's cached clock, which performance.now() may be ahead of.
    if (left <= 1) expire();
    else arm(left);
  };
  const arm = (wait: number) => {
    timer = setTimeout(check, wait);
    timer.unref();
  };
  arm(ms);
  return () => clearTimeout(timer);
}
