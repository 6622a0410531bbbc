import { inject } from 'vitest';
import { interruptionSignal } from '../protocol/interruption.js';
import { Redactor } from '../core/secrets.js';
import { HttpClient } from '../http/client.js';
import { requireOperation } from '../spec/operations.js';
import { CREATE_CATEGORY, LIST_CATEGORIES, type Operation } from '../spec/types.js';
import { prebuiltValidators } from '../spec/prebuilt-validators.js';
import { compileValidators, type Validators } from '../spec/validators.js';
import { SETTINGS_KEY, type RunSettings } from '../protocol/settings.js';

/** What every check in a worker shares: one connection pool, one set of compiled schemas. */
export interface Environment {
  readonly settings: RunSettings;
  readonly client: HttpClient;
  readonly validators: Validators;
  readonly redactor: Redactor;
  readonly operations: readonly Operation[];
  readonly list: Operation;
  readonly create: Operation;
}

let current: { runId: string; environment: Environment; stopListening(): void } | undefined;

/** The environment for the settings the runner provided; built once per worker and run. */
export function environment(): Environment {
  const settings = inject(SETTINGS_KEY);
  if (current?.runId !== settings.runId) {
    current?.stopListening();
    const operations = settings.spec.operations;
    const redactor = new Redactor([settings.apiKey]);
    const interruption = interruptionSignal(settings.runId);
    current = {
      runId: settings.runId,
      stopListening: interruption.close,
      environment: {
        settings,
        redactor,
        // The settings are the client's as they are (ClientSettings): an option of how requests go needs no step here.
        client: new HttpClient({ ...settings, interrupted: interruption.signal }),
        // Checked in full already: by the CLI when it loaded the spec, or, for the bundled spec, by the build, which
        // also compiled them to code (spec/prebuilt-validators.ts).
        validators: (settings.prebuiltValidators && prebuiltValidators(settings.spec)) || compileValidators(settings.spec, { checked: true }),
        operations,
        list: requireOperation(operations, LIST_CATEGORIES),
        create: requireOperation(operations, CREATE_CATEGORY),
      },
    };
  }
  return current.environment;
}
