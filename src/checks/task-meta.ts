import type { TaskMeta } from 'vitest';
import type { Exchange } from '../http/exchange.js';
import type { SharedWrites } from './shared.js';

/** A generated check's reproduction data. */
export interface GeneratedMeta {
  readonly seed: number;
  readonly numRuns: number;
  /** fast-check's path to the shrunk counterexample: with the seed, replays exactly that case. */
  readonly path?: string;
  readonly counterexample?: string;
  readonly numShrinks?: number;
  /** Shrinking stopped before the smallest case because the check's writes ran out. */
  readonly shrinkingCut?: true;
}

/** What a check reports about itself, beyond passed/failed: carried from the worker in vitest's task meta. */
export interface CheckMeta {
  readonly rule: string;
  readonly suite: string;
  /** Readable check name, without the rule id. */
  readonly name: string;
  /**
   * `check`: sends its own requests; `closing`: judges what the suite's checks did, from the list at its end;
   * `audit`: judges every exchange of the suite. Only a `check` can be replayed on its own.
   */
  readonly kind?: CheckKind;
  /**
   * Set when the check was not run because it would write: the write budget could not cover it, or the run is
   * read-only (a production target). The run is then partial.
   */
  readonly withheld?: Withheld;
  /** The exchanges that show the outcome (the failing ones first; capped). */
  readonly exchanges: readonly Exchange[];
  /** How many exchanges the check made or judged in all. */
  readonly exchangeCount: number;
  /** Categories the check's own requests created, or may have (see WriteBudget); absent: none. */
  readonly writes?: number;
  /** The id of the exchange a failure points at. */
  readonly failedExchange?: string;
  /** For INFO rules: what the target did. */
  readonly observation?: string;
  /** For a check skipped over a missing prerequisite: the rule that must have failed for it. */
  readonly prerequisiteOwner?: string;
  readonly generated?: GeneratedMeta;
  /** Set when an audit had nothing to judge: such a test is no check and is left out of results. */
  readonly notApplicable?: string;
}

// TaskMeta is declared by vitest's runner package, which vitest re-exports.
export type CheckKind = 'check' | 'closing' | 'audit';

/**
 * Why a check was not run or could not judge, for a reason that is not another rule's: the write budget, the top-up
 * allowance, a read-only run, a rate limit the suite did not wait out, or a target that created categories on too many requests it had to
 * refuse (see WriteBudget). Any of them makes a verdict partial, unless a MUST failure makes it non-conformant.
 */
export type Withheld = 'budget' | 'top-up' | 'read-only' | 'rate-limit' | 'stray-writes';

/** How the run brought a short list to the length the list checks need (see CheckContext.topUp). */
export interface TopUp {
  /** The categories the list held before. */
  readonly listed: number;
  /** The length the list was brought to. */
  readonly to: number;
  /** The categories the run added for it. */
  readonly added: number;
}

/** A category the run created on the target, as report.json lists it for clean-up. */
export interface CreatedRecord {
  /** The id as the response showed it: an exact integer as text, or a string id; null when it showed none. */
  readonly id: string | null;
  /** The name as the response showed it, or else as the request sent it. */
  readonly name: unknown;
  /** The exchange whose 2xx showed it, or the refused request that created it nonetheless. */
  readonly exchange: string;
  /** Set when the category was created by a request that was refused. */
  readonly despiteRefusal?: true;
}

/** What a suite file's meta carries to the runner (see SuiteState.fileTotals). */
export type FileTotals = Required<Pick<TaskMeta, 'requests' | 'waitingOnTargetMs' | 'created' | 'writesUsed' | 'posts' | 'sharedWrites'>>
  & Pick<TaskMeta, 'firstRequestAt' | 'bytesReceived' | 'topUp'>;

declare module '@vitest/runner' {
  interface TaskMeta {
    /** On a test: the check it is. */
    check?: CheckMeta;
    /** On a suite file: how many requests its checks sent. */
    requests?: number;
    /** On a suite file: the categories its checks created. */
    created?: CreatedRecord[];
    /** On a suite file: the writes the whole run had spent when the file ended (see WriteBudget). */
    writesUsed?: number;
    /** On a suite file: the requests that could create (POSTs) the whole run had sent when the file ended. */
    posts?: number;
    /** On a suite file: what the requests its checks shared spent (see Shared). */
    sharedWrites?: SharedWrites[];
    /** On a suite file: the top-up of a short list, when the run made one by the time the file ended. */
    topUp?: TopUp;
    /** On a suite file: the time the whole run had had a request open on the target when the file ended (ms). */
    waitingOnTargetMs?: number;
    /** On a suite file: when the run's first request was sent (ms since the Unix epoch); undefined before any. */
    firstRequestAt?: number | undefined;
    /** On a suite file: the response body bytes the whole run had read when the file ended. */
    bytesReceived?: number;
  }
}
