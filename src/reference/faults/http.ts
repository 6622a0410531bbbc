import { depthOf, longestNumberOf, propertiesIn } from '../json-shape.js';
import { isRefusal, refuse, type Behaviour, type Refusal } from '../behaviour.js';
import { fault } from './fault.js';

/** Names the transport faults react to: rare inputs, so that each costs one deadline, not dozens. */
const nameOf = (body: unknown): string => {
  const name = (body as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : '';
};

/** A parser that throws (the server answers 500) on a body past a limit of its own, which `chokes` finds in the raw text. */
const parserThrowing = (chokes: (raw: string) => boolean, error: string) => (base: Behaviour): Partial<Behaviour> => ({
  parse: (raw, contentType) => {
    if (chokes(raw)) throw new Error(error);
    return base.parse(raw, contentType);
  },
});

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
  fault('deep-nesting-500', 'HTTP-1',
    'The body is read by a recursive-descent JSON parser that goes down a level a call (Python\'s json, as Flask runs it): past 900 levels it runs out of stack, and the RecursionError surfaces as 500.',
    parserThrowing((raw) => depthOf(raw) > 900, 'maximum recursion depth exceeded while decoding a JSON array')),
  fault('long-number-500', 'HTTP-1',
    'Integers are read with Python\'s int(), which refuses more than 4,300 digits with a ValueError that the handler does not catch: 500.',
    parserThrowing((raw) => longestNumberOf(raw) > 4300, 'Exceeds the limit (4300 digits) for integer string conversion')),
  fault('many-properties-500', 'HTTP-1',
    'Properties the model does not know are kept as key-value rows inserted in one statement, two parameters a row: past SQLite\'s 999 parameters the insert fails with 500.',
    (base) => ({
      store: (store, category, body) => {
        if (2 * propertiesIn(body) > 999) throw new Error('too many SQL variables');
        return base.store(store, category, body);
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
  fault('create-accepted-202', 'HTTP-1',
    'Creates go through a queue: the handler answers 202 Accepted with the category it will hold, and a worker stores it.',
    (base) => ({ send: (response, status, body, headers) => base.send(response, status === 201 ? 202 : status, body, headers) }), ['CREATE-1']),
  fault('create-500-when-busy', 'HTTP-1',
    'The store is SQLite, which locks the database for each insert: a create while another is under way gets "database is ' +
    'locked", which the framework answers with its plain-text 500.',
    (base) => {
      let inserting = 0;
      return {
        store: async (store, category, body) => {
          if (inserting > 0) throw new Error('database is locked');
          inserting++;
          try {
            await new Promise((resolve) => setTimeout(resolve, 2));
            return await base.store(store, category, body);
          } finally {
            inserting--;
          }
        },
        send: (response, status, body, headers) => {
          if (status !== 500) return base.send(response, status, body, headers);
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          response.end('Internal Server Error');
        },
      };
    }, ['CREATE-1']),
  fault('invalid-body-422', 'HTTP-1',
    'Request validation is FastAPI\'s: a body it cannot parse or validate gets 422 with its {"detail": [...]} list, ' +
    'where the contract documents 400 and an Error.',
    (base) => ({
      parse: (raw, contentType) => unprocessable(base.parse(raw, contentType)),
      validate: (body) => unprocessable(base.validate(body)),
      errorBody: (status, code, message) => (status === 422 ? { detail: [{ type: code, loc: ['body'], msg: message, input: null }] } : base.errorBody(status, code, message)),
    })),
];

/** A refusal with 400 turned into FastAPI's 422; anything else as it is. */
function unprocessable<T extends object>(outcome: T | Refusal): T | Refusal {
  return isRefusal(outcome) && (outcome.refused.status ?? 400) === 400 ? refuse(outcome.refused.code, outcome.refused.message, 422) : outcome;
}
