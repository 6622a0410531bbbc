/**
 * How long a request may stay unsettled after its signal aborted before its pool is taken to be stuck: undici settles
 * an aborted request at once, and a millisecond is all it needs on a loaded machine too.
 */
export const STUCK_AFTER_MS = 1_000;

/**
 * What `work` gives, or the signal's reason as soon as it aborts, whichever comes first: a deadline that depends on the
 * HTTP library honouring an abort is not a deadline. undici 7 leaves requests of a pool unsettled for good once it
 * has refused a header value (docs/architecture.md, "The HTTP client"); `stuck` is called when the work is still
 * unsettled {@link STUCK_AFTER_MS} after the abort, for the caller to give up on what it holds. (A check waiting for
 * other checks gives none: see CheckRequests.awaitOthers.)
 */
export function settleBy<T>(work: Promise<T>, signal: AbortSignal, stuck: () => void = () => undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const abort = () => {
      reject(signal.reason);
      setTimeout(() => {
        if (!settled) stuck();
      }, STUCK_AFTER_MS).unref();
    };
    const done = () => {
      settled = true;
      signal.removeEventListener('abort', abort);
    };
    work.then((value) => {
      done();
      resolve(value);
    }, (error: unknown) => {
      done();
      reject(error);
    });
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
}
