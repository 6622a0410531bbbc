import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { packageRoot } from '../core/package-info.js';
import { SCHEMA_NAMES, type SchemaName, type SpecModel } from './types.js';
import { ajvFor, compileValidators, validatorsOf, type Validators } from './validators.js';

const require = createRequire(import.meta.url);

/**
 * Where the build leaves the bundled spec's validators as the code ajv generates for them (its standalone mode),
 * next to the snapshot of the spec (snapshot.ts), whose key (the spec's hash, the versions of ajv and
 * ajv-formats among others) is theirs too: a run whose spec came from the snapshot loads this code in the suites'
 * worker instead of ajv, which would have to load and compile before the first request.
 */
export const PREBUILT_VALIDATORS_FILE = join(packageRoot, 'dist', 'src', 'spec', 'bundled-validators.cjs');

/** The module the build writes: a validate function per schema. */
type Prebuilt = { readonly [name in SchemaName]: ValidateFunction };

/**
 * The source of a CommonJS module exporting the model's validate functions, as ajv compiles them (the same
 * options as {@link compileValidators}; ajv-formats has the code require its formats).
 */
export function prebuiltValidatorsSource(model: SpecModel): string {
  const standaloneCode = (require('ajv/dist/standalone/index.js') as { default: typeof import('ajv/dist/standalone/index.js').default }).default;
  const ajv = ajvFor(model, { code: { source: true } });
  for (const name of SCHEMA_NAMES) ajv.addSchema(model.schemas[name] as object, name);
  return `${standaloneCode(ajv, Object.fromEntries(SCHEMA_NAMES.map((name) => [name, name])))}\n`;
}

/** The validators the build wrote for the bundled spec's model; undefined when the file is not there. */
export function prebuiltValidators(model: SpecModel): Validators | undefined {
  let prebuilt: Prebuilt;
  try {
    prebuilt = require(PREBUILT_VALIDATORS_FILE) as Prebuilt;
  } catch {
    return undefined;
  }
  return validatorsOf(model, (name) => prebuilt[name]);
}

/**
 * The validators of a loaded spec's model, its schemas checked in full already: by the CLI when it loaded the spec,
 * or, for the bundled spec (`fromBuild`), by the build, which also compiled them to code, loaded here instead of ajv.
 */
export function specValidators(model: SpecModel, fromBuild: boolean): Validators {
  return (fromBuild && prebuiltValidators(model)) || compileValidators(model, { checked: true });
}
