import { describe, expect, it } from 'vitest';
import { Output } from '../../src/cli/console/output.js';
import { printSummary } from '../../src/cli/console/summary.js';
import { renderHtml } from '../../src/report/html.js';
import { renderJunit } from '../../src/report/junit.js';
import { githubAnnotations, renderSummaryMarkdown } from '../../src/report/summary-md.js';
import type { CheckResult, RunReport } from '../../src/results/run-report.js';
import { effectOf, EXIT, EXIT_OF_VERDICT, exitCodeOf, holdSkipsToTheirOwners, levelMeaning, ruleOutcomes, verdictOf, withEffects } from '../../src/results/verdict.js';
import { RULES, type Level } from '../../src/rules/catalogue.js';
import { reportOf } from '../support/run-record.js';

/** A result with only what holding skips looks at. */
function result(rule: string, outcome: CheckResult['outcome'], dependsOn?: string): CheckResult {
  return {
    rule, level: 'MUST', suite: 'test', check: `${rule} ${outcome} ${dependsOn ?? ''}`, outcome, kind: 'check', durationMs: 0, exchanges: [], exchangeCount: 1,
    ...(dependsOn ? { dependsOn } : {}),
  };
}

describe('holdSkipsToTheirOwners', () => {
  it('keeps a skip whose owner failed, and fails one whose owner did not', () => {
    const held = holdSkipsToTheirOwners([result('MEDIA-1', 'failed'), result('CREATE-1', 'skipped', 'MEDIA-1'), result('LIST-2', 'skipped', 'MODEL-1'), result('MODEL-1', 'passed')]);
    expect(held.map((r) => r.outcome)).toEqual(['failed', 'skipped', 'failed', 'passed']);
    expect(held[2]?.message).toMatch(/but MODEL-1 did not fail, so this check fails instead/);
  });

  it('keeps a skip whose owner was itself left unjudged by what failed, through any chain', () => {
    const held = holdSkipsToTheirOwners([
      result('AUTH-3', 'failed'),
      result('CREATE-1', 'skipped', 'AUTH-3'),
      result('MODEL-2', 'skipped', 'CREATE-1'),
      result('LIST-2', 'skipped', 'MODEL-2'),
    ]);
    expect(held.map((r) => r.outcome)).toEqual(['failed', 'skipped', 'skipped', 'skipped']);
  });

  it('does not take an owner that passed a check as unjudged: a skip over it is held to a failure', () => {
    const held = holdSkipsToTheirOwners([
      result('AUTH-3', 'failed'),
      result('CREATE-1', 'skipped', 'AUTH-3'),
      result('CREATE-1', 'passed'),
      result('MODEL-2', 'skipped', 'CREATE-1'),
    ]);
    expect(held.map((r) => r.outcome)).toEqual(['failed', 'skipped', 'passed', 'failed']);
  });

  it('makes a failure that names another rule as its cause, which did not fail, the check\'s own', () => {
    const follows = { cause: { rule: 'AUTH-2', why: 'auth-61 had to be refused, and was served' } };
    const held = holdSkipsToTheirOwners([{ ...result('MODEL-2', 'failed'), ...follows, message: 'the 201 shows id 1' }, result('AUTH-2', 'passed')]);
    expect(held[0]).toMatchObject({ outcome: 'failed', cause: { rule: 'MODEL-2' }, message: 'the 201 shows id 1; but AUTH-2 did not fail, so this failure is the check\'s own' });
    const kept = holdSkipsToTheirOwners([{ ...result('MODEL-2', 'failed'), ...follows }, result('AUTH-2', 'failed')]);
    expect(kept[0]?.cause).toEqual(follows.cause);
  });

  it('leaves a skip over a rule that was not run at all (--only) a skip: nothing could hold it', () => {
    expect(holdSkipsToTheirOwners([result('CREATE-1', 'skipped', 'HTTP-1'), result('CREATE-1', 'passed')]).map((r) => r.outcome)).toEqual(['skipped', 'passed']);
  });
});

/** The policy of a run without --strict, and of one with it. */
const LENIENT = { strict: false };
const STRICT = { strict: true };

/** A passed check of every catalogue rule but those named, each at its rule's level. */
const everyRuleJudged = (except: readonly string[] = []) => RULES.filter((r) => !except.includes(r.id)).map((r) => ({ ...result(r.id, 'passed'), level: r.level }));

/** A result of a rule at its catalogue level. */
function ofRule(rule: string, outcome: CheckResult['outcome'], more: Partial<CheckResult> = {}): CheckResult {
  const level = RULES.find((r) => r.id === rule)?.level as Level;
  return { ...result(rule, outcome), level, check: `${rule} ${outcome} check`, ...more };
}

describe('verdictOf and ruleOutcomes, with rules the spec makes inapplicable', () => {
  it('counts a rule with no check as unjudged (partial), unless the spec makes it inapplicable', () => {
    const results = everyRuleJudged(['CREATE-4']);
    expect(verdictOf(results)).toBe('partial');
    const inapplicable = [{ rule: 'CREATE-4', why: 'the spec forbids other properties' }];
    expect(verdictOf(results, [], LENIENT, inapplicable)).toBe('conformant');
    expect(ruleOutcomes(withEffects(results, LENIENT), inapplicable).find((r) => r.id === 'CREATE-4')).toMatchObject({ outcome: 'not applicable', why: 'the spec forbids other properties', effect: 'none' });
    expect(ruleOutcomes(withEffects(results, LENIENT)).find((r) => r.id === 'CREATE-4')).toMatchObject({ outcome: 'not run', effect: 'partial' });
  });

  it('judges a rule declared inapplicable that has checks after all by its checks', () => {
    const results = [...everyRuleJudged(['CREATE-4']), { ...result('CREATE-4', 'failed'), level: 'SHOULD' as const }];
    expect(ruleOutcomes(withEffects(results, LENIENT), [{ rule: 'CREATE-4', why: 'x' }]).find((r) => r.id === 'CREATE-4')?.outcome).toBe('failed');
  });
});

describe('verdictOf', () => {
  // An exception inside a check or an audit is the suite's error, not the target's failure (the OCI conformance suite
  // keeps "error" apart from "fail" too): whatever else the run found, it claims no verdict.
  it('gives a run in which the suite failed itself no verdict, even beside real failures', () => {
    expect(verdictOf([result('LIST-1', 'error'), result('AUTH-3', 'passed')])).toBe('incomplete');
    expect(verdictOf([result('LIST-1', 'error'), result('AUTH-3', 'failed')])).toBe('incomplete');
    expect(verdictOf([result('AUTH-3', 'failed')], [{ where: 'suite list', message: 'SyntaxError: x' }])).toBe('incomplete');
    expect(verdictOf([result('AUTH-3', 'failed')])).toBe('non-conformant');
  });

  it('holds no skip over a rule the suite failed in to that rule: the skip stays one', () => {
    expect(holdSkipsToTheirOwners([result('LIST-1', 'error'), result('LIST-2', 'skipped', 'LIST-1')]).map((r) => r.outcome)).toEqual(['error', 'skipped']);
  });
});

// The policy: each case below is one line of it. A change to the policy is a change to src/results/verdict.ts and here.
describe('effectOf', () => {
  const at = (level: Level, outcome: CheckResult['outcome'], more: Partial<CheckResult> = {}) => ({ level, outcome, ...more });

  it('makes a MUST failure break the verdict, with or without --strict', () => {
    expect(effectOf(at('MUST', 'failed'), LENIENT)).toBe('breaks-verdict');
    expect(effectOf(at('MUST', 'failed'), STRICT)).toBe('breaks-verdict');
  });

  it('makes a SHOULD failure a warning, and with --strict break the verdict', () => {
    expect(effectOf(at('SHOULD', 'failed'), LENIENT)).toBe('warns');
    expect(effectOf(at('SHOULD', 'failed'), STRICT)).toBe('breaks-verdict');
  });

  it('never lets an INFO check break the verdict: its failure (a skip held to its cause) warns', () => {
    expect(effectOf(at('INFO', 'failed'), LENIENT)).toBe('warns');
    expect(effectOf(at('INFO', 'failed'), STRICT)).toBe('warns');
    expect(effectOf(at('INFO', 'passed'), STRICT)).toBe('none');
  });

  it('counts no failure an expected-failures list names, whatever its level', () => {
    const expected = { expected: { reason: 'tracked', entry: 'ERROR-2' } };
    for (const level of ['MUST', 'SHOULD', 'INFO'] as const) expect(effectOf(at(level, 'failed', expected), STRICT), level).toBe('expected');
  });

  it('takes the suite\'s own error for no verdict at all, and a withheld MUST or SHOULD check for a partial one', () => {
    expect(effectOf(at('SHOULD', 'error'), LENIENT)).toBe('incomplete');
    expect(effectOf(at('MUST', 'skipped', { withheld: 'budget' }), LENIENT)).toBe('partial');
    expect(effectOf(at('SHOULD', 'skipped', { withheld: 'read-only' }), LENIENT)).toBe('partial');
    expect(effectOf(at('INFO', 'skipped', { withheld: 'budget' }), LENIENT)).toBe('none');
    expect(effectOf(at('MUST', 'skipped'), LENIENT)).toBe('none');
    expect(effectOf(at('MUST', 'passed'), LENIENT)).toBe('none');
  });

  it('gives each rule\'s row its heaviest check\'s effect, and a MUST or SHOULD rule with nothing judged a partial one', () => {
    const rows = ruleOutcomes(withEffects([...everyRuleJudged(['AUTH-6', 'ERROR-2', 'INFO-1', 'CREATE-1']), ofRule('AUTH-6', 'failed'), ofRule('AUTH-6', 'passed'),
      ofRule('ERROR-2', 'error'), ofRule('ERROR-2', 'failed'), ofRule('CREATE-1', 'skipped')], STRICT));
    const effect = (id: string) => rows.find((r) => r.id === id)?.effect;
    expect([effect('AUTH-6'), effect('ERROR-2'), effect('CREATE-1'), effect('INFO-1'), effect('AUTH-3')]).toEqual(['breaks-verdict', 'breaks-verdict', 'partial', 'none', 'none']);
  });
});

describe('verdictOf, by the policy', () => {
  it('is conformant when every rule passed', () => {
    expect(verdictOf(everyRuleJudged())).toBe('conformant');
  });

  it('is non-conformant when a MUST check failed', () => {
    expect(verdictOf([...everyRuleJudged(), ofRule('ERROR-2', 'failed')])).toBe('non-conformant');
  });

  it('stays conformant when a SHOULD check failed, and is non-conformant with --strict', () => {
    const results = [...everyRuleJudged(), ofRule('AUTH-6', 'failed')];
    expect(verdictOf(results, [], LENIENT)).toBe('conformant');
    expect(verdictOf(results, [], STRICT)).toBe('non-conformant');
  });

  it('stays conformant when only an INFO check or an expected failure failed', () => {
    expect(verdictOf([...everyRuleJudged(), ofRule('INFO-1', 'failed')], [], STRICT)).toBe('conformant');
    expect(verdictOf([...everyRuleJudged(), ofRule('ERROR-2', 'failed', { expected: { reason: 'tracked', entry: 'ERROR-2' } })])).toBe('conformant');
  });

  it('is partial when a MUST rule was not judged (every check skipped, or none run) or a MUST check was withheld, and not for an INFO rule', () => {
    expect(verdictOf([...everyRuleJudged(['CREATE-1']), ofRule('CREATE-1', 'skipped')])).toBe('partial');
    expect(verdictOf(everyRuleJudged(['CREATE-1']))).toBe('partial');
    expect(verdictOf([...everyRuleJudged(), ofRule('CREATE-1', 'skipped', { withheld: 'budget' })])).toBe('partial');
    expect(verdictOf(everyRuleJudged(['INFO-1']))).toBe('conformant');
  });

  it('is non-conformant rather than partial when a failure breaks it besides what was not judged', () => {
    expect(verdictOf([...everyRuleJudged(['CREATE-1']), ofRule('ERROR-2', 'failed')])).toBe('non-conformant');
  });

  it('is incomplete when the suite failed itself, was interrupted, or judged nothing', () => {
    expect(verdictOf([...everyRuleJudged(), ofRule('AUTH-6', 'failed'), ofRule('AUTH-6', 'error')], [], STRICT)).toBe('incomplete');
    expect(verdictOf(everyRuleJudged(), [{ where: 'run', message: 'interrupted by SIGINT', interrupted: true }])).toBe('incomplete');
    expect(verdictOf([])).toBe('incomplete');
  });
});

describe('exitCodeOf, by the policy', () => {
  it('exits ok when every rule passed, and when only a SHOULD, an INFO or an expected failure failed', () => {
    expect(exitCodeOf(reportOf(everyRuleJudged()))).toBe(EXIT.ok);
    expect(exitCodeOf(reportOf([...everyRuleJudged(), ofRule('AUTH-6', 'failed'), ofRule('INFO-1', 'failed')]))).toBe(EXIT.ok);
    const expectations = { file: 'expected.json', entries: [{ id: 'ERROR-2', reason: 'tracked' }] };
    expect(exitCodeOf(reportOf([...everyRuleJudged(), ofRule('ERROR-2', 'failed')], { expectations }))).toBe(EXIT.ok);
  });

  it('fails for a MUST failure, and for a SHOULD failure with --strict', () => {
    expect(exitCodeOf(reportOf([...everyRuleJudged(), ofRule('ERROR-2', 'failed')]))).toBe(EXIT.failed);
    expect(exitCodeOf(reportOf([...everyRuleJudged(), ofRule('AUTH-6', 'failed')], { strict: true }))).toBe(EXIT.failed);
  });

  it('with --fail-on new, fails only for a failure the baseline did not have', () => {
    const failing = [...everyRuleJudged(), ofRule('ERROR-2', 'failed')];
    const baseline = { file: 'before.json', report: reportOf(failing) };
    expect(exitCodeOf(reportOf(failing, { failOn: 'new', baseline }))).toBe(EXIT.ok);
    expect(exitCodeOf(reportOf([...failing, ofRule('AUTH-3', 'failed')], { failOn: 'new', baseline }))).toBe(EXIT.failed);
  });

  it('passes a partial verdict, unless --fail-on-partial, and a shard\'s whatever it says', () => {
    const partial = everyRuleJudged(['CREATE-1']);
    expect(exitCodeOf(reportOf(partial))).toBe(EXIT.ok);
    expect(exitCodeOf(reportOf(partial, { failOnPartial: true }))).toBe(EXIT.partial);
    expect(exitCodeOf(reportOf(partial, { failOnPartial: true }, { shard: { index: 1, count: 2 } }))).toBe(EXIT.ok);
  });

  it('says the run was not carried out when the suite failed itself, whatever else failed', () => {
    expect(exitCodeOf(reportOf([...everyRuleJudged(), ofRule('ERROR-2', 'failed'), ofRule('LIST-1', 'error')]))).toBe(EXIT.notCarriedOut);
    expect(exitCodeOf(reportOf(everyRuleJudged(), {}, { errors: [{ where: 'suite list', message: 'SyntaxError: x' }] }))).toBe(EXIT.notCarriedOut);
  });

  it('gives a certified verdict the code a run that lets nothing pass exits with', () => {
    expect(EXIT_OF_VERDICT).toEqual({ conformant: EXIT.ok, 'non-conformant': EXIT.failed, partial: EXIT.partial, incomplete: EXIT.notCarriedOut });
    expect(new Set(Object.values(EXIT)).size).toBe(Object.keys(EXIT).length);
  });
});

/** What the console prints of a judged report, without colour. */
function consoleOf(report: RunReport): string {
  let text = '';
  const stream = { isTTY: false, write: (chunk: string) => (text += chunk, true), on: () => stream } as unknown as NodeJS.WriteStream;
  printSummary(new Output(stream, stream, {}), report, []);
  return text;
}

describe('the console, for failures with several causes', () => {
  const because = { cause: { rule: 'AUTH-2', why: 'auth-61 had to be refused for want of a valid credential, and was served' } };
  const report = reportOf([
    ...everyRuleJudged(),
    ofRule('AUTH-2', 'failed', { message: 'expected 401, got 201 — POST /v1/categories → 201 (auth-61)' }),
    ofRule('MODEL-2', 'failed', { ...because, message: 'the 201 shows id 1, which auth-61 already gave to a category (follows from AUTH-2: …)' }),
    ...['" Cat "', '"  Rabbit  "'].map((name) => ofRule('CREATE-1', 'failed', { message: `the created name is "x", but ${name} was sent` })),
    ofRule('CREATE-1', 'failed', { message: 'the created description is missing' }),
  ]);

  it('leads with the root causes, each with what follows from it, and counts them in the verdict line', () => {
    const text = consoleOf(report);
    expect(text).toMatch(/^2 causes of 5 failures$/m);
    expect(text).toMatch(/^ {2}✗ AUTH-2 +2 failures, 1 of them under rules that follow from it: MODEL-2 ×1$/m);
    expect(text).toMatch(/^ {2}✗ CREATE-1 +3 failures$/m);
    expect(text.indexOf('2 causes of 5 failures')).toBeLessThan(text.indexOf('Results by rule'));
    expect(text).toMatch(/Verdict: NON-CONFORMANT {2}2 causes, 5 MUST failures;/);
  });

  it('tells one cause only when failures of other rules follow from it', () => {
    const own = consoleOf(reportOf([...everyRuleJudged(), ofRule('CREATE-1', 'failed'), ofRule('CREATE-1', 'failed')]));
    expect(own).not.toMatch(/cause/);
    expect(own).toMatch(/Verdict: NON-CONFORMANT {2}2 MUST failures;/);
    const following = consoleOf(reportOf([...everyRuleJudged(), ofRule('HTTP-1', 'failed'), ofRule('CREATE-1', 'failed', { cause: { rule: 'HTTP-1', why: 'create-2 was answered 202' } })]));
    expect(following).toMatch(/^1 cause of 2 failures$/m);
    expect(following).toMatch(/^ {2}✗ HTTP-1 +2 failures, 1 of them under rules that follow from it: CREATE-1 ×1$/m);
  });

  it('shows one failed check of each kind a rule has, with how many are like it', () => {
    const text = consoleOf(report);
    expect(text).toMatch(/CREATE-1 failed check: the created name is "x", but " Cat " was sent \(and 1 more like it\)$/m);
    expect(text).toMatch(/CREATE-1 failed check: the created description is missing$/m);
    expect(text).not.toMatch(/"  Rabbit  "/);
  });
});

// Before: with --strict, a failed SHOULD check made the run NON-CONFORMANT while the console marked it "!" and
// report.html said "a failure is a warning". Every writer now reads the effect the policy gave.
describe('the writers, for a --strict run with a failed SHOULD check', () => {
  const results = [...everyRuleJudged(), ofRule('AUTH-6', 'failed', { message: 'no WWW-Authenticate' })];
  const strict = reportOf(results, { strict: true });
  const lenient = reportOf(results);

  it('judge it as the policy does: the check breaks the verdict', () => {
    expect(strict.verdict).toBe('non-conformant');
    expect(strict.results.find((r) => r.outcome === 'failed')?.effect).toBe('breaks-verdict');
    expect(strict.rules.find((r) => r.id === 'AUTH-6')?.effect).toBe('breaks-verdict');
    expect(lenient.verdict).toBe('conformant');
  });

  it('the console marks its rule as breaking, and counts it as a failure, not a warning', () => {
    expect(consoleOf(strict)).toMatch(/^ {2}✗ AUTH-6 +SHOULD/m);
    expect(consoleOf(strict)).toMatch(/Verdict: NON-CONFORMANT {2}0 MUST failures, 1 SHOULD failure;/);
    expect(consoleOf(lenient)).toMatch(/^ {2}! AUTH-6 +SHOULD/m);
    expect(consoleOf(lenient)).toMatch(/Verdict: CONFORMANT {2}0 MUST failures, 1 SHOULD warning;/);
  });

  it('summary.md lists it as breaking the verdict, and its annotation is an error', () => {
    expect(renderSummaryMarkdown(strict)).toMatch(/^\| AUTH-6 \| SHOULD \| breaks the verdict \|/m);
    expect(renderSummaryMarkdown(lenient)).toMatch(/^\| AUTH-6 \| SHOULD \| warning \|/m);
    expect(githubAnnotations(strict)).toEqual([expect.stringMatching(/^::error title=AUTH-6 \(SHOULD\)::/)]);
    expect(githubAnnotations(lenient)).toEqual([expect.stringMatching(/^::warning title=AUTH-6 \(SHOULD\)::/)]);
  });

  it('report.html says what a SHOULD failure does in this run, and marks the check as breaking', () => {
    const html = renderHtml(strict);
    expect(html).toContain(`<h2>SHOULD <small>${levelMeaning('SHOULD', STRICT)}</small></h2>`);
    expect(levelMeaning('SHOULD', STRICT)).toBe('a failure makes the run non-conformant (--strict)');
    const shouldSection = html.slice(html.indexOf('<section class="level" data-level="SHOULD">'), html.indexOf('<section class="level" data-level="INFO">'));
    expect(shouldSection).not.toContain('warning');
    expect(html).toMatch(/data-effect="breaks-verdict"[^>]*>\n<summary><span class="pill o-failed">failed<\/span> <span class="pill e-breaks-verdict">breaks the verdict<\/span>/);
    expect(renderHtml(lenient)).toContain(`<h2>SHOULD <small>${levelMeaning('SHOULD', LENIENT)}</small></h2>`);
    expect(levelMeaning('SHOULD', LENIENT)).toBe('a failure is a warning: the verdict stands');
  });

  it('junit.xml makes it a failure', () => {
    expect(renderJunit(strict)).toMatch(/<failure type="AUTH-6"/);
    expect(renderJunit(lenient)).not.toMatch(/<failure /);
  });
});
