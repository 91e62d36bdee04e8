import {
  DEFAULT_MONEY_SETTINGS,
  DEFAULT_PAYMENT_DETAILS,
  earlierTermsAfterChange,
  moneyFiguresOf,
  MoneyFiguresSchema,
  paymentDetailsOf,
  PaymentDetailsSchema,
  samePriceTerms,
  SETTING_REQUEST_MESSAGES,
  type AdminPermission,
  type MoneyFigures,
  type PaymentDetails,
  type SettingChangeKey,
} from '@landunits/domain';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { loadMoneySettings, MONEY_SETTINGS_KEY, PAYMENT_DETAILS_KEY, type StoredMoneySettings } from './get-money-settings';
import { readSettingRow, writeSettingRow } from './store';

/**
 * The settings sections that change through a second admin (decision 0019): where each is
 * stored, the permission to propose and decide, the schema of a proposed value, how its current
 * value is read and how an approved one is applied.
 */

export interface SectionState<V> {
  value: V;
  /** The section's row version (0: no row yet, the defaults). */
  version: number;
  stored: StoredMoneySettings;
}

export interface SettingSection<V> {
  key: SettingChangeKey;
  /** Its row in `settings`. */
  rowKey: string;
  permission: AdminPermission;
  /** The audit log's name: `settings.<auditName>.<verb>`. */
  auditName: string;
  schema: z.ZodType<V>;
  /** The defaults: also the order in which changed values are listed. */
  defaults: V;
  /** The current value; `forUpdate` locks the section's row for the caller's transaction. */
  read(db: Db, options?: { forUpdate?: boolean }): Promise<SectionState<V>>;
  /** Writes an approved value on top of `state` (in the caller's transaction); the first day of new prices, if any. */
  apply(tx: Db, state: SectionState<V>, value: V, adminId: string, now: Date): Promise<{ pricesFrom: string | null }>;
}

/** Writes a section's row and checks it moved from the version the decision was made on. */
async function writeChecked(tx: Db, rowKey: string, value: unknown, state: { version: number }, adminId: string, now: Date): Promise<void> {
  const row = await writeSettingRow(tx, { key: rowKey, value, adminId, now });
  // A row created by another transaction since it was read (no row to lock then): the request is stale.
  if (!row || row.version !== state.version + 1) throw new AppError('CONFLICT', SETTING_REQUEST_MESSAGES.stale);
}

async function readState<V>(
  db: Db,
  rowKey: string,
  options: { forUpdate?: boolean },
  valueOf: (stored: StoredMoneySettings) => V,
  versionOf: (stored: StoredMoneySettings) => number,
): Promise<SectionState<V>> {
  if (options.forUpdate) await readSettingRow(db, rowKey, { forUpdate: true });
  const stored = await loadMoneySettings(db);
  return { value: valueOf(stored), version: versionOf(stored), stored };
}

export const MONEY_SECTION: SettingSection<MoneyFigures> = {
  key: 'money',
  rowKey: MONEY_SETTINGS_KEY,
  permission: 'settings.money',
  auditName: 'money',
  schema: MoneyFiguresSchema,
  defaults: moneyFiguresOf(DEFAULT_MONEY_SETTINGS),
  read: (db, options = {}) =>
    readState(
      db,
      MONEY_SETTINGS_KEY,
      options,
      (s) => moneyFiguresOf(s.settings),
      (s) => s.versions.money,
    ),
  /**
   * Fees, rates, caps, locks and limits apply at once; new price terms from the next 00:00 UTC: the
   * terms in force today are kept beside them until then (`earlierPrices`).
   */
  async apply(tx, state, value, adminId, now) {
    const { stored } = state;
    const earlierPrices = earlierTermsAfterChange(stored.settings, stored.earlierPrices, value, now);
    const row = { ...stored.settings, ...value, ...(earlierPrices ? { earlierPrices } : {}) };
    await writeChecked(tx, MONEY_SETTINGS_KEY, row, state, adminId, now);
    return { pricesFrom: samePriceTerms(stored.settings, value) ? null : (earlierPrices?.until ?? null) };
  },
};

export const PAYMENT_DETAILS_SECTION: SettingSection<PaymentDetails> = {
  key: 'payment-details',
  rowKey: PAYMENT_DETAILS_KEY,
  permission: 'settings.payment',
  auditName: 'paymentDetails',
  schema: PaymentDetailsSchema,
  defaults: DEFAULT_PAYMENT_DETAILS,
  read: (db, options = {}) =>
    readState(
      db,
      PAYMENT_DETAILS_KEY,
      options,
      (s) => paymentDetailsOf(s.settings, s.company),
      (s) => s.versions.paymentDetails,
    ),
  async apply(tx, state, value, adminId, now) {
    await writeChecked(tx, PAYMENT_DETAILS_KEY, value, state, adminId, now);
    return { pricesFrom: null };
  },
};

export const SETTING_SECTIONS: Readonly<Record<SettingChangeKey, SettingSection<MoneyFigures> | SettingSection<PaymentDetails>>> = {
  money: MONEY_SECTION,
  'payment-details': PAYMENT_DETAILS_SECTION,
};
