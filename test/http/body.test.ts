import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BodyTooLarge, LARGE_BODY_BYTES, LargeBodies, readBody } from '../../src/http/body.js';

describe('LargeBodies', () => {
  it('hands its one permit to one reader at a time, in the order they asked, and passes over one whose request was aborted', async () => {
    const large = new LargeBodies();
    const order: string[] = [];
    const first = await large.acquire(new AbortController().signal);
    const aborted = new AbortController();
    const gone = large.acquire(aborted.signal).then(() => order.push('aborted one'), (reason: unknown) => order.push(`rejected: ${String(reason)}`));
    const second = large.acquire(new AbortController().signal).then((release) => {
      order.push('second');
      return release;
    });
    aborted.abort('deadline');
    await gone;
    expect(order).toEqual(['rejected: deadline']);
    first();
    first(); // giving it back twice gives back nothing more
    (await second)();
    expect(order).toEqual(['rejected: deadline', 'second']);
    const third = await large.acquire(new AbortController().signal); // free again: at once
    third();
  });
});

describe('readBody', () => {
  const limits = (received: number[] = []) => ({ maxBytes: 10 * LARGE_BODY_BYTES, large: new LargeBodies(), signal: new AbortController().signal, received: (n: number) => received.push(n) });

  it('reads a body whole, counting every chunk', async () => {
    const received: number[] = [];
    const body = await readBody(Readable.from([Buffer.from('[1,'), Buffer.from('2]')]), undefined, limits(received));
    expect(body.toString()).toBe('[1,2]');
    expect(received).toEqual([3, 2]);
  });

  it('refuses a Content-Length over the cap without reading a byte', async () => {
    const received: number[] = [];
    const stream = Readable.from([Buffer.alloc(10)]);
    await expect(readBody(stream, String(20 * LARGE_BODY_BYTES), limits(received))).rejects.toBeInstanceOf(BodyTooLarge);
    expect(received).toEqual([]);
    expect(stream.destroyed).toBe(true);
  });

  it('reads on past the large-body size only with the permit: the second large body waits for the first', async () => {
    const shared = limits();
    const chunk = Buffer.alloc(LARGE_BODY_BYTES / 2);
    const release = await shared.large.acquire(shared.signal); // another body holds it
    let done = false;
    const reading = readBody(Readable.from([chunk, chunk, chunk, chunk]), undefined, shared).then((b) => {
      done = true;
      return b;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    release();
    expect((await reading).length).toBe(2 * LARGE_BODY_BYTES);
  });
});
