import { describe, expect, it } from 'vitest';
import { describeFailure, OUTSIDE_THE_TARGET } from '../../src/http/failure.js';

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

  // Before: the whole of OpenSSL's line, its source file and line number in it.
  it.each([
    ['C0F7A1A5587F0000:error:0A000410:SSL routines:ssl3_read_bytes:sslv3 alert handshake failure:../deps/openssl/openssl/ssl/record/rec_layer_s3.c:1601:SSL alert number 40',
      'sslv3 alert handshake failure (SSL alert number 40)'],
    ['80A8D9E1F07F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:354:', 'wrong version number'],
    ['socket hang up', 'socket hang up'],
  ])('gives OpenSSL\'s reason, not its source: %s', (message, shown) => {
    expect(describeFailure(error('EPROTO', message), 'connect', options).message).toBe(shown);
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

  // As Node reports them: the alert's code when it comes after the handshake (TLS 1.3), OpenSSL's message under EPROTO
  // when it ends the handshake (TLS 1.2); and as undici's ProxyAgent reports a proxy that refused.
  it.each([
    [error('ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED', 'error:0A00045C:SSL routines:ssl3_read_bytes:tlsv13 alert certificate required:../deps/openssl/ssl/record/rec_layer_s3.c:1601:SSL alert number 116'),
      'CLIENT_CERTIFICATE_REQUIRED', 'the server requires a TLS client certificate (TLS alert "certificate required")'],
    [error('ERR_SSL_TLSV1_ALERT_UNKNOWN_CA', 'error:0A000418:SSL routines:ssl3_read_bytes:tlsv1 alert unknown ca:../deps/openssl/ssl/record/rec_layer_s3.c:1601:SSL alert number 48'),
      'CLIENT_CERTIFICATE_REFUSED', 'the server refused the TLS client certificate (TLS alert "unknown ca")'],
    [error('EPROTO', 'write EPROTO 80:error:0A000412:SSL routines:ssl3_read_bytes:sslv3 alert bad certificate:../deps/openssl/ssl/record/rec_layer_s3.c:1601:SSL alert number 42'),
      'CLIENT_CERTIFICATE_REFUSED', 'the server refused the TLS client certificate (TLS alert "bad certificate")'],
    [error('ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED'), 'CLIENT_CERTIFICATE_REFUSED', 'the server refused the TLS client certificate (TLS alert "certificate expired")'],
    [error('UND_ERR_ABORTED', 'Proxy response (407) !== 200 when HTTP Tunneling'), 'PROXY_REFUSED', 'the proxy answered 407 instead of the target'],
    [error('UND_ERR_INVALID_ARG', 'Proxy Authentication Required (407)'), 'PROXY_REFUSED', 'the proxy answered 407 instead of the target'],
  ])('names a refusal of what the run brought (%s) as the run\'s, not the target\'s', (thrown, code, message) => {
    expect(describeFailure(thrown, 'headers', options)).toEqual({ code, phase: 'connect', message });
    expect(OUTSIDE_THE_TARGET.has(code)).toBe(true);
  });

  it('leaves a handshake failure that may have other causes as it is', () => {
    const handshake = error('EPROTO', 'write EPROTO 80:error:0A000410:SSL routines:ssl3_read_bytes:sslv3 alert handshake failure:../deps/openssl/ssl/record/rec_layer_s3.c:1601:SSL alert number 40');
    expect(describeFailure(handshake, 'headers', options)).toMatchObject({ code: 'EPROTO', phase: 'connect' });
  });
});
