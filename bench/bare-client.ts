/**
 * The bench's yardstick for the HTTP layer: a client that only sends requests and reads their answers, with undici
 * and nothing else (no checks, no validation, no test runner), in a process of its own as the CLI's worker is. What
 * it takes beyond the target's busy time is what any client pays on this machine: writing and reading over
 * loopback, the target's HTTP parsing outside its handler, and each side waking up for the other.
 *
 *   node dist/bench/bare-client.js <base URL> <count> [in flight]        (the API key in PETSTORE_API_KEY)
 *
 * Sends one request first, as the CLI's first contact (the bench's target leaves it out of its busy time), then
 * `count` requests, a create and then a list read, one at a time or `in flight` at once (as a run's concurrency), and
 * prints `{"spanMs": …}`: from the start of the first of them to the end of the last answer read.
 */
import { Pool } from 'undici';

const [base, countArg, inFlightArg = '1'] = process.argv.slice(2);
const count = Number(countArg);
const inFlight = Number(inFlightArg);
const apiKey = process.env['PETSTORE_API_KEY'];
if (!base || !Number.isInteger(count) || count < 1 || !Number.isInteger(inFlight) || inFlight < 1 || !apiKey) {
  throw new Error('usage: PETSTORE_API_KEY=… node bare-client.js <base URL> <count of 1 or more> [in flight, 1 or more]');
}

const url = new URL(`${base.replace(/\/$/, '')}/categories`);
const pool = new Pool(url.origin);
const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };

/**
 * One exchange, its body read to the end. Any answer but the expected one stops the client: a 401 or 400 takes as
 * long to come, and timing it would measure the wrong exchange.
 */
async function exchange(n: number): Promise<void> {
  const create = n % 2 === 0;
  const { statusCode, body } = await pool.request({
    path: url.pathname, method: create ? 'POST' : 'GET', headers,
    ...(create ? { body: JSON.stringify({ name: `bare ${n}` }) } : {}),
  });
  await body.text();
  const expected = create ? 201 : 200;
  if (statusCode !== expected) throw new Error(`${create ? 'POST' : 'GET'} ${url.pathname} answered ${statusCode}, not ${expected}`);
}

await exchange(-1);
const started = performance.now();
let next = 0;
// `inFlight` lanes, each sending its next exchange as soon as its last was answered.
await Promise.all(Array.from({ length: Math.min(inFlight, count) }, async () => {
  while (next < count) await exchange(next++);
}));
process.stdout.write(JSON.stringify({ spanMs: performance.now() - started }));
await pool.close();
