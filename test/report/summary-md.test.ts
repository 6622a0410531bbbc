import { describe, expect, it } from 'vitest';
import { githubAnnotations, renderSummaryMarkdown } from '../../src/report/summary-md.js';
import { checkOf, everyRulePassed, reportOf } from '../support/run-record.js';

const invocation = { program: 'npx --no-install petstore-conformance', targetArgs: ['--target', 'http://127.0.0.1:9/v1'], reportJson: 'out/report.json' };

/** The rows of the Failures table. */
function failureRows(md: string): string[] {
  const table = md.slice(md.indexOf('### Failures'));
  return table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| rule '));
}

describe('renderSummaryMarkdown', () => {
  it('heads a run that kept every rule CONFORMANT, with no failures table', () => {
    const md = renderSummaryMarkdown(reportOf(everyRulePassed()));
    expect(md.split('\n')[0]).toBe('## ✅ Pet Store Service v1 conformance: CONFORMANT');
    expect(md).not.toContain('### Failures');
    expect(md).not.toContain('<details>');
  });

  it('lists a failed MUST check with its message, and the command that replays it', () => {
    const md = renderSummaryMarkdown(reportOf([...everyRulePassed(), checkOf('ERROR-2', 'failed', { message: 'status 500' })], {}, { invocation }));
    expect(md.split('\n')[0]).toBe('## ❌ Pet Store Service v1 conformance: NON-CONFORMANT');
    expect(md).toContain('### Failures (1)');
    expect(failureRows(md)).toEqual(['| ERROR-2 | MUST | breaks the verdict | ERROR-2 failed check | `status 500` |']);
    expect(md).toContain("npx --no-install petstore-conformance --target http://127.0.0.1:9/v1 --replay out/report.json 'ERROR-2 ERROR-2 failed check'");
    expect(md).toMatch(/<details><summary>Run the failed checks again[^\n]*\n\n\*\*ERROR-2 ERROR-2 failed check\*\*\n\n```sh\n/);
  });

  it('keeps pipes and line breaks in a message from breaking the table', () => {
    const md = renderSummaryMarkdown(reportOf([checkOf('ERROR-2', 'failed', { message: 'a | b\nc', check: 'name | with\npipe' })]));
    const rows = failureRows(md);
    expect(rows).toEqual(['| ERROR-2 | MUST | breaks the verdict | name \\| with pipe | `a \\| b⏎c` |']);
    // Five cells: every pipe inside a cell is escaped.
    expect(rows[0]?.replace(/\\\|/g, '').split('|')).toHaveLength(7);
  });

  it('fences a message that has backticks with a longer run, padded at a backtick end', () => {
    const md = renderSummaryMarkdown(reportOf([checkOf('ERROR-2', 'failed', { message: '`x` and ``y``' })]));
    expect(failureRows(md)[0]).toMatch(/\| ``` `x` and ``y`` ``` \|$/);
  });

  it('counts the levels, says when the suite failed itself, and lists expected failures', () => {
    const expectations = { file: 'expected.json', entries: [{ id: 'LIST-3', reason: 'tracked | #12' }] };
    const md = renderSummaryMarkdown(reportOf([checkOf('LIST-1', 'passed'), checkOf('LIST-2', 'error'), checkOf('LIST-3', 'failed')], { expectations }));
    expect(md.split('\n')[0]).toBe('## ⛔ Pet Store Service v1 conformance: INCOMPLETE');
    expect(md).toContain('The suite itself failed in 1 check: not judged, and the run is incomplete.');
    expect(md).toContain('### Expected failures (1)');
    expect(md).toContain('- LIST-3 LIST-3 failed check: tracked \\| #12');
    // An expected failure is not in the failures table.
    expect(md).not.toContain('### Failures');
  });
});

describe('githubAnnotations', () => {
  it('gives one annotation per failed rule, with its message encoded as a workflow command', () => {
    const annotations = githubAnnotations(reportOf([
      checkOf('ERROR-2', 'failed', { message: '50% off\nnext' }), checkOf('ERROR-2', 'failed', { check: 'other' }), checkOf('AUTH-6', 'failed', { message: 'm' }),
    ]));
    expect(annotations).toEqual([
      '::error title=ERROR-2 (MUST)::2 checks failed, e.g. ERROR-2 failed check: 50%25 off%0Anext',
      '::warning title=AUTH-6 (SHOULD)::1 check failed, e.g. AUTH-6 failed check: m',
    ]);
  });
});
