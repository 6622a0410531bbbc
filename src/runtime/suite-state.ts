import type { CredentialSent } from '../http/credential.js';
import type { Reply } from '../http/reply.js';
import type { Operation } from '../spec/types.js';
import type { Environment } from './environment.js';
import { Coverage } from './coverage.js';
import { Ledger } from './ledger.js';
import { SuiteLists } from './suite-lists.js';
import { RunEnd } from './run-end.js';
import type { RunState } from './run-state.js';
import type { RefusalKind } from './write-budget.js';
import { publishTotals, publishWriteCounts, type SuiteTotals, type SharedWrites } from '../protocol/check-meta.js';
import type { TaskMeta } from 'vitest';
import { MARKER_FORMATS, type MarkerFormat } from '../generators/markers.js';
import { SUITE_ORDER } from '../protocol/suites.js';

/** Markers where no property of the spec's NewCategory takes any: in texts the checks send beside it. */
const READABLE_MARKERS = MARKER_FORMATS[0] as MarkerFormat;

/** What judges every exchange of a suite as it arrives: the audits (checks/audits/tallies.ts). */
export interface ExchangeAuditor {
  /**
   * Judges one exchange; `credential` is what its request carried to authenticate, `refusal` why the contract says it
   * must be refused, if it does. Who owns its answer is kept in the run (RunState.owners).
   */
  audit(reply: Reply, operation: Operation, alsoAllowed: readonly number[], credential: CredentialSent, refusal?: RefusalKind): void;
}

/** Requests several checks share (see checks/shared.ts): what they spent, once sent. */
export interface SpendsWrites {
  spent(): SharedWrites | undefined;
}

/**
 * The state one suite file shares between its checks: its ledger, its exchange numbering, the audits of every
 * exchange its checks make, the lists it opens and closes on, and the totals it publishes. Suites in one worker share the environment (pool,
 * validators) and the run's state, but never this.
 */
export class SuiteState {
  readonly ledger: Ledger;
  /** What of the spec the suite's requests exercise. */
  readonly coverage: Coverage;
  /** The lists the suite opens and closes on, read once between its checks. */
  readonly lists: SuiteLists;
  /** The run's end, in the suite that runs last: its closing LIST-2 check and the checks beside it (see RunEnd). */
  readonly end = new RunEnd();
  /** The requests its checks share (see Shared), for what they spent. */
  readonly shared: SpendsWrites[] = [];
  private exchanges = 0;
  private markers = 0;
  /** Where the runner reads the suite's totals (see totals): its describe block's meta, once a check has run. */
  private blockMeta?: TaskMeta;

  constructor(
    readonly name: string,
    readonly env: Environment,
    readonly run: RunState,
    readonly audits: ExchangeAuditor,
    opensAfterAnother = false,
  ) {
    this.ledger = new Ledger(run);
    this.coverage = new Coverage(env);
    this.lists = new SuiteLists(run, opensAfterAnother);
  }

  /** An id for the next exchange, unique in the run: `auth-12`. */
  nextExchangeId(): string {
    return `${this.name}-${++this.exchanges}`;
  }

  /**
   * A text that marks data as this run's, unique in it: `conformance-<runId>-<suite>-<label>-<nnnnnn>`, or the most
   * readable form the spec's NewCategory takes (see generators/markers.ts). Categories the run creates carry it, so
   * operators can find and remove them. The number has a fixed width so that no marker is the beginning of another
   * (…-2 of …-21), which "created nothing" checks rely on.
   */
  nextMarker(label: string): string {
    return this.markerFormat.marker({ ...this.markerSuite, label, n: ++this.markers });
  }

  /** What every marker of this suite starts with. */
  get markerPrefix(): string {
    return this.markerFormat.prefix(this.markerSuite);
  }

  private get markerFormat(): MarkerFormat {
    return this.env.bodies.marking?.format ?? READABLE_MARKERS;
  }

  private get markerSuite() {
    return { run: this.env.settings.runId, suite: this.name, suiteIndex: (SUITE_ORDER as readonly string[]).indexOf(this.name) };
  }

  /** What the runner reads off the suite's describe block: the requests and writes so far, the suite's and the run's. */
  totals(): SuiteTotals {
    const { client } = this.env;
    const toppedUp = this.run.toppedUp;
    return {
      requests: this.exchanges,
      waitingOnTargetMs: client.waitingOnTargetMs,
      firstRequestAt: client.firstRequestAt,
      bytesReceived: client.bytesReceived,
      ...(client.targetGone !== undefined ? { targetGone: client.targetGone } : {}),
      created: this.ledger.createdRecords(),
      writesUsed: this.run.budget.usedOrUnderWay,
      posts: this.run.posts,
      sharedWrites: this.shared.map((s) => s.spent()).filter((s) => s !== undefined),
      ...(toppedUp ? { topUp: { ...toppedUp, added: this.run.topUp.used } } : {}),
      coverage: this.coverage.counts(),
    };
  }

  /**
   * Counts a request that could create, so that a closing list read before it is read again, and publishes the write
   * counts before it is sent: a run interrupted while it is under way may end the suite before any of its
   * checks does (and before its answer comes), and the report must still count what the target may now hold.
   */
  noteWrite(): void {
    this.lists.noteWrite();
    this.run.posts++;
    if (this.blockMeta) publishWriteCounts(this.blockMeta, { writesUsed: this.run.budget.usedOrUnderWay, posts: this.run.posts });
  }

  /**
   * Writes the totals to the meta of the suite's describe block (suites/run.ts), which holds `check`: as each check
   * starts and ends, and the write counts with each write.
   */
  publishTotals(check: { readonly suite?: { readonly meta: TaskMeta } }): void {
    this.blockMeta ??= check.suite?.meta;
    if (this.blockMeta) publishTotals(this.blockMeta, this.totals());
  }

  /**
   * Lets go of the lists the suite read, once its checks are done: suite files stay loaded for the whole run, and
   * a list of a large target is megabytes. (The run keeps the last closing list for the next suite's opening.)
   */
  releaseLists(): void {
    this.lists.release();
  }
}
