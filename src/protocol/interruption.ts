import { BroadcastChannel } from 'node:worker_threads';

/**
 * How a run's interruption (Ctrl-C, SIGTERM) reaches the checks in vitest's worker thread. vitest's own
 * cancellation lets the tests under way finish, and a test waiting on a target that does not answer would take
 * its whole deadline; the checks' requests are aborted at once instead.
 */
function channelOf(runId: string): string {
  return `petstore-conformance:interrupt:${runId}`;
}

/** Tells the run's workers that it is interrupted. Safe to repeat: a worker that started late hears it then. */
export function announceInterruption(runId: string): void {
  const channel = new BroadcastChannel(channelOf(runId));
  channel.postMessage('interrupted');
  channel.close();
}

/** In a worker: a signal aborted once the run is announced interrupted. `close` stops listening. */
export function interruptionSignal(runId: string): { readonly signal: AbortSignal; close(): void } {
  const controller = new AbortController();
  const channel = new BroadcastChannel(channelOf(runId));
  // Listening must not keep the worker alive.
  channel.unref();
  channel.onmessage = () => controller.abort(new Error('the run was interrupted'));
  return { signal: controller.signal, close: () => channel.close() };
}
