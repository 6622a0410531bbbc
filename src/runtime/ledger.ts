import type { Reply } from '../http/reply.js';
import { readCategory, type CreatedCategory, type SeenCategory } from '../json/category.js';
import type { CreatedRecord } from '../protocol/check-meta.js';
import type { RunState } from './run-state.js';
import type { RuleId } from '../rules/catalogue.js';

/** A request the target should have refused without effect, and the marker that would betray an effect. */
export interface RejectedRequest {
  readonly rule: RuleId;
  /** Undefined where the request carried none: whether it created anything cannot be seen in the list. */
  readonly marker?: string;
  readonly exchange: string;
  /** Answered with a 2xx: the check that sent it counted the category it created already (see CheckRequests.account). */
  readonly served: boolean;
}

/**
 * What one suite's requests did to the target: the categories it created and the requests that must have
 * created nothing. Checked against the list at the end of the suite (LIST-2, AUTH-4, CREATE-2).
 */
export class Ledger {
  readonly created = new Map<bigint, CreatedCategory>();
  /** Every 2xx to a request that could create, as report.json lists it for clean-up: one a request, whatever it showed. */
  readonly written: CreatedRecord[] = [];
  readonly rejected: RejectedRequest[] = [];
  /** Categories the list showed carrying the marker of a refused request: created despite the refusal. */
  readonly createdDespiteRefusal: { readonly category: SeenCategory; readonly exchange: string }[] = [];

  constructor(private readonly run: RunState) {}

  /**
   * Records the category a 201 response shows, when it shows one with an exact id, here and in the run's ledger: as
   * the first 201 that showed its id did (a later one repeating the id is MODEL-2's to report). One created with a
   * value of a create parameter that may keep it apart (`elsewhere`: see RunState.listedElsewhere) is the run's, but
   * not among those the suite's list must show.
   */
  recordCreated(reply: Reply, elsewhere = false): void {
    const document = reply.json().document;
    const seen = document && readCategory(document, document.value);
    if (seen?.id === undefined) return;
    const created = { ...seen, id: seen.id, exchange: reply.exchange.id };
    if (elsewhere) this.run.listedElsewhere.add(seen.id);
    else if (!this.created.has(seen.id)) this.created.set(seen.id, created);
    if (!this.run.created.has(seen.id)) this.run.created.set(seen.id, created);
  }

  /**
   * Records a 2xx to a request that could create: a category the target holds now, as far as the run can tell, even
   * when the response shows no integer id (a string id, none at all) or repeats one, so that operators can find it.
   */
  recordWritten(reply: Reply): void {
    const document = reply.json().document;
    const seen = document && readCategory(document, document.value);
    const shownId = (document?.value as { id?: unknown } | null | undefined)?.id;
    const id = seen?.id !== undefined ? String(seen.id) : typeof shownId === 'string' ? shownId : null;
    this.written.push({ id, name: seen?.record['name'] ?? sentName(reply), exchange: reply.exchange.id });
  }

  /**
   * Every category the suite's requests created, once each: the 2xx the target gave (a request it had to refuse and
   * served all the same is marked so), then those the list showed carrying the marker of a refused request that got
   * no 2xx.
   */
  createdRecords(): CreatedRecord[] {
    const despite = new Set(this.createdDespiteRefusal.map((c) => c.exchange));
    const written = new Set(this.written.map((c) => c.exchange));
    return [
      ...this.written.map((c) => (despite.has(c.exchange) ? { ...c, despiteRefusal: true as const } : c)),
      ...this.createdDespiteRefusal.filter(({ exchange }) => !written.has(exchange)).map(({ category, exchange }) => ({
        id: category.id === undefined ? null : String(category.id), name: category.record['name'], exchange, despiteRefusal: true as const,
      })),
    ];
  }

  recordRejected(rule: RuleId, marker: string | undefined, reply: Reply): void {
    const status = reply.status;
    this.rejected.push({ rule, ...(marker !== undefined ? { marker } : {}), exchange: reply.exchange.id, served: status !== undefined && status >= 200 && status < 300 });
  }
}

/** The name a request sent, from its record; undefined when it sent none that can be read. */
function sentName(reply: Reply): unknown {
  try {
    return (JSON.parse(reply.exchange.request.body ?? '') as { name?: unknown } | null)?.name;
  } catch {
    return undefined;
  }
}
