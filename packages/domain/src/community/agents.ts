/** Community agent applications (PRODUCT-DECISIONS §11): one pending at a time per person. */
export const AGENT_APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type AgentApplicationStatus = (typeof AGENT_APPLICATION_STATUSES)[number];
export const AGENT_APPLICATION_STATUS_LABELS: Readonly<Record<AgentApplicationStatus, string>> = {
  pending: 'Waiting for a decision',
  approved: 'Approved: you are a community agent',
  rejected: 'Not approved',
  revoked: 'Agent badge removed',
};
/** Short labels for the admins' list. */
export const AGENT_APPLICATION_ADMIN_LABELS: Readonly<Record<AgentApplicationStatus, string>> = {
  pending: 'Pending',
  approved: 'Agent',
  rejected: 'Rejected',
  revoked: 'Revoked',
};
