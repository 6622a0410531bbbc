import { fault } from './fault.js';

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
  fault('control-characters-500', 'HTTP-1',
    'The search index rejects control characters with an exception that surfaces as 500.',
    (base) => ({
      store: (store, category, body) => {
        if (/[\u0000-\u001f]/.test(category.name)) throw new Error('invalid character in index key');
        return base.store(store, category, body);
      },
    })),
];
