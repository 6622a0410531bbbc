import { describe, expect, it } from 'vitest';
import { parameterPhrases, parameterValues, shownValue, writtenParameters } from '../../src/checks/request-values.js';
import type { JsonSchema, Operation, Parameter } from '../../src/spec/types.js';

const param = (name: string, place: Parameter['in'], schema: JsonSchema, more: Partial<Parameter> = {}): Parameter =>
  ({ name, in: place, required: false, schema, style: place === 'header' ? 'simple' : 'form', explode: place !== 'header', allowReserved: false, ...more });

const requestId = param('X-Request-Id', 'header', { type: 'string', format: 'uuid' }, { required: true });
const key = param('Idempotency-Key', 'header', { type: 'string', minLength: 1, maxLength: 12 }, { required: true });
const ids = param('ids', 'query', { type: 'array', items: { type: 'integer', minimum: 5 } }, { required: true, explode: false });
const tag = param('tag', 'query', { type: 'array', items: { type: 'string' } });
const cookie = param('session', 'cookie', { type: 'string' }, { required: true });
const create = { method: 'POST', path: '/categories', parameters: [requestId, key, ids, tag, cookie] } as unknown as Operation;

describe('parameterValues', () => {
  it('gives each parameter the spec requires in the query or the headers a value: unique to the request where any will do', () => {
    const values = parameterValues(create, [], [], {}, 'run-1-000042');
    expect(values.map((v) => v.parameter.name)).toEqual(['X-Request-Id', 'Idempotency-Key', 'ids']);
    expect(values[0]?.value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(values[1]?.value).toBe('run-1-000042');
    expect(values[2]?.value).toEqual([5]);
    expect(parameterValues(create, [], [], {}, 'run-1-000043')[0]?.value).not.toBe(values[0]?.value);
  });

  it('keeps the values given, leaves out what the request leaves out, and a header the request sets itself (in any letter case)', () => {
    const values = parameterValues(create, [{ parameter: tag, value: ['a', 'b'] }, { parameter: ids, value: [7, 8] }], [requestId], { 'idempotency-KEY': 'mine' }, 'u');
    expect(values).toEqual([{ parameter: tag, value: ['a', 'b'] }, { parameter: ids, value: [7, 8] }]);
  });
});

describe('writtenParameters', () => {
  it('writes the query parameters the spec does not declare, then each value in its style; headers by their names in lower case', () => {
    const written = writtenParameters({ q: 'a b', limit: '1' }, [{ parameter: tag, value: ['x', 'y z'] }, { parameter: ids, value: [7, 8] }, { parameter: requestId, value: 'abc' }]);
    expect(written).toEqual({ query: 'q=a%20b&limit=1&tag=x&tag=y%20z&ids=7,8', headers: { 'x-request-id': 'abc' } });
    expect(writtenParameters({}, [])).toEqual({ query: '', headers: {} });
  });

  it('refuses a value its style has no form for: a bug of the check that gave it', () => {
    expect(() => writtenParameters({}, [{ parameter: tag, value: [] }])).toThrow(/the query parameter tag \(style form\) has no form for the value \[\]; a bug in petstore-conformance/);
  });
});

describe('how checks name a parameter', () => {
  it('says where it goes, and how it is sent', () => {
    expect(parameterPhrases(create, tag)).toEqual({ with: 'POST /categories?tag= with', without: 'POST /categories without ?tag=, which the spec requires,' });
    expect(parameterPhrases(create, requestId)).toEqual({ with: 'POST /categories with X-Request-Id', without: 'POST /categories without X-Request-Id, which the spec requires,' });
    expect(shownValue(tag, ['a', 'b c'])).toBe('tag=a&tag=b%20c');
    expect(shownValue(requestId, 'abc')).toBe('X-Request-Id: abc');
  });
});
