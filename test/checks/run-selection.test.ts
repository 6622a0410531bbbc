import { describe, expect, it } from 'vitest';
import { runsChecksOf } from '../../src/checks/run-selection.js';
import { RULES, type RuleId } from '../../src/rules/catalogue.js';
import type { Selection } from '../../src/rules/selection.js';

const ids = RULES.map((r) => r.id) as RuleId[];
/** The rules whose checks a selection runs. */
const running = (selection: Selection | undefined) => ids.filter((id) => runsChecksOf(selection, id));

describe('runsChecksOf', () => {
  it('runs every rule\'s checks without a selection, and those of the rules --only names that own their exchanges', () => {
    expect(running(undefined)).toEqual(ids);
    expect(running({ only: ['CREATE-2'], skip: [] })).toEqual(['CREATE-2']);
    expect(running({ only: ['AUTH'], skip: ['AUTH-7'] })).toEqual(['AUTH-1', 'AUTH-2', 'AUTH-3', 'AUTH-4', 'AUTH-5', 'AUTH-6']);
    expect(running({ only: ['LIST-1', 'MODEL-2'], skip: [] })).toEqual(['LIST-1', 'MODEL-2']);
    expect(running({ only: [], skip: ['ERROR-1'] })).toEqual(ids.filter((id) => id !== 'ERROR-1'));
  });

  // Before: --only ERROR-1 declared no check, the audit judged the 3 list reads the suites open on (no 4xx), and the
  // run ended incomplete with 0 checks.
  it.each(['ERROR-1', 'ERROR-2', 'MODEL-1', 'MEDIA-1', 'HTTP-1'])('runs every rule\'s checks for --only %s, judged over every exchange', (rule) => {
    expect(running({ only: [rule], skip: [] })).toEqual(ids);
  });

  it('runs those of the rules --only names beside an audit\'s rule, whose exchanges it judges, and no more', () => {
    expect(running({ only: ['ERROR'], skip: [] })).toEqual(ids);
    expect(running({ only: ['LIST', 'HTTP-1'], skip: [] })).toEqual(['LIST-1', 'LIST-2', 'HTTP-1']);
    expect(running({ only: ['MODEL'], skip: [] })).toEqual(['MODEL-1', 'MODEL-2', 'MODEL-3']);
    expect(running({ only: ['CREATE-1', 'HTTP-1'], skip: [] })).toEqual(['CREATE-1', 'HTTP-1']);
  });

  it('runs the checks that send without a valid credential for --only AUTH-4 and AUTH-6, whose audits judge those requests', () => {
    expect(running({ only: ['AUTH-6'], skip: [] })).toEqual(['AUTH-1', 'AUTH-2', 'AUTH-5', 'AUTH-6']);
    expect(running({ only: ['AUTH-4'], skip: [] })).toEqual(['AUTH-1', 'AUTH-2', 'AUTH-4', 'AUTH-5']);
  });

  it('leaves out what --skip names, for an audit\'s sake too', () => {
    expect(running({ only: ['ERROR-1'], skip: ['CREATE', 'INFO'] })).toEqual(ids.filter((id) => !/^(CREATE|INFO)-/.test(id)));
    expect(running({ only: ['AUTH-6'], skip: ['AUTH-2'] })).toEqual(['AUTH-1', 'AUTH-5', 'AUTH-6']);
    expect(running({ only: ['ERROR-1'], skip: ['ERROR-1'] })).toEqual([]);
  });
});
