/**
 * Trust under faults (issue 24): the real CLI against bad keys, production targets that store what they must refuse,
 * broken disks and consoles, crashing checks, echoed keys, hostile certificates, shared report directories, huge
 * bodies, outages and wrong keys. Whatever happens, the run ends, sends nothing that could create on production, prints
 * its verdict, writes whole reports or says which are missing, blames the target only for what the target did, and
 * writes the key nowhere.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { filesBelow, runCli, tempDir } from '../support/cli.js';

/** Every run of half (rounded down) of the key, in any letter case, in any of these texts: what would leak it. */
function leaks(texts: readonly string[], key: string): string[] {
  const half = Math.floor(key.length / 2);
  const pieces = Array.from({ length: key.length - half + 1 }, (_, i) => key.slice(i, i + half).toLowerCase());
  return texts.flatMap((text) => pieces.filter((piece) => text.toLowerCase().includes(piece)));
}

describe('a key a header cannot carry', () => {
  // undici refused such a key on some requests and left the others unsettled: the run hung until the checks' own
  // ten-minute limit, deaf to the first SIGINT. It is refused before anything is sent.
  it.concurrent.for([
    ['a trailing zero-width space in PETSTORE_API_KEY', 'env', 'psk_trust_key_0123456789\u200b', /^petstore-conformance: PETSTORE_API_KEY holds an invisible formatting character inside the key \(U\+200B, character 25 of 25\), which a bearer token in an HTTP header cannot carry/],
    ['a control character in --api-key-file', 'file', 'psk_trust_\u0007key_0123456789', /holds a control character inside the key \(U\+0007, character 11 of 25\)/],
    ['a character beyond Latin-1', 'env', 'psk_trust_key_\u20ac123456789', /holds a character outside ASCII inside the key \(U\+20AC, character 15 of 24\)/],
  ] as const)('%s: exit 2, naming the place and kind of character, never the key', async ([, source, key, message], { expect }) => {
    const dir = await tempDir();
    const file = join(dir, 'key');
    await writeFile(file, `${key}\n`, { mode: 0o600 });
    const args = ['--target', 'http://127.0.0.1:9/v1', '--report-dir', join(dir, 'reports'), ...(source === 'file' ? ['--api-key-file', file] : [])];
    const result = await runCli(args, source === 'env' ? { PETSTORE_API_KEY: key } : {});
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
    expect(leaks([result.stdout, result.stderr], key)).toEqual([]);
    expect((await filesBelow(dir)).map((f) => f.path)).toEqual([file]);
  });
});
