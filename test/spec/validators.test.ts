import { beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/parse.js';
import { loadSpec } from '../../src/spec/load.js';
import { prebuiltValidators } from '../../src/spec/prebuilt-validators.js';
import { compileValidators, type Validators } from '../../src/spec/validators.js';

let validators: Validators;
/** As the suites' worker compiles them for another spec: the schemas not checked again against ajv's meta-schema. */
let checkedValidators: Validators;
/** As the suites' worker takes them for the bundled spec: the code the build generated. */
let prebuilt: Validators;
beforeAll(async () => {
  const { model } = await loadSpec();
  validators = compileValidators(model);
  checkedValidators = compileValidators(model, { checked: true });
  const built = prebuiltValidators(model);
  expect(built, 'npm run build writes them').toBeDefined();
  prebuilt = built as Validators;
});

// Every Category below is judged three ways, and all must agree.
const category = (text: string) => {
  const doc = parseJson(text);
  const problems = validators.Category(doc.value, doc);
  expect(checkedValidators.Category(doc.value, doc)).toEqual(problems);
  expect(prebuilt.Category(doc.value, doc)).toEqual(problems);
  return problems;
};

describe('compileValidators: Category', () => {
  it.each([
    '{"id":1,"name":"Dog"}',
    '{"id":-1,"name":"Dog","description":"d"}',
    '{"id":9223372036854775807,"name":"Dog"}',
    '{"id":-9223372036854775808,"name":"Dog"}',
    '{"id":5.0,"name":"Dog"}',
    '{"id":0,"name":"","extra":{"any":"thing"}}',
  ])('accepts %s', (text) => {
    expect(category(text)).toEqual([]);
  });

  it.each([
    ['{"id":9223372036854775808,"name":"Dog"}', /outside the int64 range/],
    ['{"id":-9223372036854775809,"name":"Dog"}', /outside the int64 range/],
    ['{"id":1e400,"name":"Dog"}', /(outside the int64 range|must be integer)/],
    ['{"id":1.0000000000000000001,"name":"Dog"}', /is not an integer/],
    ['{"id":1.5,"name":"Dog"}', /must be integer/],
    ['{"id":"1","name":"Dog"}', /must be integer/],
    ['{"name":"Dog"}', /required property "id"/],
    ['{"id":1}', /required property "name"/],
    ['{"id":1,"name":"Dog","description":null}', /description: must be string/],
    ['[]', /must be object/],
  ])('refuses %s', (text, problem) => {
    expect(category(text).join('; ')).toMatch(problem);
  });
});

describe('compileValidators: Error', () => {
  it('accepts an Error with extra properties and refuses one without code', () => {
    for (const judge of [validators, prebuilt]) {
      expect(judge.Error({ code: 'x', message: 'm', status: 401, traceId: 't' })).toEqual([]);
      expect(judge.Error({ message: 'm', status: 401 }).join()).toMatch(/required property "code"/);
      expect(judge.Error({ code: 'x', message: 'm', status: '401' }).join()).toMatch(/status: must be integer/);
    }
  });
});

describe('compileValidators: an int64 multipleOf', () => {
  it('judges a multiple beyond 2^53 on the number written, not on the double it reads as', async () => {
    const { model } = await loadSpec();
    const schemas = { ...model.schemas, Category: { type: 'object', properties: { rank: { type: 'integer', format: 'int64', multipleOf: 10 } } } };
    const { Category } = compileValidators({ ...model, schemas } as typeof model);
    const judged = (text: string) => { const doc = parseJson(text); return Category(doc.value, doc); };
    // 18242921140202930 reads as the double 18242921140202928, which 10 does not divide.
    expect(judged('{"rank":18242921140202930}')).toEqual([]);
    expect(judged('{"rank":18242921140202931}')).toEqual(['/rank: must be multiple of 10']);
    expect(judged('{"rank":15}')).toEqual(['/rank: must be multiple of 10']);
  });
});

describe('compileValidators: an int64 bound', () => {
  const judgedBy = async (bounds: Record<string, number>) => {
    const { model } = await loadSpec();
    const schemas = { ...model.schemas, Category: { type: 'object', properties: { id: { type: 'integer', format: 'int64', ...bounds } } } };
    const { Category } = compileValidators({ ...model, schemas } as typeof model);
    return (text: string) => { const doc = parseJson(text); return Category(doc.value, doc); };
  };

  it('judges an id beyond 2^53 on the number written, against the widest bound a spec beyond 2^53 may have written', async () => {
    // 9223372036854775807 reads as 2^63, and so does 9223372036854775805: as doubles, the id is not below the bound.
    const below = await judgedBy({ exclusiveMaximum: 9223372036854775807 });
    expect(below('{"id":9223372036854775805}')).toEqual([]);
    expect(below('{"id":9223372036854775806}')).toEqual([]);
    const above = await judgedBy({ exclusiveMinimum: -9223372036854775807 });
    expect(above('{"id":-9223372036854775806}')).toEqual([]);
    // 4611686018427387905 reads as 2^62, where doubles are 1,024 apart: an id past that is past any such bound.
    const near = await judgedBy({ maximum: 4611686018427387905 });
    expect(near('{"id":4611686018427387905}')).toEqual([]);
    expect(near('{"id":4611686018427388929}')).toEqual(['/id: must be <= about 4611686018427387904']);
  });

  it('judges an id beyond 2^53 against a bound within 2^53 exactly', async () => {
    const judged = await judgedBy({ maximum: Number.MAX_SAFE_INTEGER });
    expect(judged('{"id":9007199254740991}')).toEqual([]);
    expect(judged('{"id":9007199254740993}')).toEqual(['/id: must be <= 9007199254740991']);
    const fraction = await judgedBy({ maximum: 10.5 });
    expect(fraction('{"id":9007199254740993}')).toEqual(['/id: must be <= 10.5']);
    expect(fraction('{"id":10}')).toEqual([]);
    // A number schema's integers beyond 2^53 too: ajv's judgement of them, set aside, is made exactly.
    const { model } = await loadSpec();
    const schemas = { ...model.schemas, Category: { type: 'object', properties: { rank: { type: 'number', maximum: 9007199254740991, multipleOf: 10 } } } };
    const { Category } = compileValidators({ ...model, schemas } as typeof model);
    const judgedNumber = (text: string) => { const doc = parseJson(text); return Category(doc.value, doc); };
    expect(judgedNumber('{"rank":9007199254740993}')).toEqual(['/rank: must be multiple of 10']);
    expect(judgedNumber('{"rank":18014398509481990}')).toEqual(['/rank: must be <= 9007199254740991']);
    expect(judgedNumber('{"rank":1.5}')).toEqual(['/rank: must be multiple of 10']);
    const exclusive = await judgedBy({ exclusiveMinimum: 0 });
    expect(exclusive('{"id":-9007199254740993}')).toEqual(['/id: must be > 0']);
    expect(exclusive('{"id":9007199254740993}')).toEqual([]);
  });
});
