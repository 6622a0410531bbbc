import { describe, expect, it } from 'vitest';
import { CoverageTotals, sumCoverages } from '../../src/runner/coverage.js';
import { unexercised } from '../../src/results/run-report.js';
import { loadSpec } from '../../src/spec/load.js';
import { revisedSpecFile } from '../support/spec-files.js';

describe('the run\'s coverage of the spec', () => {
  it('lists every operation, property and parameter of the spec, sent or not, with what was sent of each, added up over suite files', async () => {
    const { model } = await loadSpec(await revisedSpecFile((doc) => {
      const list = doc.paths['/categories']?.get;
      if (list) {
        list.parameters = [
          { name: 'limit', in: 'query', schema: { type: 'integer' } }, { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
          { name: 'session', in: 'cookie', schema: { type: 'string' } }, { name: 'where', in: 'query', content: { 'application/json': { schema: { type: 'object' } } } },
          { name: 'ids', in: 'query', style: 'deepObject', schema: { type: 'array', items: { type: 'integer' } } },
        ];
      }
      const pets = doc.paths['/pets/{petId}']?.get;
      if (pets) pets.parameters = [...pets.parameters ?? [], { name: 'fields', in: 'query', schema: { type: 'string' } }];
    }));
    const totals = new CoverageTotals();
    totals.add({ operations: { 'GET /categories': 3 }, properties: { name: { valid: 2, invalid: 1 } }, parameters: { 'GET /categories ?limit': { valid: 1, invalid: 0 } }, unsent: [] });
    totals.add({ operations: { 'GET /categories': 1, 'POST /categories': 4 }, properties: { name: { valid: 1, invalid: 0 } }, parameters: {}, unsent: [{ property: 'description', why: 'a reason' }] });
    const coverage = totals.of(model);
    expect(coverage).toEqual({
      operations: [{ operation: 'GET /categories', requests: 4 }, { operation: 'POST /categories', requests: 4 }, { operation: 'GET /pets/{petId}', requests: 0 }],
      properties: [{ name: 'name', valid: 3, invalid: 1 }, { name: 'description', valid: 0, invalid: 0, why: 'a reason' }],
      parameters: [
        { name: 'GET /categories ?limit', valid: 1, invalid: 0 },
        { name: 'GET /categories header X-Trace', valid: 0, invalid: 0 },
        { name: 'GET /categories cookie session', valid: 0, invalid: 0, why: 'the suite sends no cookie parameters' },
        { name: 'GET /categories ?where', valid: 0, invalid: 0, why: 'its value is given as content (application/json), which the suite does not write' },
        { name: 'GET /categories ?ids', valid: 0, invalid: 0, why: 'its style (deepObject) writes no array in the query' },
        { name: 'GET /pets/{petId} ?fields', valid: 0, invalid: 0, why: 'the suite tries the parameters of the list and the create only' },
      ],
    });
    expect(unexercised(coverage)).toEqual([
      'operation GET /pets/{petId}: no request was sent to it',
      'property description: no valid value was sent (a reason)',
      'parameter GET /categories header X-Trace: no valid value was sent',
      'parameter GET /categories cookie session: no valid value was sent (the suite sends no cookie parameters)',
      'parameter GET /categories ?where: no valid value was sent (its value is given as content (application/json), which the suite does not write)',
      'parameter GET /categories ?ids: no valid value was sent (its style (deepObject) writes no array in the query)',
      'parameter GET /pets/{petId} ?fields: no valid value was sent (the suite tries the parameters of the list and the create only)',
    ]);
    // Shards of one run: each counted its own suites.
    expect(sumCoverages([coverage, coverage])?.properties).toEqual([{ name: 'name', valid: 6, invalid: 2 }, { name: 'description', valid: 0, invalid: 0, why: 'a reason' }]);
  });
});
