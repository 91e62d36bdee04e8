// The classes of admins.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly admins: string;
  readonly adminsActions: string;
  readonly adminsAuditLink: string;
  readonly adminsEmail: string;
  readonly adminsHead: string;
  readonly adminsStatus: string;
  readonly adminsTitle: string;
  readonly adminsYou: string;
};
export default styles;
