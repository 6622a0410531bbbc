import type { Effect } from '../../results/verdict.js';
import type { Output } from './output.js';

/**
 * The console's mark of an effect, a rule's or the heaviest of a suite's checks': ✗ breaks the verdict, ! warns, a dim
 * ✗ an expected failure, ? the suite's own error; none for the others, which the caller marks by outcome.
 */
export function effectMark(out: Output, effect: Effect): string | undefined {
  switch (effect) {
    case 'breaks-verdict': return out.style.red('✗');
    case 'warns': return out.style.yellow('!');
    case 'expected': return out.style.dim('✗');
    case 'incomplete': return out.style.yellow('?');
    default: return undefined;
  }
}
