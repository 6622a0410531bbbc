import type { Reply } from '../../http/reply.js';
import { sameContent, showContent, type CreatedCategory, type SeenCategory } from '../category.js';
import type { CheckContext } from '../context.js';
import { expectNewCategory } from '../expectations.js';
import { readListed } from '../listing.js';
import { summarize } from './summarize.js';

/** Top-up creates sent at once. */
const TOP_UP_AT_ONCE = 10;

/** What one LIST-2 closing check looks at. */
export interface ListedAsCreated {
  /** Who created the categories, for messages: `the auth suite`, `the whole run`. */
  readonly creator: string;
  /** The categories to find, as their 201s showed them (read when the check runs). */
  readonly categories: () => CreatedCategory[];
  /** Categories to create first, so that the list passes a size where paging and truncation start. */
  readonly topUp: number;
  /** The list before the suite's first check, when the suite read one: the list must have grown since. */
  readonly opening?: () => Reply | undefined;
}

/**
 * LIST-2 over a set of created categories: each in the list with the content its 201 showed, and the list longer
 * by at least as many as were created since the list before was read (a list cut to its newest N, on a target
 * that already holds N, shows no missing category of the run's, but does not grow). With a top-up, the check
 * first creates that many more, reading the list before it does.
 */
export function listedAsCreated({ creator, categories, topUp, opening }: ListedAsCreated): (t: CheckContext) => Promise<void> {
  return async (t) => {
    const openingReply = opening?.();
    const before = topUp > 0 ? await readListed(t, await t.openingList()) : openingReply ? await readListed(t, openingReply) : undefined;
    for (let made = 0; made < topUp; made += TOP_UP_AT_ONCE) {
      const batch = Array.from({ length: Math.min(TOP_UP_AT_ONCE, topUp - made) }, () => t.create({ name: t.marker('many') }));
      for (const reply of await Promise.all(batch)) expectNewCategory(t, reply);
    }
    const created = categories();
    if (created.length === 0) t.skip(`${creator} created no category`);
    const after = await readListed(t, await t.closingList());
    if (before) {
      const grew = after.size - before.size;
      const made = topUp > 0 ? topUp : created.length;
      t.expect(grew >= made, `the list grew by ${grew} while ${made} categories were created: it is truncated or paged`, after.reply);
    }
    const byId = after.withIds(new Set(created.map((c) => c.id)));
    const problems: string[] = [];
    for (const category of created) {
      const matches = byId.get(category.id) ?? [];
      if (matches.length === 0) problems.push(`category ${category.id} ${showContent(category)} (created in ${category.exchange}) is missing`);
      else if (!matches.some((m) => sameContent(m, category))) {
        problems.push(`category ${category.id} is listed as ${showContent(matches[0] as SeenCategory)}, but its 201 (${category.exchange}) showed ${showContent(category)}`);
      }
    }
    t.expect(problems.length === 0, summarize(problems, `of ${created.length} created categories`));
  };
}
