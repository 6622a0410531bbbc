import { authFaults } from './auth.js';
import { createFaults } from './create.js';
import { errorFaults } from './errors.js';
import type { Fault } from './fault.js';
import { httpFaults } from './http.js';
import { listFaults } from './list.js';
import { mediaFaults } from './media.js';
import { modelFaults } from './model.js';

export type { Fault } from './fault.js';

/** Every fault the reference can be switched into. */
export const FAULTS: readonly Fault[] = [
  ...authFaults, ...createFaults, ...modelFaults, ...listFaults, ...errorFaults, ...mediaFaults, ...httpFaults,
];

/** The fault with this id; the message lists the ids when there is none. */
export function faultById(id: string): Fault {
  const found = FAULTS.find((f) => f.id === id);
  if (!found) throw new Error(`unknown fault "${id}"; known faults: ${FAULTS.map((f) => f.id).join(', ')}`);
  return found;
}
