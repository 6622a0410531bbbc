import { beforeAll, describe, expect, it } from 'vitest';
import { model1 } from '../../../src/checks/audits/model-1.js';
import type { AuditSubject } from '../../../src/checks/audits/audit.js';
import { arrayEditOf, arrayLayoutOf, parseArrayEdit } from '../../../src/json/array-edit.js';
import { parseJson, type JsonDocument } from '../../../src/json/parse.js';
import { loadSpec } from '../../../src/spec/load.js';
import type { Operation } from '../../../src/spec/types.js';
import { compileValidators, type Validators } from '../../../src/spec/validators.js';
import { newRun } from '../../support/exchanges.js';

let validators: Validators;
let list: Operation;
beforeAll(async () => {
  const { model } = await loadSpec();
  validators = compileValidators(model);
  list = model.operations.find((o) => o.operationId === 'listCategories') as Operation;
});

/** MODEL-1's finding on a 200 to the list whose body is this document, in a run (default: a new one's). */
const found = (document: JsonDocument, run = newRun()) => model1.judge({
  reply: { json: () => ({ document }), status: 200 }, operation: list, validators, run,
} as unknown as AuditSubject);

/** MODEL-1's violations on a 200 to the list whose body is this document. */
const judged = (document: JsonDocument) => found(document) as readonly string[];

const items = (range: number[], bad: (i: number) => boolean) => range.map((i) => (bad(i) ? `{"id":"${i}","name":${i}}` : `{"id":${i},"name":"n${i}"}`));

/** A list text as a base to edit (json/array-edit.ts). */
const parsedArray = (text: string) => {
  const bytes = Buffer.from(text);
  return { bytes, document: parseJson(text), layout: arrayLayoutOf(bytes) };
};

describe('MODEL-1 on lists', () => {
  it('names where the first invalid items are, and how many more there are', () => {
    const bad = (i: number) => i % 3 === 0;
    expect(judged(parseJson(`[${items([1, 2, 3, 4, 5], bad).join(',')}]`))).toEqual([expect.stringMatching(/^item 2 \(no id\): /)]);
    const problems = judged(parseJson(`[${items([...Array(20).keys()].map((i) => i + 1), bad).join(',')}]`));
    expect(problems[0]).toMatch(/^item 2 \(no id\): /);
    expect(problems.at(-1)).toBe('… and 1 more'); // ids 3, 6, … 18: six invalid, five shown
  });

  // Before: "item 39: /color: must match pattern", of a category an old run left on a long-lived staging: its place in
  // the list changes as the list grows, and finds nothing on the target.
  it('names an invalid item by its id, exactly, and its place in the list', () => {
    const problems = judged(parseJson('[{"id":1,"name":"a"},{"id":9007199254740993,"name":"b","description":null}]'));
    expect(problems).toEqual([expect.stringMatching(/^the category with id 9007199254740993 \(item 1\): \/description/)]);
  });

  it('judges a list parsed as an edit of an earlier one as the same list parsed whole, its shared items judged once', () => {
    const bad = (i: number) => i % 4 === 0;
    const text = (ids: number[]) => `[${items(ids, bad).join(',')}]`;
    const earlier = parsedArray(text([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    const judgedEarlier = judged(earlier.document);
    expect(judgedEarlier.length).toBe(2);
    // 5 to 7 replaced by 12 and 20 (one valid, one not): the invalid ones before and after keep their ids, at their new places.
    const editedText = text([1, 2, 3, 4, 12, 20, 8, 9]);
    const edited = parseArrayEdit(earlier, Buffer.from(editedText));
    expect(arrayEditOf(edited?.document as JsonDocument)).toMatchObject({ kept: 4, added: 2, resumed: 7 });
    // Judged by a validator that counts the items it is asked about: the two added ones only.
    let validated = 0;
    const Category = Object.assign((value: unknown, document?: JsonDocument) => {
      validated++;
      return validators.Category(value, document);
    }, { violations: validators.Category.violations });
    const judgedCounting = (document: JsonDocument) => model1.judge({
      reply: { json: () => ({ document }), status: 200 }, operation: list, validators: { ...validators, Category }, run: newRun(),
    } as unknown as AuditSubject);
    judgedCounting(earlier.document);
    expect(validated).toBe(9);
    expect(judgedCounting(edited?.document as JsonDocument)).toEqual(judged(parseJson(editedText)));
    expect(validated).toBe(9 + 2);
    expect(judged(edited?.document as JsonDocument)).toEqual([
      expect.stringMatching(/^item 3 \(no id\): /), expect.stringMatching(/^item 4 \(no id\): /),
      expect.stringMatching(/^item 5 \(no id\): /), expect.stringMatching(/^item 6 \(no id\): /),
    ]);
  });

  it('names the request that had to be refused as the cause when only the categories such requests created are invalid', () => {
    const run = newRun();
    const cause = { rule: 'AUTH-2', why: 'auth-61 had to be refused for want of a valid credential, and was served' } as const;
    run.strayIds.set(2n, cause);
    const strayOnly = parseJson('[{"id":1,"name":"a"},{"id":2,"name":"b","description":null}]');
    expect(found(strayOnly, run)).toEqual({ violations: [expect.stringMatching(/^the category with id 2 \(item 1\): \/description/)], cause });
    // One invalid in its own right: MODEL-1's own failure, whatever else there is.
    const both = parseJson('[{"id":1,"name":"a","description":null},{"id":2,"name":"b","description":null}]');
    expect(found(both, run)).toEqual([expect.stringMatching(/^the category with id 1 \(item 0\): \/description/)]);
  });
});
