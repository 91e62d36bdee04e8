import type { AdminPermission } from '@landunits/domain';
import type { SQL } from 'drizzle-orm';
import { chatQueueSummary } from '../chat';
import { agentApplicationsQueueSummary } from '../community';
import { contactQueueSummary } from '../contact';
import { emailChangeQueueSummary } from '../email-change';
import { flaggedPaymentsQueueSummary, paymentsQueueSummary, payoutsQueueSummary } from '../orders';
import { reviewQueueSummary } from '../verification';

/**
 * Every queue of work waiting for an admin, in one place (PRODUCT-DECISIONS §12). The module that
 * owns a queue exports its summary: a statement answering one row, `"count"` (int) and
 * `"oldestAt"` (when the oldest waiting item started waiting, null when none), on an index of
 * that module's tables. A new queue is one line here: its key, label, the section that works it,
 * and the permission that acts on it (only admins whose role has it see the queue).
 */
export interface AdminQueueSource {
  key: string;
  label: string;
  path: string;
  permission: AdminPermission;
  summary: () => SQL;
}

export const ADMIN_QUEUES: readonly AdminQueueSource[] = [
  { key: 'payments', label: 'Payments to confirm', path: '/admin/orders', permission: 'orders.decide', summary: paymentsQueueSummary },
  { key: 'payouts', label: 'Payouts to make', path: '/admin/payouts', permission: 'orders.decide', summary: payoutsQueueSummary },
  { key: 'flaggedPayments', label: 'Payments to check', path: '/admin/orders', permission: 'payments.flags', summary: flaggedPaymentsQueueSummary },
  { key: 'profileReviews', label: 'Profiles to review', path: '/admin/verifications?kind=profile', permission: 'verifications.review', summary: () => reviewQueueSummary('profile') },
  { key: 'bankReviews', label: 'Bank details to review', path: '/admin/verifications?kind=bank', permission: 'verifications.review', summary: () => reviewQueueSummary('bank') },
  { key: 'emailChanges', label: 'Email changes to decide', path: '/admin/email-changes', permission: 'emailChanges.review', summary: emailChangeQueueSummary },
  { key: 'contactMessages', label: 'Contact messages to answer', path: '/admin/contact', permission: 'contact.answer', summary: contactQueueSummary },
  { key: 'chatWaiting', label: 'Chats waiting for a reply', path: '/admin/chat', permission: 'chat.answer', summary: chatQueueSummary },
  { key: 'agentApplications', label: 'Agent applications to decide', path: '/admin/agents', permission: 'agents.review', summary: agentApplicationsQueueSummary },
];
