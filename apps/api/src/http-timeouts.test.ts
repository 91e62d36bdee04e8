import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/app';

/**
 * Slow or silent clients cannot hold connections: headers must arrive within the headers
 * timeout, a whole request within the request timeout, and a connection with nothing to say is
 * closed. Short timeouts here; the bounds asserted are generous, not the exact timings.
 */

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp({ HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '2000', HTTP_IDLE_TIMEOUT_MS: '3000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  port = address.port;
});
afterAll(() => ctx.close());

/** Opens a connection; resolves `closed` with what the server sent, or 'still open' after `boundMs`. */
function open(boundMs: number): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('still open'), boundMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
  return { socket, closed };
}

describe('HTTP timeouts', () => {
  it('closes a connection that sends half its headers and stalls', async () => {
    const { socket, closed } = open(30_000);
    socket.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: app');
    expect(await closed).not.toBe('still open');
    socket.destroy();
  }, 40_000);

  it('cuts off a body trickled a byte at a time', async () => {
    const { socket, closed } = open(30_000);
    socket.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n');
    const trickle = setInterval(() => socket.writable && socket.write(' '), 200);
    try {
      const answer = await closed;
      expect(answer).not.toBe('still open');
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  }, 40_000);

  it('closes a connection that never says anything', async () => {
    const { socket, closed } = open(30_000);
    expect(await closed).not.toBe('still open');
    socket.destroy();
  }, 40_000);
});
