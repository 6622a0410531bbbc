import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/http/failure.js';

const options = { timeoutMs: 1500, maxResponseBytes: 1000 };
const error = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('describeFailure', () => {
  it.each([
    [error('ENOTFOUND', 'getaddrinfo ENOTFOUND petstore.invalid'), 'HOST_NOT_FOUND', 'connect'],
    [error('EAI_AGAIN'), 'HOST_NOT_FOUND', 'connect'],
    [error('ECONNREFUSED'), 'CONNECTION_REFUSED', 'connect'],
    [error('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'), 'DEPTH_ZERO_SELF_SIGNED_CERT', 'connect'],
    [error('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'connect'],
    [error('ERR_TLS_CERT_ALTNAME_INVALID'), 'ERR_TLS_CERT_ALTNAME_INVALID', 'connect'],
    [error('ECONNRESET'), 'CONNECTION_RESET', 'headers'],
    [error('UND_ERR_SOCKET', 'other side closed'), 'CONNECTION_CLOSED', 'headers'],
    [error('UND_ERR_RES_EXCEEDED_MAX_SIZE'), 'TOO_LARGE', 'body'],
  ])('names %s as %s while connecting or reading', (thrown, code, phase) => {
    expect(describeFailure(thrown, 'headers', options)).toMatchObject({ code, phase });
  });

  it('says which phase a deadline caught', () => {
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    expect(describeFailure(timeout, 'headers', options).message).toBe('no complete response within 1500 ms: still waiting for the response headers (--timeout sets the deadline)');
    expect(describeFailure(timeout, 'body', options).message).toBe('no complete response within 1500 ms: still waiting for the rest of the response body (--timeout sets the deadline)');
  });

  it('says when the deadline was the short one, and which exchange made it short', () => {
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    expect(describeFailure(timeout, 'headers', options, undefined, { ms: 1000, shortenedBecause: 'list-1, a request of the same shape, got none' }).message).toBe(
      'no complete response within 1000 ms: still waiting for the response headers (a short deadline, not the 1500 ms of --timeout: list-1, a request of the same shape, got none)');
  });

  // The key is removed from messages where they leave for output (checks/evidence.ts), as from every record.
  it('tells an interrupted run from a failing target', () => {
    const controller = new AbortController();
    controller.abort('SIGINT');
    expect(describeFailure(new Error('aborted'), 'body', options, controller.signal).code).toBe('INTERRUPTED');
  });
});
