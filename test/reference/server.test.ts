import { describe, expect, it } from 'vitest';
import { startReferenceServers } from '../../src/reference/server.js';

/**
 * The servers listening in this thread, once the ones closed are gone: a closed server's handle is released a turn of
 * the event loop after its close callback.
 */
async function listening(): Promise<number> {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  return process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;
}

describe('startReferenceServers', () => {
  it('starts one reference for each options, in order', async () => {
    const servers = await startReferenceServers([{ apiKey: 'psk_first' }, { apiKey: 'psk_second', faults: ['name-trimmed'] }]);
    try {
      expect(servers.map((s) => s.apiKey)).toEqual(['psk_first', 'psk_second']);
      expect(servers.map((s) => s.faults.map((f) => f.id))).toEqual([[], ['name-trimmed']]);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });

  it('leaves none listening when one cannot start, and says which', async () => {
    const before = await listening();
    // An unsigned TINYINT id column takes 255 categories: the 256th to preload fails the start.
    await expect(startReferenceServers([{}, { faults: ['ids-tinyint'], preload: 256 }, { variants: ['slow'] }]))
      .rejects.toThrow("the reference with fault ids-tinyint, 256 categories preloaded did not start: Out of range value for column 'id'");
    expect(await listening()).toBe(before);
  });
});
