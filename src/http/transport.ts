/**
 * The transport: a keep-alive pool of connections to the target (undici's), one request over it with a precise
 * deadline and a cap on the response's size; what undici throws is described by failure.ts.
 */
import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import { Pool, ProxyAgent } from './undici.js';
import { LargeBodies, readBody } from './body.js';
import type { Deadline } from './deadlines.js';
import type { TransportError } from './exchange.js';
import { describeFailure, PROXY_REFUSED } from './failure.js';
import type { PreparedRequest } from './outgoing.js';
import { linkedSignal } from './linked-signal.js';
import { madeByProxy, proxyAnswerNote, type ResponseHeaders } from './proxy-answer.js';
import { shownProxy, type Proxy } from './proxy.js';
import { settleBy } from './settle.js';
import { TlsAlerts } from './tls-alerts.js';
import { tlsOptions, type ClientCertificate } from './tls.js';

/** What the transport takes of the client's options (see ClientOptions in client.ts, whose fields these are). */
export interface TransportOptions {
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  /** Connections to the target at once: as many as requests in flight. */
  readonly connections: number;
  readonly ca?: string;
  readonly insecure?: boolean;
  readonly clientCertificate?: ClientCertificate;
  readonly proxy?: Proxy;
}

/** A response, read whole, and how long it took from sending to its last byte. */
export interface ReceivedResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly bytes: Buffer;
  readonly tookMs: number;
}

/** One try at a request: a response, or why none came. */
export type Attempt = { readonly response: ReceivedResponse; readonly failure?: undefined } | { readonly response?: undefined; readonly failure: TransportError };

/**
 * Requests to one origin over a keep-alive pool, or through the run's proxy. Never follows redirects (undici's
 * `request` does not); failures come back described, not thrown.
 */
export class Transport {
  private pool: Dispatcher;
  /** Pools given up on because a request of theirs never settled: destroyed once their other requests are over. */
  private readonly retired = new Set<Dispatcher>();
  private readonly largeBodies = new LargeBodies();
  /** With a client certificate: the alerts by which the target may refuse it (see tls-alerts.ts). */
  private readonly alerts: TlsAlerts | undefined;
  private received = 0;
  /**
   * What each request adds to undici's options. Through a proxy to an http target (absolute-form requests), `reset`:
   * each request on a connection of its own, closed after its answer. A proxy may close a connection after any answer,
   * though the answer kept it open (tinyproxy answers HTTP/1.1 without `Connection: close`, then closes it): a request
   * sent on it meanwhile fails before any byte of an answer, and would be judged as the target's failure. Retrying such
   * a request instead would cost less (a connection to the proxy per request), but not for a POST: one the proxy
   * did pass on may have created a category, and a second would create another that the write accounting (see
   * `mayHaveCreated` in checks/sending.ts) never counts. An https target's tunnels are the target's own connections.
   */
  private readonly perRequest: { readonly reset?: true };

  constructor(private readonly origin: string, private readonly options: TransportOptions) {
    this.alerts = options.clientCertificate ? new TlsAlerts() : undefined;
    this.perRequest = options.proxy !== undefined && origin.startsWith('http:') ? { reset: true } : {};
    this.pool = this.newPool();
  }

  /**
   * The target's pool of `connections`; through a proxy, undici's ProxyAgent, whose pool (made by the same options)
   * holds as many: an https target's connections are CONNECT tunnels, each with the target's TLS inside; an http
   * target's requests go to the proxy in absolute form (`proxyTunnel: false`, as curl sends them: proxies commonly
   * allow CONNECT to port 443 only).
   */
  private newPool(): Dispatcher {
    const { options } = this;
    const slack = 5_000; // undici's own timers only back up the precise deadline of each request
    const pool = {
      connections: options.connections,
      maxResponseSize: options.maxResponseBytes,
      headersTimeout: options.timeoutMs + slack,
      bodyTimeout: options.timeoutMs + slack,
    };
    const connect = { timeout: options.timeoutMs, ...tlsOptions(options) };
    const proxy = options.proxy;
    if (proxy === undefined) return new Pool(this.origin, { ...pool, connect });
    return new ProxyAgent({
      uri: proxy.url,
      ...(proxy.authorization !== undefined ? { token: proxy.authorization } : {}),
      proxyTunnel: false,
      requestTls: connect,
      proxyTls: { timeout: options.timeoutMs },
      factory: (origin, factoryOptions) => new Pool(origin, { ...factoryOptions, ...pool }),
    });
  }

  /**
   * Sends the request and reads its whole body within `deadline`, an AbortSignal's: undici's own timers tick once a
   * second. `signal` (an interrupted run) aborts it too. It settles at the deadline whatever undici does (see
   * settle.ts); a pool that leaves a request unsettled after its abort is replaced, so that later requests go out.
   */
  async request(prepared: PreparedRequest, deadline: Deadline, signal: AbortSignal | undefined): Promise<Attempt> {
    let phase: TransportError['phase'] = 'headers';
    const sentAt = performance.now();
    const aborts = linkedSignal([signal], deadline.ms);
    const pool = this.pool;
    const exchange = async () => {
      const response = await pool.request({
        origin: this.origin,
        method: prepared.method as 'GET',
        path: prepared.path,
        headers: prepared.headers,
        body: prepared.body ?? null,
        signal: aborts.signal,
        ...this.perRequest,
      });
      phase = 'body';
      const bytes = await readBody(response.body, response.headers['content-length'], {
        maxBytes: this.options.maxResponseBytes, large: this.largeBodies, signal: aborts.signal as AbortSignal, received: (n) => (this.received += n),
      });
      return { status: response.statusCode, headers: response.headers, bytes };
    };
    try {
      const received = await settleBy(exchange(), aborts.signal as AbortSignal, () => this.retire(pool));
      const proxied = this.options.proxy === undefined ? undefined : proxyAnswered(this.options.proxy, received);
      if (proxied) return { failure: proxied };
      return { response: { ...received, tookMs: performance.now() - sentAt } };
    } catch (error) {
      return { failure: describeFailure(this.alerts?.explain(error) ?? error, phase, this.options, signal, deadline) };
    } finally {
      aborts.dispose();
    }
  }

  /** Response body bytes received so far, by every request: those of bodies cut off or given up on too. */
  get bytesReceived(): number {
    return this.received;
  }

  /**
   * Gives up on a pool that left a request unsettled: later requests go to a new one, and the old one is destroyed
   * once every request still under way on it has passed its deadline.
   */
  private retire(pool: Dispatcher): void {
    if (pool !== this.pool) return;
    this.pool = this.newPool();
    this.retired.add(pool);
    setTimeout(() => this.destroy(pool), this.options.timeoutMs).unref();
  }

  private destroy(pool: Dispatcher): void {
    if (this.retired.delete(pool)) pool.destroy().catch(() => undefined);
  }

  /** Closes the pool's connections, and destroys the pools given up on. */
  async close(): Promise<void> {
    for (const pool of [...this.retired]) this.destroy(pool);
    this.alerts?.close();
    await this.pool.close();
  }
}

/**
 * An answer the proxy made itself, instead of the target (see proxy-answer.ts: squid's error page for a target it could
 * not reach, a flaky proxy's marked 502), as the failure of what the run brought: it judges nothing, as a refused
 * tunnel does not (OUTSIDE_THE_TARGET), rather than read as the target's answer to every check that met it.
 */
function proxyAnswered(proxy: Proxy, received: { readonly status: number; readonly headers: ResponseHeaders }): TransportError | undefined {
  if (!madeByProxy(received.status, received.headers)) return undefined;
  return { code: PROXY_REFUSED, phase: 'headers', message: `the proxy ${shownProxy(proxy)} answered ${received.status} instead of the target${proxyAnswerNote(received.headers)}` };
}
