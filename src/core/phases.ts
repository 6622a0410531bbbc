import { performance } from 'node:perf_hooks';

/**
 * The moments a run passes, in order, as performance marks on the main thread: where a run's time goes, for
 * report.json's `timings` and `npm run bench`. Marks are measured from the process's start.
 */
export type Phase = 'command' | 'spec-loaded' | 'vitest-loading' | 'vitest-ready' | 'suites-start' | 'suites-done';

/** Where a run's time went, in milliseconds. */
export interface RunTimings {
  /** From the process's start to the run command starting: Node itself and the CLI's modules. */
  readonly startupMs: number;
  /** Reading, validating and dereferencing the spec, and compiling its schemas (for the bundled spec, reading the build's snapshot). */
  readonly specMs: number;
  /** Loading vitest, alongside the reference's start and the first contact (its worker starts with the suites). */
  readonly vitestStartMs: number;
  /** The suites, from the run's start (one of several, in selftest) to its last result. */
  readonly suitesMs: number;
  /**
   * Within `suitesMs`: from the run's start to its first request, the suites' start-up (vitest's worker starting, the
   * suites' modules loading, the schemas compiling); all of `suitesMs` when no request was sent.
   */
  readonly firstRequestMs: number;
  /** Within `suitesMs`: the time at least one request was open on the target, seen from the client. */
  readonly waitingOnTargetMs: number;
  /**
   * From the process's start to the suites' first request (the CLI's first contact, which only checks that the target
   * can be reached, comes before); absent when none was sent.
   */
  readonly toFirstRequestMs?: number;
  /**
   * Whether the suites' worker was the one started before vitest loaded (runner/early-worker.ts), which loads while
   * vitest does; false where vitest asked to start it otherwise, or it could not be started early (one core); absent
   * where vitest asked for none (a run stopped before its suites) or none was started early (selftest).
   */
  readonly earlyWorker?: boolean;
}

const PREFIX = 'petstore-conformance:';

/** Marks that the run has reached a phase (the last mark of a name counts, so a process may run several times). */
export function markPhase(phase: Phase): void {
  performance.mark(`${PREFIX}${phase}`);
}

/** The timings of the run whose phases were marked last; a phase never marked counts as taking no time. */
export function phaseTimings(waitingOnTargetMs: number, firstRequestAt?: number): RunTimings {
  const at = (phase: Phase) => performance.getEntriesByName(`${PREFIX}${phase}`, 'mark').at(-1)?.startTime;
  const between = (from: Phase, to: Phase) => {
    const start = at(from);
    const end = at(to);
    return start !== undefined && end !== undefined ? Math.round(end - start) : 0;
  };
  const suitesMs = between('suites-start', 'suites-done');
  const suitesStart = at('suites-start');
  // The first request was sent in the suites' worker, whose clock starts at another moment: both threads' times are
  // placed on the same timeline through their `performance.timeOrigin`.
  const firstRequestMs = firstRequestAt !== undefined && suitesStart !== undefined
    ? Math.min(suitesMs, Math.max(0, Math.round(firstRequestAt - (performance.timeOrigin + suitesStart))))
    : suitesMs;
  return {
    startupMs: Math.round(at('command') ?? 0),
    specMs: between('command', 'spec-loaded'),
    vitestStartMs: between('vitest-loading', 'vitest-ready'),
    suitesMs,
    firstRequestMs,
    waitingOnTargetMs: Math.round(waitingOnTargetMs),
    ...(firstRequestAt !== undefined ? { toFirstRequestMs: Math.round(firstRequestAt - performance.timeOrigin) } : {}),
  };
}
