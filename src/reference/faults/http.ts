import { fault } from './fault.js';

/** Names the transport faults react to: rare inputs, so that each costs one deadline, not dozens. */
const nameOf = (body: unknown): string => {
  const name = (body as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : '';
};

/** Transport and status bugs. */
export const httpFaults = [
  fault('create-redirects', 'HTTP-1',
    'POST /categories redirects to /categories/ (a trailing-slash rule), which clients must not follow with the key.',
    (base) => ({
      send: (response, status, body, headers) => {
        if (status !== 201) return base.send(response, status, body, headers);
        response.writeHead(308, { location: '/v1/categories/' });
        response.end();
      },
    })),
  fault('long-names-hang', 'HTTP-1',
    'Names over 5,000 characters send the search indexer into a loop; the request never gets an answer.',
    (base) => ({
      store: (store, category, body) => (nameOf(body).length > 5000 ? new Promise(() => undefined) : base.store(store, category, body)),
    })),
  fault('nul-resets-connection', 'HTTP-1',
    'A name with U+0000 crashes the native driver, which takes the connection down with it.',
    (base) => ({
      send: (response, status, body, headers) => {
        if (status === 201 && nameOf(body).includes('\u0000')) {
          response.socket?.destroy();
          return;
        }
        base.send(response, status, body, headers);
      },
    })),
  fault('del-endless-body', 'HTTP-1',
    'A name with DEL (U+007F) puts the response encoder into a loop that streams padding and never ends the body.',
    (base) => ({
      send: (response, status, body, headers) => {
        if (status !== 201 || !nameOf(body).includes('\u007f')) return base.send(response, status, body, headers);
        response.writeHead(201, { 'content-type': 'application/json', ...headers });
        response.write('{"id":');
        const timer = setInterval(() => response.write(' '), 50);
        response.on('close', () => clearInterval(timer));
      },
    })),
  fault('control-characters-500', 'HTTP-1',
    'The search index rejects control characters with an exception that surfaces as 500.',
    (base) => ({
      store: (store, category, body) => {
        if (/[\u0000-\u001f]/.test(category.name)) throw new Error('invalid character in index key');
        return base.store(store, category, body);
      },
    })),
];
