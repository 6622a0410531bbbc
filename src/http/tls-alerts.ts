/**
 * The TLS alerts the target's connections received, for a run that presents a client certificate. A server that
 * refuses the certificate under TLS 1.3 does so after the handshake, with an alert on the connection (`certificate
 * required`, `unknown ca`…), which undici reports to the request only as the connection closed (`other side closed`):
 * the alert is the suite's own credential refused, not the target's failure (see OUTSIDE_THE_TARGET in failure.ts),
 * and is found here by the connection it came on.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

/** undici's channel of each new connection (its socket, once connected; TLS included). */
const CONNECTED = 'undici:client:connected';

export class TlsAlerts {
  /** The alerts received, by the local port of the connection they came on. */
  private readonly byPort = new Map<number, Error>();
  private readonly onConnected = (message: unknown) => {
    const socket = (message as { socket?: Socket }).socket;
    socket?.on('error', (error: Error & { code?: string }) => {
      if (/^ERR_SSL_.*_ALERT_/.test(error.code ?? '') && socket.localPort !== undefined) this.byPort.set(socket.localPort, error);
    });
  };

  constructor() {
    subscribe(CONNECTED, this.onConnected);
  }

  /** The alert a failed request's connection received, or the failure itself: undici's errors name their socket's local port. */
  explain(error: unknown): unknown {
    const port = (error as { socket?: { localPort?: number } } | undefined)?.socket?.localPort;
    return (port !== undefined && this.byPort.get(port)) || error;
  }

  close(): void {
    unsubscribe(CONNECTED, this.onConnected);
    this.byPort.clear();
  }
}
