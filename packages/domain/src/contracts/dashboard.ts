import { z } from 'zod';
import { CurrencySchema, UNIT_TYPES } from '../money/unit-types';
import { PORTFOLIO_MESSAGES, PORTFOLIO_RANGES } from '../money/portfolio';
import { defineRoute } from './contract';
import { DashboardDataSchema } from './dashboard-shapes';

const cents = () => z.number().int().nonnegative();

/** GET /api/user/portfolio's query: the display currency (the saved one when absent) and how far back the chart goes. */
export const PortfolioQuerySchema = z.object({
  currency: CurrencySchema.optional(),
  range: z.enum(PORTFOLIO_RANGES, { message: PORTFOLIO_MESSAGES.range }).default('3M'),
});

/** A person's money in one display currency (integer cents), from the ledger and today's prices. */
export const PortfolioSchema = z.object({
  currency: CurrencySchema,
  /** available + locked + pending. */
  total: cents(),
  available: cents(),
  locked: cents(),
  pending: cents(),
  /** Per unit type: Units held (every bucket but pendingBuy) and their value in the display currency. */
  holdings: z.array(z.object({ unitType: z.enum(UNIT_TYPES), units: z.number().int().nonnegative(), value: cents() })),
  /** Units bought and awaiting payment approval: not counted above. */
  awaitingPayment: z.array(z.object({ unitType: z.enum(UNIT_TYPES), units: z.number().int().positive() })),
  /** The value of what the person held at the end of each UTC day (today: now), oldest first. */
  history: z.array(z.object({ date: z.string(), value: cents() })),
  /** The GBP-based exchange rates used, and the UTC day of the prices. */
  exchangeRates: z.record(CurrencySchema, z.string()),
  priceDate: z.string(),
});
export type Portfolio = z.output<typeof PortfolioSchema>;

export const DisplayCurrencySchema = z.object({ currency: CurrencySchema });

/** The dashboard bundle: everything the signed-in pages show at first. */
export const DASHBOARD_CONTRACTS = {
  dashboard: defineRoute({
    method: 'GET',
    path: '/api/user',
    auth: 'user',
    area: 'Accounts',
    summary: "The signed-in person with their holdings, today's prices and the rest of the dashboard bundle.",
    responses: { 200: DashboardDataSchema },
    errors: [],
  }),
  portfolio: defineRoute({
    method: 'GET',
    path: '/api/user/portfolio',
    auth: 'user',
    area: 'Accounts',
    summary: 'What the signed-in person holds, in one display currency: the total, split into available, locked and pending, the value per unit type and the value at the end of each day.',
    request: { query: PortfolioQuerySchema },
    responses: { 200: PortfolioSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  displayCurrency: defineRoute({
    method: 'PUT',
    path: '/api/user/display-currency',
    auth: 'user',
    area: 'Accounts',
    summary: 'Saves the currency the dashboard shows the person’s total in.',
    request: { body: DisplayCurrencySchema },
    responses: { 200: DisplayCurrencySchema },
    errors: ['VALIDATION_FAILED'],
  }),
} as const;
