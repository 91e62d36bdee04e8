import { and, eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { webhookEvents } from './schema';
import { applyResult, lockTarget, type CardResult, type CardTarget, type ProviderEvent, type ProviderEventOutcome } from './card-payments';

/**
 * Records a provider's event and applies its result to the order, in one transaction. The same
 * (provider, event id) a second time changes nothing ('duplicate'). `event` null: a direct charge
 * answer (Square's create-payment, test mode), which has no event id of its own. `result` null:
 * an event of no interest, recorded as ignored.
 */
export async function applyProviderEvent(ctx: DbContext, event: ProviderEvent | null, target: CardTarget, result: CardResult | null): Promise<ProviderEventOutcome> {
  return inTransaction(ctx.db, async (tx) => {
    if (event) {
      const inserted = await tx
        .insert(webhookEvents)
        .values({ provider: event.provider, eventId: event.eventId, eventType: event.eventType, outcome: 'processing', receivedAt: ctx.clock.now() })
        .onConflictDoNothing()
        .returning({ eventId: webhookEvents.eventId });
      if (inserted.length === 0) return 'duplicate';
    }
    const order = result ? await lockTarget(tx, target) : undefined;
    let outcome: ProviderEventOutcome;
    if (!result) outcome = 'ignored';
    else if (!order) outcome = 'unknown-order';
    else outcome = await applyResult(tx, order, result, ctx.clock.now(), event ? `${event.provider} ${event.eventType} ${event.eventId}` : `${order.paymentMethod} payment`);
    if (event) {
      await tx
        .update(webhookEvents)
        .set({ outcome, orderId: order?.id ?? null })
        .where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.eventId, event.eventId)));
    }
    return outcome;
  });
}

/** What processing a provider's event did the first time ('completed', 'declined', 'failed', …), or null when it was never recorded. */
export async function recordedOutcome(db: Db, provider: ProviderEvent['provider'], eventId: string): Promise<string | null> {
  const [row] = await db
    .select({ outcome: webhookEvents.outcome })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
  return row?.outcome ?? null;
}
