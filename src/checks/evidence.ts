import { AsyncLocalStorage } from 'node:async_hooks';
import type { Exchange } from '../http/exchange.js';
import { textStart } from '../core/text-start.js';

/** How many exchanges a passed check or audit keeps as evidence of what it judged; all of them are counted. */
export const KEPT_WHEN_PASSED = 3;

/**
 * How many characters of a response body a passed check's exchanges keep: enough to show what came back (an Error,
 * a category, the start of a list), where the whole of a long list (hundreds of categories, read many times a run)
 * would be most of every report and of the run's memory while proving nothing more.
 */
export const PASSED_BODY_LIMIT = 2048;

/**
 * The exchanges a check's result keeps: a failed or skipped check keeps `exchanges` as they are (the failing ones
 * first, bodies up to the record's own limit); a passed one its first {@link KEPT_WHEN_PASSED}, with response bodies
 * cut at {@link PASSED_BODY_LIMIT} characters. Requests are kept whole: they are what a curl line reproduces.
 */
export function evidence(exchanges: readonly Exchange[], passed: boolean): readonly Exchange[] {
  return passed ? exchanges.slice(0, KEPT_WHEN_PASSED).map(abridged) : exchanges;
}

/**
 * An exchange as a passed check keeps it: its response body cut at {@link PASSED_BODY_LIMIT} characters, a string of
 * its own (see core/text-start.ts), so that the whole body is not held to the run's end for what a report shows of it.
 */
export function abridged(exchange: Exchange): Exchange {
  const response = exchange.response;
  if (!response || response.body.length <= PASSED_BODY_LIMIT) return exchange;
  return { ...exchange, response: { ...response, body: textStart(response.body, PASSED_BODY_LIMIT), bodyTruncated: true } };
}

/** How many exchanges a check's result keeps; all are counted, and all are audited. */
const KEPT_EXCHANGES = 12;

/** What a generated case run ahead of its turn did so far: its exchanges, and the writes of the check's it spent. */
export interface CaseApart {
  readonly exchanges: readonly Exchange[];
  readonly writes: number;
}

/** A case run ahead of its turn, as the evidence it belongs to gathers it. */
interface Gathering {
  readonly evidence: CheckEvidence;
  readonly exchanges: Exchange[];
  writes: number;
}

/**
 * The case ahead of its turn that the code running now belongs to. One store for every check: a shared request sent
 * from within a case is kept by the shared context's evidence, which is not the case's (see CheckEvidence.keep).
 */
const apart = new AsyncLocalStorage<Gathering>();

/**
 * What one check keeps of its exchanges for its result: its first ones (a generated check its first cases, not every
 * case it ran), or, when a generated case failed, the exchanges of the last failing case (shrinking ends on the minimal
 * one, the counterexample); the exchange a failure points at first.
 */
export class CheckEvidence {
  private readonly first: Exchange[] = [];
  private made = 0;
  /** Exchanges of the generated case under way, and of the counterexample once the cases are over. */
  private currentCase?: Exchange[];
  private counterexample?: readonly Exchange[];
  private pointedAt?: string;

  /** How many exchanges the check made or judged in all. */
  get count(): number {
    return this.made;
  }

  /** The exchange a failure points at, once one does. */
  get failedExchange(): string | undefined {
    return this.pointedAt;
  }

  /**
   * Counts an exchange of the check's, and keeps it while there is room; one of a case ahead of its turn, once the case
   * is taken.
   */
  keep(exchange: Exchange): void {
    const ahead = apart.getStore();
    if (ahead?.evidence === this) {
      ahead.exchanges.push(exchange);
      return;
    }
    this.made++;
    this.currentCase?.push(exchange);
    if (this.first.length < KEPT_EXCHANGES * 2) this.first.push(exchange);
  }

  /** Keeps an exchange this check judges but another sent (a shared list, a shared request), once. */
  shows(exchange: Exchange): void {
    if (!this.first.includes(exchange)) this.keep(exchange);
  }

  /** Starts a generated case: its exchanges are gathered apart, and returned, in case it turns out to fail. */
  startCase(): readonly Exchange[] {
    this.currentCase = [];
    return this.currentCase;
  }

  /**
   * Runs a generated case ahead of its turn, beside the cases before it: its exchanges are gathered apart, and kept by
   * {@link takeCase} when its turn comes, so that what the check keeps does not depend on which case was answered
   * first.
   */
  runApart(run: () => Promise<void>): { readonly apart: CaseApart; readonly done: Promise<void> } {
    const gathering: Gathering = { evidence: this, exchanges: [], writes: 0 };
    return { apart: gathering, done: apart.run(gathering, run) };
  }

  /** Counts a write of the check's reservation that the case running now spent, where it runs ahead of its turn. */
  noteWrite(): void {
    const ahead = apart.getStore();
    if (ahead?.evidence === this) ahead.writes++;
  }

  /** Starts a generated case that ran ahead of its turn (see {@link runApart}) with the exchanges it made. */
  takeCase(ran: CaseApart): readonly Exchange[] {
    const taken = this.startCase();
    for (const exchange of ran.exchanges) this.keep(exchange);
    return taken;
  }

  /** Ends the generated cases; `counterexample`: the exchanges of the case that failed, when one did. */
  endCases(counterexample: readonly Exchange[] | undefined): void {
    this.currentCase = undefined;
    if (counterexample) this.counterexample = counterexample;
  }

  /** Points the check's failure at an exchange, unless it points at one already. */
  pointAt(exchangeId: string): void {
    this.pointedAt ??= exchangeId;
  }

  /** The exchanges the result keeps, the one a failure points at first (see {@link evidence}). */
  kept(passed: boolean): readonly Exchange[] {
    const shown = this.counterexample ?? this.first;
    const failed = this.pointedAt;
    const ordered = failed ? [...shown.filter((e) => e.id === failed), ...shown.filter((e) => e.id !== failed)] : shown;
    return evidence(ordered.slice(0, KEPT_EXCHANGES), passed);
  }
}
