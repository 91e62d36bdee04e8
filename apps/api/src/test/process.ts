import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { startServer, type RunningServer } from './server-process';

export { COMPILED_SERVER_ENTRY, freePort, SERVER_ENTRY, startServer, waitForHealth, waitForOutput, type RunningServer } from './server-process';

/**
 * `startServer` for one test file on one data folder: after the file, any server still running
 * (left by a failed assertion, it would keep writing into the folder) is killed and awaited, then
 * the folder is removed.
 */
export function serversOn(dataDir: string, entry?: string): (env: Record<string, string>) => RunningServer {
  const started: RunningServer[] = [];
  afterAll(async () => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(started.map((server) => server.exited));
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });
  return (env) => {
    const server = startServer(env, entry);
    started.push(server);
    return server;
  };
}
