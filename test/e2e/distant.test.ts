/**
 * A target across a network: the reference served behind a delay, as a staging in another region is. Against a
 * target given by URL a generated check's cases go out ahead of their turn (see CasesAhead), and must judge what they
 * judge one by one: the same verdict, the same failing checks, the same shrunk counterexamples, as against the bundled
 * reference, whose cases go one by one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { referenceHandler, referenceKeyFor } from '../../src/reference/server.js';
import type { RunReport } from '../../src/results/run-report.js';
import { readReport, runCli, tempDir } from '../support/cli.js';

/** Every answer this late: long enough that cases sent one by one would not overlap. */
const DELAY_MS = 25;

/**
 * The reference with these faults, each answer `DELAY_MS` late, closed once `use` is done with it. Its key is the one
 * the bundled reference takes for the run's seed: which key mutations change a key (recasing a digit does not) decides
 * which generated cases a precondition rejects, and so every case after them.
 */
async function distant<T>(faults: readonly string[], use: (url: string, apiKey: string) => Promise<T>, seed = 7): Promise<T> {
  const reference = await referenceHandler({ faults: [...faults], apiKey: referenceKeyFor(seed) });
  const server: Server = createServer((request, response) => setTimeout(() => reference.handle(request, response), DELAY_MS));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, reference.apiKey);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A run with the staging profile and a seed (7 unless given), and its report. */
async function run(target: string, apiKey: string | undefined, args: readonly string[], seed = 7): Promise<RunReport> {
  const dir = await tempDir();
  await runCli(['--target', target, '--profile', 'staging', '--seed', String(seed), '--report-dir', dir, ...args], { PETSTORE_API_KEY: apiKey });
  return readReport(dir);
}

/** The failed checks of a report, each with its message but the run's own markers and exchange ids. */
const failures = (report: RunReport) => report.results.filter((r) => r.outcome === 'failed').map((r) => ({
  check: `${r.rule} ${r.check}`,
  counterexample: r.generated?.counterexample,
  path: r.generated?.path,
}));

describe('a target across a network', () => {
  it('sends a generated check\'s cases ahead of their turn, and judges a clean target conformant', async () => {
    const report = await distant([], (url, key) => run(url, key, []));
    expect(report.verdict).toBe('conformant');
    // The generated refusals on the reads: their first cases were under way at once.
    const generated = report.results.find((r) => r.check === 'generated invalid credentials get 401 on every operation that reads');
    const [first, second] = generated?.exchanges ?? [];
    expect(first && second).toBeTruthy();
    const startOf = (e: NonNullable<typeof first>) => Date.parse(e.startedAt);
    expect(startOf(second as NonNullable<typeof first>)).toBeLessThan(startOf(first as NonNullable<typeof first>) + (first?.durationMs ?? 0));
  });

  it('finds a fault in the generated checks as one by one does: the same failures, the same shrunk counterexamples', async () => {
    const fault = 'auth-key-truncated-compare';
    // A seed whose generated credentials alter the key past its first 12 characters (seed 7's, since the key mutations
    // took the other base64 alphabet, do not): the example checks catch the fault whatever the seed.
    const seed = 1;
    const ahead = await distant([fault], (url, key) => run(url, key, [], seed), seed);
    const oneByOne = await run('reference', undefined, ['--fault', fault], seed);
    expect(ahead.verdict).toBe('non-conformant');
    expect(failures(ahead).some((f) => f.counterexample !== undefined)).toBe(true);
    expect(failures(ahead)).toEqual(failures(oneByOne));
  });
});
