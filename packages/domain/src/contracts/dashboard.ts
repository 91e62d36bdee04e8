import { defineRoute } from './contract';
import { DashboardDataSchema } from './dashboard-shapes';

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
