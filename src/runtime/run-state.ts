import type { Reply } from '../http/reply.js';
import type { CreatedCategory } from '../json/category.js';
import type { RunSettings } from '../protocol/settings.js';
import type { Cause, Owner } from '../rules/cause.js';
import { OpeningLists } from './opening-lists.js';
import { growHeapSlowlyForLargeLists } from './large-list-heap.js';
import { SuiteTurns } from './suite-turns.js';
import { WavePlans } from './wave-plans.js';
import { WriteBudget } from './write-budget.js';

/**
 * What one run's suites share. The runner runs them in one worker, side by side (see suites/index.ts), so module state
 * spans the run; it is keyed by the run id so that a session's next run starts afresh.
 */
export interface RunState {
  /** Every category a 201 of the run showed, by exact id: what the final LIST-2 check and the report list. */
  readonly created: Map<bigint, CreatedCategory>;
  /**
   * The ids of categories created with a value of a create parameter other than the run's own (a tenant, a locale: see
   * perRequest), which may keep a category apart: no schema says what such a value does to the list, so no list read
   * with the run's own values is held to show them (LIST-2).
   */
  readonly listedElsewhere: Set<bigint>;
  /** Every id a 201 of the run showed, with the exchange that showed it first (MODEL-2). */
  readonly idsGiven: Map<bigint, string>;
  /** The rule that owns each audited answer, where one does (see Owner): what a check of another rule skips over. */
  readonly owners: WeakMap<Reply, Owner>;
  /**
   * Requests that had to be refused and were served, by exchange id, with the failure that reports them: what other
   * rules find of the categories they created follows from it (see checks/audits/ownership.ts).
   */
  readonly strays: Map<string, Cause>;
  /** The categories those requests created, by the exact id their 2xx showed. */
  readonly strayIds: Map<bigint, Cause>;
  /** The run's writes, shared by every check of every suite. */
  readonly budget: WriteBudget;
  /** The categories the run may add to bring a short list to the length the list checks need (`--top-up`). */
  readonly topUp: WriteBudget;
  /** Requests that could create (every POST) the run sent, whatever came of them. */
  posts: number;
  /**
   * Set once a LIST-2 check saw the list grow by less than the run created: it is cut or paged, and a top-up would
   * show nothing more (and, since the cut list never gets long, leave categories behind on every run).
   */
  listCut?: string;
  /** Set when the run topped a short list up: how long it was, and the length it was brought to (see `topUp`). */
  toppedUp?: { readonly listed: number; readonly to: number };
  /**
   * The lists suites open on: those other suites closed on, or the one read first, not one list per suite (which a
   * target holding 100,000 categories feels).
   */
  readonly openings: OpeningLists;
  /** The checks' write plans, made a wave at a time. */
  readonly plans: WavePlans;
  /** Whether a wave's suites run side by side or take turns (a target whose list is megabytes). */
  readonly turns: SuiteTurns;
}

let current: { runId: string; state: RunState } | undefined;

/** The state of the run these settings describe. */
export function runState(settings: RunSettings): RunState {
  if (current?.runId !== settings.runId) {
    const budget = new WriteBudget(settings.maxWrites ?? Number.POSITIVE_INFINITY);
    const topUp = new WriteBudget(settings.readOnly ? 0 : settings.topUp);
    current = { runId: settings.runId, state: newRunState(budget, topUp) };
  }
  return current.state;
}

/** A run's state before its first request: nothing created, nothing given, with these budgets. */
export function newRunState(budget: WriteBudget, topUp: WriteBudget): RunState {
  return { created: new Map(), listedElsewhere: new Set(), idsGiven: new Map(), owners: new WeakMap(), strays: new Map(), strayIds: new Map(), budget, topUp, posts: 0, openings: new OpeningLists(), plans: new WavePlans(), turns: new SuiteTurns(growHeapSlowlyForLargeLists) };
}
