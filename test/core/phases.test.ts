import { performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { markPhase, phaseTimings } from '../../src/core/phases.js';

const markedAt = (phase: string) => performance.getEntriesByName(`petstore-conformance:${phase}`, 'mark').at(-1)?.startTime ?? NaN;

it('places the worker\'s first request on the main thread\'s timeline', async () => {
  markPhase('suites-start');
  await new Promise((resolve) => setTimeout(resolve, 30));
  markPhase('suites-done');
  const start = markedAt('suites-start');
  const suitesMs = Math.round(markedAt('suites-done') - start);
  // As the worker reports it: milliseconds since the Unix epoch, 12 ms after the suites started.
  const timings = phaseTimings(5, performance.timeOrigin + start + 12);
  expect(timings).toMatchObject({ suitesMs, firstRequestMs: 12, waitingOnTargetMs: 5 });
  // And from the process's start: where the suites started, and 12 ms.
  expect(timings.toFirstRequestMs).toBe(Math.round(start + 12));
});

it('counts the whole suites phase as start-up when no request was sent, and never more than it', () => {
  markPhase('suites-start');
  markPhase('suites-done');
  const { suitesMs } = phaseTimings(0);
  expect(phaseTimings(0).firstRequestMs).toBe(suitesMs);
  expect(phaseTimings(0).toFirstRequestMs).toBeUndefined();
  expect(phaseTimings(0, performance.timeOrigin + markedAt('suites-start') + 60_000).firstRequestMs).toBe(suitesMs);
});
