/**
 * What identifies the suite's requests to the target's operators: a User-Agent naming the suite and its version, so
 * that its traffic can be filtered and allow-listed, and a W3C Trace Context `traceparent` on every request, so that
 * an exchange in the reports can be matched with the server's logs and traces.
 */

import { randomBytes } from 'node:crypto';
import { suiteVersion } from '../core/package-info.js';

/** The User-Agent every request carries: `petstore-conformance/<version>`. */
export const USER_AGENT = `petstore-conformance/${suiteVersion}`;

/** A `traceparent` as the suite sends it: version 00, a trace id, a span (parent) id, flags 01 (sampled). */
export const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/;

/** A random trace id: 32 lower-case hex digits, never all zeros (W3C Trace Context §3.2.2.3 makes that invalid). */
export function newTraceId(): string {
  return randomHex(16);
}

/** A random span (parent) id: 16 lower-case hex digits, never all zeros. */
export function newSpanId(): string {
  return randomHex(8);
}

/** The `traceparent` header value of one request: `00-<trace id>-<span id>-01`. */
export function traceparent(traceId: string, spanId: string): string {
  return `00-${traceId}-${spanId}-01`;
}

/**
 * Random bytes for ids are taken from a pool filled a few kilobytes at a time, not from a call to randomBytes for
 * each id: every request takes one or two.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

function randomHex(bytes: number): string {
  for (;;) {
    if (used + bytes > pool.length) {
      pool = randomBytes(POOL_BYTES);
      used = 0;
    }
    const hex = pool.toString('hex', used, used + bytes);
    used += bytes;
    if (/[^0]/.test(hex)) return hex;
  }
}
