/**
 * The records of an exchange's two sides: the request as shown (its credential described, never its value), bodies
 * cut at {@link RECORDED_BODY_LIMIT} characters, and what came back as it came. Checks, audits and reporters read
 * them as they are: what a target echoes of the key is removed where text is written (the console, the report files,
 * a shard's blob), not here, so that nothing ever reads a URL or a body that redaction changed (a host that shares
 * half the key became `http://[REDACTED]/v1`, which no URL parser takes).
 */
import { RECORDED_BODY_LIMIT, type RecordedRequest, type RecordedResponse } from './exchange.js';
import type { OutgoingRequest, PreparedRequest } from './outgoing.js';
import { textStart } from '../core/text-start.js';

/** The record of a request: what `prepared` shows of it, and where its credential went. */
export function recordRequest(request: OutgoingRequest, prepared: PreparedRequest): RecordedRequest {
  const { credential } = request;
  return {
    method: request.method,
    url: prepared.shownUrl,
    headers: prepared.shownHeaders,
    ...(prepared.shownBody !== undefined ? { body: clip(prepared.shownBody) } : {}),
    ...((prepared.shownBody?.length ?? 0) > RECORDED_BODY_LIMIT ? { bodyTruncated: true as const } : {}),
    ...(credential ? { credential: { place: credential.place, shell: credential.shell } } : {}),
  };
}

/** The record of a response; `bytes` is its whole body, of which the record keeps the start. */
export function recordResponse(status: number, headers: Record<string, string | string[] | undefined>, bytes: Buffer): RecordedResponse {
  // Only what is recorded is decoded (a list of 100,000 is decoded once, when a check parses it): every
  // character takes at most 4 bytes, so the first 4 × limit bytes hold the first `limit` characters.
  const text = (bytes.length > RECORDED_BODY_LIMIT * 4 ? bytes.subarray(0, RECORDED_BODY_LIMIT * 4) : bytes).toString('utf8');
  const recordedHeaders: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) recordedHeaders[name] = value;
  return {
    status,
    headers: recordedHeaders,
    body: clip(text),
    bodyBytes: bytes.length,
    ...(text.length > RECORDED_BODY_LIMIT ? { bodyTruncated: true as const } : {}),
  };
}

function clip(text: string): string {
  return textStart(text, RECORDED_BODY_LIMIT);
}
