import { z } from 'zod';

/**
 * Four-eyes changes of settings (PRODUCT-DECISIONS §12, decision 0019): an admin proposes a new
 * value of one settings section, another admin with the same permission approves it (the value is
 * applied then) or rejects it with a reason; the proposer may withdraw it. Nobody decides their
 * own request. A request made on a version that has changed since cannot be approved.
 */

/** The settings sections that change only through a second admin. */
export const SETTING_CHANGE_KEYS = ['money', 'payment-details'] as const;
export type SettingChangeKey = (typeof SETTING_CHANGE_KEYS)[number];

export const SETTING_REQUEST_STATUSES = ['Pending', 'Approved', 'Rejected', 'Withdrawn', 'Superseded'] as const;
export type SettingRequestStatus = (typeof SETTING_REQUEST_STATUSES)[number];

/** What a section is called in messages and on the pages. */
export const SETTING_SECTION_NAMES: Readonly<Record<SettingChangeKey, string>> = {
  money: 'money settings',
  'payment-details': 'payment details',
};

export const SETTING_REQUEST_MESSAGES = {
  proposed: 'Your change was sent for approval. Another admin must approve it before it applies.',
  approved: 'The change was approved and applied.',
  approvedPricesLater: 'The change was approved. Fees and other figures apply now; prices change at 00:00 UTC tomorrow.',
  rejected: 'The change was rejected.',
  withdrawn: 'Your change request was withdrawn.',
  notFound: 'This change request was not found.',
  notPending: 'This change request has already been decided.',
  ownApproval: 'You proposed this change, so another admin must approve it. Nobody approves their own change.',
  ownRejection: 'You proposed this change: withdraw it instead of rejecting it.',
  notProposer: 'Only the admin who proposed this change can withdraw it.',
  stale: 'The settings have changed since this request was made, so approving it would undo that change. Reject it and propose the change again from the current settings.',
  nothingChanges: 'Nothing would change: the proposal is the same as the settings in force.',
  reasonRequired: 'Say why, for the admin who decides.',
  reasonMax: 'The reason must be at most 500 characters.',
  rejectReasonRequired: 'Give the reason for rejecting it.',
} as const;

/** One changed value: its path in the section's value, before and after. */
export interface SettingChange {
  path: string;
  before: string | number | boolean | null;
  after: string | number | boolean | null;
}

type Leaf = string | number | boolean | null;

function leaves(value: unknown, prefix: string, into: Map<string, Leaf>): void {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, into);
  } else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
    into.set(prefix, value as Leaf);
  } else {
    into.set(prefix, JSON.stringify(value) ?? null);
  }
}

/**
 * Every value that differs between `before` and `after`, by path, in the order of `template`'s
 * paths (the section's defaults, in the order of its form), then any others. Stored JSON (jsonb)
 * does not keep the order of keys, so the order comes from the template.
 */
export function settingChanges(before: unknown, after: unknown, template?: unknown): SettingChange[] {
  const a = new Map<string, Leaf>();
  const b = new Map<string, Leaf>();
  const t = new Map<string, Leaf>();
  leaves(before, '', a);
  leaves(after, '', b);
  if (template !== undefined) leaves(template, '', t);
  const paths = [...new Set([...t.keys(), ...b.keys(), ...a.keys()])];
  return paths.filter((path) => a.get(path) !== b.get(path)).map((path) => ({ path, before: a.get(path) ?? null, after: b.get(path) ?? null }));
}

const M = SETTING_REQUEST_MESSAGES;
const changeReason = () => z.string({ message: M.reasonRequired }).trim().min(1, M.reasonRequired).max(500, M.reasonMax);

/** Why a change is proposed: the approver reads it. */
export const ChangeReasonSchema = /* @__PURE__ */ changeReason();
