import { threadTimeout } from './thread-clock.js';

/** An AbortSignal made for one request, and how to let go of it. */
export interface LinkedSignal {
  readonly signal: AbortSignal | undefined;
  /** Stops its timer and unhooks it from its parents; call once the request is over. */
  dispose(): void;
}

const NOTHING_TO_DISPOSE = (): void => undefined;

/**
 * The controllers that abort with each parent signal. A parent gets one listener, however many requests follow it:
 * the run's interruption lives as long as the run and a check's signal as long as its burst of requests, and a
 * listener each would pass Node's limit of ten (a MaxListenersExceededWarning on stderr).
 */
const followers = new WeakMap<AbortSignal, Set<AbortController>>();

function follow(parent: AbortSignal, controller: AbortController): void {
  let set = followers.get(parent);
  if (!set) {
    const following = new Set<AbortController>();
    set = following;
    followers.set(parent, following);
    parent.addEventListener('abort', () => {
      for (const follower of following) follower.abort(parent.reason);
      following.clear();
    }, { once: true });
  }
  set.add(controller);
}

/**
 * A signal that aborts as soon as any of `parents` does (with its reason), or once `timeoutMs` of this thread's time
 * have passed (with the TimeoutError AbortSignal.timeout gives): a request's deadline. Not `AbortSignal.timeout`,
 * which counts wall time (see thread-clock.ts: what the load took is not the target's), nor `AbortSignal.any`, whose
 * signals stay in a long-lived parent's set (the run's interruption) until that parent goes, even once collected
 * (Node 20): one entry per request of the run. Without a timeout and with one parent, that parent itself. `dispose`
 * must be called once the request is over, to stop the timer and let go of the parents.
 */
export function linkedSignal(parents: readonly (AbortSignal | undefined)[], timeoutMs?: number): LinkedSignal {
  const present = parents.filter((p): p is AbortSignal => p !== undefined);
  if (timeoutMs === undefined && present.length <= 1) return { signal: present[0], dispose: NOTHING_TO_DISPOSE };
  const controller = new AbortController();
  const already = present.find((p) => p.aborted);
  if (already) {
    controller.abort(already.reason);
    return { signal: controller.signal, dispose: NOTHING_TO_DISPOSE };
  }
  for (const parent of present) follow(parent, controller);
  const cancel = timeoutMs === undefined ? undefined
    : threadTimeout(timeoutMs, () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')));
  return {
    signal: controller.signal,
    dispose: () => {
      cancel?.();
      for (const parent of present) followers.get(parent)?.delete(controller);
    },
  };
}
