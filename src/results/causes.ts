import { firstLine } from '../core/first-line.js';
import { kindOf } from '../core/problem-kinds.js';
import { RULES } from '../rules/catalogue.js';
import type { CheckResult, JudgedResult } from './run-report.js';
import { counts } from './verdict.js';

/**
 * A root cause of a run's failures: the rule that fails in its own right, its own failures and those of other rules
 * that follow from it (see CheckResult.cause), which the reports count under it: "3 causes, 39 failures".
 */
export interface RootCause {
  readonly rule: string;
  /** The failures that count under it: its rule's own first, then those that follow from it, in the report's order. */
  readonly failures: readonly JudgedResult[];
  /** How many of them follow from it, by the rule they fail. */
  readonly following: ReadonlyMap<string, number>;
}

/** The rule whose failure a failed result's is: its cause's (see CheckResult.cause), or its own. */
export function causeOf(result: Pick<CheckResult, 'rule' | 'cause'>): string {
  return result.cause?.rule ?? result.rule;
}

/** The failures that count, by root cause, in the catalogue's order of the causes' rules. */
export function rootCauses(results: readonly JudgedResult[]): RootCause[] {
  const failures = results.filter(counts);
  return RULES.flatMap(({ id }) => {
    const under = failures.filter((r) => causeOf(r) === id);
    if (under.length === 0) return [];
    const following = new Map<string, number>();
    for (const r of under) if (r.rule !== id) following.set(r.rule, (following.get(r.rule) ?? 0) + 1);
    return [{ rule: id, failures: [...under.filter((r) => r.rule === id), ...under.filter((r) => r.rule !== id)], following }];
  });
}

/** "AUTH-4 ×2, MODEL-2 ×2": the failures that follow from a cause, by rule. */
export function followingText(cause: RootCause): string {
  return [...cause.following].map(([rule, n]) => `${rule} ×${n}`).join(', ');
}

/**
 * What kind of failure a result's is, for showing one of each kind (the console shows one failed check of each kind
 * a rule has, not the first few, which may all be alike): an audit's, by its rule (one kind, whatever the suite); a
 * check's, by its message's first line with what varies from one case to the next left out (see kindOf), and the
 * counterexample of a generated check and the exchange it names.
 */
export function failureKind(result: Pick<CheckResult, 'kind' | 'rule' | 'message'>): string {
  if (result.kind === 'audit') return `audit ${result.rule}`;
  const line = firstLine(result.message ?? '')
    .replace(/^counterexample .* \(after \d+ shrinks[^)]*\): /, '')
    .replace(/ \(follows from .*$/, '')
    .replace(/ — [A-Z]+ \S+ → .*$/, '');
  return kindOf(line);
}

/** The results of one kind each (see failureKind), the first of each, in their order; with how many there are of each. */
export function oneOfEachKind<R extends Pick<CheckResult, 'kind' | 'rule' | 'message'>>(results: readonly R[]): { readonly result: R; readonly alike: number }[] {
  const kinds = new Map<string, { result: R; alike: number }>();
  for (const result of results) {
    const kind = failureKind(result);
    const known = kinds.get(kind);
    if (known) known.alike++;
    else kinds.set(kind, { result, alike: 1 });
  }
  return [...kinds.values()];
}
