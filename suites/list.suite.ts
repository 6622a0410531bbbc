/**
 * LIST rules: GET /categories answers every category, complete and faithful (contract §4.1). This suite runs
 * last: its LIST-2 check reads the list once the whole run has created its categories, and first tops a list of
 * 256 or fewer up to 257 (once: a later run finds it long enough), so that paging, truncation and ids that outgrow
 * a narrow column show. Beside the top-up's last creates, authentication is tried once more: a server that stops
 * checking keys after some number of requests shows only at the end of a run.
 */
import { expectRefused, observeAnswer } from '../src/checks/expectations.js';
import { parameterTrials } from '../src/generators/schema/parameter-values.js';
import { parameterPhrases, shownValue } from '../src/checks/request-values.js';
import { defineSuite } from '../src/checks/suite.js';
import { bearer } from '../src/http/credential.js';
import { mutateKey } from '../src/generators/key-mutations.js';

const suite = defineSuite('list');
const { settings, list, create } = suite.env;

suite.checkRunCreationsAreListed();

// The checks below run at the run's end (see RunEnd): they start once the top-up above has sent its last create, beside
// its answers, and the LIST-2 check reads the list once they have ended. The closing AUTH-4 check and the plain LIST-1
// check after it judge that list too.
suite.atRunEnd(() => {
  // The parameters the spec declares for the list, in the query and in headers, each written as its style says (see
  // parameterTrials): what it allows gets 200 and a list of Categories (whose items MODEL-1's audit judges); where its
  // schema constrains a parameter, what it forbids gets 400 with an Error (ERROR-1's audit judges the body), and so does
  // the list without one it requires. What a query parameter does to the list (a `limit`'s effect) no schema states:
  // INFO-4 records it.
  for (const { parameter, valid, drawn, invalid } of parameterTrials(list, { assertFormats: settings.assertFormats })) {
    const phrase = parameterPhrases(list, parameter);
    const given = (value: unknown) => ({ parameters: [{ parameter, value }] });
    if (valid.length > 0 || drawn) {
      suite.check('LIST-1', `${phrase.with} values the spec allows gets 200 and a JSON array`, async (t) => {
        for (const c of valid) t.expectList(await t.list(given(c.value)));
        if (drawn) await t.property(drawn, async (value) => void t.expectList(await t.list(given(value))));
      });
    }
    if (invalid.length > 0) {
      suite.check('LIST-1', `${phrase.with} values the spec does not allow gets 400`, async (t) => {
        for (const c of invalid) {
          t.expectStatus(await t.list({ ...given(c.value), alsoAllowed: [400] }), 400, ` for ${c.label} (${shownValue(parameter, c.value)})`);
        }
      });
    }
    if (parameter.required) {
      suite.check('LIST-1', `${phrase.without} gets 400`, async (t) => {
        t.expectStatus(await t.list({ leaveOut: [parameter], alsoAllowed: [400] }), 400);
      });
    }
    const [plain] = valid;
    if (plain && parameter.in === 'query') {
      const shown = shownValue(parameter, plain.value);
      suite.check('INFO-4', `GET ${list.path}?${shown} is answered`, async (t) => {
        observeAnswer(t, await t.list(given(plain.value)), `?${shown}`);
      });
    }
  }

  // Authentication once more, last of all: a server that stops checking keys after some number of requests shows
  // only late in a run.
  for (const op of [list, create]) {
    suite.check('AUTH-1', `${op.label} with no credential still gets 401 at the end of the run`, async (t) => {
      await expectRefused(t, op, null);
    });
  }

  suite.check('AUTH-2', `${list.label} with the valid key altered still gets 401 at the end of the run`, async (t) => {
    const altered = t.expectValue(mutateKey(settings.apiKey, { kind: 'replace', at: 0.5, by: 'x' }), 'the key cannot be altered');
    await expectRefused(t, list, bearer(altered));
  });
});

suite.checkRejectedCreatedNothing('AUTH-4');

// The list the closing checks read last (megabytes, on a large target), not read again for this check.
suite.check('LIST-1', 'GET /categories with the valid key gets 200 and a JSON array', async (t) => {
  t.expectList(await t.closingList());
}, { sequential: true });

suite.audits();
