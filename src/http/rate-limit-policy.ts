import type { RateLimited } from './exchange.js';
import type { Pacer } from './pacing.js';

/** 429 answers a request is retried after; a 429 after the last of them is a rate limit that persisted. */
const RETRIES = 3;
/**
 * Requests in a row answered 429 through every retry, after which a 429 is not retried nor waited for: a target that
 * turns away a client that slowed down as asked (see Pacer.slowDown) will not take it later, and waiting on every
 * request would draw the run out for minutes. The first answer that is not a 429 ends this.
 */
const LIMITED_IN_A_ROW = 3;
/** The longest Retry-After waited out; a longer one counts as the 429 persisting. */
const MAX_RETRY_WAIT_MS = 10_000;
/**
 * The first wait when a 429 names none (or none that can be read), doubled at each retry: 250 ms, 500 ms, 1 s. A bare
 * 429 asks for no wait, only a slower pace (see Pacer.slowDown): a limit counted over a second lets the request in
 * again within the three. One second at every 429 made a target limited to 100 requests a second take 32 s.
 */
const BARE_RETRY_WAIT_MS = 250;

/** What to do with an answer: keep it (a 429, with why it is not retried further), or send the request again after a wait. */
export type RateLimitDecision = { readonly retry: false; readonly rateLimited?: RateLimited } | { readonly retry: true; readonly waitMs: number };

const KEEP: RateLimitDecision = { retry: false };

/**
 * What the client does with a 429: waits out its Retry-After (bounded; or a short wait, growing, when it names none)
 * and sends the request again, up to {@link RETRIES} times, telling the pacer to slow down; only the refused request
 * waits. A 429 that persists is kept, and said to be, since only that one counts against the target.
 */
export class RateLimitPolicy {
  /** Requests in a row whose 429 persisted through every retry (see {@link LIMITED_IN_A_ROW}). */
  private limitedInARow = 0;

  constructor(private readonly pacer: Pacer) {}

  /**
   * What to do with an answer of `status`, with the Retry-After header `retryAfter` (and the Date header `date`, the
   * target's clock), to a request retried `retried` times.
   */
  decide(status: number, retryAfter: string | string[] | undefined, retried: number, date?: string | string[]): RateLimitDecision {
    if (status !== 429) {
      this.pacer.answered();
      this.limitedInARow = 0;
      return KEEP;
    }
    if (this.limitedInARow >= LIMITED_IN_A_ROW) {
      return { retry: false, rateLimited: { persisted: true, why: `still 429: the last ${this.limitedInARow} requests were answered 429 after every retry, so it is not retried` } };
    }
    if (retried >= RETRIES) {
      if (++this.limitedInARow >= LIMITED_IN_A_ROW) this.pacer.resume();
      return { retry: false, rateLimited: { persisted: true, why: `still 429 after ${RETRIES} retries` } };
    }
    const wait = retryWait(retryAfter, retried, date);
    // A wait longer than the suite gives is not waited out, by this request or by the others.
    if (wait === undefined) {
      return { retry: false, rateLimited: { persisted: false, why: `its Retry-After (${String(retryAfter)}) asks for longer than the ${MAX_RETRY_WAIT_MS / 1000} s the suite waits` } };
    }
    this.pacer.slowDown(wait);
    return { retry: true, waitMs: wait };
  }
}

/** How far the target's clock (its Date header) may be from ours before an HTTP-date is read against its clock. */
const CLOCK_SKEW_MS = 2_000;

/**
 * The wait a 429's Retry-After asks for (seconds or an HTTP date; none: see {@link BARE_RETRY_WAIT_MS}) before the
 * request's retry number `retried` + 1, or undefined when it is longer than we wait. A date is a time on the target's
 * clock: read against ours, which its Date header, to the second, cannot beat; against its Date header when the two
 * clocks are further apart than that (a target 30 s ahead asked for 31 s, and its checks went unjudged).
 */
function retryWait(header: string | string[] | undefined, retried: number, date?: string | string[]): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const bare = BARE_RETRY_WAIT_MS * 2 ** retried;
  if (value === undefined) return bare;
  // delay-seconds is a whole number (RFC 9110 §10.2.3); a fraction is read as seconds too, not as a date.
  const asked = /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) * 1000 : Date.parse(value) - targetNow(date);
  const wait = Number.isFinite(asked) ? Math.max(0, asked) : bare;
  return wait <= MAX_RETRY_WAIT_MS ? wait : undefined;
}

/** Now, on the target's clock: ours, unless its Date header is further from it than {@link CLOCK_SKEW_MS}. */
function targetNow(header: string | string[] | undefined): number {
  const now = Date.now();
  const theirs = Date.parse((Array.isArray(header) ? header[0] : header) ?? '');
  return Number.isFinite(theirs) && Math.abs(theirs - now) > CLOCK_SKEW_MS ? theirs : now;
}
