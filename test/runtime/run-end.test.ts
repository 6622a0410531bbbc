import { describe, expect, it } from 'vitest';
import { RunEnd } from '../../src/runtime/run-end.js';

/** Whether a promise has settled, after the microtasks queued so far. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true), () => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('RunEnd', () => {
  it('lets the checks at the end start once the closing check has sent its top-up, and that check read once they ended', async () => {
    const end = new RunEnd();
    end.expectCheckAtEnd();
    end.expectCheckAtEnd();
    end.closingCheckStarts();
    const turns = [end.turn(), end.turn()];
    expect(await settled(Promise.race(turns))).toBe(false);
    end.topUpSent();
    expect(await settled(Promise.all(turns))).toBe(true);
    const ended = end.checksAtEndEnded();
    end.checkAtEndEnded();
    expect(await settled(ended)).toBe(false);
    end.checkAtEndEnded();
    expect(await settled(ended)).toBe(true);
  });

  it('lets a check at the end go at once where the closing check is not under way: it may wait in vitest\'s queue behind it', async () => {
    const end = new RunEnd();
    end.expectCheckAtEnd();
    expect(await settled(end.turn())).toBe(true);
  });

  it('has the closing check read at once where a check at the end is not under way, or none runs', async () => {
    const end = new RunEnd();
    end.expectCheckAtEnd();
    end.expectCheckAtEnd();
    end.closingCheckStarts();
    void end.turn();
    end.topUpSent();
    expect(await settled(end.checksAtEndEnded())).toBe(true);
    const none = new RunEnd();
    none.closingCheckStarts();
    expect(await settled(none.checksAtEndEnded())).toBe(true);
  });
});
