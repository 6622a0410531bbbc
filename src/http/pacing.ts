/**
 * Politeness towards a target: how many requests may be in flight at once, and how many may start per second.
 * Both are shared by every check of a run, whatever the concurrency of the checks themselves. A target that asks to
 * slow down (429) gets half as many requests at once, and half as many started a second; answers that are not 429
 * bring the pace back, a little at a time, to what it was. Only the request it refused waits what it asked for (see
 * RateLimitPolicy): a target that turns away one request in fifty, with a wait of a second or two, held every other
 * request of the run for that long, and a run of 3 s took 58.
 */
/** The answers over which requests to slow down are counted: the pace is halved at the second 429 among them. */
const RECENT_ANSWERS = 20;
/** Requests a second the pace grows by, for every second's worth of answers, after a request to slow down. */
const RATE_GROWTH = 5;

export class Pacer {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private nextStart = 0;
  /** Requests in flight at once now: the concurrency, halved at a request to slow down, then grown back. */
  private limit: number;
  /** Requests started per second now (undefined: no limit): halved at a request to slow down, then grown back. */
  private rate: number | undefined;
  /** The rate to grow back to: the one given, or, without one, the pace before the first request to slow down. */
  private fullRate: number | undefined;
  /**
   * Until this time (performance.now()), a request to slow down answers the pace already halved: the wait the first
   * of them asked for, and at least a second.
   */
  private calmUntil = 0;
  /** When the requests of the last second started: the pace a request to slow down halves, without a rate. */
  private readonly recentStarts: number[] = [];
  /** Answers since the concurrency was last raised or halved. */
  private answersAtLimit = 0;
  /** When the pace was last halved. */
  private slowedAt = Number.NEGATIVE_INFINITY;
  /** The last answers, newest last: whether each was a request to slow down (see {@link RECENT_ANSWERS}). */
  private readonly recentAnswers: boolean[] = [];

  constructor(
    /** Requests in flight at once. */
    private readonly concurrency: number,
    /** Requests started per second; undefined: no limit. */
    private readonly givenRate?: number,
  ) {
    this.limit = concurrency;
    this.rate = givenRate;
  }

  /**
   * The target asked to slow down (429), and the request it refused to wait `waitMs`: unless it is the only one among
   * the last {@link RECENT_ANSWERS} answers, half as many requests at once (at least one) and half as many started a
   * second (at least one; without a rate, half the pace of the last second).
   * Retrying at the same pace would have the requests that were turned away compete again with the ones that got
   * through, round after round: against a target limited to 5 requests a second, 8 at once made some give up after
   * every retry, and HTTP-1 fail.
   */
  slowDown(waitMs: number): void {
    // One 429 among many answers turned away that request, not the pace: a gateway that answers every 50th request 429
    // is served no better at half the pace, and a run slowed at each of them took 31 s instead of 17.
    if (this.noteAnswer(true) < 2) return;
    const now = performance.now();
    // The requests turned away together answer the same pace: the first of them slows it, the others (within its wait,
    // and at least a second, the pace's own measure) only wait.
    if (now >= this.calmUntil && now - this.slowedAt >= 1000) {
      this.slowedAt = now;
      this.limit = Math.max(1, Math.floor(this.limit / 2));
      this.answersAtLimit = 0;
      const pace = this.rate ?? this.recentStarts.filter((t) => t > now - 1000).length;
      if (pace > 0) {
        // The pace to grow back to is the fastest one a request to slow down met: set at the first one alone, a later
        // halving that started above it never grew back (a target taking 50 a second was sent 20 a second for good).
        this.fullRate = this.givenRate ?? Math.max(this.fullRate ?? 0, pace);
        this.rate = Math.max(1, pace / 2);
      }
    }
    this.calmUntil = Math.max(this.calmUntil, now + waitMs);
  }

  /**
   * An answer that was not a request to slow down: the pace grows back towards what it was, gently: by
   * {@link RATE_GROWTH} requests a second for every second's worth of answers, and one more request at once for every
   * round of answers at the current concurrency (so a target that turns away one request in many, or only ever one
   * kind, is not slowed for good). A twentieth of the rate an answer was back over a limit of 50 a second within 15
   * answers, and the requests turned away then went on being turned away through every retry.
   */
  answered(): void {
    this.noteAnswer(false);
    if (this.limit < this.concurrency && ++this.answersAtLimit >= this.limit) {
      this.limit++;
      this.answersAtLimit = 0;
      this.wakeWaiters();
    }
    if (this.rate === undefined || this.fullRate === undefined) return;
    if (this.rate < this.fullRate) this.rate = Math.min(this.fullRate, this.rate + RATE_GROWTH / this.rate);
    if (this.rate >= this.fullRate && this.givenRate === undefined) {
      this.rate = undefined;
      this.fullRate = undefined;
    }
  }

  /**
   * Back to the pace it started at: for a target that turns requests away however slowly they come (see
   * LIMITED_IN_A_ROW in rate-limit-policy.ts), slowing down further only draws the run out.
   */
  resume(): void {
    this.limit = this.concurrency;
    this.rate = this.givenRate;
    this.calmUntil = 0;
    this.wakeWaiters();
  }

  /** Notes an answer (whether it asked to slow down); returns how many of the recent ones did. */
  private noteAnswer(slowDown: boolean): number {
    this.recentAnswers.push(slowDown);
    if (this.recentAnswers.length > RECENT_ANSWERS) this.recentAnswers.shift();
    return this.recentAnswers.filter(Boolean).length;
  }

  /** Lets waiters in while there is room under a concurrency that grew. */
  private wakeWaiters(): void {
    while (this.inFlight < this.limit && this.waiting.length > 0) {
      this.inFlight++;
      this.waiting.shift()?.();
    }
  }

  /**
   * Waits for a free slot (and for the rate), then holds it until the returned release is called. Rejects with the
   * signal's reason when it aborts while waiting for a slot.
   */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.inFlight < this.limit) this.inFlight++;
    else await this.handOver(signal);
    if (this.rate) {
      const now = performance.now();
      const start = Math.max(now, this.nextStart);
      this.nextStart = start + 1000 / this.rate;
      // Node's timers run on the event loop's cached clock, which can be behind under load: a timer may fire a few
      // milliseconds before its time by performance.now(), so the start is checked again.
      for (let wait = start - now; wait > 0 && !signal?.aborted; wait = start - performance.now()) {
        await sleep(wait, signal).catch(() => undefined);
      }
    } else {
      const now = performance.now();
      while ((this.recentStarts[0] ?? now) <= now - 1000) this.recentStarts.shift();
      this.recentStarts.push(now);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the next waiter, so no acquire in between can take it too; unless the target
      // asked to slow down since, and fewer are let in flight now.
      const next = this.inFlight > this.limit ? undefined : this.waiting.shift();
      if (next) next();
      else this.inFlight--;
    };
  }

  /** Waits until a released slot is handed over. */
  private handOver(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const abort = () => {
        this.waiting.splice(this.waiting.indexOf(granted), 1);
        reject(signal?.reason);
      };
      const granted = () => {
        signal?.removeEventListener('abort', abort);
        resolve();
      };
      this.waiting.push(granted);
      signal?.addEventListener('abort', abort, { once: true });
    });
  }
}

/** Resolves after `ms`, or rejects as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}
