import { randomUUID } from 'node:crypto';
import type { UnitType } from '@landunits/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db/client';
import { createPerson, withStepUp, type TestPerson as TestUser } from '../../../test/factories';
import { balancesOf, userHolder } from '../../ledger';

export { giveUnits } from '../../../test/factories';

export async function ownedUnits(db: Db, userId: string, unitType: UnitType = 'LAND_POUND'): Promise<bigint> {
  return (await balancesOf(db, userHolder(userId)))[unitType].owned ?? 0n;
}

export type { TestPerson as TestUser } from '../../../test/factories';

/** A confirmed, signed-in person with their own names (the test factory); their id, email and session. */
export function signUp(app: FastifyInstance, email: string, firstName = 'Ada', lastName = 'Lovelace'): Promise<TestUser> {
  return createPerson(app, { email, firstName, lastName });
}

export const newKey = () => `test-${randomUUID()}`;

export function transferBody(recipientEmail: string, numberOfUnits: number, unitType?: UnitType): Record<string, unknown> {
  return { orderType: 'TRANSFER', currencyUnit: { ...(unitType ? { unitType } : {}), numberOfUnits }, transfer: { recipientEmail } };
}

/**
 * POST /api/order/create_order as `session`; a fresh Idempotency-Key unless one is given (null:
 * none). A sale or a large transfer asked to step up does so with the password and is sent again,
 * as the browser does, unless `stepUp: false` (tests of the step-up itself).
 */
export function createOrder(app: FastifyInstance, session: string | undefined, body: unknown, key: string | null = newKey(), options: { stepUp?: boolean } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null) headers['idempotency-key'] = key;
  const send = () =>
    app.inject({
      method: 'POST',
      url: '/api/order/create_order',
      headers,
      // A string is sent as it is (raw JSON such as 1e309); anything else as JSON.
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      ...(session ? { cookies: { lu_session: session } } : {}),
    });
  return options.stepUp === false ? send() : withStepUp(app, session, send);
}

export function getJson(app: FastifyInstance, session: string | undefined, url: string) {
  return app.inject({ method: 'GET', url, ...(session ? { cookies: { lu_session: session } } : {}) });
}
