import { mkdir, readdir, readFile, symlink, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultReportDir, removeOldRuns } from '../../src/cli/reports-folder.js';
import { LOCK_FILE } from '../../src/report/dir-lock.js';
import { tempDir } from '../support/cli.js';

/** A run directory as a run leaves it: its name and its report file. */
async function run(folder: string, name: string, file = 'report.json'): Promise<void> {
  await mkdir(join(folder, name));
  await writeFile(join(folder, name, file), '{}');
}

/** `run-20260101-0000<ss>-<id>`: runs a second apart, the later the newer. */
const runName = (second: number, kind = 'run', id = 'abcd') => `${kind}-20260101-0000${String(second).padStart(2, '0')}-${id}`;

describe('the default reports folder', () => {
  it('is made with a .gitignore that ignores all of it; one that is there is left as it is', async () => {
    const parent = await tempDir();
    const dir = await defaultReportDir('run', join(parent, 'reports'));
    expect(dirname(dir)).toBe(join(parent, 'reports'));
    expect(basename(dir)).toMatch(/^run-\d{8}-\d{6}-[0-9a-f]{4}$/);
    expect(await readFile(join(parent, 'reports', '.gitignore'), 'utf8')).toMatch(/^\*$/m);

    const theirs = await tempDir();
    await defaultReportDir('selftest', theirs);
    expect(await readdir(theirs)).toEqual([]);
  });

  it('keeps the newest runs of every kind, and removes the older ones', async () => {
    const folder = await tempDir();
    for (let second = 0; second < 12; second++) await run(folder, runName(second));
    await run(folder, runName(12, 'selftest'), 'selftest.json');
    await run(folder, runName(13, 'merge'));
    expect(await removeOldRuns(10, folder)).toBe(4);
    expect((await readdir(folder)).sort()).toEqual([...[4, 5, 6, 7, 8, 9, 10, 11].map((s) => runName(s)), runName(12, 'selftest'), runName(13, 'merge')].sort());
    expect(await removeOldRuns(10, folder)).toBe(0);
    expect(await removeOldRuns(0, folder)).toBe(0);
    expect(await readdir(folder)).toHaveLength(10);
  });

  it('removes nothing but the run directories it made: their name, a directory, their report file', async () => {
    const folder = await tempDir();
    const elsewhere = await tempDir();
    await run(elsewhere, 'target');
    // Older than the run kept, each: not a run's name, a run's name without its report, a file, a link, another kind's file.
    await run(folder, 'run-old-by-hand');
    await mkdir(join(folder, runName(1)));
    await writeFile(join(folder, runName(2)), 'a file');
    await symlink(join(elsewhere, 'target'), join(folder, runName(3)));
    await run(folder, runName(4, 'selftest'));
    await writeFile(join(folder, 'notes.md'), 'mine');
    // A run another run is still writing to: kept, though older.
    await run(folder, runName(5));
    await writeFile(join(folder, runName(5), LOCK_FILE), '1@host');
    await run(folder, runName(6));
    await run(folder, runName(7));
    expect(await removeOldRuns(1, folder)).toBe(1);
    expect((await readdir(folder)).sort()).toEqual(['notes.md', 'run-old-by-hand', ...[1, 2, 3, 5, 7].map((s) => runName(s)), runName(4, 'selftest')].sort());
    expect(await readdir(join(elsewhere, 'target'))).toEqual(['report.json']);
  });

  it('orders runs started in one second by when they wrote their reports, and a folder that is not there removes nothing', async () => {
    const folder = await tempDir();
    await run(folder, runName(1, 'run', 'ffff'));
    await run(folder, runName(1, 'run', '0001'));
    await utimes(join(folder, runName(1, 'run', 'ffff'), 'report.json'), new Date(2026, 0, 1), new Date(2026, 0, 1));
    expect(await removeOldRuns(1, folder)).toBe(1);
    expect(await readdir(folder)).toEqual([runName(1, 'run', '0001')]);
    expect(await removeOldRuns(1, join(folder, 'missing'))).toBe(0);
  });
});
