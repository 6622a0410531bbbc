import { interruptionSignal } from '../protocol/interruption.js';
import { Redactor } from '../core/secrets.js';
import { newCategoryBodies, type NewCategoryBodies } from '../generators/new-category.js';
import { HttpClient } from '../http/client.js';
import { operationOf } from '../spec/mapping.js';
import { nodeOf, shownContent } from '../spec/schema-node.js';
import type { Operation } from '../spec/types.js';
import { specValidators } from '../spec/prebuilt-validators.js';
import type { Validators } from '../spec/validators.js';
import type { RunSettings } from '../protocol/settings.js';

/** What every check in a worker shares: one connection pool, one set of compiled schemas. */
export interface Environment {
  readonly settings: RunSettings;
  readonly client: HttpClient;
  readonly validators: Validators;
  readonly redactor: Redactor;
  readonly operations: readonly Operation[];
  readonly list: Operation;
  readonly create: Operation;
  /** What a valid and an invalid NewCategory are, as the spec says, and where the run's markers go. */
  readonly bodies: NewCategoryBodies;
  /** What a Category shows besides its id, which the list must show as the 201 did: the properties of the spec's Category but the write-only ones. */
  readonly shown: readonly string[];
}

let current: { runId: string; environment: Environment; stopListening(): void } | undefined;

/** The environment of the run these settings describe; built once per worker and run, for all its suite files. */
export function environment(settings: RunSettings): Environment {
  if (current?.runId !== settings.runId) {
    if (current) {
      // The run before, in a batch (SuiteSession.runAll): its suite files have all run.
      current.stopListening();
      current.environment.client.close().catch(() => undefined);
    }
    const operations = settings.spec.operations;
    // This thread's own, from the secrets the CLI built the run's from.
    const redactor = new Redactor(settings.secrets, settings.wholeSecrets);
    const validators = specValidators(settings.spec, settings.prebuiltValidators);
    const interruption = interruptionSignal(settings.runId);
    current = {
      runId: settings.runId,
      stopListening: interruption.close,
      environment: {
        settings,
        redactor,
        // The settings are the client's as they are (ClientSettings): an option of how requests go needs no step here.
        client: new HttpClient({ ...settings, interrupted: interruption.signal }),
        validators,
        operations,
        list: operationOf(operations, 'list'),
        create: operationOf(operations, 'create'),
        bodies: newCategoryBodies(settings.spec, validators, { assertFormats: settings.assertFormats }),
        shown: shownContent(nodeOf(settings.spec.schemas.Category)),
      },
    };
  }
  return current.environment;
}
