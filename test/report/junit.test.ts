import { describe, expect, it } from 'vitest';
import { renderJunit } from '../../src/report/junit.js';
import { checkOf, everyRulePassed, reportOf } from '../support/run-record.js';

/** The attributes of the first element of this name, as a record. */
function attrsOf(xml: string, element: string, containing = ''): Record<string, string> {
  const tag = xml.match(new RegExp(`<${element} [^>]*${containing}[^>]*>`))?.[0] ?? '';
  return Object.fromEntries([...tag.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

describe('renderJunit', () => {
  it('makes a failed MUST check a <failure> with its rule and message', () => {
    const xml = renderJunit(reportOf([...everyRulePassed(), checkOf('ERROR-2', 'failed', { message: 'status 500, not 404' })]));
    expect(xml).toContain('<failure type="ERROR-2" message="ERROR-2 (MUST) failed: status 500, not 404">');
    expect(xml.match(/<failure /g)).toHaveLength(1);
  });

  it('makes a skipped check and an expected failure <skipped>, and a suite error an <error>', () => {
    const expectations = { file: 'expected.json', entries: [{ id: 'ERROR-2', reason: 'tracked in #12' }] };
    const xml = renderJunit(reportOf([
      checkOf('ERROR-2', 'failed', { message: 'boom' }),
      checkOf('LIST-1', 'skipped', { message: 'no categories to list' }),
      checkOf('LIST-2', 'error', { message: 'TypeError: x' }),
    ], { expectations }));
    expect(xml).toContain('<skipped message="no categories to list"/>');
    expect(xml).toContain('<skipped message="expected failure (tracked in #12): boom"/>');
    expect(xml).toContain('<error type="suite" message="the suite failed in this check: TypeError: x"/>');
    expect(xml).not.toMatch(/<failure /);
  });

  it('puts a lenient SHOULD failure in system-out, not in a failure', () => {
    const xml = renderJunit(reportOf([checkOf('AUTH-6', 'failed', { message: 'no WWW-Authenticate' })]));
    expect(xml).not.toMatch(/<failure /);
    expect(xml).toMatch(/<system-out>WARNING: AUTH-6 \(SHOULD\) is not kept\.\nno WWW-Authenticate<\/system-out>/);
  });

  it('escapes XML special characters and control characters from the server', () => {
    const message = 'body was <pet name="a&b"> \u0001\nend';
    const xml = renderJunit(reportOf([checkOf('ERROR-2', 'failed', { message })]));
    expect(xml).toContain('message="ERROR-2 (MUST) failed: body was &lt;pet name=&quot;a&amp;b&quot;&gt; \\u0001&#10;end"');
    expect(xml).toContain('>body was &lt;pet name="a&amp;b"&gt; \\u0001\nend</failure>');
    expect(xml).not.toContain('<pet');
    expect(xml).not.toContain('\u0001');
  });

  it('groups checks by rule area, with counts that add up to the root\'s', () => {
    const expectations = { file: 'expected.json', entries: [{ id: 'ERROR-3', reason: 'known' }] };
    const xml = renderJunit(reportOf([
      checkOf('ERROR-1', 'passed'), checkOf('ERROR-2', 'failed'), checkOf('ERROR-3', 'failed'),
      checkOf('LIST-1', 'skipped'), checkOf('LIST-2', 'error'), checkOf('LIST-3', 'failed'),
    ], { expectations }));
    expect(attrsOf(xml, 'testsuites')).toMatchObject({ tests: '6', failures: '2', errors: '1', time: '1.000' });
    expect(attrsOf(xml, 'testsuite', 'name="ERROR"')).toMatchObject({ tests: '3', failures: '1', errors: '0', skipped: '1' });
    expect(attrsOf(xml, 'testsuite', 'name="LIST"')).toMatchObject({ tests: '3', failures: '1', errors: '1', skipped: '1' });
    expect(xml.match(/<testcase /g)).toHaveLength(6);
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
  });

  it('counts the time of checks that overlap once', () => {
    const xml = renderJunit(reportOf([
      checkOf('ERROR-1', 'passed', { startedAt: 0, durationMs: 1000 }),
      checkOf('ERROR-2', 'passed', { startedAt: 500, durationMs: 1000 }),
      checkOf('ERROR-3', 'passed', { startedAt: 3000, durationMs: 250 }),
    ]));
    expect(attrsOf(xml, 'testsuite', 'name="ERROR"').time).toBe('1.750');
  });
});
