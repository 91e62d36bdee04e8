import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../db/client';

// A failed query must reach the log as its code and a label of the statement, never with its
// parameters (emails, names, email bodies), nor with PostgreSQL's message or detail quoting them.
const EMAIL = 'ada.lovelace.private@example.com';

let database: Database;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    FILE_ENCRYPTION_KEYS: `test:${randomBytes(32).toString('base64')}`,
    LINK_SIGNING_SECRET: randomBytes(32).toString('base64'),
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({ config, database, logger: { level: 'info', stream } });
  // A value PostgreSQL quotes in its message ("invalid input syntax for type integer: "…"").
  app.get('/test/bad-cast', async () => app.ctx.db.execute(sql`select ${EMAIL}::int as n`));
  // A unique key PostgreSQL quotes in its detail ("Key (key)=(…) already exists").
  app.get('/test/duplicate', async () => {
    await app.ctx.db.execute(sql`insert into app_state (key, value) values (${EMAIL}, '1'::jsonb) on conflict do nothing`);
    return app.ctx.db.execute(sql`insert into app_state (key, value) values (${EMAIL}, '2'::jsonb)`);
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The JSON log lines written while `run` ran. */
async function logged(run: () => Promise<unknown>): Promise<{ text: string; errors: Record<string, unknown>[] }> {
  const from = lines.length;
  await run();
  const written = lines.slice(from);
  const errors = written.map((line) => JSON.parse(line) as { err?: Record<string, unknown> }).flatMap((entry) => (entry.err ? [entry.err] : []));
  return { text: written.join('\n'), errors };
}

describe('a failed query in the log', () => {
  it.each([
    ['/test/bad-cast', '22P02', 'select'],
    ['/test/duplicate', '23505', 'insert into app_state'],
  ])('%s: the code %s and the statement are logged, the email is not', async (url, code, statement) => {
    let status = 0;
    const { text, errors } = await logged(async () => {
      status = (await app.inject({ method: 'GET', url })).statusCode;
    });
    expect(status).toBe(500);
    expect(errors).toEqual([expect.objectContaining({ code, statement })]);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain('ada.lovelace.private');
  });
});
