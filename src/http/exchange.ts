/**
 * One request and what came back, as reports show it: credentials described, not sent values; bodies kept up
 * to {@link RECORDED_BODY_LIMIT} characters. What the target echoed of the key is still in it: that is removed where
 * text is written (see record.ts).
 */
export interface Exchange {
  /** Unique within a run, e.g. `auth-12`: failures and audits point at exchanges by it. */
  readonly id: string;
  /** The spec operation it exercised, e.g. `POST /categories`. */
  readonly operation: string;
  /** When the request was first sent (ISO 8601, UTC): report.har's `startedDateTime`. */
  readonly startedAt: string;
  /**
   * Its headers include `user-agent` and `traceparent` (`00-<trace id>-<span id>-01`), as sent: the trace id is the
   * check's, the span id the exchange's own, for finding it in the target's logs and traces.
   */
  readonly request: RecordedRequest;
  readonly response?: RecordedResponse;
  /** Set when no complete response arrived. */
  readonly transportError?: TransportError;
  /**
   * From sending the request to the end of the response or the failure, retries and their waits included; what it
   * waited out of an outage before it was sent (see CircuitBreaker) is not.
   */
  readonly durationMs: number;
  /** 429 answers that were waited out before the response recorded here. */
  readonly retries?: readonly Retry[];
  /** Set when the response recorded here is itself a 429: whether the rate limit persisted through every retry, and why it was not retried further. */
  readonly rateLimited?: RateLimited;
}

/** Why a request ended on a 429. Only a limit that persisted through every retry counts against the target. */
export interface RateLimited {
  readonly persisted: boolean;
  readonly why: string;
}

/** A 429 the client waited out (its Retry-After, bounded) and sent the request again after. */
export interface Retry {
  readonly status: number;
  readonly waitedMs: number;
}

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** True when `body` holds only the first {@link RECORDED_BODY_LIMIT} characters. */
  readonly bodyTruncated?: true;
  /** Where the request carried a credential, and the shell expression that rebuilds it from $PETSTORE_API_KEY. */
  readonly credential?: { readonly place: { readonly kind: 'header' | 'query' | 'body'; readonly name: string }; readonly shell: string };
}

export interface RecordedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[]>>;
  readonly body: string;
  /** The body's size in bytes as received. */
  readonly bodyBytes: number;
  /** True when `body` holds only the first {@link RECORDED_BODY_LIMIT} characters. */
  readonly bodyTruncated?: true;
}

/** Why no complete response arrived. */
export interface TransportError {
  /** Stable code: TIMEOUT, TOO_LARGE, CONNECTION_REFUSED, CONNECTION_RESET, ... or the library's own code. */
  readonly code: string;
  /** What the client was doing: connecting, waiting for the response headers, reading the body. */
  readonly phase: 'connect' | 'headers' | 'body';
  readonly message: string;
}

/** How much of a body a record keeps. Checks always see the whole body. */
export const RECORDED_BODY_LIMIT = 64 * 1024;
