import { afterAll, describe, expect, it } from 'vitest';
import { KeyRefusedError } from '../../src/core/errors.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { revisionById } from '../../src/reference/revisions.js';
import { ensureReachable } from '../../src/runner/preflight.js';
import { loadSpec } from '../../src/spec/load.js';
import { operationOf } from '../../src/spec/mapping.js';
import { revisedSpecFile } from '../support/spec-files.js';

describe('ensureReachable', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('reads the list with the Accept its checks send: a server that negotiates before it authenticates still tells a wrong key', async () => {
    // The revision's server answers 406 to a request whose Accept does not take its vendor type, before it reads the key.
    const server = await startReferenceServer({ revision: 'vendor-media-type', apiKey: 'psk_the-right-key-0123456789' });
    servers.push(server);
    const { model } = await loadSpec(await revisedSpecFile(revisionById('vendor-media-type').revise));
    const key = { key: 'psk_a-wrong-key-9876543210', source: 'PETSTORE_API_KEY', operations: model.operations };
    const settings = { timeoutMs: 2000, insecure: false };
    await expect(ensureReachable(server.url, settings, operationOf(model.operations, 'list'), undefined, key)).rejects.toThrow(KeyRefusedError);
    await expect(ensureReachable(server.url, settings, operationOf(model.operations, 'list'), undefined, { ...key, key: server.apiKey })).resolves.toBeUndefined();
  });
});
