import { performance } from 'node:perf_hooks';
import { CircuitBreaker, outageRiddenOutMs, type Admission } from './circuit-breaker.js';
import { Deadlines, shortDeadlineMs, type Deadline } from './deadlines.js';
import { linkedSignal } from './linked-signal.js';
import type { Exchange, RateLimited, RecordedResponse, Retry, TransportError } from './exchange.js';
import { prepareRequest, type OutgoingRequest, type PreparedRequest } from './outgoing.js';
import { Pacer, sleep } from './pacing.js';
import type { Proxy } from './proxy.js';
import { recordRequest, recordResponse } from './record.js';
import { RateLimitPolicy } from './rate-limit-policy.js';
import { Reply } from './reply.js';
import { AnswerTimes } from './answer-times.js';
import { RequestStatistics } from './request-statistics.js';
import { newSpanId, newTraceId, traceparent } from './trace.js';
import { describeFailure } from './failure.js';
import type { ClientCertificate } from './tls.js';
import { Transport, type Attempt } from './transport.js';

// Callers take the client's request type and the codes of requests cut off or never sent from here, with the client.
export type { OutgoingRequest } from './outgoing.js';
export { INTERRUPTED, OUTSIDE_THE_TARGET, TARGET_GONE } from './failure.js';

/** How the client talks to the target. */
export interface ClientOptions {
  /** The base URL, ending in the version segment: paths are appended to it. */
  readonly target: string;
  /**
   * The deadline for each request, from sending to the last byte of the response; requests of a shape that already
   * got no complete response get a shorter one (see {@link SendControl.shape}).
   */
  readonly timeoutMs: number;
  /** Larger responses are cut off and count as a transport failure. */
  readonly maxResponseBytes: number;
  /** Requests in flight at once (default 32, enough for MODEL-2's bursts of 20). */
  readonly concurrency?: number;
  /** Requests started per second; absent: no limit. */
  readonly rate?: number;
  /** A CA certificate (PEM) to trust besides the system's. */
  readonly ca?: string;
  /** Skip TLS certificate verification. */
  readonly insecure?: boolean;
  /** The certificate presented to a target that asks for one (mutual TLS); its key and passphrase are secrets. */
  readonly clientCertificate?: ClientCertificate;
  /**
   * The proxy every request goes through (see proxy.ts: decided once, by the CLI, from the environment's proxy
   * variables); absent: none. Its credentials, if any, are a secret.
   */
  readonly proxy?: Proxy;
  /**
   * Headers sent with every request (`--header`: a gateway's key, a tenant), by name as given. A request's own header
   * of the same name, its credential's and the identifying headers take their place (see prepareRequest). Their
   * values are secrets: records show them as `[REDACTED]`.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /** Aborted when the run is interrupted: every request under way, or waiting to be sent, stops at once. */
  readonly interrupted?: AbortSignal;
}

/** The options a run chooses (see protocol/settings.ts): how requests are sent, paced and cut off. */
export type ClientSettings = Pick<ClientOptions, 'timeoutMs' | 'maxResponseBytes' | 'concurrency' | 'rate' | 'ca' | 'insecure' | 'clientCertificate' | 'proxy' | 'headers'>;

/** What a caller may add to one send. */
export interface SendControl {
  /** Aborts the request (an interrupted run). */
  readonly signal?: AbortSignal;
  /**
   * What the request is like, for its deadline: requests of one shape are expected to fare alike. Once one of them
   * got no complete response within its deadline, or a body over the size cap, the later ones get the short deadline
   * (see {@link Deadlines}): a target that hangs on one kind of request costs the full deadline once, not once
   * per request. Default: the method and path (the list, read by many checks, is one shape); a check that sends many
   * requests with bodies names its own, so that one generated case that hangs does not shorten other checks' requests
   * (until requests of three shapes to one method and path have stalled).
   */
  readonly shape?: string;
  /**
   * The W3C trace id (32 hex digits) the request's `traceparent` carries; each request gets a span id of its own.
   * Default: a new trace of its own. Checks give every request they send the one trace id (see CheckContext).
   */
  readonly traceId?: string;
}

/**
 * An HTTP client for one target over a keep-alive pool. Never follows redirects (undici's `request` does not),
 * gives every request a precise deadline (an AbortSignal: undici's own timers tick once a second), caps response
 * size, paces requests, waits out 429s, and records every exchange. Transport failures come back as replies, not
 * exceptions, so that each one is judged and reported like any other answer.
 */
export class HttpClient {
  private readonly transport: Transport;
  private readonly pacer: Pacer;
  private readonly rateLimits: RateLimitPolicy;
  private readonly deadlines: Deadlines;
  private readonly breaker: CircuitBreaker;
  private readonly statistics = new RequestStatistics();
  private readonly answerTimes = new AnswerTimes();

  constructor(private readonly options: ClientOptions) {
    const concurrency = options.concurrency ?? 32;
    this.transport = new Transport(new URL(options.target).origin, { ...options, connections: concurrency });
    this.pacer = new Pacer(concurrency, options.rate);
    this.rateLimits = new RateLimitPolicy(this.pacer);
    this.deadlines = new Deadlines(options.timeoutMs);
    this.breaker = new CircuitBreaker(outageRiddenOutMs(options.timeoutMs));
  }

  /** Sends a request and records the exchange under `id`. */
  async send(id: string, request: OutgoingRequest, control: SendControl = {}): Promise<Reply> {
    const aborts = linkedSignal([control.signal, this.options.interrupted]);
    try {
      return await this.sendAborting(id, request, control, aborts.signal);
    } finally {
      aborts.dispose();
    }
  }

  private async sendAborting(id: string, request: OutgoingRequest, control: SendControl, signal: AbortSignal | undefined): Promise<Reply> {
    const startedAt = new Date().toISOString();
    // One span per exchange: a 429 waited out and the request sent again are one exchange, recorded once, and its
    // retries carry the same traceparent, so that every line the server logged for it matches the one record.
    const prepared = prepareRequest(this.options, request, traceparent(control.traceId ?? newTraceId(), newSpanId()));
    const recorded = recordRequest(request, prepared);
    const route = `${request.method} ${request.path}`;
    const shape = control.shape ?? route;
    const retries: Retry[] = [];
    const started = performance.now();
    // What the request waited out of an outage before it was sent is the circuit's, not the exchange's.
    let held = 0;
    for (;;) {
      const attempt = await this.attempt(prepared, signal, () => this.deadlines.of(route, shape), (ms) => (held += ms));
      this.deadlines.noteOutcome(route, shape, id, attempt);
      const exchange = (outcome: { response?: RecordedResponse; transportError?: TransportError; rateLimited?: RateLimited }): Exchange => ({
        id, operation: request.operation, startedAt, request: recorded, ...outcome, durationMs: elapsed(started + held),
        ...(retries.length ? { retries } : {}),
      });
      if (!attempt.response) return new Reply(exchange({ transportError: attempt.failure }), undefined);
      const { status, headers, bytes } = attempt.response;
      const answer = (rateLimited?: RateLimited) => new Reply(exchange({ response: recordResponse(status, headers, bytes), ...(rateLimited ? { rateLimited } : {}) }), bytes);
      const decision = this.rateLimits.decide(status, headers['retry-after'], retries.length, headers['date']);
      if (!decision.retry) return answer(decision.rateLimited);
      retries.push({ status, waitedMs: decision.waitMs });
      try {
        await sleep(decision.waitMs, signal);
      } catch {
        return answer({ persisted: false, why: 'the run was interrupted during the wait' });
      }
    }
  }

  /** Response body bytes received so far, by every request (see Transport.bytesReceived). */
  get bytesReceived(): number {
    return this.transport.bytesReceived;
  }

  /** Why the target is taken to be gone, once it stopped answering for good (see CircuitBreaker.gone). */
  get targetGone(): string | undefined {
    return this.breaker.gone;
  }

  /** The time at least one request was open on the target (see {@link RequestStatistics.waitingOnTargetMs}). */
  get waitingOnTargetMs(): number {
    return this.statistics.waitingOnTargetMs;
  }

  /** Whether the target's answers take long (see {@link AnswerTimes.slow}). */
  get answersAreSlow(): boolean {
    return this.answerTimes.slow;
  }

  /** When the first request was sent, in milliseconds since the Unix epoch; undefined before any. */
  get firstRequestAt(): number | undefined {
    return this.statistics.firstRequestAt;
  }

  /** Closes the pool's connections. */
  async close(): Promise<void> {
    await this.transport.close();
  }

  /**
   * One try: a response, or why none came. The deadline is taken once the request has its slot and the circuit lets it
   * go: what stalled while it waited for a slot counts (a burst of requests waits behind the first of them), a wait
   * out of an outage does not. A probe of a target that was down gets the short deadline: one that is back answers
   * at once.
   */
  private async attempt(prepared: PreparedRequest, signal: AbortSignal | undefined, deadlineNow: () => Deadline, held: (ms: number) => void): Promise<Attempt> {
    let release: () => void;
    let admitted: Admission;
    try {
      release = await this.pacer.acquire(signal);
    } catch (error) {
      return { failure: describeFailure(error, 'connect', this.options, signal) };
    }
    const holding = performance.now();
    try {
      admitted = await this.breaker.admit(signal);
    } catch (error) {
      release();
      return { failure: describeFailure(error, 'connect', this.options, signal) };
    } finally {
      held(performance.now() - holding);
    }
    if ('refused' in admitted) {
      release();
      return { failure: admitted.refused };
    }
    const deadline = 'down' in admitted ? probeDeadline(deadlineNow(), this.options.timeoutMs) : deadlineNow();
    this.statistics.sent();
    const sentAt = performance.now();
    try {
      const attempt = await this.transport.request(prepared, deadline, signal);
      this.breaker.settle(admitted.probe, attempt.failure);
      const status = attempt.response?.status;
      if (status !== undefined) this.answerTimes.note(performance.now() - sentAt, status >= 200 && status < 300);
      return attempt;
    } finally {
      this.statistics.ended();
      release();
    }
  }
}

/** A probe's deadline: the short one (see Deadlines), unless its own is shorter already. */
function probeDeadline(deadline: Deadline, timeoutMs: number): Deadline {
  const short = shortDeadlineMs(timeoutMs);
  return deadline.ms <= short ? deadline : { ms: short, shortenedBecause: 'the target was down, and this request probed whether it is back' };
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}
