import { mkdir, readdir, rm, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ReportWriteError } from '../core/errors.js';
import type { Redactor } from '../core/secrets.js';
import type { RunReport } from '../results/model.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';

/** The report files a run writes, by name. */
export const REPORT_FILES = { json: 'report.json', junit: 'junit.xml' } as const;

/**
 * Creates the report directory, so that an unwritable one stops the run before any request is sent. Returns a
 * clean-up for runs that end before writing anything: it removes the directory if it made it and it is empty.
 */
export async function prepareReportDir(dir: string): Promise<() => Promise<void>> {
  let made: string | undefined;
  try {
    made = await mkdir(dir, { recursive: true });
    await writeFile(join(dir, '.write-test'), '');
    await rm(join(dir, '.write-test'));
  } catch (error) {
    throw new ReportWriteError(`cannot write reports to ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; choose another --report-dir`);
  }
  return async () => {
    if (made !== undefined && (await readdir(dir)).length === 0) await rmdir(dir).catch(() => undefined);
  };
}

/** Writes every report file; each passes through the redactor last, whatever it holds. Returns the paths. */
export async function writeReports(dir: string, report: RunReport, redactor: Redactor): Promise<string[]> {
  const files: [string, string][] = [
    [REPORT_FILES.json, renderJson(report)],
    [REPORT_FILES.junit, renderJunit(report)],
  ];
  const paths: string[] = [];
  for (const [name, content] of files) {
    const path = join(dir, name);
    try {
      await writeFile(path, redactor.redact(content));
    } catch (error) {
      throw new ReportWriteError(`cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    paths.push(path);
  }
  return paths;
}
