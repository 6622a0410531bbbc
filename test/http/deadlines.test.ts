import { describe, expect, it } from 'vitest';
import { Deadlines, shortDeadlineMs } from '../../src/http/deadlines.js';

describe('shortDeadlineMs', () => {
  it('is a tenth of --timeout, at least a second, and never more than --timeout', () => {
    expect(shortDeadlineMs(10_000)).toBe(1_000);
    expect(shortDeadlineMs(60_000)).toBe(6_000);
    expect(shortDeadlineMs(3_000)).toBe(1_000);
    expect(shortDeadlineMs(400)).toBe(400);
  });
});

describe('Deadlines', () => {
  const timeout = { code: 'TIMEOUT', phase: 'headers', message: 'no complete response' } as const;

  it('shortens a shape after a request of it stalled, and names that request; other shapes keep the full deadline', () => {
    const deadlines = new Deadlines(10_000);
    expect(deadlines.of('GET /categories', 'GET /categories')).toEqual({ ms: 10_000 });
    deadlines.noteOutcome('GET /categories', 'GET /categories', 'list-1', { failure: timeout });
    deadlines.noteOutcome('GET /categories', 'GET /categories', 'list-2', { failure: { ...timeout, code: 'TOO_LARGE' } });
    expect(deadlines.of('GET /categories', 'GET /categories')).toEqual({ ms: 1_000, shortenedBecause: 'list-1, a request of the same shape, got none' });
    expect(deadlines.of('GET /categories', 'a check')).toEqual({ ms: 10_000 });
  });

  it('counts a server error only when it came after the short deadline, and no other failure', () => {
    const deadlines = new Deadlines(10_000);
    deadlines.noteOutcome('GET /pets/1', 'quick', 'pet-1', { response: { status: 500, tookMs: 1_000 } });
    deadlines.noteOutcome('GET /pets/1', 'refused', 'pet-2', { failure: { ...timeout, code: 'CONNECTION_REFUSED' } });
    deadlines.noteOutcome('GET /pets/1', 'slow but fine', 'pet-3', { response: { status: 200, tookMs: 5_000 } });
    for (const shape of ['quick', 'refused', 'slow but fine']) expect(deadlines.of('GET /pets/1', shape)).toEqual({ ms: 10_000 });
    deadlines.noteOutcome('GET /pets/1', 'slow', 'pet-4', { response: { status: 503, tookMs: 1_200.4 } });
    expect(deadlines.of('GET /pets/1', 'slow').shortenedBecause).toBe('pet-4, a request of the same shape, got a server error (503) only after 1200 ms');
  });

  it('shortens every shape of a method and path once three of its shapes stalled, naming the first three', () => {
    const deadlines = new Deadlines(10_000);
    const route = 'POST /categories';
    deadlines.noteOutcome(route, 'a', 'create-1', { failure: timeout });
    deadlines.noteOutcome(route, 'a', 'create-2', { failure: timeout }); // the same shape again: not another
    deadlines.noteOutcome(route, 'b', 'create-3', { response: { status: 500, tookMs: 2_000 } });
    expect(deadlines.of(route, 'new')).toEqual({ ms: 10_000 });
    deadlines.noteOutcome(route, 'c', 'create-4', { failure: timeout });
    deadlines.noteOutcome(route, 'd', 'create-5', { failure: timeout });
    expect(deadlines.of(route, 'new')).toEqual({
      ms: 1_000,
      shortenedBecause: 'create-1, create-3, create-4, POST /categories requests of other shapes, got none or got a server error (500) only after 2000 ms',
    });
    expect(deadlines.of('GET /categories', 'new')).toEqual({ ms: 10_000 });
  });

  it('never shortens when the short deadline would be the full one', () => {
    const deadlines = new Deadlines(800);
    deadlines.noteOutcome('GET /categories', 'list', 'list-1', { failure: timeout });
    expect(deadlines.of('GET /categories', 'list')).toEqual({ ms: 800 });
  });
});
