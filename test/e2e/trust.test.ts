/**
 * Trust under faults (issue 24): the real CLI against bad keys, production targets that store what they must refuse,
 * broken disks and consoles, crashing checks, echoed keys, hostile certificates, shared report directories, huge
 * bodies, outages and wrong keys. Whatever happens, the run ends, sends nothing that could create on production, prints
 * its verdict, writes whole reports or says which are missing, blames the target only for what the target did, and
 * writes the key nowhere.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesBelow, readReport, runCli, tempDir } from '../support/cli.js';
import { hostileServer } from '../support/hostile.js';

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

describe('a production target that stores what it must refuse', () => {
  // Before: --env production still sent about 185 POSTs (those that must be refused, whose checks reserve no writes),
  // and this target stored every one of them.
  it('gets no request that could create anything: the checks that need one are unjudged, with the reason', async () => {
    let unsafe = 0;
    const server = await hostileServer((request) => {
      if (request.method !== 'GET') unsafe++;
      return false;
    }, { faults: ['auth-optional', 'missing-name-defaulted'] });
    const dir = await tempDir();
    const result = await runCli(['--target', server.url, '--env', 'production', '--report-dir', dir], { PETSTORE_API_KEY: server.apiKey });
    const report = await readReport(dir);
    expect(unsafe).toBe(0);
    expect(report.created).toEqual([]);
    expect(report.writes.posts).toBe(0);
    // What GETs alone show is judged all the same: this target serves the list without a valid credential.
    expect(result.code).toBe(1);
    expect(report.results.filter((r) => r.outcome === 'failed' && !/^AUTH-[12]$/.test(r.rule))).toEqual([]);
    const unjudged = report.results.filter((r) => r.withheld === 'read-only');
    expect(unjudged.map((r) => r.rule)).toEqual(expect.arrayContaining(['AUTH-1', 'AUTH-2', 'AUTH-5', 'CREATE-1', 'CREATE-2', 'MODEL-2']));
    expect(unjudged.filter((r) => !/and the run is read-only: the target is production \(--env production\)/.test(r.message ?? ''))).toEqual([]);
  });

  it('refuses --env given twice with different names, whichever comes last', async () => {
    for (const envs of [['production', 'staging'], ['staging', 'prod']]) {
      const result = await runCli(['--target', 'http://127.0.0.1:9/v1', ...envs.flatMap((e) => ['--env', e])], { PETSTORE_API_KEY: 'psk_trust_key_0123456789' });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^petstore-conformance: --env is given twice, as (production and staging|staging and prod): give it once/);
    }
  });
});
