/**
 * Rule ids are a type: where suites, audits, faults and expectations name a rule, a misspelt id does not compile.
 * `npm run typecheck` proves it on this file: each `@ts-expect-error` below is itself an error if the line after it
 * compiles, so a RuleId that let any string through would fail the type check.
 */
import { describe, expect, it } from 'vitest';
import type { ExchangeAudit } from '../../src/checks/audits/audit.js';
import type { CheckContext } from '../../src/checks/context.js';
import type { CheckOptions, Suite } from '../../src/checks/suite.js';
import { fault } from '../../src/reference/faults/fault.js';
import { RULES, type RuleId } from '../../src/rules/catalogue.js';

describe('RuleId', () => {
  it('is every catalogue id, and a misspelt one does not compile wherever a rule is named', () => {
    const ids: RuleId[] = RULES.map((r) => r.id);
    expect(ids).toContain('CREATE-1');
    // @ts-expect-error: no such rule
    const misspelt: RuleId = 'CREATE-9';
    // @ts-expect-error: ids are upper case
    const lowerCase: RuleId = 'auth-1';
    type CheckedRule = Parameters<Suite['check']>[0];
    // @ts-expect-error: suite.check takes a catalogue id
    const checked: CheckedRule = 'AUHT-1';
    // @ts-expect-error: a skip names a catalogue rule
    const skippedOver: Parameters<CheckContext['skipOver']>[0] = 'MEDIA-2';
    // @ts-expect-error: dependsOn names catalogue rules
    const dependsOn: CheckOptions['dependsOn'] = ['CREATE1'];
    // @ts-expect-error: an audit judges a catalogue rule
    const audited: ExchangeAudit['rule'] = 'HTTP-2';
    // @ts-expect-error: a fault names the rule that must catch it
    const broken = fault('a-fault', 'LIST-3', 'a story', () => ({}));
    expect([misspelt, lowerCase, checked, skippedOver, dependsOn, audited, broken.rule].every((v) => v !== undefined)).toBe(true);
  });
});
