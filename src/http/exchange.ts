/**
 * One request and what came back, as reports show it: credentials described, not sent values; bodies kept up
 * to {@link RECORDED_BODY_LIMIT} characters; any echo of the key removed.
 */
export interface Exchange {
  /** Unique within a run, e.g. `auth-12`: failures and audits point at exchanges by it. */
  readonly id: string;
  /** The spec operation it exercised, e.g. `POST /categories`. */
  readonly operation: string;
  readonly request: RecordedRequest;
  readonly response?: RecordedResponse;
  /** Set when no complete response arrived. */
  readonly transportError?: TransportError;
  /** From sending the request to the end of the response or the failure. */
  readonly durationMs: number;
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
