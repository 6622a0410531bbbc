import type { Exchange } from '../http/exchange.js';

/** How many exchanges a passed check or audit keeps as evidence of what it judged; all of them are counted. */
export const KEPT_WHEN_PASSED = 3;

/**
 * How many characters of a response body a passed check's exchanges keep: enough to show what came back (an Error,
 * a category, the start of a list), where the whole of a long list (hundreds of categories, read many times a run)
 * would be most of every report and of the run's memory while proving nothing more.
 */
export const PASSED_BODY_LIMIT = 2048;

/**
 * The exchanges a check's result keeps: a failed or skipped check keeps `exchanges` as they are (the failing ones
 * first, bodies up to the record's own limit); a passed one its first {@link KEPT_WHEN_PASSED}, with response bodies
 * cut at {@link PASSED_BODY_LIMIT} characters. Requests are kept whole: they are what a curl line reproduces.
 */
export function evidence(exchanges: readonly Exchange[], passed: boolean): readonly Exchange[] {
  return passed ? exchanges.slice(0, KEPT_WHEN_PASSED).map(abridged) : exchanges;
}

function abridged(exchange: Exchange): Exchange {
  const response = exchange.response;
  if (!response || response.body.length <= PASSED_BODY_LIMIT) return exchange;
  return { ...exchange, response: { ...response, body: response.body.slice(0, PASSED_BODY_LIMIT), bodyTruncated: true } };
}
