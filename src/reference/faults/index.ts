import { byId } from '../by-id.js';
import { REVISIONS } from '../revisions.js';
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

/** The fault with this id, of the reference's or of a revision's; an unknown id is a usage error that lists the known ones. */
export function faultById(id: string): Fault {
  return byId([...FAULTS, ...REVISIONS.flatMap((r) => r.faults)], id, 'fault');
}
