import { createRequire } from 'node:module';
import type { ErrorObject } from 'ajv';

const require = createRequire(import.meta.url);

/**
 * HAR 1.2's structure (http://www.softwareishard.com/blog/har-12-spec/) as a JSON schema: every object the format
 * requires with its required fields and their types; optional fields checked when present; custom fields (`_…`)
 * allowed, as the format allows them, and no other. Timings' send, wait and receive are non-negative numbers; the
 * others -1 when unknown. `time` is the sum of the timings that are not -1.
 */
const nameValue = {
  type: 'object', required: ['name', 'value'], additionalProperties: false,
  properties: { name: { type: 'string' }, value: { type: 'string' }, comment: { type: 'string' } },
};
const custom = { '^_': {} };
const cookie = {
  type: 'object', required: ['name', 'value'],
  properties: {
    name: { type: 'string' }, value: { type: 'string' }, path: { type: 'string' }, domain: { type: 'string' }, expires: { type: 'string' },
    httpOnly: { type: 'boolean' }, secure: { type: 'boolean' }, comment: { type: 'string' },
  },
};
const unknownOrSize = { type: 'number', minimum: -1 };
export const HAR_SCHEMA = {
  type: 'object', required: ['log'], additionalProperties: false,
  properties: {
    log: {
      type: 'object', required: ['version', 'creator', 'entries'], additionalProperties: false, patternProperties: custom,
      properties: {
        version: { const: '1.2' },
        creator: {
          type: 'object', required: ['name', 'version'], additionalProperties: false,
          properties: { name: { type: 'string', minLength: 1 }, version: { type: 'string', minLength: 1 }, comment: { type: 'string' } },
        },
        browser: { type: 'object', required: ['name', 'version'] },
        pages: { type: 'array' },
        comment: { type: 'string' },
        entries: {
          type: 'array',
          items: {
            type: 'object', additionalProperties: false, patternProperties: custom,
            required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
            properties: {
              pageref: { type: 'string' },
              startedDateTime: { type: 'string', format: 'date-time' },
              time: { type: 'number', minimum: 0 },
              request: {
                type: 'object', additionalProperties: false, patternProperties: custom,
                required: ['method', 'url', 'httpVersion', 'cookies', 'headers', 'queryString', 'headersSize', 'bodySize'],
                properties: {
                  method: { type: 'string', minLength: 1 },
                  url: { type: 'string', pattern: '^https?://' },
                  httpVersion: { type: 'string' },
                  cookies: { type: 'array', items: cookie },
                  headers: { type: 'array', items: nameValue },
                  queryString: { type: 'array', items: nameValue },
                  postData: {
                    type: 'object', required: ['mimeType'], additionalProperties: false, patternProperties: custom,
                    properties: { mimeType: { type: 'string' }, text: { type: 'string' }, params: { type: 'array' }, comment: { type: 'string' } },
                    not: { required: ['text', 'params'] },
                  },
                  headersSize: unknownOrSize,
                  bodySize: unknownOrSize,
                  comment: { type: 'string' },
                },
              },
              response: {
                type: 'object', additionalProperties: false, patternProperties: custom,
                required: ['status', 'statusText', 'httpVersion', 'cookies', 'headers', 'content', 'redirectURL', 'headersSize', 'bodySize'],
                properties: {
                  status: { type: 'integer', minimum: 0 },
                  statusText: { type: 'string' },
                  httpVersion: { type: 'string' },
                  cookies: { type: 'array', items: cookie },
                  headers: { type: 'array', items: nameValue },
                  content: {
                    type: 'object', required: ['size', 'mimeType'], additionalProperties: false, patternProperties: custom,
                    properties: {
                      size: { type: 'integer', minimum: 0 }, compression: { type: 'integer' }, mimeType: { type: 'string' },
                      text: { type: 'string' }, encoding: { type: 'string' }, comment: { type: 'string' },
                    },
                  },
                  redirectURL: { type: 'string' },
                  headersSize: unknownOrSize,
                  bodySize: unknownOrSize,
                  comment: { type: 'string' },
                },
              },
              cache: { type: 'object' },
              timings: {
                type: 'object', required: ['send', 'wait', 'receive'], additionalProperties: false, patternProperties: custom,
                properties: {
                  blocked: unknownOrSize, dns: unknownOrSize, connect: unknownOrSize, ssl: unknownOrSize,
                  send: { type: 'number', minimum: 0 }, wait: { type: 'number', minimum: 0 }, receive: { type: 'number', minimum: 0 },
                  comment: { type: 'string' },
                },
              },
              serverIPAddress: { type: 'string' },
              connection: { type: 'string' },
              comment: { type: 'string' },
            },
          },
        },
      },
    },
  },
} as const;

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
let compiled: Validate | undefined;

/** What is wrong with a HAR: schema errors, and entries whose `time` is not the sum of their known timings. */
export function harProblems(har: unknown): string[] {
  if (!compiled) {
    const { Ajv } = require('ajv') as typeof import('ajv');
    const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    compiled = ajv.compile(HAR_SCHEMA) as Validate;
  }
  if (!compiled(har)) return (compiled.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
  const problems: string[] = [];
  const entries = (har as { log: { entries: { time: number; timings: Record<string, number> }[] } }).log.entries;
  entries.forEach((entry, i) => {
    const sum = Object.entries(entry.timings).filter(([k, v]) => k !== 'ssl' && typeof v === 'number' && v >= 0).reduce((a, [, v]) => a + v, 0);
    if (Math.abs(sum - entry.time) > 0.01) problems.push(`/log/entries/${i} time ${entry.time} is not the sum of its timings (${sum})`);
  });
  return problems;
}
