/**
 * The default reports folder, `reports/` where the command runs: each run without --report-dir writes its reports in
 * a directory of its own there, and the folder keeps the newest of them (--keep-reports), so that it does not grow
 * with every run in a user's project. Only directories the tool made there are ever removed; a --report-dir is never
 * touched.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { LOCK_FILE } from '../report/dir-lock.js';
import type { Output } from './console/output.js';

/** The default reports folder, where the command runs. */
export const REPORTS_FOLDER = 'reports';

/** What the tool writes in the reports folder it creates, so that git leaves its runs alone (as test runners do). */
const GITIGNORE = '# Created by petstore-conformance: its runs are not committed.\n*\n';

/** The kinds of run that write to the reports folder, and the file each one's directory holds once it is written. */
const REPORT_FILE_OF = { run: 'report.json', merge: 'report.json', selftest: 'selftest.json' } as const;

export type RunKind = keyof typeof REPORT_FILE_OF;

/** A run directory's name, `<kind>-<yyyymmdd>-<hhmmss>-<id>`, as {@link defaultReportDir} makes it: its kind and time. */
const RUN_DIRECTORY = /^(run|merge|selftest)-(\d{8}-\d{6})-[0-9a-f]{4}$/;

/**
 * A new run's directory in the reports folder, `reports/<kind>-<date>-<time>-<id>` (UTC, to the second), so that no
 * earlier report is overwritten. The folder is made here when it is missing, with a .gitignore that ignores all of
 * it; one that is there already is the user's as it is (it may be a folder of theirs that git tracks).
 */
export async function defaultReportDir(kind: RunKind, folder = resolve(REPORTS_FOLDER)): Promise<string> {
  const made = await mkdir(folder).then(() => true, () => false);
  // Made by this run alone (mkdir fails when the folder is there): no other run writes this file.
  if (made) await writeFile(join(folder, '.gitignore'), GITIGNORE).catch(() => undefined);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return join(folder, `${kind}-${stamp}-${randomBytes(2).toString('hex')}`);
}

/**
 * Removes the oldest run directories of the reports folder but the newest `keep` (0: keeps all), and returns how many
 * it removed. A run directory is one the tool made: its name as {@link defaultReportDir} gives it, a directory (not a
 * link to one) that holds its kind's report file. Anything else there is left alone, whatever it is, and so is a run
 * directory a run still holds (its lock: the run that calls this, one writing its reports at the same time).
 */
export async function removeOldRuns(keep: number, folder = resolve(REPORTS_FOLDER)): Promise<number> {
  if (keep === 0) return 0;
  const entries = await readdir(folder).catch(() => [] as string[]);
  const runs: { name: string; time: string; written: number }[] = [];
  for (const name of entries) {
    const match = RUN_DIRECTORY.exec(name);
    if (!match) continue;
    const kind = match[1] as RunKind;
    const dir = join(folder, name);
    const report = await lstat(join(dir, REPORT_FILE_OF[kind])).catch(() => undefined);
    if (!(await isA(dir, 'directory')) || !report?.isFile()) continue;
    runs.push({ name, time: match[2] as string, written: report.mtimeMs });
  }
  // The newest first: by the time it started (its name), then, for runs started in the same second, by when it wrote.
  runs.sort((a, b) => b.time.localeCompare(a.time) || b.written - a.written);
  let removed = 0;
  for (const { name } of runs.slice(keep)) {
    if (await isA(join(folder, name, LOCK_FILE), 'file')) continue;
    await rm(join(folder, name), { recursive: true, force: true }).then(() => removed++, () => undefined);
  }
  return removed;
}

/** Whether the path is a file or a directory itself (a symbolic link is neither). */
async function isA(path: string, what: 'file' | 'directory'): Promise<boolean> {
  const stats = await lstat(path).catch(() => undefined);
  return what === 'file' ? stats?.isFile() === true : stats?.isDirectory() === true;
}

/**
 * After a run that wrote to the default reports folder: removes its oldest runs but the newest `keep`, and says how
 * many it removed, if any.
 */
export async function keepNewestRuns(out: Output, keep: number, folder = resolve(REPORTS_FOLDER)): Promise<void> {
  const removed = await removeOldRuns(keep, folder);
  if (removed === 0) return;
  const shown = relative(process.cwd(), folder) || '.';
  out.line(`Removed the ${removed} oldest run${removed === 1 ? '' : 's'} from ${shown}/: it keeps the newest ${keep} (--keep-reports <n> keeps more, 0 all)`);
}
