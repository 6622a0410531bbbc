import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { packageRoot } from '../core/package-info.js';
import type { SpecModel } from './types.js';
import { ajvFor, SCHEMA_NAMES, validatorsOf, type SchemaName, type Validators } from './validators.js';

const require = createRequire(import.meta.url);

/**
 * Where the build leaves the bundled spec's validators as the code ajv generates for them (its standalone mode),
 * next to the snapshot of the spec (snapshot.ts). The suites' worker loads that code instead of ajv, which takes
 * about 60 ms to load and compile before the first request.
 */
export const PREBUILT_VALIDATORS_FILE = join(packageRoot, 'dist', 'src', 'spec', 'bundled-validators.cjs');

/** The module the build writes: a validate function per schema, and the hash of the spec they came from. */
type Prebuilt = { readonly sha256?: string } & { readonly [name in SchemaName]: ValidateFunction };

/**
 * The source of a CommonJS module exporting the model's validate functions, as ajv compiles them (the same
 * options as {@link compileValidators}), and `sha256`, the hash of the spec's bytes.
 */
export function prebuiltValidatorsSource(model: SpecModel, sha256: string): string {
  const { _ } = require('ajv') as typeof import('ajv');
  const standaloneCode = (require('ajv/dist/standalone/index.js') as { default: typeof import('ajv/dist/standalone/index.js').default }).default;
  const ajv = ajvFor(model, { code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } });
  for (const name of SCHEMA_NAMES) ajv.addSchema(model.schemas[name] as object, name);
  const exported = Object.fromEntries(SCHEMA_NAMES.map((name) => [name, name]));
  return `${standaloneCode(ajv, exported)}\nexports.sha256 = ${JSON.stringify(sha256)};\n`;
}

/** The prebuilt validators, when the build made them from the spec with this hash; otherwise undefined. */
export function prebuiltValidators(model: SpecModel, sha256: string): Validators | undefined {
  let prebuilt: Prebuilt;
  try {
    prebuilt = require(PREBUILT_VALIDATORS_FILE) as Prebuilt;
  } catch {
    return undefined;
  }
  return prebuilt.sha256 === sha256 ? validatorsOf(model, (name) => prebuilt[name]) : undefined;
}
