import { randomUUID } from 'node:crypto';
import type { UnitType } from '@landunits/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db/client';
import { inTransaction } from '../../../platform/db/transaction';
import { me, registerAndConfirm } from '../../../test/accounts';
import { balancesOf, postTransfers, systemHolder, userHolder } from '../../ledger';

/** Gives a person Units the way a completed buy would: a posting from the issuer's supply to their `owned` bucket. */
export async function giveUnits(db: Db, userId: string, units: number, unitType: UnitType = 'LAND_POUND'): Promise<void> {
  await inTransaction(db, (tx) =>
    postTransfers(tx, [
      { from: { holder: systemHolder('issuer'), unitType, bucket: 'supply' }, to: { holder: userHolder(userId), unitType, bucket: 'owned' }, units },
    ]),
  );
}

export async function ownedUnits(db: Db, userId: string, unitType: UnitType = 'LAND_POUND'): Promise<bigint> {
  return (await balancesOf(db, userHolder(userId)))[unitType].owned ?? 0n;
}

export interface TestUser {
  id: string;
  email: string;
  session: string;
}

/** Registers and confirms a person with their own names; returns their id, email and session. */
export async function signUp(app: FastifyInstance, email: string, firstName = 'Ada', lastName = 'Lovelace'): Promise<TestUser> {
  const session = await registerAndConfirm(app, email, { firstName, lastName });
  const res = await me(app, session);
  return { id: res.json().user.id as string, email, session };
}

export const newKey = () => `test-${randomUUID()}`;

export function transferBody(recipientEmail: string, numberOfUnits: number, unitType?: UnitType): Record<string, unknown> {
  return { orderType: 'TRANSFER', currencyUnit: { ...(unitType ? { unitType } : {}), numberOfUnits }, transfer: { recipientEmail } };
}

/** POST /api/order/create_order as `session`; a fresh Idempotency-Key unless one is given (null: none). */
export function createOrder(app: FastifyInstance, session: string | undefined, body: unknown, key: string | null = newKey()) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null) headers['idempotency-key'] = key;
  return app.inject({
    method: 'POST',
    url: '/api/order/create_order',
    headers,
    // A string is sent as it is (raw JSON such as 1e309); anything else as JSON.
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    ...(session ? { cookies: { lu_session: session } } : {}),
  });
}

export function getJson(app: FastifyInstance, session: string | undefined, url: string) {
  return app.inject({ method: 'GET', url, ...(session ? { cookies: { lu_session: session } } : {}) });
}
