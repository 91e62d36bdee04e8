import {
  currencyOf,
  initialStatus,
  MAKER_CHECKER_MESSAGES,
  MoneyRuleError,
  ORDER_MESSAGES,
  type CreateOrder,
  type MoneySettings,
  type OrderStatus,
  type PaymentMethod,
  type Price,
  type UnitType,
} from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { findActiveUserByEmail, type Person } from '../users';
import type { OrderDetails, OrderRow } from './order-view';
import type { Customer } from './order-types';
import { orders } from './schema';
import { recordStatusChange, userActor } from './store';

/** What every new order shares: today's figures, the fee snapshot, the recipient check and the insert with its first history row. */

/** A 400 naming the form field at fault. */
export const fieldError = (field: string, message: string) => new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { [field]: message });

/** Money rules (sell below the fee, a conversion giving nothing) are the user's input at fault: 400 on the units field. */
export function moneyRule<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof MoneyRuleError) throw fieldError('numberOfUnits', error.message);
    throw error;
  }
}

/** The recipient of a transfer: another person with a confirmed account, never a staff account (decision 0037). */
export async function findRecipient(tx: Db, sender: Pick<Person, 'id' | 'email'>, email: string): Promise<Person> {
  if (email === sender.email) throw fieldError('recipientEmail', ORDER_MESSAGES.selfTransfer);
  const recipient = await findActiveUserByEmail(tx, email);
  if (!recipient) throw fieldError('recipientEmail', ORDER_MESSAGES.noSuchRecipient);
  if (recipient.id === sender.id) throw fieldError('recipientEmail', ORDER_MESSAGES.selfTransfer);
  if (recipient.adminRole) throw fieldError('recipientEmail', MAKER_CHECKER_MESSAGES.staffRecipient);
  return recipient;
}

export interface Today {
  now: Date;
  settings: MoneySettings;
  prices: Record<UnitType, Price>;
}

export function feeSnapshot(settings: MoneySettings, unitType: UnitType): OrderDetails['fees'] {
  return {
    buyOrderTransactionFeeInCents: settings.buyOrderTransactionFeeInCents[currencyOf(unitType)],
    sellOrderTransactionFeeInUnits: settings.sellOrderTransactionFeeInUnits,
    convertOrderTransactionFeeInUnits: settings.convertOrderTransactionFeeInUnits,
  };
}

export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'userId' | 'orderStatus' | 'createdAt' | 'updatedAt'> & {
  orderType: CreateOrder['orderType'];
  paymentMethod: PaymentMethod;
};

/** Inserts the order in its initial status with its first history row. */
export async function insertOrder(tx: Db, customer: Customer, orderId: string, now: Date, values: NewOrder): Promise<OrderRow> {
  const status: OrderStatus = initialStatus(values.orderType, values.paymentMethod);
  const [row] = await tx
    .insert(orders)
    .values({ ...values, id: orderId, userId: customer.id, orderStatus: status, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await recordStatusChange(tx, { orderId, from: null, to: status, actor: userActor(customer.id), at: now });
  return row;
}
