import type { Reply } from '../../http/reply.js';
import { contentDifferences, sameContent, showContent, type CreatedCategory, type SeenCategory } from '../../json/category.js';
import type { CheckContext } from '../context.js';
import { expectNewCategory } from '../expectations.js';
import { readListed } from '../listing.js';
import { problemsMessage } from '../problems-message.js';
import { Kinds } from '../../core/problem-kinds.js';
import type { RunEnd } from '../../runtime/run-end.js';

/** What one LIST-2 closing check looks at. */
export interface ListedAsCreated {
  /** Who created the categories, for messages: `the auth suite`, `the whole run`. */
  readonly creator: string;
  /** The categories to find, as their 201s showed them (read when the check runs). */
  readonly categories: () => CreatedCategory[];
  /**
   * The list length the check needs (0: any): a shorter list is first topped up to it, so that paging and truncation
   * that start below it show (see CheckRequests.topUp).
   */
  readonly topUpTo: number;
  /** The list before the suite's first check, when the suite read one: the list must have grown since. */
  readonly opening?: () => Reply | undefined;
  /**
   * The run's end, for the check of the whole run (see RunEnd): the checks at the end start once its top-up has sent
   * its last create, and it reads the list once they have ended.
   */
  readonly end?: RunEnd;
}

/**
 * LIST-2 over a set of created categories: each in the list with the content its 201 showed, and the list longer
 * by at least as many as were created since the list before was read (a list cut to its newest N, on a target
 * that already holds N, shows no missing category of the run's, but does not grow). With a length to top up to,
 * the check first reads the list and creates what it lacks of that length.
 */
export function listedAsCreated({ creator, categories, topUpTo, opening, end }: ListedAsCreated): (t: CheckContext<'LIST-2'>) => Promise<void> {
  return async (t) => {
    const openingReply = opening?.();
    const before = topUpTo > 0 ? await readListed(t, await t.openingList()) : openingReply ? await readListed(t, openingReply) : undefined;
    const topUp = before && topUpTo > 0 ? await t.topUp(before.size, topUpTo) : 0;
    await sendTopUp(t, topUp, () => end?.topUpSent());
    end?.topUpSent();
    const created = categories();
    if (created.length === 0) t.skip(`${creator} created no category`);
    if (end) await t.awaitOthers(end.checksAtEndEnded());
    const after = await readListed(t, await t.closingList());
    // Since the list before: the top-up's categories, or the suite's (the whole run's grew the lists of their suites),
    // counting only those whose id no earlier 201 of the run showed: a create that hands back an existing category
    // (MODEL-2's to report) adds nothing to the list.
    const made = topUpTo > 0 ? topUp : created.filter((c) => t.runCreated.get(c.id)?.exchange === c.exchange).length;
    const grew = before && after.size - before.size;
    if (grew !== undefined && made > 0 && grew < made) t.listIsCut(`the list grew by ${grew} while ${made} categories were created: it is truncated or paged`, after.reply);
    const byId = after.withIds(new Set(created.map((c) => c.id)));
    const content = t.env.shown;
    const problems: string[] = [];
    // Counted by what differs, for the first line: "name differs (2); missing (1)"; each category below it.
    const kinds = new Kinds();
    for (const category of created) {
      const matches = byId.get(category.id) ?? [];
      if (matches.length === 0) {
        problems.push(`category ${category.id} ${showContent(category, content)} (created in ${category.exchange}) is missing`);
        kinds.count(problems.at(-1) as string, 'missing', 'missing');
      } else if (!matches.some((m) => sameContent(m, category, content))) {
        // What differs first, then the two records.
        const listed = matches[0] as SeenCategory;
        const differences = contentDifferences(listed, category, content, 'the list item');
        problems.push(`category ${category.id}: ${differences.join(', ')} (listed as ${showContent(listed, content)}; its 201 in ${category.exchange} showed ${showContent(category, content)})`);
        const what = differences.map(differenceKind).join(', ');
        kinds.count(problems.at(-1) as string, what, what);
      }
    }
    t.expect(problems.length === 0, problemsMessage(problems, `of ${created.length} created categories`, { kinds }));
  };
}

/** A difference (see contentDifferences) in a word or two: `name differs`, `description missing`, `color shown where none was`. */
function differenceKind(difference: string): string {
  const key = difference.slice(0, difference.indexOf(' '));
  return / differs: /.test(difference) ? `${key} differs` : / missing from /.test(difference) ? `${key} missing` : `${key} shown where none was`;
}

/**
 * The top-up's creates, as many at once as the run may have in flight: each next one starts as one is answered, and
 * none starts once one was not kept, or could not be sent (its failure is the check's, once those under way end).
 * `lastStarted` is called as the last one starts.
 */
async function sendTopUp(t: CheckContext<'LIST-2'>, count: number, lastStarted: () => void): Promise<void> {
  let started = 0;
  let failure: { readonly error: unknown } | undefined;
  const sender = async () => {
    while (started < count && !failure) {
      if (++started === count) lastStarted();
      try {
        keptTopUpCreate(t, await t.create(t.env.bodies.valid(t.marker('many'))));
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(count, t.env.settings.concurrency) }, sender));
  if (failure) throw failure.error;
}

/**
 * A create of the top-up, kept: plain valid creates, so one that is not kept is not LIST-2's to report but CREATE-1's
 * (a refusal, an answer without the Category), or HTTP-1's (a server error: a column that overflows past 255 rows).
 */
function keptTopUpCreate(t: CheckContext<'LIST-2'>, reply: Reply): void {
  const status = reply.status;
  if (status !== undefined && status >= 500) t.skipOver('HTTP-1', `the top-up's create ${reply.exchange.id} was answered ${status}`);
  t.skipOverUnlessStatus('CREATE-1', reply, 201, 'a create of the top-up was not kept');
  expectNewCategory(t, reply);
}
