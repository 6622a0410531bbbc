import { describe, expect, it } from 'vitest';
import { AuditTallies } from '../../../src/checks/audits/tallies.js';
import type { Validators } from '../../../src/spec/validators.js';
import { errorBody, newRun, replyOf, spec, type ExchangeParts } from '../../support/exchanges.js';

/** Tallies over these exchanges, each sent with the valid key to the operation it names (default the list). */
function tallied(exchanges: readonly ExchangeParts[], validators: Validators = spec.validators): AuditTallies {
  const tallies = new AuditTallies(validators, newRun());
  exchanges.forEach((parts, i) => tallies.audit(replyOf({ id: `test-${i + 1}`, ...parts }), parts.operation ?? spec.list, [], 'documented'));
  return tallies;
}

describe('AuditTallies', () => {
  it('counts what each audit judged and what broke its rule, with each message and its exchange', () => {
    const tallies = tallied([{ json: [{ id: 1, name: 'a' }] }, { status: 500 }]);
    const http = tallies.byRule.get('HTTP-1');
    expect(http).toMatchObject({ judged: 2, violations: 1, shown: [{ message: 'answered with a server error (500)', exchange: { id: 'test-2' } }] });
    expect(http?.sample.map((e) => e.id)).toEqual(['test-1', 'test-2']);
    // Not applicable is not judged: no request went without a credential.
    expect(tallies.byRule.get('AUTH-1')).toMatchObject({ judged: 0, violations: 0 });
  });

  it('joins the violations one exchange shows of one rule into one message', () => {
    const tallies = tallied([{ raw: '<p>', headers: { 'content-type': 'text/html' } }]);
    expect(tallies.byRule.get('MEDIA-1')?.shown[0]?.message).toMatch(/^the body is served as "text\/html", not application\/json, which the spec documents for listCategories's 200; the body is not well-formed JSON/);
  });

  it('counts every violation but keeps the first twelve, and three exchanges as the sample', () => {
    const tallies = tallied(Array.from({ length: 15 }, () => ({ status: 503 })));
    const http = tallies.byRule.get('HTTP-1');
    expect(http).toMatchObject({ judged: 15, violations: 15 });
    expect(http?.shown).toHaveLength(12);
    expect(http?.sample.map((e) => e.id)).toEqual(['test-1', 'test-2', 'test-3']);
  });

  it('judges a path the spec does not list only by the audits that say they do', () => {
    const tallies = tallied([{ operation: spec.listVariant, status: 404, raw: 'Not Found', headers: { 'content-type': 'text/plain' } }]);
    expect(tallies.byRule.get('HTTP-1')?.judged).toBe(1);
    expect(tallies.byRule.get('MEDIA-1')?.judged).toBe(0);
    expect(tallies.byRule.get('ERROR-1')?.judged).toBe(0);
  });

  it('judges nothing of a 429 that persisted through the retries: it answers the rate, not the request', () => {
    const tallies = tallied([{ status: 429, raw: 'slow down', headers: { 'content-type': 'text/plain' }, rateLimited: { persisted: true, why: 'retries exhausted' } }]);
    expect([...tallies.byRule.values()].every((t) => t.judged === 0 && t.violations === 0)).toBe(true);
  });

  it('keeps the first error an audit throws as its own, and goes on with the others', () => {
    let thrown = 0;
    const broken = { ...spec.validators, errorFor: () => { throw new Error(`the schema did not compile (${++thrown})`); } };
    const tallies = tallied([{ status: 401, json: errorBody(401) }, { status: 401, json: errorBody(401) }], broken);
    expect(tallies.byRule.get('ERROR-1')).toMatchObject({ crash: new Error('the schema did not compile (1)'), judged: 0 });
    expect(tallies.byRule.get('ERROR-2')?.judged).toBe(2);
  });

  it('keeps who owns each answer in the run, and leaves the body of an answer HTTP-1 owns to it alone', () => {
    const run = newRun();
    const tallies = new AuditTallies(spec.validators, run);
    const unprocessable = replyOf({ id: 'create-1', status: 422, json: { detail: [{ msg: 'field required' }] } });
    tallies.audit(unprocessable, spec.create, [], 'documented');
    expect(run.owners.get(unprocessable)).toEqual({ rule: 'HTTP-1', why: 'create-1 was answered 422, which is not documented for createCategory', coOwner: 'CREATE-1' });
    expect(tallies.byRule.get('HTTP-1')).toMatchObject({ violations: 1, ownViolations: 1 });
    // FastAPI's 422 body is no Error, but a contract that documents no 422 shows none: ERROR-1 does not judge it.
    expect(tallies.byRule.get('ERROR-1')).toMatchObject({ judged: 0, violations: 0 });
    const served = replyOf({ status: 200, json: [] });
    tallies.audit(served, spec.list, [], 'documented');
    expect(run.owners.get(served)).toBeUndefined();
  });

  it('names the request that had to be refused as the cause of what follows from the category it created', () => {
    const run = newRun();
    const tallies = new AuditTallies(spec.validators, run);
    tallies.audit(replyOf({ id: 'auth-61', status: 201, json: { id: 1, name: 'a' } }), spec.create, [], 'refused');
    expect(run.strays.get('auth-61')?.rule).toBe('AUTH-2');
    expect(run.strayIds.get(1n)?.rule).toBe('AUTH-2');
    tallies.audit(replyOf({ id: 'create-1', status: 201, json: { id: 1, name: 'b' } }), spec.create, [], 'documented');
    const model2 = tallies.byRule.get('MODEL-2');
    expect(model2).toMatchObject({ violations: 1, ownViolations: 0, cause: { rule: 'AUTH-2' } });
    expect(model2?.shown[0]?.message).toBe('the 201 shows id 1, which auth-61 already gave to a category');
    // The bypass is AUTH-2's own failure.
    expect(tallies.byRule.get('AUTH-2')).toMatchObject({ violations: 1, ownViolations: 1 });
  });
});
