import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, (app) => {
    app.get('/api/test/slow', async () => {
      await new Promise((r) => setTimeout(r, 400));
      return { done: true };
    });
  });
});
afterAll(() => ctx.database.close());

describe('graceful close', () => {
  it('finishes a request in flight, then refuses new connections', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (!address || typeof address !== 'object') throw new Error('no address');
    const url = `http://127.0.0.1:${address.port}`;

    const inFlight = fetch(`${url}/api/test/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const closing = ctx.app.close();

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });
});
