import { describe, expect, it } from 'vitest';
import { certificateRefusal } from '../../src/http/certificate-answer.js';

/** nginx's page when it refuses a client certificate after the handshake (nginx 1.22.1, as a hunt saw it). */
const page = (title: string) => `<html>\r\n<head><title>400 ${title}</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n` +
  `<center>${title}</center>\r\n<hr><center>nginx/1.22.1</center>\r\n</body>\r\n</html>\r\n`;

describe('certificateRefusal', () => {
  it('tells nginx\'s answers to a missing certificate and to one it refuses, quoting them', () => {
    expect(certificateRefusal(400, page('No required SSL certificate was sent'))).toMatchObject({
      code: 'CLIENT_CERTIFICATE_REQUIRED', message: 'the server requires a TLS client certificate (it answered 400 "No required SSL certificate was sent" after the TLS handshake)',
    });
    expect(certificateRefusal(400, page('The SSL certificate error'))).toMatchObject({
      code: 'CLIENT_CERTIFICATE_REFUSED', message: 'the server refused the TLS client certificate (it answered 400 "The SSL certificate error" after the TLS handshake)',
    });
    expect(certificateRefusal(403, page('No required SSL certificate was sent'))).toMatchObject({ code: 'CLIENT_CERTIFICATE_REQUIRED' });
  });

  it('takes nginx\'s own statuses, sent as they are, for what they mean', () => {
    expect(certificateRefusal(496, '')).toMatchObject({ code: 'CLIENT_CERTIFICATE_REQUIRED', message: 'the server requires a TLS client certificate (it answered 496 after the TLS handshake)' });
    expect(certificateRefusal(495, '')).toMatchObject({ code: 'CLIENT_CERTIFICATE_REFUSED' });
  });

  it('leaves any other answer to the target: a 400 or 403 that says nothing of a certificate', () => {
    expect(certificateRefusal(400, '{"code":"bad_request","message":"invalid"}')).toBeUndefined();
    expect(certificateRefusal(403, '<html><head><title>403 Forbidden</title></head></html>')).toBeUndefined();
  });
});
