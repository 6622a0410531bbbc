import { hostname } from 'node:os';
import { join } from 'node:path';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { ReportWriteError } from '../core/errors.js';

/** The file a run keeps in its report directory while it runs: `<pid>@<host>`. */
export const LOCK_FILE = '.petstore-conformance.lock';

/**
 * Holds a report directory for one run: two runs writing the same files would leave a mix of both, each run's
 * console pointing at files the other wrote. Refused when another run that is still running holds it; a lock its
 * run left behind (killed, the machine restarted) is taken over. Returns what lets go of it.
 */
export async function holdReportDir(dir: string): Promise<() => Promise<void>> {
  const lock = join(dir, LOCK_FILE);
  const mine = `${process.pid}@${hostname()}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(lock, mine, { flag: 'wx' });
      return () => rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const holder = (await readFile(lock, 'utf8').catch(() => '')).trim();
    if (heldByLivingRun(holder)) {
      throw new ReportWriteError(`--report-dir ${dir} is in use by another run (process ${holder}): give each run a directory of its own ` +
        `(without --report-dir, every run gets a new one), or remove ${lock} if no run uses it`);
    }
    await rm(lock, { force: true });
  }
}

/** Whether `<pid>@<host>` names a process that runs: on another host, it may, and is taken to. */
function heldByLivingRun(holder: string): boolean {
  const [pid, host] = holder.split('@');
  if (host !== hostname()) return holder !== '';
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}
