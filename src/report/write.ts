import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ReportWriteError } from '../core/errors.js';
import type { Redactor } from '../core/secrets.js';
import type { RunReport } from '../results/run-report.js';
import { renderBadge } from './badge.js';
import { holdReportDir } from './dir-lock.js';
import { renderCertificate } from './certificate.js';
import { buildHar } from './har.js';
import { renderHtml } from './html.js';
import { renderJunit } from './junit.js';
import { renderSummaryMarkdown } from './summary-md.js';

/** A report file every run writes: its name, and what it holds of a run, as text or as a JSON value (see redacted). */
type Renderer =
  | { readonly name: string; readonly json: (report: RunReport) => unknown }
  | { readonly name: string; readonly text: (report: RunReport) => string };

const RENDERERS: readonly Renderer[] = [
  // report.json: the whole result model, as is. The schema other tools read.
  { name: 'report.json', json: (report) => report },
  { name: 'report.har', json: buildHar },
  { name: 'junit.xml', text: renderJunit },
  { name: 'report.html', text: renderHtml },
  { name: 'summary.md', text: renderSummaryMarkdown },
  { name: 'badge.svg', text: renderBadge },
];

/** The report files every run writes. */
export const REPORT_FILES: readonly string[] = RENDERERS.map(({ name }) => name);

/** The name of the file `--certify` adds. */
const CERTIFICATE_FILE = 'certificate.json';

/**
 * What the pre-run write test writes: enough that a full disk refuses it (an empty file takes no block, and a full
 * disk still makes one), little enough to write at once.
 */
const WRITE_TEST_BYTES = 64 * 1024;

/**
 * Creates the report directory and holds it for this run (see dir-lock.ts), so that an unwritable one, or one another
 * run is writing to, stops the run before any request is sent. Returns what lets go of it once the run is over: it
 * also removes the directory if it made it and the run wrote nothing in it.
 */
export async function prepareReportDir(dir: string): Promise<() => Promise<void>> {
  let made: string | undefined;
  const probe = join(dir, '.write-test');
  let release: () => Promise<void>;
  try {
    made = await makeDirectory(dir);
    await writeFile(probe, Buffer.alloc(WRITE_TEST_BYTES));
    await rm(probe);
    release = await holdReportDir(dir);
  } catch (error) {
    await rm(probe, { force: true }).catch(() => undefined);
    if (error instanceof ReportWriteError) throw error;
    throw new ReportWriteError(`cannot write reports to ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; choose another --report-dir`);
  }
  return async () => {
    await release();
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

/** What became of a run's report files: those written whole, and those not written, with why. */
export interface WrittenReports {
  readonly paths: readonly string[];
  readonly missing: readonly { readonly name: string; readonly why: string }[];
}

/**
 * Writes every report file; each passes through the redactor last, whatever it holds (a JSON file in its strings, see
 * {@link redacted}). With `certify`, and a
 * conformant verdict (a certificate is for a server that keeps the contract, nothing else), also certificate.json over
 * the others, once they are all written. Each file is written whole or not at all (a temporary
 * file renamed into place): one that cannot be (a full disk) is left out, never left cut short, and the others are
 * written all the same.
 */
export async function writeReports(dir: string, report: RunReport, redactor: Redactor, certify = false): Promise<WrittenReports> {
  const paths: string[] = [];
  const missing: { name: string; why: string }[] = [];
  const files: Record<string, string> = {};
  const write = async (name: string, render: () => string) => {
    try {
      const content = render();
      await writeWhole(join(dir, name), content);
      files[name] = content;
      paths.push(join(dir, name));
    } catch (error) {
      missing.push({ name, why: (error as NodeJS.ErrnoException).code ?? (error as Error).message });
    }
  };
  // One after another: on a disk that fills up, a file too large for what is left is removed before the next is tried.
  for (const renderer of RENDERERS) await write(renderer.name, () => redacted(renderer, report, redactor));
  if (!certify || report.verdict !== 'conformant') return { paths, missing };
  if (missing.length === 0) await write(CERTIFICATE_FILE, () => renderCertificate(report, files));
  else missing.push({ name: CERTIFICATE_FILE, why: 'it certifies every other report' });
  return { paths, missing };
}

/**
 * A report file with every secret removed: a JSON file from its strings (and its keys, of the longer secrets), as it is
 * written, indented by two, so that a short key redacted as a word (`1234`, `true`) leaves its numbers and syntax as
 * they are (see Redactor.jsonOf); any other as text.
 */
function redacted(renderer: Renderer, report: RunReport, redactor: Redactor): string {
  return 'json' in renderer ? `${redactor.jsonOf(renderer.json(report), 2)}\n` : redactor.redact(renderer.text(report));
}

/**
 * Removes the key from a JSON file another writer left in the report directory (vitest's blob of a shard, whose task
 * meta holds the checks' exchanges as they were recorded): from every string of it, so that it stays JSON.
 */
export async function redactJsonFile(path: string, redactor: Redactor): Promise<void> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // a run stopped before vitest wrote it
    throw error;
  }
  await writeWhole(path, redactor.jsonOf(JSON.parse(text)));
}

/**
 * Writes a file whole, or not at all: a temporary file beside it, renamed into place once written. When it cannot be
 * written, a file of that name an earlier run left is removed too: what the directory holds is this run's.
 */
async function writeWhole(path: string, content: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, content);
    await rename(temporary, path);
  } catch (error) {
    await Promise.all([temporary, path].map((file) => rm(file, { force: true }).catch(() => undefined)));
    throw error;
  }
}
