import { API_KEY_ENV, OPTIONS } from './options.js';

/** The --help text, built from the option table. */
export function helpText(version: string): string {
  const width = Math.max(...OPTIONS.map((o) => `--${o.name}${o.value ? ` ${o.value}` : ''}`.length)) + 2;
  const options = OPTIONS.map((o) => `  ${`--${o.name}${o.value ? ` ${o.value}` : ''}`.padEnd(width)}${o.describe}`);
  return [
    `petstore-conformance ${version}: does a Pet Store Service v1 server keep its contract?`,
    '',
    'Usage:',
    '  petstore-conformance --target <url> [options]    check a deployment (key in PETSTORE_API_KEY)',
    '  petstore-conformance --target reference          check the bundled reference server',
    '  petstore-conformance --target <url> --replay <report.json> <check>',
    '                                                   run one check of an earlier report again, exactly its case',
    '  petstore-conformance rules [--json]              print the rule catalogue',
    '  petstore-conformance selftest [--fault <id>]...  prove the suite: the clean reference passes, every fault is caught',
    '  petstore-conformance verify <dir>                check a certified report directory against its certificate.json',
    '  petstore-conformance merge <dir>... [--report-dir <dir>]  one report set and verdict from the shards\' directories',
    '',
    'Options:',
    ...options,
    '',
    'Environment:',
    `  ${API_KEY_ENV}  the API key, sent as "Authorization: Bearer <key>"; required with a URL target (or --api-key-file); never printed or written`,
    '  NO_COLOR          plain console output',
    '',
    'Exit codes:',
    '  0  conformant (or partial: no failure, but not every rule judged): no MUST failure (SHOULD failures warn unless --strict)',
    '  1  non-conformant: a MUST failure (with --strict, also a SHOULD failure; with --fail-on new, only new ones)',
    '  2  the run could not be carried out: bad flags, invalid spec, missing key, unreachable target, or a suite error',
    '  3  partial, with --fail-on-partial (or --profile certify): nothing failed, but not every rule was judged',
    '',
    'Reports in --report-dir: report.json, report.har, junit.xml, report.html, summary.md, badge.svg (and',
    'certificate.json with --certify). With GITHUB_ACTIONS set, failed rules are also annotated. Rules:',
    'petstore-conformance rules.',
  ].join('\n');
}
