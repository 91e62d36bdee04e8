import { defineRoute } from './contract';
import { DashboardDataSchema, DisplayCurrencySchema, PortfolioQuerySchema, PortfolioSchema } from './dashboard-shapes';

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
} as const;

/**
 * The person's money in a display currency. An area of its own: the web's entry calls the bundle's
 * contract only, and an area's object ships whole wherever one of its routes is called.
 */
export const PORTFOLIO_CONTRACTS = {
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
