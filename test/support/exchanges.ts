/**
 * Recorded exchanges and audit subjects, built in memory (no network): what the audits' and the closing checks' tests
 * judge. The operations and validators are the bundled spec's own, so that a judge sees what a run would give it.
 */
import type { AuditSubject, ExchangeAudit } from '../../src/checks/audits/audit.js';
import type { CredentialSent } from '../../src/http/credential.js';
import type { Exchange, RateLimited, TransportError } from '../../src/http/exchange.js';
import { Reply } from '../../src/http/reply.js';
import { newRunState, type RunState } from '../../src/runtime/run-state.js';
import { WriteBudget } from '../../src/runtime/write-budget.js';
import { loadSpec } from '../../src/spec/load.js';
import { pathVariants, type Operation } from '../../src/spec/types.js';
import { compileValidators } from '../../src/spec/validators.js';

const { model } = await loadSpec();
const operation = (key: string) => model.operations.find((o) => o.key === key) as Operation;

/** The bundled spec, its validators, and its operations: the list, the create, the pets lookup (it documents only 401). */
export const spec = {
  model,
  validators: compileValidators(model),
  list: operation('GET /categories'),
  create: operation('POST /categories'),
  pet: operation('GET /pets/{petId}'),
  /** The list and the create at `/categories/`: a path the spec does not list. */
  listVariant: pathVariants(operation('GET /categories'))[0] as Operation,
  createVariant: pathVariants(operation('POST /categories'))[0] as Operation,
};

/** A 200 or 201's usual headers. */
export const JSON_TYPE = { 'content-type': 'application/json' } as const;

/** What one exchange was. Without `transportError`, a response came with `status` (default 200). */
export interface ExchangeParts {
  /** Default `test-1`. */
  readonly id?: string;
  /** What was requested (default the list); its method and path make the recorded request. */
  readonly operation?: Operation;
  /** The request's query, as it ends the URL: `?limit=5`. */
  readonly query?: string;
  readonly status?: number;
  /** The response's headers as recorded (names in lower case); default {@link JSON_TYPE} when a body came, else none. */
  readonly headers?: Readonly<Record<string, string | string[]>>;
  /** The body as JSON.stringify writes it. */
  readonly json?: unknown;
  /** The body exactly as received (big integers, broken JSON, bytes that are not UTF-8). */
  readonly raw?: string | Buffer;
  readonly transportError?: TransportError;
  readonly rateLimited?: RateLimited;
}

/** The reply to one request, as the HTTP client would hand it to a check. */
export function replyOf(parts: ExchangeParts = {}): Reply {
  const op = parts.operation ?? spec.list;
  const bytes = parts.raw !== undefined ? Buffer.from(parts.raw) : parts.json !== undefined ? Buffer.from(JSON.stringify(parts.json)) : Buffer.alloc(0);
  const request = { method: op.method, url: `http://127.0.0.1:9/v1${op.path.replace('{petId}', '1')}${parts.query ?? ''}`, headers: {} };
  const response = parts.transportError ? undefined : {
    status: parts.status ?? 200,
    headers: parts.headers ?? (bytes.length > 0 ? JSON_TYPE : {}),
    body: bytes.toString('utf8'),
    bodyBytes: bytes.length,
  };
  const exchange: Exchange = {
    id: parts.id ?? 'test-1', operation: op.key, startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1, request,
    ...(response ? { response } : {}),
    ...(parts.transportError ? { transportError: parts.transportError } : {}),
    ...(parts.rateLimited ? { rateLimited: parts.rateLimited } : {}),
  };
  return new Reply(exchange, response ? bytes : undefined);
}

/** A timeout while waiting for the response headers. */
export const TIMED_OUT: TransportError = { code: 'TIMEOUT', phase: 'headers', message: 'no response headers within 10000 ms' };

/** A run's state before its first request: nothing created, no write limit, `topUp` categories the top-up may add. */
export function newRun(topUp = 0): RunState {
  return newRunState(new WriteBudget(Number.POSITIVE_INFINITY), new WriteBudget(topUp));
}

/** What an audit is told of an exchange beyond the exchange itself. */
export interface SubjectParts extends ExchangeParts {
  /** Default `documented`: the valid key, as the contract shows it. */
  readonly credential?: CredentialSent;
  readonly alsoAllowed?: readonly number[];
  /** Default a new run's. */
  readonly run?: RunState;
}

/** An exchange as an audit judges it. */
export function subjectOf(parts: SubjectParts = {}): AuditSubject {
  return {
    reply: replyOf(parts),
    operation: parts.operation ?? spec.list,
    alsoAllowed: parts.alsoAllowed ?? [],
    credential: parts.credential ?? 'documented',
    validators: spec.validators,
    run: parts.run ?? newRun(),
  };
}

/** An audit's verdict on one exchange: its violations (empty: kept), or NOT_APPLICABLE. */
export function judged(audit: ExchangeAudit, parts: SubjectParts = {}): ReturnType<ExchangeAudit['judge']> {
  return audit.judge(subjectOf(parts));
}

/** An Error body the spec's Error schema takes. */
export function errorBody(status: number, more: Record<string, unknown> = {}): Record<string, unknown> {
  return { code: status === 401 ? 'unauthorized' : 'bad_request', message: 'refused', status, ...more };
}
