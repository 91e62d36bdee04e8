import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long slow clients may take (config.ts: HTTP_*_TIMEOUT_MS). */
export interface HttpTimeouts {
  /** A whole request, headers and body (an 8 MB upload on a slow link fits). */
  requestMs: number;
  /** The request's headers. */
  headersMs: number;
  /** A kept-alive connection waiting for its next request. */
  keepAliveMs: number;
  /** A connection on which nothing at all arrives or leaves. */
  idleMs: number;
}

/** Fastify's server options for these timeouts; Node checks its deadlines every second. */
export function httpTimeoutOptions(timeouts: HttpTimeouts) {
  return {
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs) },
  };
}

/**
 * Keeps track of the server's connections so that a shutdown can close those not being answered:
 * one that said nothing yet, or sent only part of its headers, would otherwise hold the close open
 * until its timeout. Connections with a request in progress are left to finish.
 */
export function trackConnections(server: Server): { closeUnanswered(): void } {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return {
    closeUnanswered() {
      // Node's http server sets _httpMessage to the response being written on that socket.
      for (const socket of sockets) if (!(socket as Socket & { _httpMessage?: unknown })._httpMessage) socket.destroy();
    },
  };
}
