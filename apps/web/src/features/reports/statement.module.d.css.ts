// The classes of statement.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly statementActions: string;
  readonly statementCard: string;
  readonly statementDates: string;
  readonly statementNote: string;
  readonly statementPage: string;
  readonly statementStatus: string;
  readonly statementStatusDone: string;
  readonly statementStatusError: string;
};
export default styles;
