import { createHash } from 'node:crypto';
import { UsageError } from '../core/errors.js';

/**
 * What the jobs of one CI run share, and no other run has, by CI: the shards of a matrix derive their seed from it, so
 * that merge finds them of one run without anyone passing a seed along. Ids that stay the same when failed jobs are
 * run again (GitHub's GITHUB_RUN_ID, not its attempt): a shard run again must still match the shards that passed.
 */
export const CI_RUN_IDS: readonly string[] = [
  'GITHUB_RUN_ID', 'CI_PIPELINE_ID', 'CIRCLE_WORKFLOW_ID', 'BUILDKITE_BUILD_ID', 'BUILD_BUILDID', 'TRAVIS_BUILD_ID', 'BUILD_TAG',
];

/** The seed every shard of one CI run takes without --seed, and where it came from; refused outside CI. */
export function shardSeed(env: NodeJS.ProcessEnv): { seed: number; from: string } {
  const name = CI_RUN_IDS.find((n) => env[n]);
  if (name === undefined) {
    throw new UsageError('--shard needs the same --seed in every shard, so that merge can combine them: give each shard --seed <int> ' +
      `(any, the same for all), or run them in CI, where the shards of a run share its id (${CI_RUN_IDS.slice(0, 2).join(', ')}…)`);
  }
  const digest = createHash('sha256').update(`${name}=${env[name]}`).digest();
  return { seed: digest.readUInt32BE(0) % 2 ** 31, from: name };
}
