// The classes of fees-page.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly feesDay: string;
  readonly feesLead: string;
  readonly feesNote: string;
  readonly feesPage: string;
  readonly feesPending: string;
  readonly feesPendingText: string;
  readonly feesSection: string;
  readonly feesSmall: string;
  readonly feesTable: string;
  readonly feesTableNumeric: string;
  readonly feesTableWrap: string;
  readonly feesTableWrapExample: string;
  readonly feesTableWrapMethods: string;
  readonly feesTables: string;
};
export default styles;
