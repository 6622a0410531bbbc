import { mkdir, readdir, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ReportWriteError } from '../core/errors.js';
import type { Redactor } from '../core/secrets.js';
import type { RunReport } from '../results/run-report.js';
import { renderBadge } from './badge.js';
import { renderCertificate } from './certificate.js';
import { renderHar } from './har.js';
import { renderHtml } from './html.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderSummaryMarkdown } from './summary-md.js';

/** The report files every run writes, by name, each rendered from the same report. */
const RENDERERS: readonly (readonly [string, (report: RunReport) => string])[] = [
  ['report.json', renderJson],
  ['report.har', renderHar],
  ['junit.xml', renderJunit],
  ['report.html', renderHtml],
  ['summary.md', renderSummaryMarkdown],
  ['badge.svg', renderBadge],
];

/** The report files every run writes. */
export const REPORT_FILES: readonly string[] = RENDERERS.map(([name]) => name);

/** The name of the file `--certify` adds. */
const CERTIFICATE_FILE = 'certificate.json';

/**
 * Creates the report directory, so that an unwritable one stops the run before any request is sent. Returns a
 * clean-up for runs that end before writing anything: it removes the directory if it made it and it is empty.
 */
export async function prepareReportDir(dir: string): Promise<() => Promise<void>> {
  let made: string | undefined;
  try {
    made = await makeDirectory(dir);
    await writeFile(join(dir, '.write-test'), '');
    await rm(join(dir, '.write-test'));
  } catch (error) {
    throw new ReportWriteError(`cannot write reports to ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; choose another --report-dir`);
  }
  return async () => {
    if (made !== undefined && (await readdir(dir)).length === 0) await rmdir(dir).catch(() => undefined);
  };
}

/**
 * Makes a directory and its missing parents; returns the first it made (undefined when it existed). Not
 * `mkdir(…, { recursive: true })`, which loops for ever on a parent that exists but refuses children (/proc).
 */
async function makeDirectory(dir: string): Promise<string | undefined> {
  try {
    await mkdir(dir);
    return dir;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return undefined;
    const parent = dirname(dir);
    if (code !== 'ENOENT' || parent === dir) throw error;
    const madeAbove = await makeDirectory(parent);
    await mkdir(dir); // once more, now that the parent exists: a second ENOENT is final
    return madeAbove ?? dir;
  }
}

/**
 * Writes every report file; each passes through the redactor last, whatever it holds. With `certify`, also
 * certificate.json over the others. Returns the paths written.
 */
export async function writeReports(dir: string, report: RunReport, redactor: Redactor, certify = false): Promise<string[]> {
  const files: Record<string, string> = {};
  for (const [name, render] of RENDERERS) files[name] = redactor.redact(render(report));
  if (certify) files[CERTIFICATE_FILE] = renderCertificate(report, files);
  const paths: string[] = [];
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    try {
      await writeFile(path, content);
    } catch (error) {
      throw new ReportWriteError(`cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    paths.push(path);
  }
  return paths;
}
