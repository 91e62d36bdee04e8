export { recordAudit, type AuditActor, type AuditEvent } from '../../platform/audit/record-audit';
export { listAuditEvents, toAuditEventView, type AuditEventView, type AuditQuery } from './list-audit-events';
export { auditRoutes } from './routes';
export { auditTrailOf, type AuditTarget } from './audit-trail';
