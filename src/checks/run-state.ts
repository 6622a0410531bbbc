import type { Reply } from '../http/reply.js';
import type { CreatedCategory } from './category.js';
import type { RunSettings } from './settings.js';
import { WriteBudget } from './write-budget.js';

/**
 * What one run's suite files share. The runner runs them in one worker, one file after another, so module state
 * spans the run; it is keyed by the run id so that a session's next run starts afresh.
 */
export interface RunState {
  /** Every category a 201 of the run showed, by exact id: what the final LIST-2 check and the report list. */
  readonly created: Map<bigint, CreatedCategory>;
  /** Every id a 201 of the run showed, with the exchange that showed it first (MODEL-2). */
  readonly idsGiven: Map<bigint, string>;
  /** The run's writes, shared by every check of every suite. */
  readonly budget: WriteBudget;
  /**
   * The list the last suite closed on. Nothing of the run writes between one suite's closing list and the next
   * suite's first check (files run one after another), so it is the next suite's opening list as well: one list
   * fewer per suite, which a target holding 100,000 categories feels.
   */
  lastClosingList?: Reply;
  /** The response bytes the run had read when a suite last collected garbage. */
  bytesAtLastCollection: number;
}

let current: { runId: string; state: RunState } | undefined;

/** The state of the run these settings describe. */
export function runState(settings: RunSettings): RunState {
  if (current?.runId !== settings.runId) {
    const budget = new WriteBudget(settings.maxWrites ?? Number.POSITIVE_INFINITY);
    current = { runId: settings.runId, state: { created: new Map(), idsGiven: new Map(), budget, bytesAtLastCollection: 0 } };
  }
  return current.state;
}
