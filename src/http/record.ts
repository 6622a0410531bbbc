/**
 * The records of an exchange's two sides, as reports show them: the request as shown (its credential described),
 * bodies cut at {@link RECORDED_BODY_LIMIT} characters, and whatever the key is redacted from all of it.
 */
import type { Redactor } from '../core/secrets.js';
import { RECORDED_BODY_LIMIT, type RecordedRequest, type RecordedResponse } from './exchange.js';
import type { OutgoingRequest, PreparedRequest } from './outgoing.js';

/** The record of a request: what `prepared` shows of it, and where its credential went. */
export function recordRequest(request: OutgoingRequest, prepared: PreparedRequest, redactor: Redactor): RecordedRequest {
  const redact = (text: string) => redactor.redact(text);
  const { credential } = request;
  return {
    method: request.method,
    url: redact(prepared.shownUrl),
    headers: Object.fromEntries(Object.entries(prepared.shownHeaders).map(([k, v]) => [k, redact(v)])),
    ...(prepared.shownBody !== undefined ? { body: redact(clip(prepared.shownBody)) } : {}),
    ...((prepared.shownBody?.length ?? 0) > RECORDED_BODY_LIMIT ? { bodyTruncated: true as const } : {}),
    ...(credential ? { credential: { place: credential.place, shell: redact(credential.shell) } } : {}),
  };
}

/** The record of a response; `bytes` is its whole body, of which the record keeps the start. */
export function recordResponse(status: number, headers: Record<string, string | string[] | undefined>, bytes: Buffer, redactor: Redactor): RecordedResponse {
  // Only what is recorded is decoded (a list of 100,000 is decoded once, when a check parses it): every
  // character takes at most 4 bytes, so the first 4 × limit bytes hold the first `limit` characters.
  const text = (bytes.length > RECORDED_BODY_LIMIT * 4 ? bytes.subarray(0, RECORDED_BODY_LIMIT * 4) : bytes).toString('utf8');
  const redact = (value: string) => redactor.redact(value);
  const recordedHeaders: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) recordedHeaders[name] = Array.isArray(value) ? value.map(redact) : redact(value);
  }
  return {
    status,
    headers: recordedHeaders,
    body: redact(clip(text)),
    bodyBytes: bytes.length,
    ...(text.length > RECORDED_BODY_LIMIT ? { bodyTruncated: true as const } : {}),
  };
}

function clip(text: string): string {
  return text.length > RECORDED_BODY_LIMIT ? text.slice(0, RECORDED_BODY_LIMIT) : text;
}
