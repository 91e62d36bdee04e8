import { ACCOUNT_SETTINGS_CONTRACTS } from './account-settings';
import { ADMIN_CONTRACTS } from './admin';
import { ADMIN_HOME_CONTRACTS } from './admin-home';
import { CONTACT_ADMIN_CONTRACTS } from './contact-admin';
import { COMMUNITY_CONTRACTS } from './community';
import { ADMINS_CONTRACTS } from './admins';
import { ADMIN_USER_CONTRACTS } from './admin-users';
import { AUTH_CONTRACTS } from './auth';
import { CONTENT_CONTRACTS } from './content-contracts';
import type { HttpMethod, RouteContract } from './contract';
import { DASHBOARD_CONTRACTS, PORTFOLIO_CONTRACTS } from './dashboard';
import { DOCUMENT_CONTRACTS } from './documents';
import { EMAIL_CHANGE_CONTRACTS } from './email-change';
import { ORDER_CONTRACTS } from './orders';
import { PAYMENT_CONTRACTS } from './payments';
import { PAYOUT_CONTRACTS } from './payouts';
import { PLATFORM_CONTRACTS } from './platform';
import { SETTINGS_ADMIN_CONTRACTS } from './settings-admin';
import { SITE_CONTRACTS } from './site';
import { TRUST_CONTRACTS } from './trust';
import { SUBSCRIBER_CONTRACTS } from './subscribers';
import { VERIFICATION_CONTRACTS } from './verification';
import { VERIFICATION_ADMIN_CONTRACTS } from './verification-admin';
import { GOVERNANCE_CONTRACTS } from './governance';
import { IDEAS_CONTRACTS } from './ideas';
import { PROJECTS_CONTRACTS } from './projects';
import { NOTIFICATIONS_CONTRACTS } from './notifications';
import { CHAT_CONTRACTS } from './chat';
import { MARKETING_CONTRACTS } from './marketing';
import { JOB_CONTRACTS } from './jobs';
import { SECURITY_CONTRACTS } from './security';

/**
 * Every API route's contract, one file per area. A new route needs one entry in its area's file
 * (or a new area file listed here); a test fails when the server registers a route without one.
 */
export const CONTRACT_AREAS = [
  AUTH_CONTRACTS,
  DASHBOARD_CONTRACTS,
  PORTFOLIO_CONTRACTS,
  ORDER_CONTRACTS,
  PAYMENT_CONTRACTS,
  SITE_CONTRACTS,
  TRUST_CONTRACTS,
  PLATFORM_CONTRACTS,
  ADMIN_CONTRACTS,
  VERIFICATION_CONTRACTS,
  VERIFICATION_ADMIN_CONTRACTS,
  ACCOUNT_SETTINGS_CONTRACTS,
  EMAIL_CHANGE_CONTRACTS,
  ADMIN_HOME_CONTRACTS,
  SUBSCRIBER_CONTRACTS,
  CONTACT_ADMIN_CONTRACTS,
  PAYOUT_CONTRACTS,
  ADMINS_CONTRACTS,
  ADMIN_USER_CONTRACTS,
  CONTENT_CONTRACTS,
  SETTINGS_ADMIN_CONTRACTS,
  DOCUMENT_CONTRACTS,
  COMMUNITY_CONTRACTS,
  GOVERNANCE_CONTRACTS,
  IDEAS_CONTRACTS,
  PROJECTS_CONTRACTS,
  NOTIFICATIONS_CONTRACTS,
  CHAT_CONTRACTS,
  MARKETING_CONTRACTS,
  JOB_CONTRACTS,
  SECURITY_CONTRACTS,
] as const;

// Marked pure so that a bundle calling a few contracts (the web's) leaves the registry out.
export const ALL_CONTRACTS: readonly RouteContract[] = /* @__PURE__ */ CONTRACT_AREAS.flatMap((area) => Object.values(area) as RouteContract[]);

const key = (method: string, path: string) => `${method} ${path}`;
let byRoute: Map<string, RouteContract> | undefined;

/** The contract of a route as Fastify declares it (`GET`, `/api/order/get_order_details/:id`). */
export function findContract(method: HttpMethod | string, path: string): RouteContract | undefined {
  byRoute ??= new Map(ALL_CONTRACTS.map((c) => [key(c.method, c.path), c]));
  return byRoute.get(key(method, path));
}

export * from './contract';
export * from './admin';
export * from './admins';
export * from './auth';
export * from './dashboard';
export * from './orders';
export * from './order-shapes';
export * from './dashboard-shapes';
export * from './payments';
export * from './site';
export * from './trust';
export * from './trust-shapes';
export * from './platform';
export { buildOpenApiDocument, openApiPath } from './openapi';
export * from './verification';
export * from './verification-admin';
export * from './account-settings';
export * from './email-change';
export * from './admin-home';
export * from './subscribers';
export * from './contact-admin';
export * from './payouts';
export * from './admin-users';
export * from './content';
export * from './content-contracts';
export * from './documents';
export * from './settings-admin';
export * from './community';
export * from './governance';
export * from './ideas';
export * from './projects';
export * from './notifications';
export * from './chat';
export * from './marketing';
export * from './jobs';
export * from './security';
