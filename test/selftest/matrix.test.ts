import { describe, expect, it } from 'vitest';
import { judgeFault } from '../../src/selftest/matrix.js';
import { fault } from '../../src/reference/faults/fault.js';
import { checkOf, everyRulePassed, reportOf } from '../support/run-record.js';

const bypass = fault('test-bypass', 'AUTH-2', 'Takes any bearer token.', () => ({}), ['MODEL-1']);
const because = (rule: string) => ({ cause: { rule, why: 'auth-61 had to be refused for want of a valid credential, and was served' } });

describe('judgeFault', () => {
  it('takes a failure that names a rule the fault breaks as its cause for no echo', () => {
    const report = reportOf([...everyRulePassed(), checkOf('AUTH-2', 'failed'), checkOf('MODEL-1', 'failed'), checkOf('MODEL-2', 'failed', because('AUTH-2')), checkOf('AUTH-4', 'failed', because('MODEL-1'))]);
    expect(judgeFault(bypass, report)).toMatchObject({ ok: true });
  });

  it('takes a failure of another rule in its own right, or naming a cause the fault does not break, for an echo', () => {
    const own = reportOf([...everyRulePassed(), checkOf('AUTH-2', 'failed'), checkOf('MODEL-2', 'failed')]);
    expect(judgeFault(bypass, own)).toMatchObject({ ok: false, problem: 'MODEL-2 failed too, which the fault does not break: blamed on the wrong rule' });
    const elsewhere = reportOf([...everyRulePassed(), checkOf('AUTH-2', 'failed'), checkOf('HTTP-1', 'failed'), checkOf('CREATE-1', 'failed', because('HTTP-1'))]);
    expect(judgeFault(bypass, elsewhere)).toMatchObject({ ok: false, problem: 'HTTP-1, CREATE-1 failed too, which the fault does not break: blamed on the wrong rule' });
  });
});
