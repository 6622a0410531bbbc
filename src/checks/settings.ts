import type { SpecModel } from '../spec/types.js';

/** What the runner hands every suite: the target, the key and the run's settings. */
export interface RunSettings {
  /** Base URL of the target, ending in the version segment. */
  readonly target: string;
  readonly apiKey: string;
  /** Seeds all generated data; each check derives its own from it and its name. */
  readonly seed: number;
  /** Distinguishes this run's categories on the target from every other run's. */
  readonly runId: string;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  /** Cases per generated (fast-check) property. */
  readonly numRuns: number;
  readonly spec: SpecModel;
}

declare module 'vitest' {
  interface ProvidedContext {
    settings: RunSettings;
  }
}
