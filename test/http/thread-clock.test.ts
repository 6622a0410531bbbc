import { describe, expect, it } from 'vitest';
import { threadTimeout } from '../../src/http/thread-clock.js';

/** Keeps this thread busy, as the load of a machine or the suite's own work does: nothing else runs meanwhile. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) { /* the thread cannot run anything else */ }
}

/** Waits (a bounded while) until the condition holds. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('threadTimeout', () => {
  it('expires once its time has passed on an idle thread', async () => {
    let expired = false;
    threadTimeout(30, () => (expired = true));
    await until(() => expired);
    expect(expired).toBe(true);
  });

  // A wall-clock timer runs before the thread reads its sockets: after a stall longer than the deadline, it aborted a
  // request whose answer had come in time and sat unread.
  it('does not count the time the thread could not run: after a stall, the deadline still has its time to go', async () => {
    let expired = false;
    threadTimeout(100, () => (expired = true));
    busy(300);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the timers due by now have run: its own among them
    expect(expired).toBe(false);
    await until(() => expired);
    expect(expired).toBe(true);
  });

  it('never expires once cancelled', async () => {
    let expired = false;
    const cancel = threadTimeout(20, () => (expired = true));
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(expired).toBe(false);
  });
});
