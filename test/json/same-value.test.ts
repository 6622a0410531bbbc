import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/parse.js';
import { sameValue, shownAsSent } from '../../src/json/same-value.js';

/** A value as a response shows it: parsed from its text, its numbers exact. */
const shown = (text: string) => {
  const document = parseJson(`{"v":${text}}`);
  return { value: (document.value as { v: unknown }).v, document, container: document.value as object, key: 'v' };
};

describe('shownAsSent', () => {
  it('takes what sameValue takes: the same value, integers exactly', () => {
    for (const [text, sent] of [['"Dog"', 'Dog'], ['9223372036854775807', 2n ** 63n - 1n], ['["a","b"]', ['a', 'b']], ['{"a":1.0}', { a: 1 }]] as const) {
      expect(sameValue(shown(text), { value: sent })).toBe(true);
      expect(shownAsSent(shown(text), { value: sent }), text).toBe(true);
    }
  });

  it('takes objects within that show more than was sent (the ids a service gives child categories), in depth', () => {
    const sent = [{ name: 'a', children: [{ name: 'b', description: 'c' }] }];
    const text = '[{"id":2,"name":"a","children":[{"id":1,"name":"b","description":"c"}]}]';
    expect(sameValue(shown(text), { value: sent })).toBe(false);
    expect(shownAsSent(shown(text), { value: sent })).toBe(true);
  });

  it('refuses what was sent changed or left out at any depth, but an empty text or a null left out', () => {
    const sent = [{ name: 'a', children: [{ name: 'b', description: 'c' }] }];
    for (const text of ['[{"id":2,"name":"a","children":[{"id":1,"name":"b"}]}]', '[{"name":"a","children":[{"name":"b","description":"C"}]}]',
      '[{"name":"a","children":[]}]', '[{"name":"a"}]', '[{"name":"a","children":[{"name":"b","description":"c"}]},{"name":"x"}]', '{"name":"a"}']) {
      expect(shownAsSent(shown(text), { value: sent }), text).toBe(false);
    }
    expect(shownAsSent(shown('[{"name":"a"}]'), { value: [{ name: 'a', description: '', note: null }] })).toBe(true);
  });

  it('compares integers beyond 2^53 within objects exactly, from their text', () => {
    expect(shownAsSent(shown('[{"rank":9223372036854775806}]'), { value: [{ rank: 2n ** 63n - 1n }] })).toBe(false);
    expect(shownAsSent(shown('[{"rank":9223372036854775807}]'), { value: [{ rank: 2n ** 63n - 1n }] })).toBe(true);
  });
});
