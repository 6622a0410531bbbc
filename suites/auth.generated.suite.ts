/**
 * AUTH-2, generated: credentials from a grammar of mutations of the valid key and of the header (see
 * src/generators/credentials.ts), applied to every operation the spec lists. Every shape the grammar knows is sent by
 * example in auth.suite.ts on every run; these cases explore around them, and differ from seed to seed. Every refused
 * POST is verified to have created nothing (AUTH-4).
 */
import fc from 'fast-check';
import { expectRefused } from '../src/checks/expectations.js';
import { defineSuite } from '../src/checks/suite.js';
import { credentialFor, invalidCredential } from '../src/generators/credentials.js';
import { proxyRouteOf } from '../src/http/proxy.js';
import { guardedOperations, writesOf } from '../src/spec/types.js';

const suite = defineSuite('auth.generated');
const { settings, operations } = suite.env;
/** How the run's requests reach the target: the key is sent nowhere its proxy would see it (see credentialFor). */
const route = proxyRouteOf(settings.target, settings.proxy);
const guarded = guardedOperations(operations);
const reads = guarded.filter((op) => writesOf(op) === 0);

suite.check('AUTH-2', 'generated invalid credentials get 401 on every operation that reads', async (t) => {
  const cases = fc.record({ operation: fc.constantFrom(...reads.map((op) => op.key)), credential: invalidCredential });
  await t.property(cases, async ({ operation, credential }) => {
    const op = reads.find((o) => o.key === operation) ?? t.fail(`no operation ${operation}`);
    const c = credentialFor(credential, settings.apiKey, op.requestBodySchema !== undefined, route);
    fc.pre(c !== undefined);
    await expectRefused(t, op, c);
  });
});

// Every request must be refused, so the cases need no writes of the budget (see WriteBudget).
for (const op of guarded.filter((o) => writesOf(o) > 0)) {
  suite.check('AUTH-2', `generated invalid credentials get 401 on ${op.label} and create nothing`, async (t) => {
    await t.property(invalidCredential, async (credential) => {
      const c = credentialFor(credential, settings.apiKey, op.requestBodySchema !== undefined, route);
      fc.pre(c !== undefined);
      await expectRefused(t, op, c);
    });
  });
}

suite.checkRejectedCreatedNothing('AUTH-4');
suite.audits();
