import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../db/client';
import { LocalRealtime, PostgresRealtime, type RealtimeEvent } from './index';

/** The realtime seam (decision 0029): in-process on the embedded database, LISTEN/NOTIFY across instances on PostgreSQL. */

/** Waits until `check` holds (each wait short; the test's own timeout bounds it). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await sleep(20);
}

describe('the in-process channel', () => {
  it('delivers to the topic’s subscribers until they unsubscribe', async () => {
    const realtime = new LocalRealtime();
    const got: RealtimeEvent[] = [];
    const off = realtime.subscribe('chat', (e) => got.push(e));
    realtime.subscribe('other', () => got.push({ kind: 'resync' }));
    await realtime.publish('chat', '{"c":1}');
    await until(() => got.length === 1);
    expect(got).toEqual([{ kind: 'message', payload: '{"c":1}' }]);
    off();
    await realtime.publish('chat', '{"c":2}');
    await sleep(10);
    expect(got).toHaveLength(1);
    await realtime.close();
    expect(() => realtime.subscribe('Bad Topic;', () => {})).toThrow();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('LISTEN/NOTIFY on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('delivers what one instance publishes to another, and resyncs after its connection is killed', async () => {
    const one = new PostgresRealtime({ url: database.url!, db: database.db, retryMs: { min: 20, max: 200 } });
    const two = new PostgresRealtime({ url: database.url!, db: database.db, retryMs: { min: 20, max: 200 } });
    const got: RealtimeEvent[] = [];
    two.subscribe('chat', (e) => got.push(e));
    await two.ready();
    await one.publish('chat', '{"t":"m","c":1,"m":7}');
    await until(() => got.length === 1);
    expect(got[0]).toEqual({ kind: 'message', payload: '{"t":"m","c":1,"m":7}' });

    // The LISTEN connection is ended by the server: it comes back, listens again and says resync.
    const pid = await two.backendPid();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    await until(() => got.some((e) => e.kind === 'resync'));
    expect(await two.backendPid()).not.toBe(pid);
    await one.publish('chat', '{"t":"m","c":1,"m":8}');
    await until(() => got.some((e) => e.kind === 'message' && e.payload.includes('"m":8')));
    await one.close();
    await two.close();
  });
});
