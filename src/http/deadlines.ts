import type { TransportError } from './exchange.js';

/** The deadline one request gets. */
export interface Deadline {
  readonly ms: number;
  /** Set when it is the short one: which earlier requests got no complete response, e.g. `list-1, a request of the same shape, got none`. */
  readonly shortenedBecause?: string;
}

/** The least a short deadline gives (see {@link shortDeadlineMs}). */
const SHORT_DEADLINE_FLOOR_MS = 1_000;
/** Failures that cost a whole deadline, or a body up to the size cap: their shape gets the short deadline after. */
const STALLS: ReadonlySet<string> = new Set(['TIMEOUT', 'TOO_LARGE']);
/**
 * Shapes of one method and path that stalled, after which its other shapes get the short deadline too. One or two
 * checks whose requests hang point at what they send (a kind of name); three point at the operation: a target that
 * never answers any POST would otherwise cost a full deadline for every check that sends one.
 */
const ROUTE_STALLS_AFTER = 3;

/** The request that first stalled a shape, and how: `got none`, or a server error only after the short deadline. */
interface Stall {
  readonly id: string;
  readonly outcome: string;
}

/**
 * The deadline of a request whose shape already got no complete response: a tenth of `--timeout`, at least a
 * second, never more than `--timeout` itself. At the default 10 s that is 1 s: a shape the target hangs on then
 * costs a second per request instead of ten, so the checks that send it many times (generated cases, the list
 * read by every suite) end in seconds. A second is still far more than a working target needs for one request
 * (the bundled reference answers in about a millisecond, a deployment across a network in tens), so an answer
 * that does come is not cut off; and a tenth keeps in step with `--timeout`, which is raised for slow targets.
 */
export function shortDeadlineMs(timeoutMs: number): number {
  return Math.min(timeoutMs, Math.max(SHORT_DEADLINE_FLOOR_MS, Math.round(timeoutMs / 10)));
}

/**
 * The deadline each request gets, by its shape (what it is like; see SendControl.shape in client.ts) and its route
 * (method and path): the full one, `--timeout`, until requests like it stalled, then the short one of
 * {@link shortDeadlineMs}, so that a target that hangs on one kind of request costs the full deadline once, not once
 * per request.
 */
export class Deadlines {
  /** Shapes that got no complete response in time (or too large a body), with the exchange that first did. */
  private readonly stalledShapes = new Map<string, Stall>();
  /** For each method and path, the exchange that first stalled each of its shapes. */
  private readonly stalledRoutes = new Map<string, Stall[]>();

  constructor(
    /** `--timeout`: the full deadline. */
    private readonly timeoutMs: number,
  ) {}

  /**
   * The full deadline; the short one once a request of the same shape stalled, or requests of
   * {@link ROUTE_STALLS_AFTER} other shapes to the same method and path did.
   */
  of(route: string, shape: string): Deadline {
    const full = this.timeoutMs;
    const short = shortDeadlineMs(full);
    if (short === full) return { ms: full };
    const same = this.stalledShapes.get(shape);
    if (same !== undefined) return { ms: short, shortenedBecause: `${same.id}, a request of the same shape, ${same.outcome}` };
    const others = (this.stalledRoutes.get(route) ?? []).slice(0, ROUTE_STALLS_AFTER);
    if (others.length < ROUTE_STALLS_AFTER) return { ms: full };
    const outcomes = [...new Set(others.map((o) => o.outcome))].join(' or ');
    return { ms: short, shortenedBecause: `${others.map((o) => o.id).join(', ')}, ${route} requests of other shapes, ${outcomes}` };
  }

  /**
   * What came of one try of the exchange `id`. The first request of a shape that stalled is remembered, under its
   * shape and under its method and path: one that got no complete response in time (or a body over the cap), or a
   * server error only after the short deadline (a target that fails slowly costs as much as one that hangs, and
   * HTTP-1 already reports it).
   */
  noteOutcome(route: string, shape: string, id: string, attempt: { readonly failure?: TransportError; readonly response?: { readonly status: number; readonly tookMs: number } }): void {
    if (attempt.failure && STALLS.has(attempt.failure.code)) this.noteStall(route, shape, { id, outcome: 'got none' });
    const answered = attempt.response;
    if (answered && answered.status >= 500 && answered.tookMs > shortDeadlineMs(this.timeoutMs)) {
      this.noteStall(route, shape, { id, outcome: `got a server error (${answered.status}) only after ${Math.round(answered.tookMs)} ms` });
    }
  }

  private noteStall(route: string, shape: string, stall: Stall): void {
    if (this.stalledShapes.has(shape)) return;
    this.stalledShapes.set(shape, stall);
    this.stalledRoutes.set(route, [...this.stalledRoutes.get(route) ?? [], stall]);
  }
}
