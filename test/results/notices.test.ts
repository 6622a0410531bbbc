import { describe, expect, it } from 'vitest';
import { noticesOf } from '../../src/results/notices.js';
import type { TopUp } from '../../src/protocol/check-meta.js';
import type { RunReport } from '../../src/results/run-report.js';

/** The closing sentence of a run of a URL target that created `created` categories, `topUp` of them to top the list up. */
function closing(created: number, topUp: TopUp): string | undefined {
  const report = {
    verdict: 'conformant', targetKind: 'url', rules: [], results: [], settings: { maxWrites: 100, topUp: 257, insecure: false },
    writes: { budget: 100, spent: created - topUp.added, posts: created, shared: [], topUp },
    created: Array.from({ length: created }, (_, i) => ({ id: String(i), name: `c${i}` })), summary: { expectedFailures: 0 },
  } as unknown as RunReport;
  return noticesOf(report).map((n) => n.text).find((t) => t.startsWith('Created '));
}

describe('the closing sentence on what the run created', () => {
  it('adds up when the top-up added what the list lacked', () => {
    expect(closing(257, { listed: 94, to: 257, added: 163 })).toBe('Created 257 categories on the target (94 writes of the budget of 100), ' +
      '163 of them to bring the list from 94 to 257 categories; a later run against this target finds it long enough and adds none.');
  });

  // Before: "10 of them to bring the list from 88 to 257", which does not add up.
  it('says how far the list fell short when the target did not create every category of the top-up', () => {
    expect(closing(99, { listed: 88, to: 257, added: 10 })).toBe('Created 99 categories on the target (89 writes of the budget of 100), ' +
      '10 of them toward the 169 that the list of 88 lacked of 257 (the other 159 were not created).');
  });
});

describe('the line on the text hazards a run sent', () => {
  const notices = (results: readonly object[]) => noticesOf({
    verdict: 'conformant', targetKind: 'url', rules: [], results, settings: { maxWrites: 100, topUp: 257, insecure: false },
    writes: { budget: 100, spent: 3, posts: 3, shared: [], topUp: null }, created: [], summary: { expectedFailures: 0 },
  } as unknown as RunReport).map((n) => n.text);
  const result = (hazards?: readonly string[]) => ({ exchanges: [], ...(hazards ? { hazards } : {}) });

  it('counts each hazard once, by property, and whole bodies apart', () => {
    const results = [result(['name:crlf', 'description:crlf', 'name:nfc']), result(['name:crlf', 'body:deep-nesting']), result()];
    expect(notices(results)).toContain('Text hazards sent: name 2, description 1, whole bodies 1 (report.json lists each check\'s).');
  });

  it('is left out when the run sent none', () => {
    expect(notices([result()]).some((text) => text.startsWith('Text hazards'))).toBe(false);
  });
});
