/**
 * Interop: a tutorial-style Pet Store on Express 5. With its natural faults off it keeps the contract (a second real
 * stack judged conformant, with no failure, no warning and no skip, for several seeds); each fault on its own fails
 * exactly the rules that fault breaks (with one seed each, see SEEDS), so a misattribution shows. Express's own headers
 * (X-Powered-By, weak ETags), its case-insensitive, non-strict routing and Node's keep-alive are what the suite meets.
 */
import { describe, expect, it } from 'vitest';
import { revisionById } from '../../src/reference/revisions.js';
import type { RunReport } from '../../src/results/run-report.js';
import { revisedSpecFile } from '../support/spec-files.js';
import { startExpress, type ExpressFaults } from './servers/express.js';
import { defaultRun, expectCleanlyConformant, failedRules, seedOf, SEEDS } from './run.js';

const KEY = 'psk_interop_express_0123456789abcdefXYZ';

const run = (faults: ExpressFaults, seed: number) => defaultRun(() => startExpress({ apiKey: KEY, ...faults }), KEY, seed);

/** The one run of the spread fault, judged by two tests. */
let spread: ReturnType<typeof run> | undefined;
const spreadRun = (seed: number) => (spread ??= run({ spreadBody: true }, seed));

const checksOf = (report: RunReport, rule: string, outcome: 'passed' | 'failed') =>
  report.results.filter((r) => r.rule === rule && r.outcome === outcome).map((r) => r.check);

describe.concurrent('a tutorial-style Express 5 server', () => {
  it.each(SEEDS)('with every fault off is judged conformant with no failure, no warning and no skip (seed %i)', async (seed) => {
    expectCleanlyConformant(await run({}, seed));
  });

  // `app.use(express.json())` before the key check: an unauthenticated POST with malformed JSON is refused 400 (with
  // an Error) instead of 401. A SHOULD (AUTH-5), so a warning; a body without a name, an empty body or one sent as
  // text/plain still reach the key check, since express.json() refuses none of them.
  it.each([seedOf(0)])('with the body parsed before the key is checked warns under AUTH-5 only, and is conformant (seed %i)', async (seed) => {
    const { result, report } = await run({ parseBeforeAuth: true }, seed);
    expect(failedRules(report)).toEqual(['AUTH-5']);
    expect(checksOf(report, 'AUTH-5', 'failed')).toEqual(['createCategory with no credential and malformed JSON gets 401, not 400']);
    expect(report.verdict).toBe('conformant');
    expect(result.code, result.stdout).toBe(0);
  });

  // express.json()'s parse errors (malformed JSON; a top-level scalar under strict mode), rendered by Express's default
  // error handler: status 400 as the contract says, but an HTML page. Each is a 4xx without an Error (ERROR-1) and a
  // body that is not JSON (MEDIA-1). CREATE-2 keeps: the status is 400 and nothing is created.
  it.each([seedOf(1)])('with body-parser errors as HTML fails ERROR-1 and MEDIA-1, and nothing else (seed %i)', async (seed) => {
    const { result, report } = await run({ htmlErrors: true }, seed);
    expect(failedRules(report)).toEqual(['ERROR-1', 'MEDIA-1']);
    expect(report.verdict).toBe('non-conformant');
    expect(result.code, result.stdout).toBe(1);
  });

  // `{ id: nextId++, ...req.body }`: the client's id wins (MODEL-3). What that stores is also broken on its own: an id
  // sent as a string is served as a string (MODEL-1: a Category's id is an integer), and an existing category's id
  // sent again makes two categories share it (MODEL-2). Those are violations the responses show, not echoes in
  // other rules' names.
  it.each([seedOf(2)])('with req.body spread into the record fails MODEL-3, and MODEL-1 and MODEL-2 for what it stores (seed %i)', async (seed) => {
    const { result, report } = await spreadRun(seed);
    expect(failedRules(report)).toEqual(['MODEL-1', 'MODEL-2', 'MODEL-3']);
    expect(report.verdict).toBe('non-conformant');
    expect(result.code, result.stdout).toBe(1);
  });

  // The spread honours every id a client sends, whatever its size: no MODEL-3 check may pass. Node's JSON.parse
  // reads an id beyond 2^53 as a double, and res.json writes that double back in its shortest form (2841523550246478610
  // comes back as 2841523550246479000): the client's id, rounded as every JavaScript stack rounds it.
  it.each([seedOf(2)])('with req.body spread into the record fails every MODEL-3 check (seed %i)', async (seed) => {
    const { report } = await spreadRun(seed);
    expect(checksOf(report, 'MODEL-3', 'passed')).toEqual([]);
  });

  // `req.headers.authorization?.split(' ')[1] === KEY` takes any scheme (Token), and ignores what follows the key.
  // The POSTs it lets through are answered 201: AUTH-2's failure, and AUTH-4's, since each created a category it had
  // to refuse. The pets lookup answers every id 404, which the contract lets a deprecated operation answer.
  it.each([seedOf(3)])('with a hand-made bearer check fails AUTH-2, and AUTH-4 for what it created (seed %i)', async (seed) => {
    const { result, report } = await run({ naiveBearer: true }, seed);
    expect(failedRules(report)).toEqual(['AUTH-2', 'AUTH-4']);
    expect(checksOf(report, 'AUTH-2', 'failed')).toEqual(expect.arrayContaining([
      'listCategories with the valid key followed by more gets 401',
      'listCategories with the valid key under another scheme gets 401',
      'createCategory with the valid key followed by more gets 401',
      'createCategory with the valid key under another scheme gets 401',
    ]));
    expect(report.verdict).toBe('non-conformant');
    expect(result.code, result.stdout).toBe(1);
  });
});

/** The reference's revision whose create takes, and whose create and list answer, a vendor media type. */
const VENDOR = revisionById('vendor-media-type');
const VENDOR_TYPE = 'application/vnd.petstore.v1+json';

describe.concurrent('an Express 5 server written for a spec that names a vendor media type', () => {
  let spec: Promise<string> | undefined;
  const vendorRun = async (faults: ExpressFaults, seed: number) => {
    const path = await (spec ??= revisedSpecFile(VENDOR.revise));
    return defaultRun(() => startExpress({ apiKey: KEY, vendorType: VENDOR_TYPE, ...faults }), KEY, seed, ['--spec', path]);
  };

  it.each([seedOf(0)])('with express.json({ type }) and the type set on its answers is judged conformant (seed %i)', async (seed) => {
    expectCleanlyConformant(await vendorRun({}, seed));
  });

  // The tutorial's express.json() reads application/json only: every valid create, sent as the vendor type, is refused
  // for want of a name. The invalid ones are refused too, as CREATE-2 wants, and nothing is created.
  it.each([seedOf(1)])('with the default express.json() fails CREATE-1 only (seed %i)', async (seed) => {
    const { result, report } = await vendorRun({ defaultParser: true }, seed);
    expect(failedRules(report)).toEqual(['CREATE-1']);
    expect(result.code, result.stdout).toBe(1);
  });

  it.each([seedOf(2)])('with res.json() serving application/json fails MEDIA-1 only (seed %i)', async (seed) => {
    const { result, report } = await vendorRun({ servedAsJson: true }, seed);
    expect(failedRules(report)).toEqual(['MEDIA-1']);
    expect(result.code, result.stdout).toBe(1);
  });
});

// A team whose list takes tags and whose create requires a request id: the parameters read as Express reads them
// (node:querystring, req.get), the suite given the spec of both revisions.
describe.concurrent('an Express 5 server written for a spec with the list\'s tags and the create\'s X-Request-Id and source', () => {
  let spec: Promise<string> | undefined;
  const parametersRun = async (faults: ExpressFaults, seed: number) => {
    const path = await (spec ??= revisedSpecFile((doc) => {
      revisionById('list-tags').revise(doc);
      revisionById('request-id-header').revise(doc);
    }));
    return defaultRun(() => startExpress({ apiKey: KEY, parameters: true, ...faults }), KEY, seed, ['--spec', path]);
  };

  it.each([seedOf(0)])('reading them from req.query and req.get is judged conformant (seed %i)', async (seed) => {
    expectCleanlyConformant(await parametersRun({}, seed));
  });

  // `req.query.tag.trim()`: a repeated tag is an array, and the list answers 500 where the spec allows the value:
  // LIST-1's failure, and HTTP-1's in its own right (a status the spec does not document).
  it.each([seedOf(1)])('reading the tag as one text fails LIST-1 and HTTP-1 only (seed %i)', async (seed) => {
    const { result, report } = await parametersRun({ tagAsText: true }, seed);
    expect(failedRules(report)).toEqual(['HTTP-1', 'LIST-1']);
    expect(result.code, result.stdout).toBe(1);
  });
});
