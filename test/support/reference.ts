import { startReferenceServer, type ReferenceOptions, type ReferenceServer } from '../../src/reference/server.js';

const started: ReferenceServer[] = [];

/**
 * Closes the servers {@link reference} started. After each test of every end-to-end file (test/support/servers-closed.ts,
 * a setup file): a hook registered here would be registered once per worker, with the first file that imported this
 * module, since those files share their workers' modules.
 */
export async function closeReferenceServers(): Promise<void> {
  await Promise.all(started.splice(0).map((s) => s.close()));
}

/** A reference server for one test, closed after it. */
export async function reference(options: ReferenceOptions = {}): Promise<ReferenceServer> {
  const server = await startReferenceServer(options);
  started.push(server);
  return server;
}

/** What the target holds: its list, read with its key. */
export async function listOf(server: Pick<ReferenceServer, 'url' | 'apiKey'>): Promise<{ id: number | string; name: string }[]> {
  const response = await fetch(`${server.url}/categories`, { headers: { authorization: `Bearer ${server.apiKey}` } });
  return (await response.json()) as { id: number; name: string }[];
}
