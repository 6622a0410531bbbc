import { gzipSync } from 'node:zlib';
import { jsonText } from '../../json/write.js';
import { fault } from './fault.js';

/** Bugs in how bodies are served. */
export const mediaFaults = [
  fault('unauthorized-plain-text', 'MEDIA-1',
    'The 401 comes from a proxy that answers with a plain-text "Unauthorized".',
    (base) => ({
      send: (response, status, body, headers) => {
        if (status !== 401) return base.send(response, status, body, headers);
        response.writeHead(401, { 'content-type': 'text/plain', ...headers });
        response.end('Unauthorized');
      },
    }), ['ERROR-1']),
  fault('content-type-html', 'MEDIA-1',
    'A framework default serves every response as text/html.',
    () => ({
      send: (response, status, body, headers) => {
        response.writeHead(status, { ...headers, 'content-type': 'text/html; charset=utf-8' });
        response.end(jsonText(body));
      },
    })),
  fault('created-without-body', 'MEDIA-1',
    'The create handler answers 201 and forgets to write the created category.',
    (base) => ({
      send: (response, status, body, headers) => {
        if (status !== 201) return base.send(response, status, body, headers);
        response.writeHead(201, { 'content-type': 'application/json', ...headers });
        response.end();
      },
    })),
  fault('gzip-regardless', 'MEDIA-1',
    'A compression middleware gzips every response, even when the client accepts only identity.',
    () => ({
      send: (response, status, body, headers) => {
        response.writeHead(status, { 'content-type': 'application/json', 'content-encoding': 'gzip', ...headers });
        response.end(gzipSync(jsonText(body)));
      },
    }), ['ERROR-1']),
  fault('json-trailing-data', 'MEDIA-1',
    'A logging wrapper appends a newline and the request id after the JSON body.',
    () => ({
      send: (response, status, body, headers) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(`${jsonText(body)}\nreq-7f3a`);
      },
    }), ['ERROR-1']),
];
