import { beforeAll, describe, expect, it } from 'vitest';
import { model1 } from '../../../src/checks/audits/model-1.js';
import type { AuditSubject } from '../../../src/checks/audits/audit.js';
import { parseJson, type JsonDocument } from '../../../src/json/parse.js';
import { loadSpec } from '../../../src/spec/load.js';
import type { Operation } from '../../../src/spec/types.js';
import { compileValidators, type Validators } from '../../../src/spec/validators.js';

let validators: Validators;
let list: Operation;
beforeAll(async () => {
  const { model } = await loadSpec();
  validators = compileValidators(model);
  list = model.operations.find((o) => o.operationId === 'listCategories') as Operation;
});

/** MODEL-1's verdict on a 200 to the list whose body is this document. */
const judged = (document: JsonDocument) => model1.judge({
  reply: { json: () => ({ document }), status: 200 }, operation: list, validators,
} as unknown as AuditSubject) as readonly string[];

const items = (range: number[], bad: (i: number) => boolean) => range.map((i) => (bad(i) ? `{"id":"${i}","name":${i}}` : `{"id":${i},"name":"n${i}"}`));

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
});
