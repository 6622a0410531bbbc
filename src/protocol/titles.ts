import { escapeRegExp } from '../core/regexp.js';

/**
 * The names of the tests the suites declare, built here for both sides of the process boundary: the worker declares
 * tests by them, and the runner selects a replayed check, with what judges it, by the same builders.
 */

/** A check's test title: `<rule> <name>`, as the report's "rule check" reads and `--replay` takes it. */
export function checkTitle(rule: string, name: string): string {
  return `${rule} ${name}`;
}

/** An audit's check name: `all responses of the auth suite`. */
export function auditName(scope: string, suite: string): string {
  return `all ${scope} of the ${suite} suite`;
}

/** The closing LIST-2 check's name, over what `creator` created (`the auth suite`, `the whole run`). */
export function listedName(creator: string, when = ''): string {
  return `every category ${creator} created is listed as its 201 showed it${when}`;
}

/** The closing check that the requests a suite saw rejected created nothing. */
export function rejectedCreatedNothingName(suite: string): string {
  return `requests the ${suite} suite saw rejected created nothing`;
}

/** What a suite is called in the names of its closing checks and audits. */
export function suiteCreator(suite: string): string {
  return `the ${suite} suite`;
}

/**
 * The titles a replay of one check of `suite` runs: the check, and what judges what it sends, the audits and closing
 * checks of its suite (the closing checks of the whole run's list would create more: they are not replayed).
 */
export function replayedTitles(title: string, suite: string): RegExp {
  const anyScope = '\u0000';
  const judged = [auditName(anyScope, suite), rejectedCreatedNothingName(suite), listedName(suiteCreator(suite))]
    .map((name) => `[A-Z]+-\\d+ ${escapeRegExp(name).replace(anyScope, '.*')}`);
  // vitest matches the full name: the suite's block (suites/run.ts), then the title.
  return new RegExp(`^(?:.* )?${escapeRegExp(suite)} (?:${[escapeRegExp(title), ...judged].join('|')})$`);
}
