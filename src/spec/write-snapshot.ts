/**
 * The last step of `npm run build`: loads the bundled spec in full (the OpenAPI schema, every `$ref`, the schemas
 * compiled under ajv's meta-schema) and writes the outcome, and its validators as code, where runs of the same
 * bytes take them from (snapshot.ts, prebuilt-validators.ts). A bundled spec that does not load fails the build.
 */
import { writeFile } from 'node:fs/promises';
import { BUNDLED_SPEC, loadSpec } from './load.js';
import { PREBUILT_VALIDATORS_FILE, prebuiltValidatorsSource } from './prebuilt-validators.js';
import { installedVersions, SNAPSHOT_FILE, SPEC_LOADERS, type SpecSnapshot } from './snapshot.js';

const { sha256, title, model } = await loadSpec(BUNDLED_SPEC, { inFull: true });
const snapshot: SpecSnapshot = { sha256, versions: installedVersions(SPEC_LOADERS), title, model };
await writeFile(SNAPSHOT_FILE, `${JSON.stringify(snapshot)}\n`);
await writeFile(PREBUILT_VALIDATORS_FILE, prebuiltValidatorsSource(model));
