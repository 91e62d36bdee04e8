import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay to a server (PostgreSQL in the tests), which a test can take down and bring back:
 * `down()` closes the listening socket and cuts every relayed connection, so clients see their
 * connections reset and new ones refused, as when the database's host goes away; `up()` listens
 * again on the same port. `refuse(true)` keeps listening but closes every new connection at once,
 * counting them in `attempts`: how often a client tried to connect.
 */
export interface TcpProxy {
  readonly port: number;
  readonly attempts: number;
  refuse(on: boolean): void;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  let attempts = 0;
  let refusing = false;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        attempts++;
        if (refusing) {
          client.destroy();
          return;
        }
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        const address = s.address();
        if (typeof address === 'object' && address) port = address.port;
        server = s;
        resolve();
      });
    });

  const down = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get attempts() {
      return attempts;
    },
    refuse: (on) => {
      refusing = on;
      if (on) for (const socket of sockets) socket.destroy();
    },
    down,
    up: listen,
    close: down,
  };
}
