// The classes of audit.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly adminAuditButtons: string;
  readonly auditChange: string;
  readonly auditChangeNote: string;
  readonly auditDiff: string;
  readonly auditDiffFold: string;
  readonly auditDiffKey: string;
  readonly auditDiffLine: string;
  readonly auditDiffLineChanged: string;
  readonly auditDiffLong: string;
  readonly auditDiffNone: string;
  readonly auditLog: string;
  readonly auditLogHead: string;
  readonly auditLogTitle: string;
  readonly auditTargetId: string;
  readonly auditWhat: string;
  readonly auditWhatAction: string;
  readonly auditWhatReason: string;
  readonly auditWho: string;
  readonly auditWhoMeta: string;
  readonly auditWhoName: string;
};
export default styles;
