import { DEFAULT_MONEY_SETTINGS, PRICE_MESSAGE, SETTINGS_MESSAGES, type MoneySettings } from '@landunits/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client';
import { settings, users } from '../../schema';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { PASSWORD } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { createAdmin } from '../users';
import { getMoneySettings, InvalidStoredSettingsError, loadMoneySettings, MONEY_SETTINGS_KEY, updateMoneySettings } from '.';

let ctx: TestContext;
let db: Db;
let adminId: string;
let userId: string;

async function idOf(email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  await createAdmin(db, { email: 'settings.admin@example.com', password: PASSWORD });
  adminId = await idOf('settings.admin@example.com');
  await personSession(ctx.app, 'settings.user@example.com');
  userId = await idOf('settings.user@example.com');
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await db.delete(settings);
});

const rows = () => db.select().from(settings);

/** A copy of the defaults with some fields replaced (deep enough for these tests). */
function edited(change: (copy: MoneySettings) => void): MoneySettings {
  const copy = structuredClone(DEFAULT_MONEY_SETTINGS) as MoneySettings;
  change(copy);
  return copy;
}

async function refusal(value: unknown, by = adminId): Promise<AppError> {
  const error = await updateMoneySettings(db, value, by).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('getMoneySettings', () => {
  it('gives the defaults when nothing is stored, without writing a row', async () => {
    expect(await getMoneySettings(db)).toEqual(DEFAULT_MONEY_SETTINGS);
    expect(await loadMoneySettings(db)).toMatchObject({ settings: DEFAULT_MONEY_SETTINGS, earlierPrices: null, version: 0, updatedAt: null, updatedBy: null });
    expect(await rows()).toEqual([]);
  });

  it('fills a top-level field missing from a stored row with its default', async () => {
    const { bonusLockDays: _dropped, ...older } = edited((s) => (s.convertLockDays = 14));
    await db.insert(settings).values({ key: MONEY_SETTINGS_KEY, value: older });
    const read = await getMoneySettings(db);
    expect(read.convertLockDays).toBe(14);
    expect(read.bonusLockDays).toBe(DEFAULT_MONEY_SETTINGS.bonusLockDays);
  });

  it('reads a row written before the bank transfer deadlines existed with their defaults', async () => {
    const { bankPaymentBusinessDays: _new, ...older } = edited((s) => (s.buyOrderExpiryHours = 48));
    await db.insert(settings).values({ key: MONEY_SETTINGS_KEY, value: older });
    const read = await getMoneySettings(db);
    expect(read.buyOrderExpiryHours).toBe(48);
    expect(read.bankPaymentBusinessDays).toEqual({ GBP: 1, USD: 4, EUR: 2, AUD: 4 });
  });

  it('refuses to use a stored value the schema rejects, naming the field', async () => {
    await db.insert(settings).values({ key: MONEY_SETTINGS_KEY, value: edited((s) => (s.growthPerYear = '7.5')) });
    const error = await getMoneySettings(db).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(InvalidStoredSettingsError);
    expect((error as InvalidStoredSettingsError).issues).toEqual({ growthPerYear: SETTINGS_MESSAGES.invalidPercentage });

    await db.update(settings).set({ value: 'not settings' });
    await expect(getMoneySettings(db)).rejects.toBeInstanceOf(InvalidStoredSettingsError);
  });
});

describe('updateMoneySettings', () => {
  it('stores valid settings with who, when and a version that goes up on every write', async () => {
    const first = edited((s) => (s.initialPrices.LAND_USD = '2.500000'));
    const at = new Date('2026-11-21T09:30:00.000Z');
    const stored = await updateMoneySettings(db, first, adminId, at);
    expect(stored).toMatchObject({ settings: first, version: 1, updatedAt: at, updatedBy: adminId });
    expect(await getMoneySettings(db)).toEqual(first);

    const second = edited((s) => (s.externalFees.Card_Stripe = { fixedPercentageFees: 140, fixedCentsFees: 25 }));
    const again = await updateMoneySettings(db, second, adminId, new Date('2026-11-21T09:31:00.000Z'));
    expect(again.version).toBe(2);
    expect(await loadMoneySettings(db)).toMatchObject({ settings: second, version: 2, updatedAt: new Date('2026-11-21T09:31:00.000Z'), updatedBy: adminId });
    expect(await rows()).toHaveLength(1);
  });

  it('stores only the fields of the schema', async () => {
    await updateMoneySettings(db, { ...DEFAULT_MONEY_SETTINGS, surprise: '<script>' }, adminId);
    const [row] = await rows();
    expect(row?.value).toEqual(DEFAULT_MONEY_SETTINGS);
  });

  it.each([
    ['a growth written as a percent', edited((s) => (s.growthPerYear = '7.5')), { growthPerYear: SETTINGS_MESSAGES.invalidPercentage }],
    ['a zero land value', edited((s) => (s.landValueGbpInCents = 0)), { landValueGbpInCents: SETTINGS_MESSAGES.landValueZero }],
    ['a fee over 100 %', edited((s) => (s.externalFees.Card_Stripe.fixedPercentageFees = 10_001)), { 'externalFees.Card_Stripe.fixedPercentageFees': SETTINGS_MESSAGES.invalidPercentage }],
    ['a fractional cent', edited((s) => (s.buyOrderTransactionFeeInCents.EUR = 99.5)), { 'buyOrderTransactionFeeInCents.EUR': SETTINGS_MESSAGES.invalidNumber }],
    ['a negative unit fee', edited((s) => (s.sellOrderTransactionFeeInUnits = -1)), { sellOrderTransactionFeeInUnits: SETTINGS_MESSAGES.invalidNumber }],
    ['a price without 6 places', edited((s) => (s.initialPrices.LAND_USD = '1.5')), { 'initialPrices.LAND_USD': PRICE_MESSAGE }],
    ['a zero price', edited((s) => (s.initialPrices.LAND_AUD = '0.000000')), { 'initialPrices.LAND_AUD': SETTINGS_MESSAGES.invalidNumber }],
    ['a GBP rate other than 1', { ...DEFAULT_MONEY_SETTINGS, exchangeRates: { ...DEFAULT_MONEY_SETTINGS.exchangeRates, GBP: '2' } }, { 'exchangeRates.GBP': SETTINGS_MESSAGES.gbpRateIsOne }],
    ['no business days for a bank transfer', edited((s) => (s.bankPaymentBusinessDays.USD = 0)), { 'bankPaymentBusinessDays.USD': SETTINGS_MESSAGES.invalidNumber }],
    ['more than 20 business days', edited((s) => (s.bankPaymentBusinessDays.AUD = 21)), { 'bankPaymentBusinessDays.AUD': SETTINGS_MESSAGES.invalidNumber }],
    ['an epoch that is not a date', edited((s) => (s.priceEpoch = '2025-02-30')), { priceEpoch: 'Invalid date' }],
  ])('refuses %s with the schema message and changes nothing', async (_name, value, errors) => {
    const kept = edited((s) => (s.sellOrderTransactionFeeInUnits = 12));
    await updateMoneySettings(db, kept, adminId, new Date('2026-11-21T08:00:00.000Z'));
    const before = await rows();

    const error = await refusal(value);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.status).toBe(400);
    expect(error.toBody()).toEqual({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors });

    expect(await rows()).toEqual(before);
    expect(await getMoneySettings(db)).toEqual(kept);
  });

  it('refuses a missing field and things that are not settings at all', async () => {
    const { externalFees: _gone, ...partial } = DEFAULT_MONEY_SETTINGS;
    expect((await refusal(partial)).errors).toMatchObject({ externalFees: expect.any(String) });
    expect((await refusal(null)).errors).toEqual({ _: expect.any(String) });
    expect((await refusal('settings')).code).toBe('VALIDATION_FAILED');
    expect(await rows()).toEqual([]);
  });

  it('lets only an admin write', async () => {
    for (const who of [userId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const error = await refusal(DEFAULT_MONEY_SETTINGS, who);
      expect(error.toBody()).toEqual({ message: 'Only administrators can do this.', code: 'FORBIDDEN' });
    }
    expect(await rows()).toEqual([]);
  });

  it('keeps the settings when the admin who wrote them is deleted', async () => {
    await createAdmin(db, { email: 'settings.leaver@example.com', password: PASSWORD });
    const leaver = await idOf('settings.leaver@example.com');
    const value = edited((s) => (s.convertOrderTransactionFeeInUnits = 2));
    await updateMoneySettings(db, value, leaver);
    await db.execute(sql`delete from users where id = ${leaver}`);
    expect(await loadMoneySettings(db)).toMatchObject({ settings: value, version: 1, updatedBy: null });
  });
});
