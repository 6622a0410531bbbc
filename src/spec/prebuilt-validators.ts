import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { packageRoot } from '../core/package-info.js';
import type { SpecModel } from './types.js';
import { installedVersions, madeByInstalled } from './snapshot.js';
import { ajvFor, SCHEMA_NAMES, validatorsOf, type SchemaName, type Validators } from './validators.js';

const require = createRequire(import.meta.url);

/**
 * Where the build leaves the bundled spec's validators as the code ajv generates for them (its standalone mode),
 * next to the snapshot of the spec (snapshot.ts). The suites' worker loads that code instead of ajv, which takes
 * about 60 ms to load and compile before the first request.
 */
export const PREBUILT_VALIDATORS_FILE = join(packageRoot, 'dist', 'src', 'spec', 'bundled-validators.cjs');

/** The packages whose code the prebuilt validators are (ajv's, and the formats ajv-formats gives it). */
const VALIDATOR_MAKERS = ['ajv', 'ajv-formats'] as const;

/** The module the build writes: a validate function per schema, the hash of the spec and the makers' versions. */
type Prebuilt = { readonly madeFor?: { readonly sha256: string; readonly versions: Record<string, string> } }
  & { readonly [name in SchemaName]: ValidateFunction };

/**
 * The source of a CommonJS module exporting the model's validate functions, as ajv compiles them (the same
 * options as {@link compileValidators}; ajv-formats has the code require its formats), and `madeFor`: the hash
 * of the spec's bytes and the installed versions of ajv and ajv-formats.
 */
export function prebuiltValidatorsSource(model: SpecModel, sha256: string): string {
  const standaloneCode = (require('ajv/dist/standalone/index.js') as { default: typeof import('ajv/dist/standalone/index.js').default }).default;
  const ajv = ajvFor(model, { code: { source: true } });
  for (const name of SCHEMA_NAMES) ajv.addSchema(model.schemas[name] as object, name);
  const exported = Object.fromEntries(SCHEMA_NAMES.map((name) => [name, name]));
  const madeFor = { sha256, versions: installedVersions(VALIDATOR_MAKERS) };
  return `${standaloneCode(ajv, exported)}\nexports.madeFor = ${JSON.stringify(madeFor)};\n`;
}

/**
 * The prebuilt validators, when the build made them from the spec with this hash, with the ajv and ajv-formats
 * installed now; otherwise undefined.
 */
export function prebuiltValidators(model: SpecModel, sha256: string): Validators | undefined {
  let prebuilt: Prebuilt;
  try {
    prebuilt = require(PREBUILT_VALIDATORS_FILE) as Prebuilt;
  } catch {
    return undefined;
  }
  const usable = prebuilt.madeFor?.sha256 === sha256 && madeByInstalled(prebuilt.madeFor.versions, VALIDATOR_MAKERS);
  return usable ? validatorsOf(model, (name) => prebuilt[name]) : undefined;
}
