import { areaOf, RULES } from './catalogue.js';

/** Which rules a run checks: `--only` and `--skip`, each a rule id (`CREATE-2`) or an area (`AUTH`). */
export interface Selection {
  readonly only: readonly string[];
  readonly skip: readonly string[];
}

/** Whether a selection keeps a rule: named by `only` (when `only` names any) and not named by `skip`. */
export function selects(selection: Selection | undefined, ruleId: string): boolean {
  if (!selection) return true;
  const named = (names: readonly string[]) => names.some((n) => n === ruleId || n === areaOf(ruleId));
  return (selection.only.length === 0 || named(selection.only)) && !named(selection.skip);
}

/** The names a selection uses that are neither a rule id nor an area of the catalogue. */
export function unknownNames(selection: Selection): string[] {
  const known = new Set([...RULES.map((r) => r.id), ...RULES.map((r) => areaOf(r.id))]);
  return [...selection.only, ...selection.skip].filter((n) => !known.has(n));
}

/** Whether a selection leaves out every rule of the catalogue (`--only ERROR-1 --skip ERROR-1`). */
export function selectsNone(selection: Selection): boolean {
  return !RULES.some((rule) => selects(selection, rule.id));
}
