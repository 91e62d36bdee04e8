import type { Currency } from '@landunits/domain';
import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { purchaseLimitOverrides } from './schema';

/**
 * An admin's purchase limit for a person, per currency (PRODUCT-DECISIONS §4, §12). Orders read
 * the override of the buy's currency; the dashboard and the verification page read all four.
 */

export type PurchaseLimitOverrideRow = typeof purchaseLimitOverrides.$inferSelect;

/** The override of one currency, in cents of it; null: the tier's limit applies. */
export async function purchaseLimitOverrideOf(db: Db, userId: string, currency: Currency): Promise<number | null> {
  const [row] = await db
    .select({ cents: purchaseLimitOverrides.cents })
    .from(purchaseLimitOverrides)
    .where(and(eq(purchaseLimitOverrides.userId, userId), eq(purchaseLimitOverrides.currency, currency)));
  return row?.cents ?? null;
}

/** Every override of a person, in currency order of the table (GBP, USD, EUR, AUD sorted by name). */
export async function purchaseLimitOverridesOf(db: Db, userId: string): Promise<PurchaseLimitOverrideRow[]> {
  return db.select().from(purchaseLimitOverrides).where(eq(purchaseLimitOverrides.userId, userId)).orderBy(asc(purchaseLimitOverrides.currency));
}

/** One row per overridden currency (cents as text), for a statement that reads several things at once (the dashboard bundle). */
export interface LimitOverrideRow {
  currency: Currency;
  cents: string;
}

export function limitOverrideRowsQuery(userId: string | Placeholder): SQL {
  return sql`select ${purchaseLimitOverrides.currency} as "currency", ${purchaseLimitOverrides.cents}::text as "cents"
    from ${purchaseLimitOverrides} where ${purchaseLimitOverrides.userId} = ${userId}`;
}

export function limitOverridesFrom(rows: readonly LimitOverrideRow[]): Partial<Record<Currency, number>> {
  return Object.fromEntries(rows.map((row) => [row.currency, Number(row.cents)]));
}

/** The override of one currency as it is now, locked for the rest of the transaction. */
export async function lockPurchaseLimitOverride(tx: Db, userId: string, currency: Currency): Promise<PurchaseLimitOverrideRow | undefined> {
  const [row] = await tx
    .select()
    .from(purchaseLimitOverrides)
    .where(and(eq(purchaseLimitOverrides.userId, userId), eq(purchaseLimitOverrides.currency, currency)))
    .for('update');
  return row;
}

/** Sets (cents) or clears (null) one currency's override. */
export async function savePurchaseLimitOverride(tx: Db, input: { userId: string; currency: Currency; cents: number | null; reason: string; setBy: string; at: Date }): Promise<void> {
  const key = and(eq(purchaseLimitOverrides.userId, input.userId), eq(purchaseLimitOverrides.currency, input.currency));
  if (input.cents === null) {
    await tx.delete(purchaseLimitOverrides).where(key);
    return;
  }
  const values = { cents: input.cents, reason: input.reason, setBy: input.setBy, setAt: input.at };
  await tx
    .insert(purchaseLimitOverrides)
    .values({ userId: input.userId, currency: input.currency, ...values })
    .onConflictDoUpdate({ target: [purchaseLimitOverrides.userId, purchaseLimitOverrides.currency], set: values });
}
