/**
 * Admin roles and what each may do (PRODUCT-DECISIONS §12). The server checks one permission per
 * admin route; the web app shows an admin only the sections their role allows. A new admin
 * section adds its permission here and gives it to the roles whose job it is.
 */

export const ADMIN_ROLES = ['OWNER', 'COMPLIANCE', 'FINANCE', 'SUPPORT'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_PERMISSIONS = [
  /** See the orders waiting for an admin. */
  'orders.read',
  /** Approve, fail or complete an order waiting for an admin. */
  'orders.decide',
  /** See and clear payments a provider reported differently. */
  'payments.flags',
  /** List, create and disable reference codes. */
  'codes.manage',
  /** Propose and approve changes of the money settings (prices, fees, rates, offers); never one's own. */
  'settings.money',
  /** Propose and approve changes of the payment details (bank account, wallets, company details); never one's own. */
  'settings.payment',
  /** Change the impact figures of /statistics and the report. */
  'site.impact',
  /** Configure the marketing integrations: the tracker endpoint and the analytics script. */
  'settings.integrations',
  /** Run the ledger reconciliation report. */
  'ledger.reconcile',
  /** Read the audit log. */
  'audit.read',
  /** Manage admins and their roles. */
  'admins.manage',
  /** Review identity and bank verifications. */
  'verifications.review',
  /** Decide email change requests. */
  'emailChanges.review',
  /** Decide community agent applications. */
  'agents.review',
  /** Read people's accounts (read-only; personal data masked until revealed, the reveal audited). */
  'users.read',
  /** Act on people's accounts: purchase-limit overrides, disable and re-enable, resend confirmation; personal data unmasked. */
  'users.manage',
  /** Answer contact messages. */
  'contact.answer',
  /** See newsletter subscribers and export them as CSV. */
  'subscribers.read',
  /** Open the admin home: the queues one's role acts on (every role). */
  'home.read',
  /** Answer the live sales chat. */
  'chat.answer',
  /** Moderate the community: questions, votes, ideas. */
  'community.moderate',
  /** Write the public website's news, news categories and team. */
  'content.manage',
  /** See the job queue (emails, webhooks, scheduled work) and retry or discard failed jobs. */
  'jobs.manage',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** Role → permissions. OWNER has everything; the others have what their job needs. */
export const ROLE_PERMISSIONS: Readonly<Record<AdminRole, readonly AdminPermission[]>> = {
  // Site content (the impact figures) and the audit log are the owner's until a role needs them.
  OWNER: ADMIN_PERMISSIONS,
  COMPLIANCE: ['home.read', 'verifications.review', 'emailChanges.review', 'agents.review', 'users.read', 'users.manage'],
  FINANCE: ['home.read', 'orders.read', 'orders.decide', 'payments.flags', 'codes.manage', 'settings.money', 'settings.payment', 'ledger.reconcile', 'users.read'],
  SUPPORT: ['home.read', 'users.read', 'contact.answer', 'subscribers.read', 'chat.answer', 'community.moderate', 'content.manage'],
};

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value);
}

/** Whether an admin with `role` may do `permission`; nobody without a role may do anything. */
export function hasPermission(role: AdminRole | null | undefined, permission: AdminPermission): boolean {
  return role != null && ROLE_PERMISSIONS[role].includes(permission);
}

export const ADMIN_FORBIDDEN_MESSAGE = 'Your admin role does not allow this.';
