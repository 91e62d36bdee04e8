import { z } from 'zod';
import { MARKETING_SCRIPT_CATEGORIES, marketingSettingsSchema } from '../settings/marketing';
import { defineRoute, IsoDateTime } from './contract';

/**
 * The marketing integrations (decision 0031): the tracker endpoint the tracking payload is
 * forwarded to and the analytics script loaded after consent. The secret is never sent back:
 * the answer says whether one is stored and shows it masked.
 */

export const MARKETING_SETTINGS_PATH = '/api/admin/settings/integrations';

export const MarketingSettingsViewSchema = z.object({
  trackerUrl: z.string(),
  /** The stored secret masked (SECRET_MASK), or '' when none. */
  trackerSecret: z.string(),
  hasTrackerSecret: z.boolean(),
  scriptUrl: z.string(),
  scriptCategory: z.enum(MARKETING_SCRIPT_CATEGORIES),
  version: z.number().int(),
  updatedAt: IsoDateTime.nullable(),
  /** Tracking payloads forwarded, waiting (or retrying) and given up on, from the job queue. */
  forwarding: z.object({ done: z.number().int(), pending: z.number().int(), failed: z.number().int(), lastDoneAt: IsoDateTime.nullable() }),
});
export type MarketingSettingsView = z.output<typeof MarketingSettingsViewSchema>;

const area = 'Admin';

/**
 * What the server takes: the form's schema with the tracker also at http://127.0.0.1 or localhost,
 * which the server accepts outside production (config allowPrivateTrackerTargets); in production
 * the use-case checks the body again with the strict rules (the same messages).
 */
const MarketingSettingsBodySchema = /* @__PURE__ */ marketingSettingsSchema(true).describe(
  'The tracker address is https:// (http://127.0.0.1 or localhost too outside production); the script address is always https://.',
);

export const MARKETING_CONTRACTS = {
  adminMarketingSettings: defineRoute({
    method: 'GET',
    path: MARKETING_SETTINGS_PATH,
    auth: 'admin',
    permission: 'settings.integrations',
    area,
    summary: 'The marketing integrations: tracker endpoint (secret masked), analytics script and its consent category, and how many tracking payloads were forwarded.',
    responses: { 200: MarketingSettingsViewSchema },
    errors: [],
  }),
  adminUpdateMarketingSettings: defineRoute({
    method: 'PUT',
    path: MARKETING_SETTINGS_PATH,
    auth: 'admin',
    permission: 'settings.integrations',
    area,
    summary: 'Replaces the marketing integrations (audited). A masked secret keeps the stored one; an empty one removes it. Empty addresses switch the integration off.',
    request: { body: MarketingSettingsBodySchema },
    responses: { 200: MarketingSettingsViewSchema },
    errors: ['VALIDATION_FAILED'],
  }),
} as const;
