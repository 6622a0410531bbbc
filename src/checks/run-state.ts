import type { CreatedCategory } from './ledger.js';

/**
 * What one run's suite files share. The runner runs them in one worker, one file after another, so module state
 * spans the run; it is keyed by the run id so that a session's next run starts afresh.
 */
export interface RunState {
  /** Every category a 201 of the run showed, by exact id: what the final LIST-2 check and the report list. */
  readonly created: Map<bigint, CreatedCategory>;
  /** Every id a 201 of the run showed, with the exchange that showed it first (MODEL-2). */
  readonly idsGiven: Map<bigint, string>;
}

let current: { runId: string; state: RunState } | undefined;

/** The state of the run with this id. */
export function runState(runId: string): RunState {
  if (current?.runId !== runId) current = { runId, state: { created: new Map(), idsGiven: new Map() } };
  return current.state;
}
