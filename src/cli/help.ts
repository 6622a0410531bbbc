import { API_KEY_ENV, OPTIONS } from './options.js';

/** The --help text, built from the option table. */
export function helpText(version: string): string {
  const flag = (o: (typeof OPTIONS)[number]) => `${o.short ? `-${o.short}, ` : ''}--${o.name}${o.value ? ` ${o.value}` : ''}`;
  const width = Math.max(...OPTIONS.map((o) => flag(o).length)) + 2;
  const options = OPTIONS.map((o) => `  ${flag(o).padEnd(width)}${o.describe}`);
  return [
    `petstore-conformance ${version}: does a Pet Store Service v1 server keep its contract?`,
    '',
    'Usage:',
    '  petstore-conformance --target <url> [options]    check a deployment (key in PETSTORE_API_KEY)',
    '  petstore-conformance --target reference          check the bundled reference server',
    '  petstore-conformance --target <url> --replay <report.json> <check>',
    '                                                   run one check of an earlier report again, exactly its case',
    '  petstore-conformance rules [<rule|area>...] [--spec <file>] [--json]  the rule catalogue, and what each rule comes to for that spec',
    '  petstore-conformance faults [--json]             list the reference\'s faults and variants (for --fault, --variant)',
    '  petstore-conformance selftest [--fault <id>]...  prove the suite: the clean reference passes, every fault is caught',
    '  petstore-conformance verify <dir>                check a certified report directory and print its verdict (0: conformant)',
    '  petstore-conformance merge <dir>... [--report-dir <dir>]  one report set and verdict from the shards\' directories',
    '',
    'Options:',
    ...options,
    '',
    'Examples:',
    '  petstore-conformance --target reference                          the suite against its own reference server',
    '  PETSTORE_API_KEY=... petstore-conformance --target https://staging.example.com/v1',
    '                                                                   check a deployment with the staging profile\'s write budget',
    '  petstore-conformance --target https://api.example.com/v1 --env production --api-key-file key.txt',
    '                                                                   check production read-only, the key from a file',
    '  petstore-conformance --target https://ci.example.test/v1 --profile ci --only AUTH --only CREATE-2',
    '                                                                   some rules only, on a throwaway deployment',
    '  petstore-conformance --target https://staging.example.com/v1 --baseline reports/last/report.json --fail-on new',
    '                                                                   fail only for what a previous run did not fail',
    '  petstore-conformance --target reference --fault auth-optional    see the suite catch a bug (faults lists them)',
    '',
    'Environment:',
    `  ${API_KEY_ENV}  the API key, sent as "Authorization: Bearer <key>"; required with a URL target (or --api-key-file); never printed or written`,
    '  NO_COLOR          plain console output',
    '',
    'Exit codes:',
    '  0  conformant (or partial: no failure, but not every rule judged): no MUST failure (SHOULD failures warn unless --strict)',
    '  1  non-conformant: a MUST failure (with --strict, also a SHOULD failure; with --fail-on new, only new ones)',
    '  2  the run could not be carried out: bad flags, invalid spec, missing key, unreachable target, a suite error, or reports not written',
    '  3  partial, with --fail-on-partial (or --profile certify): nothing failed, but not every rule was judged',
    '',
    'Reports in --report-dir: report.json, report.har, junit.xml, report.html, summary.md, badge.svg (and',
    'certificate.json with --certify). With GITHUB_ACTIONS set, failed rules are also annotated. Rules:',
    'petstore-conformance rules.',
  ].join('\n');
}
