#!/usr/bin/env node
/**
 * `npm run reference`: serves the reference implementation for people who build clients. The key comes from
 * PETSTORE_API_KEY; without it one is generated and shown once, since this local server has no other.
 */
import { parseArgs } from 'node:util';
import { API_KEY_ENV } from '../core/api-key-variable.js';
import { FAULTS } from './faults/index.js';
import { startReferenceServer } from './server.js';

const USAGE = `Usage: npm run reference -- [--port <n>] [--host <address>] [--fault <id>]...

Serves the Pet Store Service v1 reference implementation (in memory) until interrupted.
  --port <n>        port to listen on (default 8080; 0 picks a free one)
  --host <address>  address to bind (default 127.0.0.1)
  --fault <id>      switch on a fault, to see how clients cope (repeatable); known: ${FAULTS.map((f) => f.id).join(', ')}
The API key is PETSTORE_API_KEY, or a generated one that is printed once.`;

try {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '8080' }, host: { type: 'string', default: '127.0.0.1' }, fault: { type: 'string', multiple: true }, help: { type: 'boolean' } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
  } else {
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
    const given = process.env[API_KEY_ENV];
    const server = await startReferenceServer({ port, host: values.host, faults: values.fault ?? [], ...(given ? { apiKey: given } : {}) });
    console.log(`Pet Store Service v1 reference at ${server.url}`);
    console.log(given ? 'API key: the value of PETSTORE_API_KEY' : `API key (generated for this server): ${server.apiKey}`);
    if (server.faults.length) console.log(`Faults on: ${server.faults.map((f) => f.id).join(', ')}`);
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
} catch (error) {
  console.error(`petstore reference: ${(error as Error).message}`);
  process.exitCode = 2;
}
