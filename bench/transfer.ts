import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import type { Config } from '../apps/api/src/config';
import { postTransfers, systemHolder, userHolder } from '../apps/api/src/modules/ledger';
import { createSession } from '../apps/api/src/modules/auth/sessions/store';
import { openDatabase, type Database } from '../apps/api/src/platform/db/client';
import { users } from '../apps/api/src/schema';
import { inTransaction } from '../apps/api/src/platform/db/transaction';

export interface TransferBench {
  app: FastifyInstance;
  /** autocannon request options: each request has its own Idempotency-Key and a random sender. */
  request: { headers: Record<string, string>; body: string; setupRequest: (req: Record<string, unknown>) => Record<string, unknown> };
}

/**
 * A transfer order over HTTP (session, validation, idempotency key, ledger posting), from
 * `senders` users with plenty of units to as many recipients.
 */
export async function transferBench(config: Config, database: Database, senders: number): Promise<TransferBench> {
  const app = await buildApp({ config, database });
  const tag = randomUUID().slice(0, 8);
  const people = await database.db
    .insert(users)
    .values(
      Array.from({ length: senders * 2 }, (_, i) => ({
        email: `bench${i}.${tag}@example.com`,
        firstName: 'Bench',
        lastName: 'Person',
        userType: 'USER' as const,
        passwordHash: 'x',
        emailVerifiedAt: new Date(),
      })),
    )
    .returning();
  const pairs: { cookie: string; body: string }[] = [];
  for (let i = 0; i < senders; i++) {
    const sender = people[2 * i]!;
    const recipient = people[2 * i + 1]!;
    const token = await createSession(app.ctx, database.db, sender.id);
    await inTransaction(database.db, (tx) =>
      postTransfers(tx, [
        { from: { holder: systemHolder('issuer'), unitType: 'LAND_POUND', bucket: 'supply' }, to: { holder: userHolder(sender.id), unitType: 'LAND_POUND', bucket: 'owned' }, units: 1_000_000_000 },
      ]),
    );
    pairs.push({ cookie: `lu_session=${token}`, body: JSON.stringify({ orderType: 'TRANSFER', currencyUnit: { numberOfUnits: 1 }, transfer: { recipientEmail: recipient.email } }) });
  }
  const first = pairs[0]!;
  return {
    app,
    request: {
      headers: { 'content-type': 'application/json', cookie: first.cookie },
      body: first.body,
      setupRequest: (req) => {
        const pair = pairs[Math.floor(Math.random() * pairs.length)]!;
        return { ...req, body: pair.body, headers: { ...(req.headers as object), cookie: pair.cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() } };
      },
    },
  };
}

/** A throwaway database on the server at `serverUrl`, dropped by the returned function. */
export async function scratchDatabase(serverUrl: string): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const name = `lu_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
